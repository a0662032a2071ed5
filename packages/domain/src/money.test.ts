import { describe, expect, it } from 'vitest';
import { formatRupees, fromPaisa, toPaisa } from './money.ts';

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
