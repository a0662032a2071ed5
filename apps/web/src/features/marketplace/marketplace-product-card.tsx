import type { MarketplaceProduct } from '@shop/domain/marketplace';
import { marketplaceProductPath } from '@shop/domain/marketplace-rules';
import { formatRupees } from '@shop/domain/money';
import { memo } from 'react';
import { Link } from 'react-router';
import { useProgressive } from '../../lib/use-progressive.ts';
import { Price, SaleBadge } from '../../components/ui/price.tsx';
import { ProductImage } from '../../components/ui/product-image.tsx';

/**
 * Where a card leads: a multi-piece discount item opens /productDetail with the product in state
 * (SPEC 2); every other product its canonical, shareable URL.
 */
export function productLink(product: MarketplaceProduct): { to: string; state?: { product: MarketplaceProduct } } {
  if (product.discount_threshold != null) return { to: '/productDetail', state: { product } };
  return { to: marketplaceProductPath(product) };
}

/** Memoised: a grid re-renders when the session or a query settles, and its cards need not (issue 15). */
export const MarketplaceProductCard = memo(function MarketplaceProductCard({ product, eager = false }: { product: MarketplaceProduct; eager?: boolean }) {
  const link = productLink(product);
  const isOut = product.stock <= 0;
  return (
    <article className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-2 shadow-sm md:p-3" aria-label={product.name}>
      <Link to={link.to} state={link.state} className="relative block" tabIndex={-1} aria-hidden="true">
        <ProductImage urlName={product.url_name} alt="" eager={eager} className={isOut ? 'opacity-50' : ''} />
        <span className="absolute top-1 left-1">
          <SaleBadge product={product} />
        </span>
      </Link>
      <p className="mt-2 text-xs text-slate-600">{product.bmpl_brand_name}</p>
      <h3 className="line-clamp-2 min-h-10 text-sm font-semibold">
        <Link to={link.to} state={link.state} className="hover:underline">{product.name}</Link>
      </h3>
      <Price product={product} className="mt-1" />
      {product.discount_threshold != null && product.discount_price != null && (
        <p className="mt-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
          Buy {product.discount_threshold}+ at {formatRupees(product.discount_price)} each
        </p>
      )}
      {isOut && <p className="mt-1 text-sm font-semibold text-red-700">Out Of Stock</p>}
    </article>
  );
});

export function MarketplaceProductGrid({ products, eagerFirst = 0 }: { products: MarketplaceProduct[]; eagerFirst?: number }) {
  // Two rows of five on a wide screen: drawn with the data, the rest just after (lib/use-progressive.ts).
  const shown = useProgressive(products, Math.max(10, eagerFirst));
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:gap-4 lg:grid-cols-4 xl:grid-cols-5">
      {shown.map((p, i) => (
        <li key={p.id}>
          <MarketplaceProductCard product={p} eager={i < eagerFirst} />
        </li>
      ))}
    </ul>
  );
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex justify-center py-12" role="status" aria-label={label}>
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-slate-300 border-t-brand" />
    </div>
  );
}
