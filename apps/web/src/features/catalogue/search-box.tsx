import { Search } from 'lucide-react';
import { useLazyCombobox } from '../../lib/use-lazy-combobox.tsx';

const loadCombobox = () => import('./search-combobox.tsx').then((m) => m.SearchCombobox);

/**
 * The ordering-bar search as first drawn: a plain box that looks the same as the combobox
 * (search-combobox.tsx) and loads it when the buyer comes near (lib/use-lazy-combobox.tsx), keeping the
 * combobox library out of every page's first load (issue 15: /home at most 130 KB).
 */
export function SearchBox() {
  const { combobox, formProps, inputProps } = useLazyCombobox(loadCombobox);
  if (combobox) return combobox;
  return (
    <form role="search" className="relative" onSubmit={(e) => e.preventDefault()} {...formProps}>
      <label htmlFor="ordering-search" className="sr-only">Search products</label>
      <input
        {...inputProps}
        id="ordering-search"
        type="search"
        autoComplete="off"
        placeholder="Search products, brands and categories"
        className="w-full rounded-md border-0 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500"
      />
      <Search aria-hidden="true" className="pointer-events-none absolute top-2 left-2 h-5 w-5 text-slate-500" />
    </form>
  );
}
