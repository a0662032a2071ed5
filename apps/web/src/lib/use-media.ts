import { MOBILE_BREAKPOINT } from '@shop/domain/constants';
import { useSyncExternalStore } from 'react';

const query = `(min-width: ${MOBILE_BREAKPOINT + 1}px)`;

/** SPEC 9: desktop above 767 px. */
export function useIsDesktop(): boolean {
  return useSyncExternalStore(
    (cb) => {
      const mq = window.matchMedia(query);
      mq.addEventListener('change', cb);
      return () => mq.removeEventListener('change', cb);
    },
    () => window.matchMedia(query).matches,
    () => true,
  );
}

/** The buyer asked the system for less motion (prefers-reduced-motion). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (cb) => {
      const mq = window.matchMedia('(prefers-reduced-motion: reduce)');
      mq.addEventListener('change', cb);
      return () => mq.removeEventListener('change', cb);
    },
    () => window.matchMedia('(prefers-reduced-motion: reduce)').matches,
    () => false,
  );
}
