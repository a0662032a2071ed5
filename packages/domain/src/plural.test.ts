import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countOf, pluralWord } from './plural.ts';

describe('countOf', () => {
  it('says 1 product, 0 and 2 products, with thousands separators', () => {
    expect(countOf(1, 'product', 'products')).toBe('1 product');
    expect(countOf(0, 'product', 'products')).toBe('0 products');
    expect(countOf(2, 'item', 'items')).toBe('2 items');
    expect(countOf(1200, 'item', 'items')).toBe('1,200 items');
    expect(pluralWord(1, 'Piece', 'Pieces')).toBe('Piece');
    expect(pluralWord(12, 'Piece', 'Pieces')).toBe('Pieces');
  });
});

describe('pluralWord and countOf agree with Intl (the rule they write out)', () => {
  it('picks the word Intl.PluralRules("en-US") picks, and groups digits as Intl.NumberFormat does', () => {
    const rules = new Intl.PluralRules('en-US');
    const digits = new Intl.NumberFormat('en-US');
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }), fc.constantFrom(0, 1, -1, 1.5, 0.5, 2, 1000, 1e6), fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 })), (n) => {
        expect(pluralWord(n, 'one', 'other')).toBe(rules.select(n));
        expect(countOf(n, 'item', 'items')).toBe(`${digits.format(n)} ${rules.select(n) === 'one' ? 'item' : 'items'}`);
      }),
      { numRuns: 1000 },
    );
  });
});
