import { describe, expect, it } from 'vitest';
import { countOf, pluralWord } from './plural.ts';

describe('countOf (Intl.PluralRules)', () => {
  it('says 1 product, 0 and 2 products, with thousands separators', () => {
    expect(countOf(1, 'product', 'products')).toBe('1 product');
    expect(countOf(0, 'product', 'products')).toBe('0 products');
    expect(countOf(2, 'item', 'items')).toBe('2 items');
    expect(countOf(1200, 'item', 'items')).toBe('1,200 items');
    expect(pluralWord(1, 'Piece', 'Pieces')).toBe('Piece');
    expect(pluralWord(12, 'Piece', 'Pieces')).toBe('Pieces');
  });
});
