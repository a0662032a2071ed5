import { describe, expect, it } from 'vitest';
import { displayPrice, salePercent, splitTax } from './pricing.ts';

const base = { price: '1000.00', sale: false, sale_price: null, customer_specific_pricing: null };

describe('displayPrice (SPEC 9)', () => {
  it('uses the customer-specific price first', () => {
    expect(displayPrice({ ...base, sale: true, sale_price: '900.00', customer_specific_pricing: '950.00' })).toBe('950.00');
  });
  it('uses the sale price only when on sale', () => {
    expect(displayPrice({ ...base, sale: true, sale_price: '900.00' })).toBe('900.00');
    expect(displayPrice({ ...base, sale: false, sale_price: '900.00' })).toBe('1000.00');
  });
  it('falls back to the list price', () => {
    expect(displayPrice(base)).toBe('1000.00');
  });
});

describe('salePercent (SPEC 9)', () => {
  it('is 100 minus 100 times sale over price, rounded', () => {
    expect(salePercent({ price: '1000.00', sale: true, sale_price: '875.00' })).toBe(13);
    expect(salePercent({ price: '300.00', sale: true, sale_price: '200.00' })).toBe(33);
  });
  it('is null when not on sale or when the sale price is not lower', () => {
    expect(salePercent({ price: '1000.00', sale: false, sale_price: '800.00' })).toBeNull();
    expect(salePercent({ price: '1000.00', sale: true, sale_price: null })).toBeNull();
    expect(salePercent({ price: '1000.00', sale: true, sale_price: '1000.00' })).toBeNull();
  });
});

describe('splitTax', () => {
  it('splits a unit price at the product tax rate', () => {
    // 18% GST: list 118.00 = 100.00 + 18.00
    expect(splitTax('118.00', '18.00', '100.00')).toEqual({ tax: '18.00', sell_price: '100.00' });
    expect(splitTax('59.00', '18.00', '100.00')).toEqual({ tax: '9.00', sell_price: '50.00' });
  });
  it('puts no tax on exempt products', () => {
    expect(splitTax('250.00', '0.00', '250.00')).toEqual({ tax: '0.00', sell_price: '250.00' });
  });
});
