import { describe, expect, it } from 'vitest';
import {
  type compareProducts,
  formatBrandFilter,
  formatPriceRange,
  mergeInStockFirst,
  normaliseSearch,
  parseBrandFilter,
  parsePriceRange,
  productIdFromSearch,
  relatedTier,
  SORT_OPTIONS,
  sortProducts,
} from './listing.ts';

const p = (id: number, over: Partial<Parameters<ReturnType<typeof compareProducts>>[0]> = {}) => ({
  id,
  stock: 10,
  brand_name: 'B',
  add_to_cart_count: 0,
  viewed_count: 0,
  price: '100.00',
  sale: false,
  sale_price: null,
  customer_specific_pricing: null,
  ...over,
});

describe('sort options', () => {
  it('are the six of SPEC 2, worded exactly', () => {
    expect(SORT_OPTIONS.map((o) => o.label)).toEqual([
      'Brand A-Z',
      'Brand Z-A',
      'Price Low to High',
      'Price High to Low',
      'Most Add to cart',
      'Most Viwed',
    ]);
  });
});

describe('sortProducts', () => {
  it('puts out-of-stock products last whatever the order', () => {
    const list = [p(1, { stock: 0, brand_name: 'A' }), p(2, { brand_name: 'Z' }), p(3, { brand_name: 'M' })];
    expect(sortProducts(list, 'brand_name__ASC').map((x) => x.id)).toEqual([3, 2, 1]);
    expect(sortProducts(list, null).map((x) => x.id)).toEqual([2, 3, 1]);
  });

  it('sorts by the displayed price (customer price, else sale price, else list price)', () => {
    const list = [
      p(1, { price: '500.00' }),
      p(2, { price: '900.00', sale: true, sale_price: '300.00' }),
      p(3, { price: '900.00', customer_specific_pricing: '100.00' }),
    ];
    expect(sortProducts(list, 'price__ASC').map((x) => x.id)).toEqual([3, 2, 1]);
    expect(sortProducts(list, 'price__DESC').map((x) => x.id)).toEqual([1, 2, 3]);
  });

  it('sorts by counts descending and breaks ties by id', () => {
    const list = [p(3, { viewed_count: 5 }), p(1, { viewed_count: 9 }), p(2, { viewed_count: 5, add_to_cart_count: 7 })];
    expect(sortProducts(list, 'viewed_count__DESC').map((x) => x.id)).toEqual([1, 2, 3]);
    expect(sortProducts(list, 'add_to_cart_count__DESC').map((x) => x.id)).toEqual([2, 1, 3]);
    expect(sortProducts([p(2, { brand_name: 'a' }), p(1, { brand_name: 'B' })], 'brand_name__DESC').map((x) => x.id)).toEqual([2, 1]);
  });
});

describe('price range and brand filter', () => {
  it("parses '@min-max' and refuses malformed ranges", () => {
    expect(parsePriceRange('@0-250000')).toEqual({ min: 0, max: 250000 });
    expect(parsePriceRange('@10.5-20')).toEqual({ min: 10.5, max: 20 });
    for (const bad of ['@10-5', '@abc', '@1e309-2', '10-20', '@-5-10', '@5', '@1-2-3', '']) expect(parsePriceRange(bad)).toBeNull();
    expect(formatPriceRange({ min: 10, max: 99.6 })).toBe('@10-100');
  });

  it("parses '*brand_name' lists", () => {
    expect(parseBrandFilter('*Shan*National Foods')).toEqual(['Shan', 'National Foods']);
    expect(parseBrandFilter('*')).toEqual([]);
    expect(formatBrandFilter(['Shan', 'Knorr'])).toBe('*Shan*Knorr');
  });
});

describe('lists and links', () => {
  it('merges in-stock first', () => {
    expect(mergeInStockFirst({ products: [1, 2], out_of_stock_products: [3] })).toEqual([1, 2, 3]);
  });
  it('picks the deepest tier for related products', () => {
    expect(relatedTier({ tier1Id: 1, tier2Id: 2, tier3Id: 3, tier4Id: 4 })).toEqual({ column: 'tier4Id', id: 4 });
    expect(relatedTier({ tier1Id: 1, tier2Id: 2, tier3Id: 3, tier4Id: null })).toEqual({ column: 'tier3Id', id: 3 });
    expect(relatedTier({ tier1Id: 1, tier2Id: 2, tier3Id: null, tier4Id: null })).toEqual({ column: 'tier2Id', id: 2 });
    expect(relatedTier({ tier1Id: 1, tier2Id: null, tier3Id: null, tier4Id: null })).toEqual({ column: 'tier1Id', id: 1 });
  });
  it('reads the product id of a shareable detail URL', () => {
    expect(productIdFromSearch('?id=42')).toBe(42);
    for (const bad of ['', '?id=', '?id=0', '?id=-1', '?id=abc', '?id=1e3']) expect(productIdFromSearch(bad)).toBeNull();
  });
  it('trims search text and collapses spaces', () => {
    expect(normaliseSearch('  basmati   rice ')).toBe('basmati rice');
  });
});
