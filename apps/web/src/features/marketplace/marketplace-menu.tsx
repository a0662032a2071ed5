import { ChevronDown } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useDisclosure } from '../../lib/use-disclosure.ts';

// The panel (and its category request and accordion) loads when first opened, so the bar costs
// every page almost nothing and the marketplace home spends no request on a closed menu.
const MegaMenuPanel = lazy(() => import('./mega-menu-panel.tsx').then((m) => ({ default: m.MegaMenuPanel })));

/** SPEC 2 category mega-menu: Food, then level-2 categories, then level-3 with a poster; an accordion on mobile. */
export function MarketplaceMenu() {
  const { open, root, toggle, close } = useDisclosure<HTMLElement>();

  return (
    <nav aria-label="Marketplace categories" className="bg-brand-dark" ref={root}>
      <div className="mx-auto flex max-w-6xl gap-2 px-3 py-1 text-sm">
        <button
          type="button"
          aria-expanded={open}
          aria-controls="marketplace-mega-menu"
          onClick={toggle}
          className="flex items-center gap-1 rounded px-2 py-1 font-medium hover:bg-white/10"
        >
          Food <ChevronDown aria-hidden="true" className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
        <Link to="/bmpl" className="rounded px-2 py-1 font-medium hover:bg-white/10">Buy More Pay Less</Link>
        <Link to="/home" className="ml-auto rounded px-2 py-1 font-medium hover:bg-white/10">Ordering</Link>
      </div>
      {open && (
        <div id="marketplace-mega-menu" className="relative">
          <Suspense fallback={<div className="absolute inset-x-0 top-0 z-40 bg-white p-4 text-slate-700 shadow-xl">Loading categories…</div>}>
            <MegaMenuPanel onNavigate={close} />
          </Suspense>
        </div>
      )}
    </nav>
  );
}
