import type { MarketplaceBanner, MarketplaceStrip } from '@shop/domain/marketplace';
import { marketplaceCategoryPath } from '@shop/domain/marketplace-rules';
import { GRID } from '@shop/domain/constants';
import { memo } from 'react';
import { Link } from 'react-router';
import { MarketplaceProductCard } from './marketplace-product-card.tsx';

/** SPEC 2: a grid of six image tiles (featured categories, popular categories). */
export const TileGrid = memo(function TileGrid({ tiles, title, loading = false, eager = false }: { tiles: MarketplaceBanner[]; title: string; loading?: boolean; eager?: boolean }) {
  return (
    <section aria-label={title} className="mt-6">
      <h2 className="mb-3 text-xl font-bold">{title}</h2>
      <ul className="grid grid-cols-3 gap-2 md:grid-cols-6 md:gap-4">
        {/* Placeholders of the tiles' size while loading: nothing below moves when they arrive. */}
        {loading &&
          Array.from({ length: 6 }, (_, i) => (
            <li key={i} aria-hidden="true" className="rounded-lg border border-slate-200 bg-white">
              <div className="aspect-square w-full bg-slate-200" />
              <span className="block px-1 py-1 text-xs md:text-sm">&nbsp;</span>
            </li>
          ))}
        {tiles.slice(0, 6).map((t) => (
          <li key={t.id}>
            <Link to={t.link ?? '/bmpl'} className="block overflow-hidden rounded-lg border border-slate-200 bg-white hover:shadow">
              {/* The label below names the tile: the image adds nothing for a screen reader (redundant alt). */}
              <img src={t.image} alt="" width={300} height={300} loading={eager ? 'eager' : 'lazy'} className="aspect-square w-full object-cover" />
              <span className="block truncate px-1 py-1 text-center text-xs font-semibold capitalize md:text-sm">{tileName(t.link)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
});

/** The category a tile links to, for its label: the last path segment with hyphens as spaces. */
function tileName(link: string | null): string {
  const last = (link ?? '').replace(/\/+$/, '').split('/').pop() ?? '';
  try {
    return decodeURIComponent(last).replace(/-+/g, ' ');
  } catch {
    return last;
  }
}

/**
 * SPEC 2: a category strip: up to 6 products on desktop and 4 on mobile, the category banner
 * (opens the category) and 'See More', which works only with more than 1 product.
 */
export const CategoryStrip = memo(function CategoryStrip({ strip, isDesktop }: { strip: MarketplaceStrip; isDesktop: boolean }) {
  const shown = strip.products.slice(0, isDesktop ? GRID.marketplaceStripDesktop : GRID.marketplaceStripMobile);
  const to = marketplaceCategoryPath(strip.category.slug);
  const canSeeMore = strip.products.length > 1;
  return (
    <section aria-labelledby={`strip-${strip.category.id}`} className="mt-8">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id={`strip-${strip.category.id}`} className="text-lg font-bold md:text-xl">{strip.category.name}</h2>
        {canSeeMore ? (
          <Link to={to} className="text-sm font-semibold text-brand underline" aria-label={`See More ${strip.category.name}`}>See More</Link>
        ) : (
          <span className="text-sm text-slate-500" aria-disabled="true">See More</span>
        )}
      </div>
      {strip.category.banner && (
        <Link to={to} className="mb-3 block overflow-hidden rounded-lg" aria-label={`Open ${strip.category.name}`}>
          <img src={strip.category.banner} alt="" width={1600} height={300} loading="lazy" className="h-20 w-full object-cover md:h-28" />
        </Link>
      )}
      <ul className="grid grid-cols-2 gap-2 md:grid-cols-6 md:gap-4">
        {shown.map((p) => (
          <li key={p.id}>
            <MarketplaceProductCard product={p} />
          </li>
        ))}
      </ul>
    </section>
  );
});
