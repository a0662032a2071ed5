import { Link } from 'react-router';
import { CityMenu } from '../../features/marketplace/city-menu.tsx';
import { MarketplaceMenu } from '../../features/marketplace/marketplace-menu.tsx';
import { MarketplaceSearch } from '../../features/marketplace/marketplace-search.tsx';
import { Logo } from './logo.tsx';

// SPEC 2: the marketplace bar; cart and notification icons are hidden on marketplace pages.
export function MarketplaceBar() {
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
