import { type KeyboardEvent, type PointerEvent, useLayoutEffect, useRef, useState } from 'react';

/**
 * A two-thumb range slider (the price filters of the storefront and the marketplace), the behaviour of
 * Radix's Slider (horizontal, left to right, controlled) in its own few lines: issue 41 took Radix's
 * (about 10 KB gzip with its shared parts) out of the listing page's first load. As Radix's:
 * - a press on the track moves the nearest thumb there and focuses it; dragging moves it on (the
 *   pointer is captured), and a thumb dragged past the other becomes the other;
 * - keys on a thumb: arrows one step, PageUp/PageDown and Shift+arrows ten, Home sets the lower value
 *   to the minimum and End the upper one to the maximum;
 * - values snap to the step and keep minStepsBetweenThumbs steps apart (a move that would not is
 *   refused); each thumb is a role="slider" with its label and values, and sits inside the track's
 *   ends (offset by its half width towards the middle).
 */
export function RangeSlider({
  min,
  max,
  step,
  minStepsBetweenThumbs = 0,
  value,
  onValueChange,
  labels,
  className,
  trackClassName,
  rangeClassName,
  thumbClassName,
}: {
  min: number;
  max: number;
  step: number;
  minStepsBetweenThumbs?: number;
  value: readonly [number, number];
  onValueChange: (value: [number, number]) => void;
  labels: readonly [string, string];
  className?: string;
  trackClassName?: string;
  rangeClassName?: string;
  thumbClassName?: string;
}) {
  const root = useRef<HTMLSpanElement>(null);
  const thumbs = [useRef<HTMLSpanElement>(null), useRef<HTMLSpanElement>(null)] as const;
  const rect = useRef<DOMRect | undefined>(undefined);
  const indexToChange = useRef(0);
  // Whether the change comes from a key: the focused thumb then shows its focus ring, not after a press.
  const byKeyboard = useRef(false);
  const thumbWidth = useThumbWidth(thumbs[0]);

  const update = (next: number, atIndex: number) => {
    const decimals = decimalCount(step);
    const snapped = round(Math.round((next - min) / step) * step + min, decimals);
    const wanted = clamp(snapped, min, max);
    const values = [...value];
    values[atIndex] = wanted;
    values.sort((a, b) => a - b);
    if (!hasMinStepsBetween(values, minStepsBetweenThumbs * step)) return;
    const changedIndex = values.indexOf(wanted);
    indexToChange.current = changedIndex;
    if (String(values) === String(value)) return;
    thumbs[changedIndex]?.current?.focus({ preventScroll: true, focusVisible: byKeyboard.current } as FocusOptions);
    byKeyboard.current = false;
    onValueChange([values[0] as number, values[1] as number]);
  };

  const valueAt = (clientX: number) => {
    const box = rect.current ?? (root.current as HTMLSpanElement).getBoundingClientRect();
    rect.current = box;
    if (box.width === 0 || max === min) return min;
    return min + ((max - min) / box.width) * (clientX - box.left);
  };

  const onPointerDown = (e: PointerEvent<HTMLSpanElement>) => {
    const target = e.target as HTMLElement;
    target.setPointerCapture(e.pointerId);
    e.preventDefault();
    byKeyboard.current = false;
    if (thumbs.some((t) => t.current === target)) target.focus({ preventScroll: true, focusVisible: false } as FocusOptions);
    else {
      const at = valueAt(e.clientX);
      const distances = value.map((v) => Math.abs(v - at));
      update(at, distances.indexOf(Math.min(...distances)));
    }
  };
  const onPointerMove = (e: PointerEvent<HTMLSpanElement>) => {
    if ((e.target as HTMLElement).hasPointerCapture(e.pointerId)) update(valueAt(e.clientX), indexToChange.current);
  };
  const onPointerUp = (e: PointerEvent<HTMLSpanElement>) => {
    const target = e.target as HTMLElement;
    if (target.hasPointerCapture(e.pointerId)) {
      target.releasePointerCapture(e.pointerId);
      rect.current = undefined;
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLSpanElement>) => {
    byKeyboard.current = true;
    if (e.key === 'Home') update(min, 0);
    else if (e.key === 'End') update(max, value.length - 1);
    else if (PAGE_KEYS.includes(e.key) || ARROW_KEYS.includes(e.key)) {
      const multiplier = PAGE_KEYS.includes(e.key) || (e.shiftKey && ARROW_KEYS.includes(e.key)) ? 10 : 1;
      const direction = BACK_KEYS.includes(e.key) ? -1 : 1;
      const atIndex = indexToChange.current;
      update(nextStepValue(value[atIndex] as number, min, step, direction, multiplier), atIndex);
    } else return;
    e.preventDefault();
  };

  const percents = value.map((v) => clamp((100 / (max - min)) * (v - min), 0, 100));
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the thumbs inside are the role="slider" controls (keys reach them); a press on the track moves the nearest one, as Radix's root span does
    <span
      ref={root}
      dir="ltr"
      data-orientation="horizontal"
      aria-disabled={false}
      className={className}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onKeyDown={onKeyDown}
    >
      <span data-orientation="horizontal" className={trackClassName}>
        <span
          data-orientation="horizontal"
          className={rangeClassName}
          style={{ left: `${Math.min(...percents)}%`, right: `${100 - Math.max(...percents)}%` }}
        />
      </span>
      {value.map((v, i) => {
        const percent = percents[i] as number;
        const offset = thumbWidth ? thumbWidth / 2 - (thumbWidth / 2 / 50) * percent : 0;
        return (
          <span key={i} style={{ transform: 'translateX(-50%)', position: 'absolute', left: `calc(${percent}% + ${offset}px)` }}>
            <span
              ref={thumbs[i]}
              role="slider"
              aria-label={labels[i]}
              aria-valuemin={min}
              aria-valuenow={v}
              aria-valuemax={max}
              aria-orientation="horizontal"
              data-orientation="horizontal"
              tabIndex={0}
              className={thumbClassName}
              onFocus={() => {
                indexToChange.current = i;
              }}
            />
          </span>
        );
      })}
    </span>
  );
}

const PAGE_KEYS = ['PageUp', 'PageDown'];
const ARROW_KEYS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];
const BACK_KEYS = ['Home', 'PageDown', 'ArrowDown', 'ArrowLeft'];

/** The thumbs' width (both are drawn alike), measured before the first paint and when it changes (a hidden panel shown). */
function useThumbWidth(thumb: { current: HTMLSpanElement | null }): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const node = thumb.current;
    if (!node) return;
    setWidth(node.offsetWidth);
    const observer = new ResizeObserver(() => setWidth(node.offsetWidth));
    observer.observe(node, { box: 'border-box' });
    return () => observer.disconnect();
  }, [thumb]);
  return width;
}

const clamp = (n: number, low: number, high: number) => Math.min(high, Math.max(low, n));

function decimalCount(n: number): number {
  if (!Number.isFinite(n)) return 0;
  const [coefficient = '', exponent] = n.toString().split('e');
  const decimals = coefficient.split('.')[1]?.length ?? 0;
  return exponent === undefined ? decimals : Math.max(0, decimals - Number(exponent));
}

function round(n: number, decimals: number): number {
  const rounder = 10 ** decimals;
  return Math.round(n * rounder) / rounder;
}

function hasMinStepsBetween(values: readonly number[], minDistance: number): boolean {
  if (minDistance <= 0) return true;
  return Math.min(...values.slice(0, -1).map((v, i) => (values[i + 1] as number) - v)) >= minDistance;
}

/** Radix's: a value on a step moves `multiplier` steps; one between steps moves to the next step its way. */
function nextStepValue(n: number, min: number, step: number, direction: number, multiplier: number): number {
  const decimals = decimalCount(step);
  const stepsFromMin = (n - min) / step;
  const nearest = Math.round(stepsFromMin);
  const aligned = round(nearest * step + min, decimals) === round(n, decimals);
  const steps = aligned ? nearest + multiplier * direction : direction > 0 ? Math.ceil(stepsFromMin) : Math.floor(stepsFromMin);
  return round(steps * step + min, decimals);
}
