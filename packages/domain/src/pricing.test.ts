import { describe, expect, it } from 'vitest';
import { displayPrice, displayPriceRule, isOnSale, isReducedBySale, saleBadgePercent, salePercent, splitTax } from './pricing.ts';

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

describe('on sale (issue 38: isOnSale, the reduction isReducedBySale, the badge saleBadgePercent)', () => {
  const cases = [
    { sale: true, sale_price: '900.00' },
    { sale: true, sale_price: '1000.00' },
    { sale: true, sale_price: '1200.00' },
    { sale: true, sale_price: '0.00' },
    { sale: true, sale_price: null },
    { sale: false, sale_price: '900.00' },
    { sale: false, sale_price: null },
  ];
  it('is the sale flag with a sale price above zero: exactly when the sale price is the displayed price (DISPLAYED_PRICE_SOURCES)', () => {
    expect(cases.map((c) => isOnSale(c))).toEqual([true, true, true, false, false, false, false]);
    for (const c of cases) expect(displayPriceRule({ ...base, ...c }) === 'sale', JSON.stringify(c)).toBe(isOnSale(c));
  });
  it('is shown as a reduction only below the list price', () => {
    expect(cases.map((c) => isReducedBySale({ price: '1000.00', ...c }))).toEqual([true, false, false, false, false, false, false]);
    expect(displayPrice({ ...base, sale: true, sale_price: '1200.00' })).toBe('1200.00');
  });
  it('shows the badge when the sale price is the price shown and a reduction', () => {
    expect(saleBadgePercent({ price: '1000.00', sale: true, sale_price: '900.00' })).toBe(10);
    expect(saleBadgePercent({ price: '1000.00', sale: true, sale_price: '900.00', customer_specific_pricing: '950.00' })).toBeNull();
    expect(saleBadgePercent({ price: '1000.00', sale: true, sale_price: '900.00', customer_specific_pricing: null, city_price: '980.00' })).toBeNull();
    expect(saleBadgePercent({ price: '1000.00', sale: true, sale_price: '1200.00' })).toBeNull();
    expect(saleBadgePercent({ price: '1000.00', sale: false, sale_price: '900.00' })).toBeNull();
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
