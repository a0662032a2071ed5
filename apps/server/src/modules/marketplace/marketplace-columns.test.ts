import { describe, expect, it } from 'vitest';
import { copyRecord, emptyCity, paisaAt, setRecord } from './marketplace-columns.ts';

const record = (over: Record<string, unknown>) => ({
  c_tier2_id: 1,
  c_tier3_id: null,
  c_brand_id: 2,
  out_of_stock: false,
  price: '12.34',
  sale: false,
  sale_price: null,
  sell_price: '10.00',
  tax: '2.34',
  stock: 5,
  discount_threshold: null,
  discount_price: null,
  original_price: null,
  discount_description: null,
  discount_price_tax: null,
  discount_price_without_tax: null,
  ...over,
});

describe("a city's money columns (issue 17)", () => {
  it('keep amounts in 32 bits and nulls apart, and widen a column whose amount does not fit, exactly', () => {
    const c = emptyCity(3, 3);
    setRecord(c, 0, record({ sale_price: '0.00', discount_price: '21474836.47' }), 0);
    setRecord(c, 1, record({ discount_price: '21474836.48', original_price: '-21474836.48' }), 1);
    setRecord(c, 2, record({ price: '99999999.99' }), 2);
    expect(c.sellPrice).toBeInstanceOf(Int32Array);
    expect([0, 1, 2].map((k) => paisaAt(c.salePrice, k))).toEqual([0, Number.NaN, Number.NaN]);
    // Past 2^31 - 1 paisa the column becomes floats, the amounts written before it kept.
    expect(c.discountPrice).toBeInstanceOf(Float64Array);
    expect([0, 1, 2].map((k) => paisaAt(c.discountPrice, k))).toEqual([2_147_483_647, 2_147_483_648, Number.NaN]);
    // -2^31 is the 32-bit null: as an amount it widens too.
    expect(c.originalPrice).toBeInstanceOf(Float64Array);
    expect([0, 1, 2].map((k) => paisaAt(c.originalPrice, k))).toEqual([Number.NaN, -2_147_483_648, Number.NaN]);
    expect([0, 1, 2].map((k) => paisaAt(c.price, k))).toEqual([1234, 1234, 9_999_999_999]);

    const copy = emptyCity(3, 3);
    for (const k of [2, 1, 0]) copyRecord(copy, 2 - k, c, k, k);
    expect([0, 1, 2].map((k) => paisaAt(copy.price, k))).toEqual([9_999_999_999, 1234, 1234]);
    expect([0, 1, 2].map((k) => paisaAt(copy.discountPrice, k))).toEqual([Number.NaN, 2_147_483_648, 2_147_483_647]);
    expect([0, 1, 2].map((k) => paisaAt(copy.salePrice, k))).toEqual([Number.NaN, Number.NaN, 0]);
  });
});
