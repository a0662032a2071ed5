import type { MarketplaceProduct } from '@shop/domain/marketplace';
import { marketplaceProductPath } from '@shop/domain/marketplace-rules';
import { marketplaceSearchPath } from '@shop/domain/marketplace-search';
import { SEARCH_DROPDOWN_MAX, TIMINGS } from '@shop/domain/constants';
import { formatRupees } from '@shop/domain/money';
import { displayPrice } from '@shop/domain/pricing';
import { useCombobox } from 'downshift';
import { Search } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCity } from '../../lib/city.ts';
import { useSearch } from './marketplace-api.ts';

/** The last choice of the list: SPEC's 'View All' (the search page). */
const VIEW_ALL = 'view-all';
type Choice = MarketplaceProduct | typeof VIEW_ALL;

/**
 * SPEC 2 marketplace search: the results panel opens 2 seconds after typing stops, offers
 * 'View All' (/bmpl/search) and says when nothing matches; it closes 200 ms after the box loses focus.
 * Issue 15 (12): a WAI-ARIA combobox (downshift): arrow keys, Enter, Escape, results announced.
 */
export function MarketplaceCombobox({ initialText, autoFocus }: { initialText: string; autoFocus: boolean }) {
  const city = useCity();
  const navigate = useNavigate();
  const [text, setText] = useState(initialText);
  const input = useRef<HTMLInputElement>(null);
  const [settled, setSettled] = useState('');
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    const trimmed = text.trim();
    if (!trimmed) {
      setSettled('');
      return;
    }
    const timer = setTimeout(() => setSettled(trimmed), TIMINGS.marketplaceSearchDelayMs);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  // Replacing the light box of marketplace-search.tsx: the buyer keeps typing where they were.
  // Before the browser paints or takes the next key press: the plain box it replaces is gone, and a key
  // typed before the focus moved here would go nowhere (lib/use-lazy-combobox.tsx).
  useLayoutEffect(() => {
    if (!autoFocus || !input.current) return;
    input.current.focus();
    input.current.setSelectionRange(input.current.value.length, input.current.value.length);
  }, [autoFocus]);

  const results = useSearch(settled ? { city, search: settled, limit: SEARCH_DROPDOWN_MAX } : null);
  const found = results.data?.products ?? [];
  const choices: Choice[] = found.length ? [...found, VIEW_ALL] : [];

  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps, openMenu, closeMenu } = useCombobox<Choice>({
    inputId: 'marketplace-search',
    initialInputValue: initialText,
    // Typed into the plain box before this replaced it: the list opens as if typed here.
    initialIsOpen: initialText.trim() !== '',
    items: choices,
    // Uncontrolled text (downshift keeps it): a controlled value loses keys typed quickly.
    selectedItem: null,
    itemToString: (c) => (c === VIEW_ALL ? 'View All' : (c?.name ?? '')),
    onInputValueChange: ({ inputValue, type }) => {
      if (type === useCombobox.stateChangeTypes.InputChange) setText(inputValue ?? '');
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      navigate(selectedItem === VIEW_ALL ? marketplaceSearchPath(settled) : marketplaceProductPath(selectedItem));
    },
    stateReducer: (state, { type, changes }) => {
      // SPEC: the panel stays 200 ms after the box loses focus (the timer closes it); leaving never picks.
      if (type === useCombobox.stateChangeTypes.InputBlur) return { ...changes, isOpen: state.isOpen, selectedItem: state.selectedItem, inputValue: state.inputValue };
      if (type === useCombobox.stateChangeTypes.ItemClick || type === useCombobox.stateChangeTypes.InputKeyDownEnter) {
        return { ...changes, inputValue: state.inputValue };
      }
      return changes;
    },
  });
  const showPanel = isOpen && settled !== '' && !results.isPending;
  // Announced as results arrive; the no-match text below announces itself.
  const status = showPanel && found.length ? `${found.length} ${found.length === 1 ? 'result' : 'results'}` : '';

  return (
    <form
      role="search"
      className="relative"
      onSubmit={(e) => {
        e.preventDefault();
        if (!text.trim()) return;
        closeMenu();
        navigate(marketplaceSearchPath(text));
      }}
    >
      <label {...getLabelProps()} htmlFor="marketplace-search" className="sr-only">Search the marketplace</label>
      <input
        {...getInputProps({
          ref: input,
          onFocus: () => {
            clearTimeout(closeTimer.current);
            if (settled) openMenu();
          },
          onBlur: () => {
            closeTimer.current = setTimeout(closeMenu, TIMINGS.searchCloseAfterBlurMs);
          },
        })}
        type="search"
        autoComplete="off"
        placeholder="Search Buy More Pay Less"
        className="w-full rounded-md border-0 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500"
      />
      <Search aria-hidden="true" className="pointer-events-none absolute top-2 left-2 h-5 w-5 text-slate-500" />
      <p role="status" className="sr-only">{status}</p>
      <div
        className={`absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] overflow-auto rounded-lg border border-slate-200 bg-white p-2 text-slate-900 shadow-xl ${showPanel ? '' : 'hidden'}`}
      >
        <ul {...getMenuProps({ 'aria-label': 'Search results' })}>
          {showPanel &&
            choices.map((c, index) =>
              c === VIEW_ALL ? (
                <li
                  key={VIEW_ALL}
                  {...getItemProps({ item: c, index })}
                  className={`mt-1 block min-h-11 cursor-pointer rounded bg-brand px-3 py-2 text-center text-sm font-semibold text-white ${highlightedIndex === index ? 'outline-2 outline-offset-2 outline-brand' : ''}`}
                >
                  View All
                </li>
              ) : (
                <li
                  key={c.id}
                  {...getItemProps({ item: c, index })}
                  className={`flex min-h-11 cursor-pointer items-center justify-between gap-2 rounded px-2 py-1.5 text-sm ${highlightedIndex === index ? 'bg-slate-100' : ''}`}
                >
                  <span className="line-clamp-1">{c.name}</span>
                  <span className="shrink-0 font-semibold">{formatRupees(displayPrice(c))}</span>
                </li>
              ),
            )}
        </ul>
        {showPanel && found.length === 0 && <p role="status" className="p-3 text-sm">Sorry! We couldn't find any matches for {settled}</p>}
      </div>
    </form>
  );
}
