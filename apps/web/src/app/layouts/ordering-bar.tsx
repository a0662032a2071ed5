import { Bell } from 'lucide-react';
import { Link, NavLink, useLocation } from 'react-router';
import { Dropdown } from '../../components/ui/dropdown.tsx';
import { CartDropdown } from '../../features/cart/cart-dropdown.tsx';
import { GuestCityMenu } from '../../features/catalogue/guest-city-menu.tsx';
import { SearchBox } from '../../features/catalogue/search-box.tsx';
import { useSession } from '../../lib/session.tsx';
import { useIsDesktop } from '../../lib/use-media.ts';
import { useSignOut } from '../../lib/use-sign-out.ts';
import { offersPriceCity } from '../route-rules.ts';
import { AccountMenu } from './account-menu.tsx';
import { Logo } from './logo.tsx';

export function OrderingBar() {
  const { user, isGuest } = useSession();
  const signOut = useSignOut();
  const { pathname } = useLocation();
  const isDesktop = useIsDesktop();
  // Issue 36: a guest's city of the prices shown; on a phone on the greeting's line, which has the room.
  const cityMenu = offersPriceCity(pathname);
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `shrink-0 whitespace-nowrap rounded px-2 py-1 text-sm font-medium hover:bg-white/10 ${isActive ? 'underline underline-offset-4' : ''}`;
  return (
    <header className="sticky top-0 z-30 bg-brand text-white shadow" data-bar="ordering">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-2 px-3 py-2 md:flex-nowrap md:gap-4">
        <Link to="/home" aria-label="WholesaleShop home" className="shrink-0">
          <Logo />
        </Link>
        <div className="order-last w-full md:order-none md:flex-1">
          <SearchBox />
        </div>
        <div className="ml-auto flex items-center gap-1">
          {cityMenu && isDesktop && <GuestCityMenu />}
          <CartDropdown />
          <Dropdown label="Notifications" trigger={<Bell aria-hidden="true" className="h-6 w-6" />}>
            <p className="p-3 text-sm">You are all updated</p>
          </Dropdown>
          <AccountMenu />
          <span className="hidden text-sm md:inline">
            Hello, <span data-testid="greeting-name">{user?.name ?? 'Guest'}</span>
          </span>
        </div>
      </div>
      <nav aria-label="Shop" className="bg-brand-dark">
        {/* Wraps instead of scrolling sideways: at 375 px every link stays in view (issue 15, point 5). */}
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-1 gap-y-0.5 px-3 py-1 md:gap-2">
          <NavLink to="/business" className={linkClass}>Shop by Business</NavLink>
          <NavLink to="/categories" className={linkClass}>Shop by Categories</NavLink>
          {/* Issue 21: ordering the usual things again, for a signed-in business. */}
          {user && !isGuest && (
            <>
              <NavLink to="/quick-order" className={linkClass}>Quick Order</NavLink>
              <NavLink to="/order-lists" className={linkClass}>Order Lists</NavLink>
            </>
          )}
          <NavLink to="/accountInfo" className={linkClass}>Profile</NavLink>
          <Link to="/bmpl" className="shrink-0 whitespace-nowrap rounded px-2 py-1 text-sm font-medium hover:bg-white/10">Buy More Pay Less</Link>
        </div>
        {/* SPEC 2: on mobile the greeting and Sign Out, on their own line so a long name never pushes them out. */}
        <div className="flex items-center justify-between gap-2 border-t border-white/10 px-3 py-1 md:hidden">
          <span className="min-w-0 truncate text-sm">Hello, {user?.name ?? 'Guest'}</span>
          {cityMenu && !isDesktop && <GuestCityMenu />}
          <button type="button" className="shrink-0 whitespace-nowrap rounded px-2 py-1 text-sm font-medium hover:bg-white/10" onClick={signOut}>
            Sign Out
          </button>
        </div>
      </nav>
    </header>
  );
}
