import type { MarketplaceBanner } from '@shop/domain/marketplace';
import { TIMINGS } from '@shop/domain/constants';
import useEmblaCarousel from 'embla-carousel-react';
import { Pause, Play } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useIsDesktop, usePrefersReducedMotion } from '../../lib/use-media.ts';

/**
 * SPEC 2: the two-image banner carousel (desktop and mobile images), advancing every 3000 ms.
 * Issue 15 (12): embla (swipe on phones, looping); it pauses while hovered or focused and with the
 * Pause button, and under prefers-reduced-motion it neither advances by itself nor animates.
 */
export function BannerCarousel({ banners }: { banners: MarketplaceBanner[] }) {
  const isDesktop = useIsDesktop();
  const reducedMotion = usePrefersReducedMotion();
  const slides = banners.filter((b) => b.is_mobile === !isDesktop);
  const count = slides.length;
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, duration: reducedMotion ? 0 : 25 });
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const playing = count > 1 && !reducedMotion && !stopped;

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setCurrent(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  useEffect(() => {
    if (!embla || !playing || hovered || focused) return;
    // With two slides embla cannot loop: back to the first after the last.
    const timer = setInterval(() => (embla.canScrollNext() ? embla.scrollNext() : embla.scrollTo(0)), TIMINGS.carouselIntervalMs);
    return () => clearInterval(timer);
  }, [embla, playing, hovered, focused]);

  const goTo = useCallback((i: number) => embla?.scrollTo(i, reducedMotion), [embla, reducedMotion]);

  // The same box as the loaded carousel, so nothing moves when the images arrive.
  const box = isDesktop ? 'aspect-[4/1]' : 'aspect-[3/2]';
  if (count === 0) return <div className={`w-full rounded-lg bg-slate-200 ${box}`} />;
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Offers"
      className="relative overflow-hidden rounded-lg"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div ref={viewportRef} className={`w-full overflow-hidden ${box}`}>
        <div className="flex h-full">
          {slides.map((b, i) => (
            <div
              key={b.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={i !== current}
              className="h-full min-w-0 flex-[0_0_100%]"
            >
              <Link to={b.link ?? '/bmpl'} tabIndex={i === current ? 0 : -1} className="block h-full">
                <img
                  src={b.image}
                  alt={b.title || `Offer ${i + 1} of ${count}`}
                  className="h-full w-full object-cover"
                  width={isDesktop ? 1600 : 750}
                  height={isDesktop ? 400 : 500}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                  draggable={false}
                />
              </Link>
            </div>
          ))}
        </div>
      </div>
      {count > 1 && (
        <div className="absolute bottom-1 left-1/2 flex -translate-x-1/2 items-center">
          <button
            type="button"
            aria-label={stopped ? 'Play offers' : 'Pause offers'}
            onClick={() => setStopped((s) => !s)}
            className="flex h-11 w-11 items-center justify-center text-white"
          >
            <span className="flex h-6 w-6 items-center justify-center rounded-full bg-black/50">
              {stopped ? <Play aria-hidden="true" className="h-3.5 w-3.5" /> : <Pause aria-hidden="true" className="h-3.5 w-3.5" />}
            </span>
          </button>
          {slides.map((b, i) => (
            <button
              key={b.id}
              type="button"
              aria-label={`Show offer ${i + 1}`}
              aria-current={i === current}
              onClick={() => goTo(i)}
              className="flex h-11 w-11 items-center justify-center"
            >
              <span className={`h-3 w-3 rounded-full border border-white ${i === current ? 'bg-white' : 'bg-white/40'}`} />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
