import { describe, expect, it } from 'vitest';
import { MARKETPLACE_SEARCH_MAX_WORDS, marketplaceConditions, marketplaceSearchWords, meetsMarketplaceCondition } from './marketplace-filters.ts';

describe('marketplace list conditions (declared once for the SQL and the copy)', () => {
  const record = { tier2: 2, tier3: 31, brand: 7, price: 25_050, name: 'Guard Basmati Rice 5 KG' };

  it('names category, subcategory, brands, price (in paisa) and each search word, and nothing unasked', () => {
    expect(marketplaceConditions({})).toEqual([]);
    expect(marketplaceConditions({ tier2: 2, tier3: null, brandIds: [] })).toEqual([{ field: 'tier2', op: 'in', values: [2] }]);
    expect(marketplaceConditions({ tier2: 2, tier3: 31, brandIds: [7, 9], min: '100', max: '250.5', words: ['rice', '5'] })).toEqual([
      { field: 'tier2', op: 'in', values: [2] },
      { field: 'tier3', op: 'in', values: [31] },
      { field: 'brand', op: 'in', values: [7, 9] },
      { field: 'price', op: 'between', min: 10_000, max: 25_050 },
      { field: 'name', op: 'contains', word: 'rice' },
      { field: 'name', op: 'contains', word: '5' },
    ]);
    expect(marketplaceConditions({ max: '10' })).toEqual([{ field: 'price', op: 'between', min: null, max: 1_000 }]);
  });

  it('a record meets a condition as SPEC 2 and 4 filter: ids, both price bounds included, words as literal substrings of the name', () => {
    const meets = (q: Parameters<typeof marketplaceConditions>[0]) => marketplaceConditions(q).every((c) => meetsMarketplaceCondition(record, c));
    expect(meets({ tier2: 2, tier3: 31, brandIds: [1, 7] })).toBe(true);
    expect(meets({ tier3: 32 })).toBe(false);
    expect(meets({ brandIds: [8] })).toBe(false);
    expect(meets({ min: '250.50', max: '250.50' })).toBe(true);
    expect(meets({ min: '250.51' })).toBe(false);
    expect(meets({ max: '250.49' })).toBe(false);
    expect(meets({ words: marketplaceSearchWords('basmati-RICE') })).toBe(true);
    expect(meets({ words: marketplaceSearchWords('rice sella') })).toBe(false);
    expect(meets({ words: ['%'] })).toBe(false);
    // A record without a subcategory meets no subcategory condition.
    expect(meetsMarketplaceCondition({ ...record, tier3: null }, { field: 'tier3', op: 'in', values: [31] })).toBe(false);
  });

  it('takes at most 8 words, hyphens as spaces, in lower case', () => {
    expect(marketplaceSearchWords('  Basmati-Rice  5kg ')).toEqual(['basmati', 'rice', '5kg']);
    expect(marketplaceSearchWords('a b c d e f g h i j')).toHaveLength(MARKETPLACE_SEARCH_MAX_WORDS);
    expect(marketplaceSearchWords(' - ')).toEqual([]);
  });
});
