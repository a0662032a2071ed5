import type { Location } from 'react-router';

/**
 * The key under which <ScrollRestoration> keeps a page's scroll position. React Router keys it by the
 * history entry (location.key), but a page opened by its address (typed, a bookmark, a shared link, a
 * reload) has no entry key yet and is keyed "default", whatever the page: the last such page's position
 * was then restored on the next one, so a buyer who had scrolled a product page down at 375 px and
 * opened /cart by its address saw the cart 468 px down, its heading and lines above the screen. Such a
 * page is keyed by its address instead: a reload keeps its own position, and no other page takes it.
 */
export function scrollKey(location: Pick<Location, 'key' | 'pathname' | 'search'>): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}
