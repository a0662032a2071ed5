import { TIMINGS } from '@shop/domain/constants';
import { normaliseSearch } from '@shop/domain/listing';
import { formatRupees } from '@shop/domain/money';
import { displayPrice } from '@shop/domain/pricing';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { productDetailsLink } from '../../components/ui/product-card.tsx';
import { useSearch } from './catalogue-api.ts';

const TYPING_PAUSE_MS = 200;

/** SPEC 2 ordering-bar search: opens on typing, up to 30 results, closes 200 ms after losing focus; text trimmed. */
export function SearchBox() {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [isOpen, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const listId = useId();

  useEffect(() => {
    const t = setTimeout(() => setQuery(normaliseSearch(text)), TYPING_PAUSE_MS);
    return () => clearTimeout(t);
  }, [text]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const { data, isFetching } = useSearch(query);
  const results = query ? (data?.products ?? []) : [];
  const show = isOpen && normaliseSearch(text).length > 0;

  return (
    <form
      role="search"
      className="relative"
      onSubmit={(e) => e.preventDefault()}
      onFocus={() => clearTimeout(closeTimer.current)}
      onBlur={() => {
        closeTimer.current = setTimeout(() => setOpen(false), TIMINGS.searchCloseAfterBlurMs);
      }}
    >
      <label htmlFor="ordering-search" className="sr-only">Search products</label>
      <input
        id="ordering-search"
        type="search"
        autoComplete="off"
        placeholder="Search products, brands and categories"
        aria-controls={show ? listId : undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        className="w-full rounded-md border-0 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500"
      />
      <Search aria-hidden="true" className="pointer-events-none absolute top-2 left-2 h-5 w-5 text-slate-500" />
      {show && (
        <div id={listId} className="absolute top-full right-0 left-0 z-50 mt-1 max-h-[70vh] overflow-auto rounded-lg border border-slate-200 bg-white text-slate-900 shadow-xl">
          {results.length > 0 ? (
            <ul aria-label="Search results">
              {results.map((p) => {
                const link = productDetailsLink(p);
                return (
                  <li key={p.id}>
                    <Link
                      to={link.to}
                      state={link.state}
                      onClick={() => setOpen(false)}
                      className="flex items-center justify-between gap-3 px-3 py-2 text-sm hover:bg-slate-100 focus:bg-slate-100"
                    >
                      <span className="min-w-0 truncate">{p.name}</span>
                      <span className="shrink-0 font-semibold">{formatRupees(displayPrice(p))}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="px-3 py-2 text-sm text-slate-700" role="status">
              {isFetching || query !== normaliseSearch(text) ? 'Searching…' : 'There is no product found.'}
            </p>
          )}
        </div>
      )}
    </form>
  );
}
