import type { MarketplaceResolvedCategory } from '@shop/domain/marketplace';
import { marketplaceCategoryPath, findCategoryInTree, resolveCategoryPath } from '@shop/domain/marketplace-rules';
import { useMemo, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useCity } from '../../lib/city.ts';
import { useBanners, useCategoryTree, useFacets, useProductList } from './marketplace-api.ts';
import { useIsDesktop } from '../../lib/use-media.ts';
import { MarketplaceProductGrid, Spinner } from './marketplace-product-card.tsx';
import { Breadcrumb } from './breadcrumb.tsx';
import { type FilterDraft, FilterPanel } from './filter-panel.tsx';
import { ListingLayout } from './listing-layout.tsx';
import { readApplied, writeApplied } from './listing-state.ts';
import { countOf } from '@shop/domain/plural';
import { usePageMeta } from '../../lib/use-page-meta.ts';

const FIRST = 40;
const MORE = 16;

/** SPEC 2 category page: /bmpl/category/{level2}/ and /bmpl/category/{level2}/{level3}/. */
export function MarketplaceCategoryPage() {
  const { pathname, search } = useLocation();
  const path = resolveCategoryPath(pathname);
  // Resolved from the mega-menu's category tree (already loaded or shared with it), so an unknown
  // category shows the not-found page without a failed request in the console.
  const tree = useCategoryTree();
  if (!path) return <Navigate to="/pageNotFound" replace />;
  // SPEC 8: a failed category fetch stops the loader and shows nothing.
  if (!tree.data) return tree.isError ? null : <Spinner />;
  const found = findCategoryInTree(tree.data, path.category, path.subcategory);
  if (!found.found) return <Navigate to="/pageNotFound" replace />;
  const resolved: MarketplaceResolvedCategory = { category: found.category, subcategory: found.subcategory, subcategories: found.subcategories };
  return <CategoryListing key={pathname + search} resolved={resolved} />;
}

function CategoryListing({ resolved }: { resolved: MarketplaceResolvedCategory }) {
  const city = useCity();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const applied = readApplied(params);
  const { category, subcategory, subcategories } = resolved;

  const list = useProductList(
    { city, category: category.id, subcategory: subcategory?.id, brands: applied.brands, min: applied.min, max: applied.max, sort: applied.sort },
    FIRST,
    MORE,
  );
  const [draft, setDraft] = useState<FilterDraft>(() => ({
    subcategory: subcategory?.id ?? null,
    brands: applied.brands.map(Number).filter(Number.isInteger),
    price: applied.min !== undefined && applied.max !== undefined ? [Number(applied.min), Number(applied.max)] : null,
  }));
  const facets = useFacets(city, category.id, draft.subcategory ?? undefined);

  const heading = subcategory?.name ?? category.name;
  usePageMeta(`${heading} | Buy More Pay Less`, `Buy ${heading} at wholesale prices in ${city}. Buy more, pay less.`);

  const apply = () => {
    const sub = subcategories.find((c) => c.id === draft.subcategory);
    const range = facets.data?.price;
    const priced = draft.price && range && (draft.price[0] > range.min || draft.price[1] < range.max);
    const qs = writeApplied({
      brands: draft.brands.map(String),
      min: priced ? String(draft.price?.[0]) : undefined,
      max: priced ? String(draft.price?.[1]) : undefined,
      sort: applied.sort,
    });
    navigate(marketplaceCategoryPath(category.slug, sub?.slug) + qs);
  };
  const reset = () => navigate(marketplaceCategoryPath(category.slug));

  const products = useMemo(() => list.data?.pages.flatMap((p) => p.products) ?? [], [list.data]);
  return (
    <main className="mx-auto max-w-6xl px-3 py-4 md:px-4">
      <Breadcrumb
        crumbs={[
          { label: 'BMPL', to: '/bmpl' },
          // SPEC 2: the category crumb resets subcategory, filters and price range.
          { label: category.name, to: marketplaceCategoryPath(category.slug) },
          ...(subcategory ? [{ label: subcategory.name }] : []),
        ]}
      />
      <h1 className="mb-4 text-2xl font-bold">{subcategory?.name ?? category.name}</h1>
      <CategoryBanners city={city} categoryId={category.id} />
      <ListingLayout
        sort={applied.sort}
        onSort={(sort) => setParams(new URLSearchParams(writeApplied({ ...applied, sort }).slice(1)), { replace: true })}
        filters={
          <FilterPanel
            categories={subcategories}
            brands={facets.data?.brands}
            range={facets.data?.price ?? null}
            draft={draft}
            onChange={setDraft}
            onReset={reset}
            onApply={apply}
          />
        }
      >
        {list.isPending || (list.isPlaceholderData && list.isFetching) ? (
          <Spinner />
        ) : products.length === 0 ? (
          <p className="py-12 text-center text-lg font-semibold text-slate-700">No Products Found !!!</p>
        ) : (
          <>
            <p className="mb-2 text-sm text-slate-600">{countOf(list.data?.pages[0]?.total ?? 0, 'product', 'products')} in {city}</p>
            <MarketplaceProductGrid products={products} eagerFirst={4} />
            {list.hasNextPage && (
              <div className="mt-4 flex justify-center">
                <button type="button" onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage} className="rounded-md bg-brand px-6 py-2 font-semibold text-white disabled:opacity-60">
                  See More
                </button>
              </div>
            )}
          </>
        )}
      </ListingLayout>
    </main>
  );
}

/** Issue 19: the category's banners staff scheduled for this city (none: nothing is drawn). */
function CategoryBanners({ city, categoryId }: { city: string; categoryId: number }) {
  const isDesktop = useIsDesktop();
  const banners = (useBanners(['Category_Banners'], city, categoryId).data ?? []).filter((b) => b.is_mobile === !isDesktop);
  if (banners.length === 0) return null;
  return (
    <section aria-label="Category offers" className="mb-4 flex flex-col gap-2">
      {banners.map((b) => (
        <Link key={b.id} to={b.link ?? '/bmpl'} className="block overflow-hidden rounded-lg">
          <img src={b.image} alt={b.title || 'Offer'} className="w-full object-cover" width={isDesktop ? 1600 : 750} height={isDesktop ? 400 : 500} loading="lazy" />
        </Link>
      ))}
    </section>
  );
}
