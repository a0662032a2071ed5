import { describe, expect, it } from 'vitest';
import { compareSearchBy, correctWord, editDistance, fallbackGroups, planSearch, SEARCH_CANDIDATE_ORDER, SEARCH_RESULT_ORDER, type SearchOrderField, searchWords, vocabularyOf } from './search-plan.ts';

const words = ['basmati', 'rice', 'super', 'kernel', 'shan', 'masala', 'biryani', 'tea', 'tapal', 'danedar', 'rich'];
const vocab = { words, has: new Set(words) };

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and neighbour swaps as one', () => {
    expect(editDistance('basmti', 'basmati', 2)).toBe(1);
    expect(editDistance('basmait', 'basmati', 2)).toBe(1);
    expect(editDistance('vasmati', 'basmati', 2)).toBe(1);
    expect(editDistance('rice', 'rice', 2)).toBe(0);
    expect(editDistance('tea', 'basmati', 2)).toBe(3);
  });
});

describe('correctWord', () => {
  it('keeps a known word, and a prefix of one when it is the word being typed', () => {
    expect(correctWord('rice', vocab, false)).toEqual({ terms: ['rice'], prefix: false });
    expect(correctWord('basm', vocab, true)).toEqual({ terms: ['basm'], prefix: true });
  });
  it('corrects typos to the closest words', () => {
    expect(correctWord('basmti', vocab, false).terms).toEqual(['basmati']);
    expect(correctWord('rce', vocab, true).terms).toContain('rice');
    expect(correctWord('masla', vocab, false).terms).toEqual(['masala']);
  });
  it('drops words nothing resembles', () => {
    expect(correctWord('zzzzzz', vocab, false).terms).toEqual([]);
    expect(correctWord('qx', vocab, true).terms).toEqual([]);
    expect(correctWord('xjxjxjxj', vocab, true).terms).toEqual([]);
  });
  it('reads a misspelt beginning of the last word', () => {
    expect(correctWord('basmt', vocab, true).terms).toContain('basmati');
  });
});

describe('planSearch', () => {
  const catalogue = vocabularyOf(['basmati', 'rice', 'rich', 'ricebran', 'super', 'kernel', 'tea', 'tapal', '2.5', 'kg', 'c++']);
  it('reads words as the full-text parser does: letters and digits, a decimal as one word, at most 16', () => {
    expect(searchWords('  Basmati-RICE 2.5kg! ')).toEqual(['basmati', 'rice', '2.5', 'kg']);
    expect(searchWords('a '.repeat(30))).toHaveLength(16);
    expect(planSearch(' !? ', catalogue)).toBeNull();
  });
  it('keeps only words the parser can produce in the vocabulary', () => {
    expect(catalogue.has.has('c++')).toBe(false);
    expect(catalogue.has.has('2.5')).toBe(true);
  });
  it('corrects each word, takes the last one as a prefix of the catalogue words, and ranks by the corrected phrase', () => {
    expect(planSearch('basmti ric', catalogue)).toEqual({ groups: [['basmati'], ['rice', 'rich', 'ricebran']], phrase: 'basmati ric' });
  });
  it('drops words nothing resembles, and without a vocabulary takes every word as typed', () => {
    expect(planSearch('zzzzzz tea', catalogue)).toEqual({ groups: [['tea']], phrase: 'tea' });
    expect(planSearch('zzzzzz tea', null)).toEqual({ groups: [['zzzzzz'], ['tea:*']], phrase: 'zzzzzz tea' });
  });
});

describe("the dropdown's order (issue 38: SEARCH_CANDIDATE_ORDER, SEARCH_RESULT_ORDER)", () => {
  const rows = [
    { id: 4, name: 'Rice 5kg', similarity: 0.5, stock: 0 },
    { id: 3, name: 'Basmati Rice 1kg', similarity: 0.5, stock: 9 },
    { id: 9, name: 'Rice', similarity: 0.9, stock: 0 },
    { id: 1, name: 'Rice 1kg', similarity: 0.5, stock: 2 },
    { id: 2, name: 'Brown Rice', similarity: 0.2, stock: 5 },
  ];
  const value = (r: (typeof rows)[number], field: SearchOrderField) =>
    field === 'name_length' ? [...r.name].length : field === 'similarity' ? r.similarity : field === 'out_of_stock' ? (r.stock === 0 ? 1 : 0) : r.id;
  it('takes candidates shortest name first, then by id', () => {
    expect([...rows].sort(compareSearchBy(SEARCH_CANDIDATE_ORDER, value)).map((r) => r.id)).toEqual([9, 1, 4, 2, 3]);
  });
  it('shows the most similar first, then in stock before out of stock, then by id', () => {
    expect([...rows].sort(compareSearchBy(SEARCH_RESULT_ORDER, value)).map((r) => r.id)).toEqual([9, 1, 3, 4, 2]);
  });
  it('tries the words but the last when nothing has them all', () => {
    expect(fallbackGroups({ groups: [['basmati'], ['rice', 'ricebran']], phrase: 'basmati rice' })).toEqual([['basmati']]);
    expect(fallbackGroups({ groups: [['rice']], phrase: 'rice' })).toBeNull();
  });
});
