import type { MarketplaceProductDetail } from '@shop/domain/marketplace';
import { helpDigits } from '@shop/domain/account';
import { marketplaceCategoryPath, marketplaceProductPath, marketplaceProductTitle, notAvailableIn, recordForCity, relatedHeading } from '@shop/domain/marketplace-rules';
import type { City } from '@shop/domain/constants';
import { MessageCircle } from 'lucide-react';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { SaleBadge } from '../../components/ui/price.tsx';
import { ProductImage } from '../../components/ui/product-image.tsx';
import { setCity, useCities, useCity } from '../../lib/city.ts';
import { useSession } from '../../lib/session.tsx';
import { notify } from '../../lib/toast.ts';
import { useRelated } from './marketplace-api.ts';
import { MarketplaceProductGrid, Spinner } from './marketplace-product-card.tsx';
import { Breadcrumb } from './breadcrumb.tsx';
import { PriceBlock } from './price-block.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** SPEC 2 marketplace product detail, shared by the path forms and /productDetail. */
export function ProductView({ product }: { product: MarketplaceProductDetail }) {
  const city = useCity();
  const { cities } = useCities();
  const [refused, setRefused] = useState<string | null>(null);
  const record = recordForCity(product.bmpl_products_city, city);

  usePageMeta(marketplaceProductTitle(product.name), product.description || `${product.name} by ${product.bmpl_brand_name} at wholesale prices in ${city}.`);

  // SPEC 5: the city can change only to a city where the product is sold.
  const chooseCity = (next: City) => {
    if (recordForCity(product.bmpl_products_city, next)) {
      setRefused(null);
      setCity(next);
    } else {
      setRefused(notAvailableIn(next));
      notify.error(notAvailableIn(next));
    }
  };

  const crumbs = [
    { label: 'BMPL', to: '/bmpl' },
    { label: product.category_name, to: marketplaceCategoryPath(product.category_slug) },
    ...(product.subcategory_name && product.subcategory_slug
      ? [{ label: product.subcategory_name, to: marketplaceCategoryPath(product.category_slug, product.subcategory_slug) }]
      : []),
    { label: product.name },
  ];
  const message = refused ?? (record ? null : notAvailableIn(city));

  return (
    <main className="mx-auto max-w-6xl px-3 py-4 md:px-4">
      <Breadcrumb crumbs={crumbs} />
      <div className="grid gap-6 md:grid-cols-2">
        <div className="relative rounded-lg border border-slate-200 bg-white p-3">
          <ProductImage urlName={product.url_name} alt={product.name} main />
          {record && (
            <span className="absolute top-3 left-3">
              <SaleBadge product={record} />
            </span>
          )}
        </div>
        <div className="space-y-4">
          <p className="text-sm text-slate-600">{product.bmpl_brand_name}</p>
          <h1 className="text-2xl font-bold">{product.name}</h1>
          <label className="flex items-center gap-2 text-sm font-medium">
            City
            <select
              value={city}
              onChange={(e) => chooseCity(e.target.value as City)}
              className="rounded-md border border-slate-300 bg-white px-2 py-1.5"
            >
              {cities.map((c) => (
                <option key={c.id} value={c.name}>{c.name}</option>
              ))}
            </select>
          </label>
          {message && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-semibold text-red-800">{message}</p>
          )}
          {record && <PriceBlock record={record} />}
          {record && record.stock <= 0 && <p className="font-semibold text-red-700">Out Of Stock</p>}
          <section aria-labelledby="marketplace-description">
            <h2 id="marketplace-description" className="mb-1 font-bold">Description</h2>
            <p className="text-sm whitespace-pre-line text-slate-700">{record?.discount_description || product.description}</p>
          </section>
          <RepresentativeChat productName={product.name} />
          <p className="text-xs text-slate-500">
            Share: <Link to={marketplaceProductPath(product)} className="text-brand underline">{`${location.origin}${marketplaceProductPath(product)}`}</Link>
          </p>
        </div>
      </div>
      <Related productId={product.id} city={city} threshold={record?.discount_threshold ?? null} />
    </main>
  );
}

/** Below the fold: its answer is drawn in a deferred render, in short slices (issue 15). */
const Related = memo(function Related({ productId, city, threshold }: { productId: number; city: string; threshold: number | null }) {
  const related = useRelated(productId, city);
  const data = useDeferredValue(related.data);
  const others = useMemo(() => (data ?? []).filter((p) => p.id !== productId), [data, productId]);
  return (
    <section aria-labelledby="marketplace-related" className="mt-10">
      <h2 id="marketplace-related" className="mb-3 text-xl font-bold">{relatedHeading(threshold)}</h2>
      {related.isPending || (data === undefined && !related.isError) ? (
        <Spinner />
      ) : (data?.length ?? 0) <= 1 ? (
        <p className="py-6 text-center font-semibold text-slate-700">No Similar Products</p>
      ) : (
        <MarketplaceProductGrid products={others} />
      )}
    </section>
  );
});

/** SPEC 2: the chat-with-representative widget, to the signed-in user's help number (digits only). */
function RepresentativeChat({ productName }: { productName: string }) {
  const { user } = useSession();
  const number = helpDigits(user?.help_no) || '923000000000';
  const text = encodeURIComponent(`Hello, I would like to know more about ${productName}.`);
  return (
    <a
      href={`https://wa.me/${number}?text=${text}`}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-2 rounded-md bg-green-700 px-4 py-2 text-sm font-semibold text-white hover:bg-green-800"
    >
      <MessageCircle aria-hidden="true" className="h-4 w-4" /> Chat with a representative
    </a>
  );
}

export { Spinner };
