import type { BusinessType } from '@shop/domain/catalogue';
import { uploadedImageSources } from '@shop/domain/product-images';
import { TOP_CATEGORIES } from '@shop/domain/constants';
import { HOME_HERO_TEXT, NO_BUSINESS_TYPES } from '@shop/domain/shop-size';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { useSiteContent } from '../../app/layouts/site-content.ts';
import { useBuyAgain, useBusinessTypes, useHomeGrid } from './catalogue-api.ts';
import { HomeBanners } from './home-banners.tsx';
import { ProductGrid } from './product-grid.tsx';
import { useSession } from '../../lib/session.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

const scrollTo = (id: string) => document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });

const CATEGORY_ART: Record<(typeof TOP_CATEGORIES)[number], string> = {
  Food: '/storage/art/tile/food.svg',
  'Non Food': '/storage/art/tile/non-food.svg',
};

/** SPEC 2: ordering home. */
export function HomePage() {
  usePageMeta('Wholesale Shop: wholesale prices for your business', 'Order groceries and supplies at wholesale prices for shops, hotels, restaurants, caterers and offices in Pakistan.');
  return (
    <main className="mx-auto max-w-6xl px-3 py-4 md:px-4">
      <section aria-labelledby="home-banner" className="rounded-xl bg-gradient-to-r from-brand to-brand-dark px-5 py-8 text-white md:px-10 md:py-12">
        <h1 id="home-banner" className="text-2xl font-bold md:text-4xl">Wholesale prices, delivered to your business</h1>
        <HeroLine />
        <div className="mt-5 flex flex-wrap gap-3">
          <button type="button" onClick={() => scrollTo('business-types')} className="rounded-md bg-accent px-5 py-2 font-semibold text-slate-900 hover:bg-yellow-300">
            By Business
          </button>
          <button type="button" onClick={() => scrollTo('categories')} className="rounded-md border border-white px-5 py-2 font-semibold text-white hover:bg-white/10">
            By Category
          </button>
        </div>
      </section>
      <HomeBanners />
      <BuyAgainSection />
      <BusinessTypesSection />
      <section id="categories" aria-labelledby="categories-title" className="mt-8 scroll-mt-32">
        <h2 id="categories-title" className="mb-3 text-xl font-bold">Categories</h2>
        <div className="grid grid-cols-2 gap-3">
          {TOP_CATEGORIES.map((name) => (
            <Link key={name} to="/categories" state={{ category: name }} className="group overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
              <img src={CATEGORY_ART[name]} alt="" width={400} height={200} loading="lazy" className="aspect-[2/1] w-full object-cover" />
              <span className="block p-3 text-center font-semibold group-hover:underline">{name}</span>
            </Link>
          ))}
        </div>
      </section>
      <HomeGrid title="Most Viewed Products" order="viewed_count__DESC" />
      <HomeGrid title="Most Add to Cart" order="add_to_cart_count__DESC" />
      <section aria-labelledby="app-title" className="mt-10 flex flex-col items-start gap-3 rounded-xl bg-slate-900 px-5 py-6 text-white md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="app-title" className="text-lg font-bold">Download our app</h2>
          <p className="text-sm text-slate-200">Order on the go from your phone.</p>
        </div>
        <div className="flex gap-2">
          <a href="https://play.google.com/store" target="_blank" rel="noopener noreferrer" className="rounded-md bg-white px-4 py-2 text-sm font-semibold text-slate-900">Google Play</a>
          <a href="https://www.apple.com/app-store/" target="_blank" rel="noopener noreferrer" className="rounded-md bg-white px-4 py-2 text-sm font-semibold text-slate-900">App Store</a>
        </div>
      </section>
    </main>
  );
}

/** Issue 21: a signed-in business's most ordered products first, with the ways to order them all again. */
function BuyAgainSection() {
  const { user, isGuest } = useSession();
  const businessId = !isGuest ? (user?.businessId ?? null) : null;
  const buyAgain = useBuyAgain(businessId);
  if (businessId == null || (buyAgain.isSuccess && buyAgain.data.length === 0)) return null;
  return (
    <section aria-labelledby="buy-again-title" className="mt-8">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="buy-again-title" className="text-xl font-bold">Buy again</h2>
        <p className="flex flex-wrap gap-3 text-sm">
          <Link to="/orders" className="font-semibold text-brand underline">Reorder from Order History</Link>
          <Link to="/quick-order" className="font-semibold text-brand underline">Quick order</Link>
          <Link to="/order-lists" className="font-semibold text-brand underline">Order lists</Link>
        </p>
      </div>
      <ProductGrid
        items={buyAgain.data ?? []}
        isLoading={buyAgain.isPending}
        error={buyAgain.error}
        onRetry={() => buyAgain.refetch()}
        empty="Your business has no orders to buy again yet."
        moreLabel=""
        hasMore={false}
        isFetchingMore={false}
        onMore={() => {}}
      />
    </section>
  );
}

/** Issue 35: "thousands of products" only where it is true; an empty shop says it is being set up. */
function HeroLine() {
  const shop = useSiteContent().data?.shop;
  // Until the answer comes the line keeps its place (no layout shift) without claiming anything.
  return <p className="mt-2 max-w-xl text-sm text-blue-100 md:text-base">{shop ? HOME_HERO_TEXT[shop] : '\u00a0'}</p>;
}

function BusinessTypesSection() {
  const { data } = useBusinessTypes();
  // SPEC 2: the two top business types are the home's tiles.
  const tops = (data ?? []).filter((t) => t.parentId == null).slice(0, 2);
  return (
    <section id="business-types" aria-labelledby="business-types-title" className="mt-8 scroll-mt-32">
      <h2 id="business-types-title" className="mb-3 text-xl font-bold">Business Types</h2>
      <div className="grid min-h-24 grid-cols-2 gap-3">
        {tops.map((t) => (
          <BusinessTile key={t.id} type={t} hasChildren={(data ?? []).some((c) => c.parentId === t.id)} />
        ))}
        {data && tops.length === 0 ? <p className="col-span-2 self-center text-slate-600">{NO_BUSINESS_TYPES}</p> : null}
      </div>
    </section>
  );
}

function BusinessTile({ type, hasChildren }: { type: BusinessType; hasChildren: boolean }) {
  // SPEC 2: a type with no children leads straight to its products.
  const link = hasChildren
    ? { to: `/business/${type.id}` }
    : { to: '/businessProducts', state: { businessId: type.id, businessName: type.name, businessNameArray: ['Business', type.name] } };
  return (
    <Link {...link} className="group overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      {type.image && <img src={type.image} srcSet={uploadedImageSources(type.image)?.webp} sizes="(min-width: 768px) 560px, 50vw" alt="" width={400} height={200} loading="lazy" className="aspect-[2/1] w-full object-cover" />}
      <span className="block p-3 text-center font-semibold group-hover:underline">{type.name}</span>
    </Link>
  );
}

function HomeGrid({ title, order }: { title: string; order: 'viewed_count__DESC' | 'add_to_cart_count__DESC' }) {
  const list = useHomeGrid(order);
  // Issue 15: the cards are drawn in a deferred render that React cuts into short slices; a query's
  // answer otherwise re-renders at once, one long task on a phone. The spinner stays until then.
  const items = useDeferredValue(list.items);
  const drawing = items !== list.items && items.length === 0;
  const id = `grid-${order}`;
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="mb-3 text-xl font-bold">{title}</h2>
      <ProductGrid
        items={items}
        isLoading={list.isPending || drawing}
        error={list.error}
        onRetry={() => list.refetch()}
        empty="There is no product found."
        moreLabel="Load More"
        hasMore={list.hasNextPage}
        isFetchingMore={list.isFetchingNextPage}
        onMore={() => list.fetchNextPage()}
      />
    </section>
  );
}
