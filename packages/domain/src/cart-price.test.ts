import { describe, expect, it } from 'vitest';
import { type CartPriceInput, cartUnitPrice, displayPrice, type PriceRule } from './pricing.ts';

const list = { price: '1000.00', sale: false, sale_price: null, customer_specific_pricing: null, city_price: null, quantity_tiers: [], quantity: 1 };
const tiers = [
  { min_quantity: 10, unit_price: '900.00' },
  { min_quantity: 50, unit_price: '850.00' },
];

// Issue 19: the table of cases of THE function the cart, order placement and the price check call.
const CASES: [string, Partial<CartPriceInput>, string, PriceRule][] = [
  ['list price when nothing else applies', {}, '1000.00', 'list'],
  ['sale price when on sale', { sale: true, sale_price: '950.00' }, '950.00', 'sale'],
  ['a sale price without the sale flag is ignored', { sale: false, sale_price: '950.00' }, '1000.00', 'list'],
  ['a sale price of zero is ignored', { sale: true, sale_price: '0.00' }, '1000.00', 'list'],
  ['the city price beats list and sale', { sale: true, sale_price: '950.00', city_price: '980.00' }, '980.00', 'city'],
  ['a city price of zero is ignored', { city_price: '0.00' }, '1000.00', 'list'],
  ['the customer price beats everything', { sale: true, sale_price: '950.00', city_price: '980.00', customer_specific_pricing: '990.00' }, '990.00', 'customer'],
  ['a customer price is locked: no threshold lowers it', { customer_specific_pricing: '990.00', quantity_tiers: tiers, quantity: 100 }, '990.00', 'customer'],
  ['below the first threshold: the base price', { quantity_tiers: tiers, quantity: 9 }, '1000.00', 'list'],
  ['at the threshold: its price', { quantity_tiers: tiers, quantity: 10 }, '900.00', 'quantity'],
  ['between thresholds: the lower one reached', { quantity_tiers: tiers, quantity: 49 }, '900.00', 'quantity'],
  ['above the last threshold: the lowest', { quantity_tiers: tiers, quantity: 500 }, '850.00', 'quantity'],
  ['thresholds in any order', { quantity_tiers: [...tiers].reverse(), quantity: 60 }, '850.00', 'quantity'],
  ['a threshold dearer than the sale price does not apply', { sale: true, sale_price: '880.00', quantity_tiers: tiers, quantity: 10 }, '880.00', 'sale'],
  ['a threshold cheaper than the city price applies', { city_price: '950.00', quantity_tiers: tiers, quantity: 10 }, '900.00', 'quantity'],
  ['a threshold dearer than the city price does not', { city_price: '800.00', quantity_tiers: tiers, quantity: 100 }, '800.00', 'city'],
  ['a fractional quantity counts whole pieces', { quantity_tiers: tiers, quantity: 9.99 }, '1000.00', 'list'],
  ['paisa stay exact', { price: '0.10', sale: true, sale_price: '0.05' }, '0.05', 'sale'],
];

describe('cartUnitPrice (issue 19): one price per line, and the rule that produced it', () => {
  it.each(CASES)('%s', (_name, input, unitPrice, rule) => {
    expect(cartUnitPrice({ ...list, ...input })).toEqual({ unit_price: unitPrice, rule });
  });

  it('is SPEC 9 displayed price when there is no city price and no threshold', () => {
    for (const [, input] of CASES) {
      const p = { ...list, ...input, city_price: null, quantity_tiers: [] };
      expect(cartUnitPrice(p).unit_price).toBe(displayPrice(p));
    }
  });
});
