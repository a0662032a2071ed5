import { Link } from 'react-router';

// The category mega-menu (SPEC 2: Food, level-2, level-3 with a poster), filled by the marketplace work.
export function MarketplaceMenu() {
  return (
    <nav aria-label="Marketplace categories" className="bg-brand-dark">
      <div className="mx-auto flex max-w-6xl gap-2 px-3 py-1 text-sm">
        <Link to="/bmpl" className="rounded px-2 py-1 font-medium hover:bg-white/10">Food</Link>
        <Link to="/home" className="ml-auto rounded px-2 py-1 font-medium hover:bg-white/10">Ordering</Link>
      </div>
    </nav>
  );
}
