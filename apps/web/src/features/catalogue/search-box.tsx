import { Search } from 'lucide-react';

// The ordering-bar search (SPEC 2): dropdown of up to 30 results, filled by the catalogue work.
export function SearchBox() {
  return (
    <form role="search" className="relative" onSubmit={(e) => e.preventDefault()}>
      <label htmlFor="ordering-search" className="sr-only">Search products</label>
      <input
        id="ordering-search"
        type="search"
        placeholder="Search products, brands and categories"
        className="w-full rounded-md border-0 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500"
      />
      <Search aria-hidden="true" className="pointer-events-none absolute top-2 left-2 h-5 w-5 text-slate-500" />
    </form>
  );
}
