import type { Product } from '@shop/domain/catalogue';
import { TIMINGS } from '@shop/domain/constants';
import { normaliseSearch } from '@shop/domain/listing';
import { formatRupees } from '@shop/domain/money';
import { displayPrice } from '@shop/domain/pricing';
import { useCombobox } from 'downshift';
import { Search } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { productDetailsLink } from '../../components/ui/product-card.tsx';
import { useSearch } from './catalogue-api.ts';

const TYPING_PAUSE_MS = 200;

/**
 * SPEC 2 ordering-bar search: opens on typing, up to 30 results, closes 200 ms after losing focus;
 * text trimmed. Issue 15 (12): a WAI-ARIA combobox (downshift): arrow keys move through the results,
 * Enter opens one, Escape closes the list, and the number of results is announced.
 */
export function SearchCombobox({ initialText, autoFocus }: { initialText: string; autoFocus: boolean }) {
  const navigate = useNavigate();
  const [text, setText] = useState(initialText);
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    const t = setTimeout(() => setQuery(normaliseSearch(text)), TYPING_PAUSE_MS);
    return () => clearTimeout(t);
  }, [text]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  // Replacing the light box of search-box.tsx: the buyer keeps typing where they were.
  // Before the browser paints or takes the next key press: the plain box it replaces is gone, and a key
  // typed before the focus moved here would go nowhere (lib/use-lazy-combobox.tsx).
  useLayoutEffect(() => {
    if (!autoFocus || !input.current) return;
    input.current.focus();
    input.current.setSelectionRange(input.current.value.length, input.current.value.length);
  }, [autoFocus]);

  const { data, isFetching } = useSearch(query);
  const results = query ? (data?.products ?? []) : [];
  const typed = normaliseSearch(text);
  const settled = query === typed && !isFetching;

  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps, closeMenu } = useCombobox<Product>({
    inputId: 'ordering-search',
    initialInputValue: initialText,
    initialIsOpen: initialText.trim() !== '',
    items: results,
    // Uncontrolled text (downshift keeps it): a controlled value loses keys typed quickly.
    selectedItem: null,
    itemToString: (p) => p?.name ?? '',
    onInputValueChange: ({ inputValue, type }) => {
      if (type === useCombobox.stateChangeTypes.InputChange) setText(inputValue ?? '');
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      const link = productDetailsLink(selectedItem);
      navigate(link.to, { state: link.state });
    },
    stateReducer: (state, { type, changes }) => {
      // SPEC: the list stays 200 ms after the box loses focus (closed by the timer below), and
      // leaving the box never picks a result.
      if (type === useCombobox.stateChangeTypes.InputBlur) return { ...changes, isOpen: state.isOpen, selectedItem: state.selectedItem, inputValue: state.inputValue };
      // Choosing a result keeps the typed text in the box.
      if (type === useCombobox.stateChangeTypes.ItemClick || type === useCombobox.stateChangeTypes.InputKeyDownEnter) {
        return { ...changes, inputValue: state.inputValue };
      }
      return changes;
    },
  });
  const show = isOpen && typed.length > 0;
  // Announced as results arrive; the searching and no-result texts below announce themselves.
  const status = show && settled && results.length ? `${results.length} ${results.length === 1 ? 'result' : 'results'}` : '';

  return (
    <form role="search" className="relative" onSubmit={(e) => e.preventDefault()}>
      <label {...getLabelProps()} htmlFor="ordering-search" className="sr-only">Search products</label>
      <input
        {...getInputProps({
          ref: input,
          onFocus: () => clearTimeout(closeTimer.current),
          onBlur: () => {
            closeTimer.current = setTimeout(closeMenu, TIMINGS.searchCloseAfterBlurMs);
          },
        })}
        type="search"
        autoComplete="off"
        placeholder="Search products, brands and categories"
        className="w-full rounded-md border-0 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500"
      />
      <Search aria-hidden="true" className="pointer-events-none absolute top-2 left-2 h-5 w-5 text-slate-500" />
      {/* Announced to screen readers as results arrive (WAI-ARIA combobox pattern). */}
      <p role="status" className="sr-only">{status}</p>
      <div
        className={`absolute top-full right-0 left-0 z-50 mt-1 max-h-[70vh] overflow-auto rounded-lg border border-slate-200 bg-white text-slate-900 shadow-xl ${show ? '' : 'hidden'}`}
      >
        <ul {...getMenuProps({ 'aria-label': 'Search results' })}>
          {show &&
            results.map((p, index) => (
              <li
                key={p.id}
                {...getItemProps({ item: p, index })}
                className={`flex min-h-11 cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm ${highlightedIndex === index ? 'bg-slate-100' : ''}`}
              >
                <span className="min-w-0 truncate">{p.name}</span>
                <span className="shrink-0 font-semibold">{formatRupees(displayPrice(p))}</span>
              </li>
            ))}
        </ul>
        {show && results.length === 0 && <p role="status" className="px-3 py-2 text-sm text-slate-700">{settled ? 'There is no product found.' : 'Searching…'}</p>}
      </div>
    </form>
  );
}
