// Issue 35: the Catalogue role's door to the marketplace's listing per city.
import type { MarketplaceCandidate, MarketplaceCityProducts, MarketplaceListInput, MarketplaceListResult, MarketplaceOverview, MarketplaceUnlistInput, MarketplaceUnlistResult } from '@shop/domain/marketplace-listing';
import { countOf } from '@shop/domain/plural';
import { staffApi, staffUrl } from '../staff-api.ts';

export const MARKETPLACE_KEY = ['staff', 'marketplace'];
export const MARKETPLACE_PAGE_SIZE = 50;

export const marketplaceApi = {
  overview: () => staffApi<MarketplaceOverview>('/api/staff/marketplace'),
  cityProducts: (cityId: number, q: { search: string; category_id: number | null; offset: number }) =>
    staffApi<MarketplaceCityProducts>(
      staffUrl(`/api/staff/marketplace/cities/${cityId}/products`, { search: q.search, category_id: q.category_id, offset: q.offset, limit: MARKETPLACE_PAGE_SIZE }),
    ),
  candidates: (search: string) => staffApi<MarketplaceCandidate[]>(staffUrl('/api/staff/marketplace/candidates', { search, limit: 8 })),
  list: (input: MarketplaceListInput) => staffApi<MarketplaceListResult>('/api/staff/marketplace/listings', { body: input }),
  unlist: (input: MarketplaceUnlistInput) => staffApi<MarketplaceUnlistResult>('/api/staff/marketplace/listings/remove', { body: input }),
};

/** "Rice listed in Lahore and Karachi (3 products). 1 was listed already." */
export function listedWords(result: MarketplaceListResult, cityNames: readonly string[], what: string): string {
  const where = cityNames.length === 1 ? cityNames[0] : `${cityNames.slice(0, -1).join(', ')} and ${cityNames.at(-1)}`;
  const parts = [`${what}: ${countOf(result.listed, 'listing', 'listings')} made in ${where}.`];
  if (result.already > 0) parts.push(`${countOf(result.already, 'was', 'were')} listed there already.`);
  if (result.skipped_total > 0) parts.push(`${countOf(result.skipped_total, 'product was', 'products were')} left out:`);
  return parts.join(' ');
}
