import { searchTextFromParam } from '@shop/domain/marketplace-search';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCity } from '../../lib/city.ts';
import { useSearch } from './marketplace-api.ts';
import { MarketplaceProductGrid, Spinner } from './marketplace-product-card.tsx';
import { Breadcrumb } from './breadcrumb.tsx';
import { type FilterDraft, FilterPanel } from './filter-panel.tsx';
import { ListingLayout } from './listing-layout.tsx';
import type { MarketplaceSort } from '@shop/domain/marketplace-rules';
import { countOf } from '@shop/domain/plural';
import { usePageMeta } from '../../lib/use-page-meta.ts';

const EMPTY: FilterDraft = { subcategory: null, brands: [], price: null };

/**
 * SPEC 2 search page (/bmpl/search?searchValue=, hyphens to spaces): results in the selected city,
 * the Category filter from their distinct tier-3 categories, the price range from their prices.
 */
export function MarketplaceSearchPage() {
  const [params] = useSearchParams();
  const text = searchTextFromParam(params.get('searchValue'));
  const city = useCity();
  const [draft, setDraft] = useState<FilterDraft>(EMPTY);
  const [applied, setApplied] = useState<FilterDraft>(EMPTY);
  const [sort, setSort] = useState<MarketplaceSort | undefined>(undefined);

  // The facets (categories, price range) always come from the unfiltered results.
  const all = useSearch(text ? { city, search: text, sort } : null);
  const narrowed = useSearch(
    text && (applied.subcategory !== null || applied.price !== null)
      ? { city, search: text, sort, subcategory: applied.subcategory ?? undefined, min: applied.price?.[0], max: applied.price?.[1] }
      : null,
  );
  const source = applied.subcategory !== null || applied.price !== null ? narrowed : all;

  usePageMeta(text ? `${text} | Buy More Pay Less` : 'Search | Buy More Pay Less', `Search results for ${text || 'the marketplace'} at wholesale prices.`);

  // Brands of the results, filtered on the client (the search call narrows by category and price).
  const brands = useMemo(() => {
    const seen = new Map<number, string>();
    for (const p of all.data?.products ?? []) seen.set(p.bmpl_brand_id, p.bmpl_brand_name);
    return [...seen].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [all.data]);
  const products = useMemo(
    () => (source.data?.products ?? []).filter((p) => applied.brands.length === 0 || applied.brands.includes(p.bmpl_brand_id)),
    [source.data, applied.brands],
  );

  return (
    <main className="mx-auto max-w-6xl px-3 py-4 md:px-4">
      <Breadcrumb crumbs={[{ label: 'BMPL', to: '/bmpl' }, { label: 'Search' }]} />
      <h1 className="mb-4 text-2xl font-bold">{text ? `Search results for "${text}"` : 'Search'}</h1>
      <ListingLayout
        sort={sort}
        onSort={setSort}
        filters={
          <FilterPanel
            categories={all.data?.categories ?? []}
            brands={brands}
            range={all.data?.price ?? null}
            draft={draft}
            onChange={(d) => setDraft(d.subcategory !== draft.subcategory ? { ...d, brands: draft.brands } : d)}
            // SPEC 2: Reset reloads the page.
            onReset={() => window.location.reload()}
            onApply={() => setApplied(draft)}
          />
        }
      >
        {!text ? (
          <p className="py-12 text-center text-lg font-semibold text-slate-700">No Products Found !!!</p>
        ) : source.isPending || source.isFetching ? (
          <Spinner />
        ) : products.length === 0 ? (
          <p className="py-12 text-center text-lg font-semibold text-slate-700">No Products Found !!!</p>
        ) : (
          <>
            <p className="mb-2 text-sm text-slate-600">{countOf(products.length, 'product', 'products')} in {city}</p>
            <MarketplaceProductGrid products={products} eagerFirst={4} />
          </>
        )}
      </ListingLayout>
    </main>
  );
}
