import { useDeferredValue } from 'react';

/**
 * A long list drawn in two steps: its first `first` items with the render that brings the data, the
 * rest in a deferred render that React splits into small tasks and interrupts for a tap or a key.
 * Issue 15: a grid of 40 product cards drawn in one go held a phone's main thread for hundreds of
 * milliseconds (Lighthouse's Total Blocking Time). `items` must keep its identity while its content is
 * the same (memoised), or every render would start over from the first items.
 */
export function useProgressive<T>(items: readonly T[], first: number): readonly T[] {
  const later = useDeferredValue(items);
  return later === items || items.length <= first ? items : items.slice(0, first);
}
