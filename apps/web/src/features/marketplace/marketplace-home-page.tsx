import { memo, useDeferredValue, useMemo } from 'react';
import type { MarketplaceBanner, MarketplaceStrip } from '@shop/domain/marketplace';
import { type City, GRID } from '@shop/domain/constants';
import { setCity, useCities, useCity } from '../../lib/city.ts';
import { useIsDesktop } from '../../lib/use-media.ts';
import { BannerCarousel } from '../../components/ui/banner-carousel.tsx';
import { useBanners, useProductList, useStrips } from './marketplace-api.ts';
import { MarketplaceProductGrid, Spinner } from './marketplace-product-card.tsx';
import { CategoryStrip, TileGrid } from './home-sections.tsx';
import { useInView } from './use-in-view.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';

const BANNER_NAMES = ['Bmpl_Banners', 'Bmpl_Featured', 'Bmpl_Popular'];
const NO_BANNERS: MarketplaceBanner[] = [];

/**
 * SPEC 2 marketplace home. At most 5 requests: the guest session (first visit), the menu, the
 * banners and tiles in one call, every category strip in one call (the spec's client made one per
 * category), and the landing grid.
 *
 * Issue 15 (total blocking time): each answer is drawn by the section that shows it, not by the whole
 * page, and in a deferred render (useDeferredValue) that React cuts into slices of a few milliseconds:
 * a query's answer otherwise re-renders synchronously, in one long task on a phone's main thread.
 */
export function MarketplaceHomePage() {
  const city = useCity();
  usePageMeta('Buy More Pay Less', `Buy More Pay Less: wholesale prices on groceries and household goods in ${city}. The more you buy, the less you pay.`);

  return (
    // min-h-screen: the footer stays below the fold while the sections load, so it never jumps.
    <main className="mx-auto min-h-screen max-w-6xl px-3 py-4 md:px-4">
      {/* Drawn at once, before any data: the visitor reads where they are while the banners load. */}
      <header className="mb-3">
        <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">Buy More Pay Less</h1>
        <p className="mt-1 max-w-3xl text-base text-slate-700">
          Wholesale prices that drop as you buy more. Prices and stock are shown for {city}; change the city at the top
          to see what is sold where you are.
        </p>
      </header>
      <Banners city={city} name="Bmpl_Banners" />
      {/* Above the fold on a phone (Lighthouse's LCP element): no lazy-loading delay. */}
      <Banners city={city} name="Bmpl_Featured" />
      <Strips city={city} />
      <Banners city={city} name="Bmpl_Popular" />
      <LandingGrid city={city} />
    </main>
  );
}

/** The carousel or one of the tile grids: all three read the one banners call (one request, one cache entry). */
function Banners({ city, name }: { city: City; name: 'Bmpl_Banners' | 'Bmpl_Featured' | 'Bmpl_Popular' }) {
  const banners = useBanners(BANNER_NAMES, city);
  const data = useDeferredValue(banners.data);
  // Placeholders until the answer is drawn; none after a failed call (the page reads without them).
  const loading = data === undefined && !banners.isError;
  const mine = useMemo(() => (data ?? NO_BANNERS).filter((b) => b.name === name), [data, name]);
  if (name === 'Bmpl_Banners') return <BannerCarousel banners={mine} />;
  if (name === 'Bmpl_Featured') return <TileGrid title="Featured Categories" eager loading={loading} tiles={mine} />;
  return <TileGrid title="Popular Categories" loading={loading} tiles={mine} />;
}

function Strips({ city }: { city: City }) {
  const isDesktop = useIsDesktop();
  // Six per strip whatever the width: one cached answer serves both layouts.
  const strips = useStrips(city, GRID.marketplaceStripDesktop);
  const data = useDeferredValue(strips.data);
  if (data === undefined && !strips.isError) return <Spinner label="Loading categories" />;
  return <StripList strips={data} isDesktop={isDesktop} />;
}

const StripList = memo(function StripList({ strips, isDesktop }: { strips: MarketplaceStrip[] | undefined; isDesktop: boolean }) {
  return strips?.map((s, i) => <DeferredStrip key={s.category.id} strip={s} isDesktop={isDesktop} immediate={i < 2} />);
});

/** SPEC 2 landing variant: 'Buy More Pay Less' with a city dropdown; 40 products, then 16 per See More. */
function LandingGrid({ city }: { city: City }) {
  const { cities } = useCities();
  // Far below the fold: fetched and drawn when the visitor scrolls near it.
  const [ref, near] = useInView<HTMLElement>();
  const list = useProductList(near ? { city } : null, GRID.marketplaceLandingFirst, GRID.marketplaceLandingMore);
  const pages = useDeferredValue(list.data?.pages);
  const products = useMemo(() => pages?.flatMap((p) => p.products) ?? [], [pages]);
  return (
    <section ref={ref} aria-labelledby="marketplace-landing" className="mt-10">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="marketplace-landing" className="text-xl font-bold md:text-2xl">Buy More Pay Less</h2>
        <label className="flex items-center gap-2 text-sm font-medium">
          Select City
          <select value={city} onChange={(e) => setCity(e.target.value)} className="rounded-md border border-slate-300 bg-white px-2 py-1.5">
            {cities.map((c) => (
              <option key={c.id} value={c.name}>{c.name}</option>
            ))}
          </select>
        </label>
      </div>
      {list.isPending || (pages === undefined && !list.isError) ? (
        <Spinner />
      ) : products.length === 0 ? (
        <p className="py-10 text-center text-lg font-semibold text-slate-700">No Product Exist In This City.</p>
      ) : (
        <>
          <MarketplaceProductGrid products={products} />
          {list.hasNextPage && (
            <div className="mt-4 flex justify-center">
              <button
                type="button"
                disabled={list.isFetchingNextPage}
                onClick={() => list.fetchNextPage()}
                className="rounded-md bg-brand px-6 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
              >
                See More
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

/** The first strips draw at once; the rest when scrolled near (one request brought them all). */
function DeferredStrip({ strip, isDesktop, immediate }: { strip: MarketplaceStrip; isDesktop: boolean; immediate: boolean }) {
  const [ref, near] = useInView<HTMLDivElement>('600px', immediate);
  return (
    <div ref={ref} className={immediate || near ? '' : 'min-h-96'}>
      {(immediate || near) && <CategoryStrip strip={strip} isDesktop={isDesktop} />}
    </div>
  );
}
