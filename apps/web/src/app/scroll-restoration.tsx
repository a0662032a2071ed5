import { useEffect, useLayoutEffect, useRef } from 'react';
import { type Location, useLocation } from 'react-router';

/** React Router's own storage key, so positions kept before issue 41 still apply. */
const STORAGE_KEY = 'react-router-scroll-positions';
let positions: Record<string, number> | null = null;

function savedPositions(): Record<string, number> {
  if (positions === null) {
    try {
      positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
    } catch {
      positions = {};
    }
  }
  return positions;
}

/**
 * React Router's <ScrollRestoration> (data routers only), for the declarative router the app uses
 * since issue 41, with the same rules: the browser's own restoration is off; every page's position is
 * kept under getKey(location), and in sessionStorage when the page is hidden (a reload); a page shown
 * again (back, forward, a reload) goes back to its position, another goes to its #hash element, else
 * to the top. React Router saved a page's position when a navigation away from it began; this keeps
 * it as the buyer scrolls it (until the next page is drawn, the position is the same).
 */
export function ScrollRestoration({ getKey }: { getKey: (location: Location) => string }) {
  const location = useLocation();
  const key = getKey(location);
  const shownKey = useRef(key);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      savedPositions()[shownKey.current] = window.scrollY;
    };
    const onPageHide = () => {
      savedPositions()[shownKey.current] = window.scrollY;
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(savedPositions()));
      } catch {
        // Storage full or refused: positions are kept for this page's life only.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    shownKey.current = key;
    const y = savedPositions()[key];
    if (typeof y === 'number') {
      window.scrollTo(0, y);
      return;
    }
    if (location.hash) {
      try {
        const element = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        if (element) {
          element.scrollIntoView();
          return;
        }
      } catch {
        // Not a decodable element id: the top, as React Router did.
      }
    }
    window.scrollTo(0, 0);
  }, [key, location.hash]);

  return null;
}
