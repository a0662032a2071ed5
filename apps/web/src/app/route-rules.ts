/**
 * SPEC 2 "Navigation bars": the marketplace bar is used on /bmpl, /bmpl/category, /bmpl/search,
 * any productdetail path and /pageNotFound; every other page uses the ordering bar.
 */
export function usesMarketplaceBar(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/bmpl' || path.startsWith('/bmpl/')) return true;
  if (path === '/pageNotFound' || path === '/productDetail') return true;
  return path.split('/').includes('productdetail');
}

/**
 * Issue 36: the storefront pages that show prices, where a guest is offered the city whose prices to
 * see (not the sign-up and account pages, whose own forms ask for a city).
 */
export function offersPriceCity(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (['/', '/home', '/productDetails', '/categories', '/businessProducts', '/cart'].includes(path)) return true;
  return path === '/business' || path.startsWith('/business/');
}
