import { bmplProductPath } from '@shop/domain/bmpl-rules';
import { SEARCH_DROPDOWN_MAX, TIMINGS } from '@shop/domain/constants';
import { formatRupees } from '@shop/domain/money';
import { displayPrice } from '@shop/domain/pricing';
import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCity } from '../../lib/city.ts';
import { useSearch } from './bmpl-api.ts';

const searchPageUrl = (text: string) => `/bmpl/search?searchValue=${encodeURIComponent(text.trim().replace(/\s+/g, '-'))}`;

/**
 * SPEC 2 marketplace search: the results panel opens 2 seconds after typing stops, offers
 * 'View All' (/bmpl/search) and says when nothing matches; it closes 200 ms after the box loses focus.
 */
export function MarketplaceSearch() {
  const city = useCity();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [settled, setSettled] = useState('');
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    const trimmed = text.trim();
    if (!trimmed) {
      setSettled('');
      return;
    }
    const timer = setTimeout(() => {
      setSettled(trimmed);
      setOpen(true);
    }, TIMINGS.marketplaceSearchDelayMs);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const results = useSearch(settled ? { city, search: settled, limit: SEARCH_DROPDOWN_MAX } : null);
  const found = results.data?.products ?? [];
  const showPanel = open && settled !== '' && !results.isPending;

  return (
    <form
      role="search"
      className="relative"
      onSubmit={(e) => {
        e.preventDefault();
        if (!text.trim()) return;
        setOpen(false);
        navigate(searchPageUrl(text));
      }}
    >
      <label htmlFor="bmpl-search" className="sr-only">Search the marketplace</label>
      <input
        id="bmpl-search"
        type="search"
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onFocus={() => {
          clearTimeout(closeTimer.current);
          if (settled) setOpen(true);
        }}
        onBlur={() => {
          closeTimer.current = setTimeout(() => setOpen(false), TIMINGS.searchCloseAfterBlurMs);
        }}
        placeholder="Search Buy More Pay Less"
        aria-controls={showPanel ? 'bmpl-search-results' : undefined}
        className="w-full rounded-md border-0 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500"
      />
      <Search aria-hidden="true" className="pointer-events-none absolute top-2 left-2 h-5 w-5 text-slate-500" />
      {showPanel && (
        <div
          id="bmpl-search-results"
          role="region"
          aria-label="Search results"
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] overflow-auto rounded-lg border border-slate-200 bg-white p-2 text-slate-900 shadow-xl"
          onMouseDown={(e) => e.preventDefault()}
        >
          {found.length === 0 ? (
            <p className="p-3 text-sm">Sorry! We couldn't find any matches for {settled}</p>
          ) : (
            <>
              <ul>
                {found.map((p) => (
                  <li key={p.id}>
                    <Link
                      to={bmplProductPath(p)}
                      onClick={() => setOpen(false)}
                      className="flex items-center justify-between gap-2 rounded px-2 py-1.5 text-sm hover:bg-slate-100"
                    >
                      <span className="line-clamp-1">{p.name}</span>
                      <span className="shrink-0 font-semibold">{formatRupees(displayPrice(p))}</span>
                    </Link>
                  </li>
                ))}
              </ul>
              <Link
                to={searchPageUrl(settled)}
                onClick={() => setOpen(false)}
                className="mt-1 block rounded bg-brand px-3 py-2 text-center text-sm font-semibold text-white"
              >
                View All
              </Link>
            </>
          )}
        </div>
      )}
    </form>
  );
}
