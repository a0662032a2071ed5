import type { MarketplaceSort } from '@shop/domain/marketplace-rules';
import { MARKETPLACE_SORT_OPTIONS } from '@shop/domain/marketplace-rules';
import { Filter, SlidersHorizontal } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useIsDesktop } from '../../lib/use-media.ts';
import { SortOptions } from './filter-panel.tsx';

/**
 * The category and search pages' frame: on desktop the filter panel beside the grid and a sort
 * menu above it; on mobile Filter and Sort dropdowns, of which only one is open at a time (SPEC 2).
 */
export function ListingLayout({ filters, sort, onSort, children }: { filters: ReactNode; sort: MarketplaceSort | undefined; onSort: (s: MarketplaceSort) => void; children: ReactNode }) {
  const isDesktop = useIsDesktop();
  const [open, setOpen] = useState<'filter' | 'sort' | null>(null);
  if (isDesktop) {
    return (
      <div className="flex gap-6">
        <aside aria-label="Filters" className="w-64 shrink-0 self-start rounded-lg border border-slate-200 bg-white p-4">
          {filters}
        </aside>
        <div className="min-w-0 flex-1">
          <div className="mb-3 flex justify-end">
            <label className="flex items-center gap-2 text-sm font-medium">
              Sort By
              <select
                value={sort ?? ''}
                onChange={(e) => onSort(e.target.value as MarketplaceSort)}
                className="rounded-md border border-slate-300 bg-white px-2 py-1.5"
              >
                <option value="" disabled>Choose</option>
                {MARKETPLACE_SORT_OPTIONS.map((s) => (
                  <option key={s.value} value={s.value}>{s.label}</option>
                ))}
              </select>
            </label>
          </div>
          {children}
        </div>
      </div>
    );
  }
  const toggle = (which: 'filter' | 'sort') => setOpen((o) => (o === which ? null : which));
  return (
    <div>
      <div className="mb-3 grid grid-cols-2 gap-2">
        <button
          type="button"
          aria-expanded={open === 'filter'}
          aria-controls="marketplace-filter-panel"
          onClick={() => toggle('filter')}
          className="flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white py-2 font-semibold"
        >
          <Filter aria-hidden="true" className="h-4 w-4" /> Filter
        </button>
        <button
          type="button"
          aria-expanded={open === 'sort'}
          aria-controls="marketplace-sort-panel"
          onClick={() => toggle('sort')}
          className="flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white py-2 font-semibold"
        >
          <SlidersHorizontal aria-hidden="true" className="h-4 w-4" /> Sort
        </button>
      </div>
      {open === 'filter' && (
        <div id="marketplace-filter-panel" className="mb-3 rounded-lg border border-slate-200 bg-white p-3">
          {filters}
        </div>
      )}
      {open === 'sort' && (
        <div id="marketplace-sort-panel" className="mb-3 rounded-lg border border-slate-200 bg-white p-3">
          <SortOptions
            value={sort}
            onChange={(s) => {
              onSort(s);
              setOpen(null);
            }}
          />
        </div>
      )}
      {children}
    </div>
  );
}
