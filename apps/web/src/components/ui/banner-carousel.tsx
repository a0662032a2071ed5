import type { MarketplaceBanner } from '@shop/domain/marketplace';
import { uploadedImageSources } from '@shop/domain/product-images';
import { TIMINGS } from '@shop/domain/constants';
import type { EmblaCarouselType } from 'embla-carousel';
import { Pause, Play } from 'lucide-react';
import { memo, type TouchEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useIsDesktop, usePrefersReducedMotion } from '../../lib/use-media.ts';

/**
 * Issue 41: embla (about 8 KB gzip) is not part of the page's first load. It is fetched once the
 * carousel is about to need it: a second before its first turn (EMBLA_AHEAD_MS), or at once when the
 * buyer reaches for it (a touch, the mouse over it, a focus, a dot). Until it has started, the first
 * slide shows as it does under embla; a dot or a turn asked for meanwhile is made when it has, and a
 * swipe made meanwhile turns the carousel one slide its way, as embla's drag would have.
 */
const EMBLA_AHEAD_MS = 1_000;
let emblaChunk: Promise<typeof import('embla-carousel')> | undefined;
const loadEmbla = () => {
  // A chunk that would not load (offline, or replaced by a deploy) is asked again next time; the
  // carousel stays on its first slide meanwhile.
  emblaChunk ??= import('embla-carousel').catch((err: unknown) => {
    emblaChunk = undefined;
    throw err;
  });
  return emblaChunk;
};
/** A swipe before embla has started: at least this far across, and more across than down. */
const SWIPE_PX = 30;
type Move = (api: EmblaCarouselType) => void;

/**
 * SPEC 2: the two-image banner carousel (desktop and mobile images), advancing every 3000 ms.
 * Issue 15 (12): embla (swipe on phones, looping); it pauses while hovered or focused and with the
 * Pause button, and under prefers-reduced-motion it neither advances by itself nor animates.
 *
 * Issue 15 (total blocking time): embla's core, started by an effect. Its React hook keeps the
 * viewport and the carousel in state, which drew the carousel twice more right after the banners
 * arrived (two extra commits on a phone's first load).
 */
export const BannerCarousel = memo(function BannerCarousel({ banners }: { banners: MarketplaceBanner[] }) {
  const isDesktop = useIsDesktop();
  const reducedMotion = usePrefersReducedMotion();
  const slides = banners.filter((b) => b.is_mobile === !isDesktop);
  const count = slides.length;
  const embla = useRef<EmblaCarouselType | null>(null);
  // Whether embla is wanted yet (issue 41), and the move asked for before it had started.
  const [wanted, setWanted] = useState(false);
  const pending = useRef<Move | null>(null);
  const swipeFrom = useRef<{ x: number; y: number } | null>(null);
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const playing = count > 1 && !reducedMotion && !stopped;
  // When the slides change (another city, another width) embla reports the new slide after its
  // re-init; until then the old index may point past the new slides, and no slide would be shown to
  // assistive technology.
  const shown = current < count ? current : 0;

  // Started after the slides are drawn, in an effect: React runs it in a task of its own after the
  // commit, when the page's layout is done, so embla's measuring forces no extra layout inside the
  // commit. It starts on the first slide (current 0); later changes of slide (and re-inits when the
  // slides change with the width) come back as events.
  const viewport = useRef<HTMLDivElement>(null);
  const hasSlides = count > 0;
  useEffect(() => {
    const node = viewport.current;
    if (!hasSlides || !node || !wanted) return;
    let api: EmblaCarouselType | null = null;
    let cancelled = false;
    void loadEmbla().then(({ default: EmblaCarousel }) => {
      if (cancelled) return;
      const started = EmblaCarousel(node, { loop: true, duration: reducedMotion ? 0 : 25 });
      api = started;
      embla.current = started;
      const onSelect = () => setCurrent(started.selectedScrollSnap());
      started.on('select', onSelect).on('reInit', onSelect);
      const move = pending.current;
      pending.current = null;
      move?.(started);
    }, () => undefined);
    return () => {
      cancelled = true;
      api?.destroy();
      embla.current = null;
    };
  }, [hasSlides, reducedMotion, wanted]);

  /** Makes a move now, or once embla has started (and asks for it). */
  const act = useCallback((move: Move) => {
    if (embla.current) move(embla.current);
    else {
      pending.current = move;
      setWanted(true);
    }
  }, []);

  // Embla a little ahead of the carousel's first turn.
  useEffect(() => {
    if (!playing || wanted) return;
    const timer = setTimeout(() => setWanted(true), Math.max(0, TIMINGS.carouselIntervalMs - EMBLA_AHEAD_MS));
    return () => clearTimeout(timer);
  }, [playing, wanted]);

  useEffect(() => {
    if (!playing || hovered || focused) return;
    // With two slides embla cannot loop: back to the first after the last.
    const timer = setInterval(() => act((api) => (api.canScrollNext() ? api.scrollNext() : api.scrollTo(0))), TIMINGS.carouselIntervalMs);
    return () => clearInterval(timer);
  }, [playing, hovered, focused, act]);

  const goTo = useCallback((i: number) => act((api) => api.scrollTo(i, reducedMotion)), [act, reducedMotion]);

  // A swipe on a phone before embla has started (embla's own drag reads touch events too; a mouse
  // has already fetched embla by hovering).
  const onTouchStart = (e: TouchEvent) => {
    setWanted(true);
    const touch = e.touches[0];
    swipeFrom.current = embla.current || !touch ? null : { x: touch.clientX, y: touch.clientY };
  };
  const onTouchEnd = (e: TouchEvent) => {
    const from = swipeFrom.current;
    const touch = e.changedTouches[0];
    swipeFrom.current = null;
    if (!from || !touch || embla.current) return;
    const across = touch.clientX - from.x;
    if (Math.abs(across) < SWIPE_PX || Math.abs(across) <= Math.abs(touch.clientY - from.y)) return;
    act((api) => (across < 0 ? api.scrollNext() : api.scrollPrev()));
  };

  // The same box as the loaded carousel, so nothing moves when the images arrive.
  const box = isDesktop ? 'aspect-[4/1]' : 'aspect-[3/2]';
  if (count === 0) return <div className={`w-full rounded-lg bg-slate-200 ${box}`} />;
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Offers"
      className="relative overflow-hidden rounded-lg"
      onMouseEnter={() => {
        setHovered(true);
        setWanted(true);
      }}
      onMouseLeave={() => setHovered(false)}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
      onFocus={() => {
        setFocused(true);
        setWanted(true);
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div ref={viewport} className={`w-full overflow-hidden ${box}`}>
        <div className="flex h-full">
          {slides.map((b, i) => (
            <div
              key={b.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={i !== shown}
              className="h-full min-w-0 flex-[0_0_100%]"
            >
              <Link to={b.link ?? '/bmpl'} tabIndex={i === shown ? 0 : -1} className="block h-full">
                <picture className="block h-full">
                  <BannerSources image={b.image} />
                  <img
                    src={b.image}
                    srcSet={uploadedImageSources(b.image)?.webp}
                    sizes="(min-width: 1152px) 1152px, 100vw"
                    alt={b.title || `Offer ${i + 1} of ${count}`}
                    className="h-full w-full object-cover"
                    width={isDesktop ? 1600 : 750}
                    height={isDesktop ? 400 : 500}
                    loading={i === 0 ? 'eager' : 'lazy'}
                    fetchPriority={i === 0 ? 'high' : 'auto'}
                    draggable={false}
                  />
                </picture>
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
              aria-current={i === shown}
              onClick={() => goTo(i)}
              className="flex h-11 w-11 items-center justify-center"
            >
              <span className={`h-3 w-3 rounded-full border border-white ${i === shown ? 'bg-white' : 'bg-white/40'}`} />
            </button>
          ))}
        </div>
      )}
    </section>
  );
});

/** An uploaded banner's AVIF widths (issue 35), before the WebP ones of its img; nothing for the demo's drawn art. */
function BannerSources({ image }: { image: string }) {
  const sources = uploadedImageSources(image);
  return sources ? <source type="image/avif" srcSet={sources.avif} sizes="(min-width: 1152px) 1152px, 100vw" /> : null;
}
