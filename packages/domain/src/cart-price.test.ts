import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { marketplacePriceDisplay } from './marketplace-rules.ts';
import { fromPaisa } from './money.ts';
import {
  type CartPriceInput,
  cartUnitPrice,
  displayPrice,
  displayPriceRule,
  inEffectAt,
  marketplaceCityPrice,
  nextQuantityPrice,
  type PriceRule,
  type QuantityTier,
  quantityPriceSteps,
  shownPriceAt,
} from './pricing.ts';

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

describe('inEffectAt (decision 019): the one period rule', () => {
  const at = '2026-03-01T12:00:00.000Z';
  it.each([
    ['started, open end', { starts_at: '2026-03-01T11:00:00Z', ends_at: null }, true],
    ['starts exactly now', { starts_at: at, ends_at: null }, true],
    ['not started yet', { starts_at: '2026-03-01T12:00:01Z', ends_at: null }, false],
    ['ends later', { starts_at: '2026-02-01T00:00:00Z', ends_at: '2026-03-01T12:00:01Z' }, true],
    ['ends exactly now: ended', { starts_at: '2026-02-01T00:00:00Z', ends_at: at }, false],
    ['ended before', { starts_at: '2026-02-01T00:00:00Z', ends_at: '2026-02-02T00:00:00Z' }, false],
    ['withdrawn before it started', { starts_at: at, ends_at: at }, false],
  ] as const)('%s', (_name, period, expected) => {
    expect(inEffectAt(period, at)).toBe(expected);
    expect(inEffectAt(period, new Date(at))).toBe(expected);
  });
});

// The product of the marketplace cases: list Rs. 1,000 with 15% tax included (130.43 over 869.57).
const product = { price: '1000.00', sale: false, sale_price: null, tax: '130.43', sell_price: '869.57' };
const noThreshold = { discount_threshold: null, discount_price: null, original_price: null, discount_price_tax: null, discount_price_without_tax: null, discount_description: null };

describe('marketplaceCityPrice (decision 019): what the marketplace shows is what the cart charges a guest', () => {
  it('no city price: the list price, split at the product\'s rate', () => {
    expect(marketplaceCityPrice(product, null, [])).toEqual({ price: '1000.00', sale: false, sale_price: null, sell_price: '869.57', tax: '130.43', ...noThreshold });
  });

  it('a city price: that price, split at the product\'s rate', () => {
    expect(marketplaceCityPrice(product, '920.00', [])).toEqual({ price: '920.00', sale: false, sale_price: null, sell_price: '800.00', tax: '120.00', ...noThreshold });
  });

  it('the product on sale: list price with the sale price, the split of the sale price', () => {
    expect(marketplaceCityPrice({ ...product, sale: true, sale_price: '900.00' }, null, [])).toEqual({
      price: '1000.00', sale: true, sale_price: '900.00', sell_price: '782.61', tax: '117.39', ...noThreshold,
    });
  });

  it('a city price beats the sale: no sale shown', () => {
    expect(marketplaceCityPrice({ ...product, sale: true, sale_price: '900.00' }, '950.00', [])).toMatchObject({ price: '950.00', sale: false, sale_price: null });
  });

  it('a threshold below the base price: its row', () => {
    expect(marketplaceCityPrice(product, null, [{ min_quantity: 12, unit_price: '940.00' }])).toEqual({
      price: '1000.00', sale: false, sale_price: null, sell_price: '869.57', tax: '130.43',
      discount_threshold: 12, discount_price: '940.00', original_price: '1000.00', discount_price_tax: '122.60', discount_price_without_tax: '817.40',
      discount_description: 'Buy 12 or more pieces and pay Rs. 940 per piece',
    });
  });

  it('a threshold above the base price: none shown (the cart does not charge it)', () => {
    expect(marketplaceCityPrice(product, '900.00', [{ min_quantity: 12, unit_price: '950.00' }])).toMatchObject({ price: '900.00', ...noThreshold });
  });

  it('several thresholds: the lowest one that lowers the price', () => {
    const tiers = [{ min_quantity: 24, unit_price: '900.00' }, { min_quantity: 6, unit_price: '1010.00' }, { min_quantity: 12, unit_price: '950.00' }];
    expect(marketplaceCityPrice(product, null, tiers)).toMatchObject({ discount_threshold: 12, discount_price: '950.00', original_price: '1000.00' });
  });

  it('a city price with a threshold: the threshold row under the city price', () => {
    expect(marketplaceCityPrice(product, '980.00', [{ min_quantity: 6, unit_price: '960.00' }])).toMatchObject({
      price: '980.00', discount_threshold: 6, discount_price: '960.00', original_price: '980.00',
    });
  });

  it('for any input, the x1 and threshold rows are cartUnitPrice at 1 and at the threshold', () => {
    // A fixed pseudo-random walk (no clock, no Math.random): the same cases on every run.
    let seed = 19;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 2000; i++) {
      const list = 1000 + next(200_000);
      const onSale = next(3) === 0;
      const p = { price: fromPaisa(list), sale: onSale, sale_price: onSale ? fromPaisa(list - next(list)) : null, tax: fromPaisa(Math.round(list * 0.13)), sell_price: fromPaisa(list - Math.round(list * 0.13)) };
      const city = next(2) === 0 ? null : fromPaisa(1 + next(list * 2));
      const tiers: QuantityTier[] = Array.from({ length: next(4) }, () => ({ min_quantity: 2 + next(30), unit_price: fromPaisa(1 + next(list * 2)) }));
      const record = marketplaceCityPrice(p, city, tiers);
      const charged = (quantity: number) => cartUnitPrice({ ...p, customer_specific_pricing: null, city_price: city, quantity_tiers: tiers, quantity }).unit_price;
      const shown = marketplacePriceDisplay(record);
      if (shown.kind === 'threshold') {
        expect(shown.rows[0].unitPrice).toBe(charged(1));
        expect(shown.rows[1].unitPrice).toBe(charged(shown.threshold));
        expect(Number(shown.rows[1].unitPrice)).toBeLessThan(Number(shown.rows[0].unitPrice));
        // No lower threshold would have lowered the price.
        for (let q = 2; q < shown.threshold; q++) expect(charged(q)).toBe(charged(1));
      } else {
        expect(shown.grossSellPrice).toBe(charged(1));
        for (const t of tiers) expect(charged(t.min_quantity)).toBe(charged(1));
      }
    }
  });
});

describe('shownPriceAt (issue 36): the price of a line as the buyer was shown it', () => {
  const money = fc.integer({ min: 1, max: 500_000 }).map(fromPaisa);
  const input = fc.record({
    price: money,
    sale: fc.boolean(),
    sale_price: fc.option(money),
    customer_specific_pricing: fc.option(money, { freq: 4 }),
    city_price: fc.option(money),
    quantity_tiers: fc.array(fc.record({ min_quantity: fc.integer({ min: 2, max: 60 }), unit_price: money }), { maxLength: 4 }),
  });

  it('from the price of one piece and the quantity prices shown, it is cartUnitPrice at every quantity', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 1, max: 100 }), (p, quantity) => {
        const one = { unit_price: displayPrice(p), rule: displayPriceRule(p) };
        expect(one).toEqual(cartUnitPrice({ ...p, quantity: 1 }));
        expect(shownPriceAt(one, quantityPriceSteps(p), quantity)).toEqual(cartUnitPrice({ ...p, quantity }));
      }),
    );
  });

  it('nextQuantityPrice: how many more pieces reach the next price', () => {
    const steps = [
      { min_quantity: 12, unit_price: '1770.00' },
      { min_quantity: 24, unit_price: '1700.00' },
    ];
    expect(nextQuantityPrice(steps, 1)).toEqual({ min_quantity: 12, unit_price: '1770.00', more: 11 });
    expect(nextQuantityPrice(steps, 12)).toEqual({ min_quantity: 24, unit_price: '1700.00', more: 12 });
    expect(nextQuantityPrice(steps, 24)).toBeNull();
  });
});
