import { describe, expect, it } from 'vitest';
import { isMarketplaceTopCategory, MarketplaceListInputSchema, MarketplaceUnlistInputSchema, marketplaceCategoryRefusal, marketplaceListingRefusal } from './marketplace-listing.ts';

const food = { id: 1 };
const rice = { name: 'Basmati 5kg', active: true, tier1_id: 1, tier2_id: 7 };

describe('the marketplace listing rule (issue 35)', () => {
  it('lists an active product under a category of Food', () => {
    expect(marketplaceListingRefusal(rice, food)).toBeNull();
  });

  it('refuses, with the reason, an inactive product, one outside Food, one in Food itself, and any while there is no Food', () => {
    expect(marketplaceListingRefusal({ ...rice, active: false }, food)).toMatch(/^Basmati 5kg is inactive/);
    expect(marketplaceListingRefusal({ ...rice, tier1_id: 2 }, food)).toMatch(/not under Food/);
    expect(marketplaceListingRefusal({ ...rice, tier2_id: null }, food)).toMatch(/in Food itself/);
    expect(marketplaceListingRefusal(rice, null)).toMatch(/no top category named Food/);
    // Inactive is said first: it is what the clerk can fix on the product's page.
    expect(marketplaceListingRefusal({ ...rice, active: false, tier1_id: 2 }, food)).toMatch(/inactive/);
  });

  it('lists a category of Food or Food itself as a whole, not another top category', () => {
    expect(marketplaceCategoryRefusal({ name: 'Food > Rice', tier1_id: 1 }, food)).toBeNull();
    expect(marketplaceCategoryRefusal({ name: 'Non Food > Cleaning', tier1_id: 2 }, food)).toMatch(/not under Food/);
    expect(marketplaceCategoryRefusal({ name: 'Food', tier1_id: 1 }, null)).toMatch(/no top category named Food/);
  });

  it('the top category is the level-1 category named exactly Food', () => {
    expect(isMarketplaceTopCategory({ level: 1, name: 'Food' })).toBe(true);
    expect(isMarketplaceTopCategory({ level: 2, name: 'Food' })).toBe(false);
    expect(isMarketplaceTopCategory({ level: 1, name: 'food' })).toBe(false);
  });

  it('a request names cities and either products or a category', () => {
    expect(MarketplaceListInputSchema.parse({ city_ids: [3, 1, 3], product_ids: [5] }).city_ids).toEqual([1, 3]);
    expect(MarketplaceListInputSchema.safeParse({ city_ids: [], product_ids: [5] }).success).toBe(false);
    expect(MarketplaceListInputSchema.safeParse({ city_ids: [1] }).success).toBe(false);
    expect(MarketplaceListInputSchema.safeParse({ city_ids: [1], product_ids: [5], category_id: 2 }).success).toBe(false);
    expect(MarketplaceUnlistInputSchema.safeParse({ city_ids: [1], marketplace_product_ids: [5] }).success).toBe(true);
    expect(MarketplaceUnlistInputSchema.safeParse({ city_ids: [1], product_ids: [5] }).success).toBe(false);
  });
});
