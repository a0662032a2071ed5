import { describe, expect, it } from 'vitest';
import { TextsAround } from './texts-around.ts';

describe('TextsAround', () => {
  const column = (pairs: readonly (readonly [string, string])[]) => {
    const c = new TextsAround(pairs.length);
    for (const [text, base] of pairs) c.push(text, base);
    return c.seal();
  };

  it('gives back every text exactly: around its base, without it, with an empty base, and beyond Latin-1', () => {
    const pairs = [
      ['rice-&-grains/guard-rice-1-kg.svg', 'guard-rice-1-kg'],
      ['rice-&-grains/tapal-tea.svg', 'tapal-tea'],
      ['tea/tapal-tea.png', 'tapal-tea'],
      ['elsewhere/other.svg', 'guard-rice-1-kg'],
      ['guard', 'guard'],
      ['', ''],
      ['x.svg', ''],
      ['a-a-a', 'a'],
      ['چائے/chai.svg', 'chai'],
    ] as const;
    const c = column(pairs);
    expect(pairs.map(([, base], i) => c.at(i, base))).toEqual(pairs.map(([text]) => text));
  });

  it('keeps a shared pattern once: the second product of a folder adds no pair', () => {
    const c = column([
      ['a/one.svg', 'one'],
      ['a/two.svg', 'two'],
      ['b/three.svg', 'three'],
    ]);
    const pairs = (c as unknown as { before: string[] }).before;
    expect(pairs).toEqual(['a/', 'b/']);
  });

  it("a column extending another copies its positions by pair, whole texts as they are, and adds new pairs", () => {
    const old = column([
      ['a/one.svg', 'one'],
      ['elsewhere.png', 'two'],
      ['b/three.svg', 'three'],
    ]);
    const next = TextsAround.extending(old, 4);
    next.copy(old, 2, 'three');
    next.copy(old, 1, 'two');
    next.push('c/four.svg', 'four');
    // From a column it does not extend: by text.
    next.copy(column([['a/five.svg', 'five']]), 0, 'five');
    next.seal();
    expect([next.at(0, 'three'), next.at(1, 'two'), next.at(2, 'four'), next.at(3, 'five')]).toEqual(['b/three.svg', 'elsewhere.png', 'c/four.svg', 'a/five.svg']);
    expect((next as unknown as { before: string[] }).before).toEqual(['a/', 'b/', 'c/']);
  });

  it('refuses a read before sealing and a write after', () => {
    const c = new TextsAround(1);
    c.push('a/one.svg', 'one');
    expect(() => c.at(0, 'one')).toThrow(/before it was sealed/);
    c.seal();
    expect(() => c.push('b', 'b')).toThrow(/after it was sealed/);
  });
});
