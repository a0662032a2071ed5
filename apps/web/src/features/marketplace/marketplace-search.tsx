import { Search } from 'lucide-react';

// Marketplace search (SPEC 2): results panel after a 2 s pause, filled by the marketplace work.
export function MarketplaceSearch() {
  return (
    <form role="search" className="relative" onSubmit={(e) => e.preventDefault()}>
      <label htmlFor="bmpl-search" className="sr-only">Search the marketplace</label>
      <input
        id="bmpl-search"
        type="search"
        placeholder="Search Buy More Pay Less"
        className="w-full rounded-md border-0 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500"
      />
      <Search aria-hidden="true" className="pointer-events-none absolute top-2 left-2 h-5 w-5 text-slate-500" />
    </form>
  );
}
