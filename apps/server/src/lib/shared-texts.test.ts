import { describe, expect, it } from 'vitest';
import { SharedTexts } from './shared-texts.ts';

describe('SharedTexts', () => {
  it('gives back each position its text or null, equal texts kept once', () => {
    const texts = ['Guard', null, 'Guard', '1 kg', 'چائے', '', 'Guard'];
    const c = new SharedTexts(texts.length);
    texts.forEach((t, i) => {
      c.set(i, t);
    });
    c.seal();
    expect(texts.map((_, i) => c.at(i))).toEqual(texts);
    expect(c.distinct()).toEqual(['Guard', '1 kg', 'چائے', '']);
  });

  it('widens past 65,535 distinct texts and loses none', () => {
    const n = 70_000;
    const c = new SharedTexts(n);
    for (let i = 0; i < n; i++) c.set(i, `${i}.00`);
    c.seal();
    expect([c.at(0), c.at(65_534), c.at(65_535), c.at(65_536), c.at(n - 1)]).toEqual(['0.00', '65534.00', '65535.00', '65536.00', '69999.00']);
    // A patch's column extending 200,000 texts (a spread into push would overflow the stack) copies and adds.
    const big = new SharedTexts(200_000);
    for (let i = 0; i < big.n; i++) big.set(i, `${i}`);
    big.seal();
    const next = SharedTexts.extending(big, 2);
    next.copy(0, big, 199_999);
    next.set(1, 'new');
    expect([next.seal().at(0), next.at(1)]).toEqual(['199999', 'new']);
  });

  it('a column extending another copies its positions and adds new texts', () => {
    const old = new SharedTexts(3);
    ['a', 'b', null].forEach((t, i) => {
      old.set(i, t);
    });
    old.seal();
    const next = SharedTexts.extending(old, 4);
    next.copy(0, old, 2);
    next.set(1, 'c');
    next.copy(2, old, 0);
    next.set(3, 'b');
    next.seal();
    expect([0, 1, 2, 3].map((i) => next.at(i))).toEqual([null, 'c', 'a', 'b']);
    // A column not extended from `old` copies by text.
    const other = new SharedTexts(1);
    other.copy(0, old, 1);
    expect(other.seal().at(0)).toBe('b');
  });

  it('refuses a write after sealing', () => {
    const c = new SharedTexts(1).seal();
    expect(() => c.set(0, 'x')).toThrow(/after it was sealed/);
  });
});
