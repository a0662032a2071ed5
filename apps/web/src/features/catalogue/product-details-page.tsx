import { addToCart, setQuantity } from '@shop/domain/cart';
import type { Product } from '@shop/domain/catalogue';
import { productIdFromSearch } from '@shop/domain/listing';
import { formatRupees } from '@shop/domain/money';
import { displayPrice, splitTax } from '@shop/domain/pricing';
import { memo, useDeferredValue } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadError } from '../../components/ui/load-error.tsx';
import { toCartItem } from '../../components/ui/product-card.tsx';
import { ApiError } from '../../lib/api.ts';
import { Price, SaleBadge } from '../../components/ui/price.tsx';
import { ProductImage } from '../../components/ui/product-image.tsx';
import { QuantityPrices } from '../../components/ui/quantity-prices.tsx';
import { ProductSkeleton } from '../../components/ui/product-skeleton.tsx';
import { QuantityControl } from '../../components/ui/quantity-control.tsx';
import { updateCart, useCart } from '../../lib/cart-store.ts';
import { useProductDetail } from './catalogue-api.ts';
import { ProductGrid } from './product-grid.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/**
 * SPEC 2: product detail. The product may arrive in navigation state (shown at once); the id in the
 * URL (/productDetails?id=N) makes the page shareable and reloadable, and fetches related products.
 */
export function ProductDetailsPage() {
  const location = useLocation();
  const fromState = (location.state as { product?: Product } | null)?.product;
  const id = productIdFromSearch(location.search) ?? fromState?.id ?? null;
  const detail = useProductDetail(id);
  // Issue 15: the answer is drawn in a deferred render that React cuts into short slices (a query's answer
  // otherwise renders at once, one long task on a phone), as on the marketplace's product page. Until then
  // the skeleton stays, or the product that came in the navigation state; never another product's page.
  const deferred = useDeferredValue(detail.data);
  const data = deferred && deferred.product.id === id ? deferred : undefined;
  const product = id === null ? undefined : (data?.product ?? (fromState?.id === id ? fromState : undefined));
  usePageMeta(product ? `${product.name} | Wholesale Shop` : null, product ? product.description || `${product.name} by ${product.brand_name} at wholesale prices.` : null);
  if (id === null) return <Navigate to="/home" replace />;
  if (detail.isError && !product && !(detail.error instanceof ApiError && detail.error.status === 404)) {
    return (
      <main className="mx-auto max-w-6xl px-4 py-10">
        <h1 className="sr-only">Product</h1>
        <LoadError what="The product" error={detail.error} onRetry={() => detail.refetch()} retrying={detail.isFetching} />
      </main>
    );
  }
  if (detail.isError && !product) {
    return (
      <main className="mx-auto max-w-6xl px-4 py-10 text-center">
        <h1 className="text-xl font-bold">There is no product found.</h1>
      </main>
    );
  }
  if (!product) return <ProductSkeleton label="Loading" />;
  return (
    <main className="mx-auto max-w-6xl px-3 py-4 md:px-4">
      <ProductInfo product={product} />
      <Related related={data?.related} />
    </main>
  );
}

/** The same empty list on every render (ProductGrid defers by the list's identity). */
const NONE: Product[] = [];

/** Below the fold: drawn in its own deferred render, after the product itself (issue 15). */
const Related = memo(function Related({ related: now }: { related: Product[] | undefined }) {
  const related = useDeferredValue(now);
  return (
    <section aria-labelledby="related-title" className="mt-10">
      <h2 id="related-title" className="mb-3 text-xl font-bold">Related products</h2>
      <ProductGrid items={related ?? NONE} isLoading={!related} empty="No Similar Products" />
    </section>
  );
});

function ProductInfo({ product }: { product: Product }) {
  const lines = useCart();
  const line = lines.find((l) => l.product_id === product.id);
  const isOut = product.stock <= 0;
  const unit = displayPrice(product);
  const { tax, sell_price } = splitTax(unit, product.tax, product.sell_price);
  return (
    <article className="grid gap-6 md:grid-cols-2" aria-labelledby="product-name">
      <div className="relative rounded-lg border border-slate-200 bg-white p-4">
        <ProductImage urlName={product.url_name} alt={product.name} main />
        <span className="absolute top-3 left-3">
          <SaleBadge product={product} />
        </span>
      </div>
      <div>
        <p className="text-sm text-slate-600">{product.brand_name}</p>
        <h1 id="product-name" className="text-2xl font-bold">{product.name}</h1>
        <Price product={product} className="mt-3 text-xl" />
        {product.quantity_prices?.length ? (
          <section aria-labelledby="quantity-prices-title" className="mt-2 w-fit rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2">
            <h2 id="quantity-prices-title" className="text-sm font-semibold text-slate-800">Buy More Pay Less</h2>
            <QuantityPrices prices={product.quantity_prices} />
          </section>
        ) : null}
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 text-sm text-slate-700">
          <dt>Net Price</dt>
          <dd>{formatRupees(sell_price)}</dd>
          <dt>Tax Include</dt>
          <dd>{formatRupees(tax)}</dd>
          {product.weight && (
            <>
              <dt>Weight</dt>
              <dd>{product.weight}</dd>
            </>
          )}
          <dt>SKU</dt>
          <dd>{product.sku}</dd>
        </dl>
        <div className="mt-4 max-w-xs">
          {isOut ? (
            <>
              <p className="mb-1 font-semibold text-red-700">Out Of Stock</p>
              <button type="button" disabled className="w-full cursor-not-allowed rounded-md bg-slate-300 py-2 font-semibold text-slate-600">Add to cart</button>
            </>
          ) : line ? (
            <QuantityControl label={product.name} quantity={line.quantity} stock={product.stock} onChange={(q) => updateCart((c) => setQuantity(c, product.id, q))} />
          ) : (
            <button type="button" onClick={() => updateCart((c) => addToCart(c, toCartItem(product)))} className="w-full rounded-md bg-brand py-2 font-semibold text-white hover:bg-brand-dark">
              Add to cart
            </button>
          )}
        </div>
        <h2 className="mt-6 font-semibold">Description</h2>
        <p className="mt-1 text-slate-800">{product.description}</p>
      </div>
    </article>
  );
}
