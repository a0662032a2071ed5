import { useMemo } from 'react';
import type { MarketplaceStrip } from '@shop/domain/marketplace';
import { CITIES, type City, GRID } from '@shop/domain/constants';
import { setCity, useCity } from '../../lib/city.ts';
import { useIsDesktop } from '../../lib/use-media.ts';
import { BannerCarousel } from './banner-carousel.tsx';
import { useBanners, useProductList, useStrips } from './marketplace-api.ts';
import { MarketplaceProductGrid, Spinner } from './marketplace-product-card.tsx';
import { CategoryStrip, TileGrid } from './home-sections.tsx';
import { useInView } from './use-in-view.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';

const BANNER_NAMES = ['Bmpl_Banners', 'Bmpl_Featured', 'Bmpl_Popular'];

/**
 * SPEC 2 marketplace home. At most 5 requests: the guest session (first visit), the menu, the
 * banners and tiles in one call, every category strip in one call (the spec's client made one per
 * category), and the landing grid.
 */
export function MarketplaceHomePage() {
  const city = useCity();
  const isDesktop = useIsDesktop();
  const banners = useBanners(BANNER_NAMES, city);
  // Six per strip whatever the width: one cached answer serves both layouts.
  const strips = useStrips(city, GRID.marketplaceStripDesktop);
  const all = banners.data ?? [];

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
      <BannerCarousel banners={all.filter((b) => b.name === 'Bmpl_Banners')} />
      {/* Above the fold on a phone (Lighthouse's LCP element): no lazy-loading delay. */}
      <TileGrid title="Featured Categories" eager loading={banners.isPending} tiles={all.filter((b) => b.name === 'Bmpl_Featured')} />
      {strips.isPending ? (
        <Spinner label="Loading categories" />
      ) : (
        strips.data?.map((s, i) => <DeferredStrip key={s.category.id} strip={s} isDesktop={isDesktop} immediate={i < 2} />)
      )}
      <TileGrid title="Popular Categories" loading={banners.isPending} tiles={all.filter((b) => b.name === 'Bmpl_Popular')} />
      <LandingGrid city={city} />
    </main>
  );
}

/** SPEC 2 landing variant: 'Buy More Pay Less' with a city dropdown; 40 products, then 16 per See More. */
function LandingGrid({ city }: { city: City }) {
  // Far below the fold: fetched and drawn when the visitor scrolls near it.
  const [ref, near] = useInView<HTMLElement>();
  const list = useProductList(near ? { city } : null, GRID.marketplaceLandingFirst, GRID.marketplaceLandingMore);
  const products = useMemo(() => list.data?.pages.flatMap((p) => p.products) ?? [], [list.data]);
  return (
    <section ref={ref} aria-labelledby="marketplace-landing" className="mt-10">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="marketplace-landing" className="text-xl font-bold md:text-2xl">Buy More Pay Less</h2>
        <label className="flex items-center gap-2 text-sm font-medium">
          Select City
          <select value={city} onChange={(e) => setCity(e.target.value as City)} className="rounded-md border border-slate-300 bg-white px-2 py-1.5">
            {CITIES.map((c) => (
              <option key={c} value={c}>{c}</option>
            ))}
          </select>
        </label>
      </div>
      {list.isPending ? (
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
  const [ref, near] = useInView<HTMLDivElement>();
  return (
    <div ref={ref} className={immediate || near ? '' : 'min-h-96'}>
      {(immediate || near) && <CategoryStrip strip={strip} isDesktop={isDesktop} />}
    </div>
  );
}
