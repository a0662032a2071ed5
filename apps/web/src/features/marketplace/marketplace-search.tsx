import { marketplaceSearchPath } from '@shop/domain/marketplace-search';
import { Search } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useLazyCombobox } from '../../lib/use-lazy-combobox.tsx';

const loadCombobox = () => import('./marketplace-combobox.tsx').then((m) => m.MarketplaceCombobox);

/**
 * The marketplace search as first drawn: a plain box that looks like the combobox
 * (marketplace-combobox.tsx) and loads it when the buyer comes near (lib/use-lazy-combobox.tsx),
 * keeping downshift out of every page's first load (the bars are in the shell). Enter before it has
 * loaded still opens the search page.
 */
export function MarketplaceSearch() {
  const navigate = useNavigate();
  const { combobox, formProps, inputProps, text } = useLazyCombobox(loadCombobox);
  if (combobox) return combobox;
  return (
    <form
      role="search"
      className="relative"
      {...formProps}
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) navigate(marketplaceSearchPath(text));
      }}
    >
      <label htmlFor="marketplace-search" className="sr-only">Search the marketplace</label>
      <input
        {...inputProps}
        id="marketplace-search"
        type="search"
        autoComplete="off"
        placeholder="Search Buy More Pay Less"
        className="w-full rounded-md border-0 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500"
      />
      <Search aria-hidden="true" className="pointer-events-none absolute top-2 left-2 h-5 w-5 text-slate-500" />
    </form>
  );
}
