import type { MarketplaceBanner } from '@shop/domain/marketplace';
import { useQuery } from '@tanstack/react-query';
import { BannerCarousel } from '../../components/ui/banner-carousel.tsx';
import { api } from '../../lib/api.ts';
import { useCity } from '../../lib/city.ts';
import { useSession } from '../../lib/session.tsx';
import { useIsDesktop } from '../../lib/use-media.ts';

/**
 * Issue 35: the storefront home's banners (Home_Banners) that staff scheduled for the visitor's city
 * and the present moment; the server decides what is shown now (content.service.ts shownBanners). A
 * signed-in business sees its own city's, a guest the city chosen in the marketplace bar. Nothing is
 * drawn when there are none.
 */
export function HomeBanners() {
  const { user, isGuest } = useSession();
  const chosen = useCity();
  const city = !isGuest && user?.city ? user.city : chosen;
  const banners = useQuery({
    queryKey: ['home', 'banners', city],
    queryFn: () => api<MarketplaceBanner[]>('/api/bmpl/banners', { query: { name: 'Home_Banners', city } }),
    staleTime: 0,
  });
  // While asking, the carousel's empty box holds the place (nothing moves when the banners come); a
  // shop without home banners for the city draws nothing.
  const isDesktop = useIsDesktop();
  if (!banners.isPending && !(banners.data ?? []).some((b) => b.is_mobile === !isDesktop)) return null;
  return (
    <div className="mt-6">
      <BannerCarousel banners={banners.data ?? []} />
    </div>
  );
}
