import type { SiteContent } from '@shop/domain/content';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { useCity } from '../../lib/city.ts';

/** Issue 19: the city's ticker messages and the shop's help number, as staff set them (read on every page). */
export function useSiteContent() {
  const city = useCity();
  return useQuery({ queryKey: ['content', 'site', city], queryFn: () => api<SiteContent>('/api/content/site', { query: { city } }), staleTime: 0 });
}
