import { describe, expect, it } from 'vitest';
import { PackedTexts } from './packed-texts.ts';

describe('PackedTexts', () => {
  const texts = ['Basmati Rice 5 kg', '', 'x', 'Chaï (چائے) ☕ 250 g', 'a'.repeat(40)];
  const packed = (list: readonly string[]) => {
    const p = new PackedTexts(list.length);
    for (const t of list) p.push(t);
    return p.seal();
  };

  it('gives back every text at its position, empty and beyond Latin-1 ones too', () => {
    const p = packed(texts);
    expect(texts.map((_, i) => p.at(i))).toEqual(texts);
  });

  it('concatenates sealed columns, positions following on', () => {
    const joined = PackedTexts.concat([packed(texts.slice(0, 2)), packed([]), packed(texts.slice(2))]);
    expect(joined.n).toBe(texts.length);
    expect(texts.map((_, i) => joined.at(i))).toEqual(texts);
  });

  it('refuses a read before sealing, a write after, and a seal with positions missing', () => {
    const p = new PackedTexts(2);
    p.push('one');
    expect(() => p.at(0)).toThrow(/before it was sealed/);
    expect(() => p.seal()).toThrow(/1 of 2/);
    p.push('two');
    p.seal();
    expect(() => p.push('three')).toThrow(/after it was sealed/);
    expect(p.at(1)).toBe('two');
  });

  it('finds the positions whose own text contains a word, never a match across two texts', () => {
    const p = packed(['basmati rice', '', 'rice', 'brown ric', 'e flour', 'ricerice', 'x']);
    expect([...p.positionsContaining('rice')]).toEqual([0, 2, 5]);
    // 'ric' + 'e flour' joined hold 'rice': not a match, as in neither text alone.
    expect([...p.positionsContaining('ce')]).toEqual([0, 2, 5]);
    expect([...p.positionsContaining('x')]).toEqual([6]);
    expect([...p.positionsContaining('flour rice')]).toEqual([]);
    expect([...p.positionsContaining('')]).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const list = ['chaï tea', 'چائے', 'tea', 'steam'];
    expect([...packed(list).positionsContaining('tea')]).toEqual([0, 2, 3]);
    expect([...packed(list).positionsContaining('چا')]).toEqual([1]);
  });
});
