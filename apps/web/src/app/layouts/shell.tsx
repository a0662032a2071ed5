import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { scrollKey } from '../../lib/scroll-key.ts';
import { lazyPage, PageView, RouteErrorBoundary } from '../route-error.tsx';
import { usesMarketplaceBar } from '../route-rules.ts';
import { ScrollRestoration } from '../scroll-restoration.tsx';
import { Footer } from './footer.tsx';
import { HelpChat } from './help-chat.tsx';
import { NoticeTicker } from './notice-ticker.tsx';
import { OfflineBanner } from './offline-banner.tsx';

// Issue 41: each bar is loaded with the pages that show it (its chunk is the storefront's or the
// marketplace's, vite.config.ts), before the first render (main.tsx) and, moving from one kind of page
// to the other, within the navigation's transition, so a bar is never drawn late.
const orderingBar = lazyPage(() => import('./ordering-bar.tsx').then((m) => m.OrderingBar));
const marketplaceBar = lazyPage(() => import('./marketplace-bar.tsx').then((m) => m.MarketplaceBar));

/** Loads the chunk of the bar a page at this path shows. */
export const preloadBar = (pathname: string) => (usesMarketplaceBar(pathname) ? marketplaceBar : orderingBar).preload();

export function Shell() {
  const { pathname, key } = useLocation();
  const marketplace = usesMarketplaceBar(pathname);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#content" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-2">
        Skip to content
      </a>
      <OfflineBanner />
      <NoticeTicker />
      {marketplace ? <PageView page={marketplaceBar} /> : <PageView page={orderingBar} />}
      <div id="content" className="flex-1">
        <RouteErrorBoundary locationKey={key}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </div>
      <Footer />
      <HelpChat />
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}

function PageSpinner() {
  return (
    <div className="flex justify-center py-16" role="status" aria-label="Loading">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-slate-300 border-t-brand" />
    </div>
  );
}
