import { Search } from 'lucide-react';
import { type ComponentType, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

type Combobox = ComponentType<{ initialText: string; autoFocus: boolean }>;

const searchPageUrl = (text: string) => `/bmpl/search?searchValue=${encodeURIComponent(text.trim().replace(/\s+/g, '-'))}`;

/**
 * The marketplace search as first drawn: a plain box that looks like the combobox
 * (marketplace-combobox.tsx) and loads it when the buyer comes near, keeping downshift out of every
 * page's first load (the bars are in the shell). Enter before it has loaded still opens the search page.
 */
export function MarketplaceSearch() {
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<{ Combobox: Combobox; text: string; focused: boolean } | null>(null);
  const shell = useRef<HTMLInputElement>(null);
  const started = useRef(false);
  const load = () => {
    if (started.current) return;
    started.current = true;
    import('./marketplace-combobox.tsx')
      .then((m) => setLoaded({ Combobox: m.MarketplaceCombobox, text: shell.current?.value ?? '', focused: document.activeElement === shell.current }))
      .catch(() => {
        started.current = false;
      });
  };
  if (loaded) return <loaded.Combobox initialText={loaded.text} autoFocus={loaded.focused} />;
  return (
    <form
      role="search"
      className="relative"
      onPointerEnter={load}
      onTouchStart={load}
      onSubmit={(e) => {
        e.preventDefault();
        const text = shell.current?.value ?? '';
        if (text.trim()) navigate(searchPageUrl(text));
      }}
    >
      <label htmlFor="marketplace-search" className="sr-only">Search the marketplace</label>
      <input
        ref={shell}
        id="marketplace-search"
        type="search"
        autoComplete="off"
        placeholder="Search Buy More Pay Less"
        onFocus={load}
        className="w-full rounded-md border-0 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500"
      />
      <Search aria-hidden="true" className="pointer-events-none absolute top-2 left-2 h-5 w-5 text-slate-500" />
    </form>
  );
}
