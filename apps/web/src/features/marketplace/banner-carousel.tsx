import type { BmplBanner } from '@shop/domain/bmpl';
import { TIMINGS } from '@shop/domain/constants';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useIsDesktop } from '../../lib/use-media.ts';

/**
 * SPEC 2: the two-image banner carousel (desktop and mobile images), advancing every 3000 ms.
 * A plain interval rather than embla: a fade between a handful of images needs no drag physics,
 * and the home page's first load stays small. Paused while hovered or focused.
 */
export function BannerCarousel({ banners }: { banners: BmplBanner[] }) {
  const isDesktop = useIsDesktop();
  const slides = banners.filter((b) => b.is_mobile === !isDesktop);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = slides.length;

  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), TIMINGS.carouselIntervalMs);
    return () => clearInterval(timer);
  }, [count, paused]);

  // The same box as the loaded carousel, so nothing moves when the images arrive.
  if (count === 0) return <div className={`w-full rounded-lg bg-slate-200 ${isDesktop ? 'aspect-[4/1]' : 'aspect-[3/2]'}`} />;
  const current = index % count;
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Offers"
      className="relative overflow-hidden rounded-lg"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className={`relative w-full ${isDesktop ? 'aspect-[4/1]' : 'aspect-[3/2]'}`}>
        {slides.map((b, i) => (
          <Link
            key={b.id}
            to={b.link ?? '/bmpl'}
            aria-hidden={i !== current}
            tabIndex={i === current ? 0 : -1}
            className={`absolute inset-0 transition-opacity duration-500 ${i === current ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
          >
            <img
              src={b.image}
              alt={`Offer ${i + 1} of ${count}`}
              className="h-full w-full object-cover"
              width={isDesktop ? 1600 : 750}
              height={isDesktop ? 400 : 500}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'auto'}
            />
          </Link>
        ))}
      </div>
      <div className="absolute bottom-2 left-1/2 flex -translate-x-1/2 gap-2">
        {slides.map((b, i) => (
          <button
            key={b.id}
            type="button"
            aria-label={`Show offer ${i + 1}`}
            aria-current={i === current}
            onClick={() => setIndex(i)}
            className={`h-3 w-3 rounded-full border border-white ${i === current ? 'bg-white' : 'bg-white/40'}`}
          />
        ))}
      </div>
    </section>
  );
}
