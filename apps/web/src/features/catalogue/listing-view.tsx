import type { Category } from '@shop/domain/catalogue';
import { GRID, PRICE_SLIDER_MAX, PRICE_SLIDER_MIN } from '@shop/domain/constants';
import { formatBrandFilter, formatPriceRange, type ListingOrder, SORT_OPTIONS } from '@shop/domain/listing';
import { SlidersHorizontal } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useIsDesktop } from '../../lib/use-media.ts';
import { useFacets, usePagedProducts } from './catalogue-api.ts';
import { type AppliedFilters, FilterPanel, NO_FILTERS } from './filter-panel.tsx';
import { ProductGrid } from './product-grid.tsx';

/**
 * SPEC 2 product listing (/categories and /businessProducts): Sort By, filter panel, a grid of 40
 * with See More adding 8. The server filters, sorts and pages; out-of-stock products come last.
 */
export function ListingView({
  title,
  path,
  scope,
  categories,
  rootId,
  empty,
}: {
  title: ReactNode;
  path: '/api/custom_route/get_products_by_categories' | '/api/custom_route/get_products_by_business';
  /** Base query (businessTypeId) and the category everything starts from. */
  scope: { businessTypeId?: number; topCategoryId?: number };
  categories: readonly Category[];
  rootId: number | null;
  empty: string;
}) {
  const [drill, setDrill] = useState<number[]>([]);
  const [applied, setApplied] = useState<AppliedFilters>(NO_FILTERS);
  const [order, setOrder] = useState<ListingOrder | ''>('');
  const [isPanelOpen, setPanelOpen] = useState(false);
  const isDesktop = useIsDesktop();
  const sortId = useId();
  const panelId = useId();

  const base = useMemo(() => {
    const deepest = drill.length ? drill[drill.length - 1] : scope.topCategoryId;
    const level = categories.find((c) => c.id === deepest)?.level;
    return {
      businessTypeId: scope.businessTypeId,
      tierId: deepest !== undefined && level ? level : undefined,
      filterValue: deepest !== undefined && level ? deepest : undefined,
    };
  }, [drill, scope, categories]);
  const isFullRange = applied.price[0] === PRICE_SLIDER_MIN && applied.price[1] === PRICE_SLIDER_MAX;
  const query = {
    ...base,
    brand: applied.brands.length ? formatBrandFilter(applied.brands) : undefined,
    price: isFullRange ? undefined : formatPriceRange({ min: applied.price[0], max: applied.price[1] }),
    order: order || undefined,
  };
  const list = usePagedProducts({ path, query, first: GRID.listingFirst, more: GRID.listingMore, enabled: scope.topCategoryId !== undefined || scope.businessTypeId !== undefined });
  const facets = useFacets(base, scope.topCategoryId !== undefined || scope.businessTypeId !== undefined);

  return (
    <>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        {title}
        <div className="flex items-center gap-2">
          <button
            type="button"
            aria-expanded={isPanelOpen}
            aria-controls={panelId}
            onClick={() => setPanelOpen((o) => !o)}
            className="flex items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold md:hidden"
          >
            <SlidersHorizontal aria-hidden="true" className="h-4 w-4" /> Filter
          </button>
          <label htmlFor={sortId} className="text-sm font-semibold">Sort By</label>
          <select
            id={sortId}
            value={order}
            onChange={(e) => setOrder(e.target.value as ListingOrder | '')}
            className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
          >
            <option value="" disabled hidden>Choose</option>
            {SORT_OPTIONS.map((o) => (
              <option key={o.order} value={o.order}>{o.label}</option>
            ))}
          </select>
        </div>
      </div>
      <div className="flex flex-col gap-4 md:flex-row">
        <aside id={panelId} aria-label="Filters" className={`${isPanelOpen ? 'block' : 'hidden'} shrink-0 rounded-lg border border-slate-200 bg-white p-4 md:block md:w-64`}>
          {/* On a phone the panel is drawn when opened: closed, its brand list and price slider are
              hidden yet were rendered with every page (issue 15, main-thread work on a phone). */}
          {(isPanelOpen || isDesktop) && (
            <FilterPanel
              categories={categories}
              rootId={rootId}
              path={drill}
              onPath={setDrill}
              facets={facets.data}
              applied={applied}
              onApply={(f) => {
                setApplied(f);
                setPanelOpen(false);
              }}
              onReset={() => {
                setApplied(NO_FILTERS);
                setOrder('');
                setDrill([]);
              }}
            />
          )}
        </aside>
        <div className="min-h-[70vh] min-w-0 flex-1">
          <ProductGrid
            items={list.items}
            isLoading={list.isPending}
            error={list.error}
            onRetry={() => list.refetch()}
            empty={empty}
            moreLabel="See More"
            hasMore={list.hasNextPage}
            isFetchingMore={list.isFetchingNextPage}
            onMore={() => list.fetchNextPage()}
            eagerCount={2}
          />
        </div>
      </div>
    </>
  );
}
