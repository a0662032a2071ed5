import { Search } from 'lucide-react';
import { type ComponentType, useRef, useState } from 'react';

type Combobox = ComponentType<{ initialText: string; autoFocus: boolean }>;

/**
 * The ordering-bar search as first drawn: a plain box that looks the same as the combobox
 * (search-combobox.tsx) and loads it when the buyer comes near (pointer, touch or focus). The combobox
 * library (downshift, about 13 KB gzip) then stays out of every page's first load (issue 15: /home at
 * most 130 KB). What was typed meanwhile carries over.
 */
export function SearchBox() {
  const [loaded, setLoaded] = useState<{ Combobox: Combobox; text: string; focused: boolean } | null>(null);
  const shell = useRef<HTMLInputElement>(null);
  const started = useRef(false);
  const load = () => {
    if (started.current) return;
    started.current = true;
    import('./search-combobox.tsx')
      .then((m) => setLoaded({ Combobox: m.SearchCombobox, text: shell.current?.value ?? '', focused: document.activeElement === shell.current }))
      .catch(() => {
        started.current = false;
      });
  };
  if (loaded) return <loaded.Combobox initialText={loaded.text} autoFocus={loaded.focused} />;
  return (
    <form role="search" className="relative" onSubmit={(e) => e.preventDefault()} onPointerEnter={load} onTouchStart={load}>
      <label htmlFor="ordering-search" className="sr-only">Search products</label>
      <input
        ref={shell}
        id="ordering-search"
        type="search"
        autoComplete="off"
        placeholder="Search products, brands and categories"
        onFocus={load}
        className="w-full rounded-md border-0 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500"
      />
      <Search aria-hidden="true" className="pointer-events-none absolute top-2 left-2 h-5 w-5 text-slate-500" />
    </form>
  );
}
