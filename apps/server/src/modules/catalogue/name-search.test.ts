import { describe, expect, it } from 'vitest';
import { buildNameSearch, patchNameSearch, rankedMatches } from './name-search.ts';

describe('the name search in memory', () => {
  it('keeps lexeme ids in 16 bits while they fit and widens past 65,536 lexemes, finding the same names', () => {
    const find = (ns: ReturnType<typeof buildNameSearch>, word: string) =>
      rankedMatches(ns, { groups: [[word]], phrase: word }, 10, new Uint8Array(ns.n));
    for (const [count, wide] of [
      [1_000, false],
      [70_000, true],
    ] as const) {
      const lexeme = (k: number) => `w${String(k).padStart(5, '0')}`;
      const names = Array.from({ length: count }, (_, k) => `Item ${lexeme(k)}`);
      const ns = buildNameSearch(names, names.map((_, k) => `item ${lexeme(k)}`));
      expect(ns.wordData, `${count} lexemes`).toBeInstanceOf(wide ? Int32Array : Uint16Array);
      expect(find(ns, lexeme(count - 1))).toEqual([count - 1]);
      // A patch (the first product renamed to the last lexeme) lays the ids out the same way.
      const moved = Int32Array.from({ length: count }, (_, i) => (i === 0 ? -1 : i));
      const patched = patchNameSearch(ns, moved, count, [{ at: 0, name: `Item ${lexeme(count - 1)}`, words: `item ${lexeme(count - 1)}` }]);
      expect(patched.wordData).toBeInstanceOf(wide ? Int32Array : Uint16Array);
      expect(find(patched, lexeme(count - 1))?.sort((a, b) => a - b)).toEqual([0, count - 1]);
    }
  });
});
