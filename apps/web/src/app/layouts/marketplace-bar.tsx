import { MOBILE_BREAKPOINT } from '@shop/domain/constants';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { CityMenu } from '../../features/marketplace/city-menu.tsx';
import { MarketplaceMenu } from '../../features/marketplace/marketplace-menu.tsx';
import { MarketplaceSearch } from '../../features/marketplace/marketplace-search.tsx';
import { Logo } from './logo.tsx';

/**
 * SPEC 2: on marketplace pages the page reloads once when the window is resized above 767 px. The media
 * query's change event fires only when the width crosses the breakpoint, not on every resize event, so
 * a window that was already wide never reloads and a widened one reloads once, then starts wide.
 */
function useReloadWhenWidened() {
  useEffect(() => {
    const desktop = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT + 1}px)`);
    let reloading = false;
    const onChange = (event: MediaQueryListEvent) => {
      if (!event.matches || reloading) return;
      reloading = true;
      window.location.reload();
    };
    desktop.addEventListener('change', onChange);
    return () => desktop.removeEventListener('change', onChange);
  }, []);
}

// SPEC 2: the marketplace bar; cart and notification icons are hidden on marketplace pages.
export function MarketplaceBar() {
  useReloadWhenWidened();
  return (
    <header className="sticky top-0 z-30 bg-brand text-white shadow" data-bar="marketplace">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-2 px-3 py-2 md:flex-nowrap md:gap-4">
        <Link to="/bmpl" aria-label="WholesaleShop, Buy More Pay Less home" className="shrink-0">
          <Logo />
        </Link>
        <div className="order-last w-full md:order-none md:flex-1">
          <MarketplaceSearch />
        </div>
        <CityMenu />
      </div>
      <MarketplaceMenu />
    </header>
  );
}
