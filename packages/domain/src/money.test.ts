import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatRupees, fromPaisa, groupDigits, toPaisa } from './money.ts';

describe('money', () => {
  it('parses rupee amounts into exact paisa', () => {
    expect(toPaisa('1234.5')).toBe(123450);
    expect(toPaisa('0.10')).toBe(10);
    expect(toPaisa(19.99)).toBe(1999);
    expect(toPaisa('-3.05')).toBe(-305);
    expect(toPaisa('-0.5')).toBe(-50);
    expect(toPaisa('1.05')).toBe(105);
    expect(toPaisa(' 7 ')).toBe(700);
    expect(toPaisa(0)).toBe(0);
    expect(() => toPaisa('5.')).toThrow();
    expect(() => toPaisa('1e3')).toThrow();
    expect(() => toPaisa('12.345')).toThrow();
    expect(() => toPaisa('abc')).toThrow();
  });

  it('sums without float error', () => {
    const total = ['0.10', '0.20', '0.30'].reduce((s, v) => s + toPaisa(v), 0);
    expect(fromPaisa(total)).toBe('0.60');
  });

  it('formats whole rupees with thousands separators (SPEC 9)', () => {
    expect(formatRupees('1250.00')).toBe('Rs. 1,250');
    expect(formatRupees('1249.50')).toBe('Rs. 1,250');
    expect(formatRupees('1234567.40')).toBe('Rs. 1,234,567');
    expect(formatRupees('99.00', 'PKR')).toBe('PKR 99');
  });
});

describe('groupDigits', () => {
  it('writes every number as Intl.NumberFormat("en-US") does (whole numbers by hand, the rest through Intl)', () => {
    const intl = new Intl.NumberFormat('en-US');
    for (const n of [0, -0, 1, 12, 123, 1234, -1234, 1_000_000, -999_999, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, 1.5, -0.25, 1234.5678]) {
      expect(groupDigits(n)).toBe(intl.format(n));
    }
    fc.assert(
      fc.property(fc.oneof(fc.maxSafeInteger(), fc.integer(), fc.double({ noNaN: true })), (n) => {
        expect(groupDigits(n)).toBe(intl.format(n));
      }),
      { numRuns: 1000 },
    );
  });
});
