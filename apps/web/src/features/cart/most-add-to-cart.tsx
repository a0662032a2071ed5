import type { ProductPage } from '@shop/domain/catalogue';
import { GRID } from '@shop/domain/constants';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ProductCard } from '../../components/ui/product-card.tsx';
import { api } from '../../lib/api.ts';
import { usePriceView } from '../../lib/price-view.ts';

/** SPEC 2 Cart: a Most Add to Cart strip, 8 items first, Load More adds 8. */
export function MostAddToCart() {
  // Issue 36: priced for whoever asks (lib/price-view.ts), like every product list.
  const { who, city } = usePriceView();
  const query = useInfiniteQuery({
    queryKey: ['cart-strip', 'add_to_cart_count__DESC', who],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api<ProductPage>('/api/custom_route/get_products_by_categories', {
        query: { order: 'add_to_cart_count__DESC', offset: pageParam, limit: pageParam === 0 ? GRID.cartStripFirst : GRID.cartStripMore, city },
        signal,
      }),
    getNextPageParam: (last, pages) => (last.has_more ? pages.reduce((n, p) => n + p.limit, 0) : undefined),
  });
  const products = (query.data?.pages ?? []).flatMap((p) => [...p.products, ...p.out_of_stock_products]);
  // SPEC 8: a failed product fetch shows nothing.
  if (products.length === 0) return null;
  return (
    <section className="mt-8" aria-labelledby="strip-heading">
      <h2 id="strip-heading" className="mb-3 text-xl font-bold">Most Add to Cart</h2>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {products.map((p) => (
          <ProductCard key={p.id} product={p} />
        ))}
      </div>
      {query.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <button
            type="button"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
            className="rounded-md border border-brand px-6 py-2 font-semibold text-brand hover:bg-brand hover:text-white disabled:opacity-60"
          >
            Load More
          </button>
        </div>
      )}
    </section>
  );
}
