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
