import { describe, expect, it } from 'vitest';
import { concatProducts, copyProduct, copyRecord, emptyCity, emptyProducts, paisaAt, productRow, sealProducts, setProduct, setRecord } from './marketplace-columns.ts';

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
    setRecord(c, 2, record({ price: '99999999.99', discount_description: 'Buy 12 or more pieces and pay Rs 95 per piece' }), 2);
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
    expect([0, 1, 2].map((k) => copy.discountDescription.at(k))).toEqual(['Buy 12 or more pieces and pay Rs 95 per piece', null, null]);
  });
});

describe("a city's id columns (issue 17)", () => {
  it('keep category and brand ids in 16 bits, widening a column whose id does not fit, exactly', () => {
    const c = emptyCity(3, 3);
    setRecord(c, 0, record({ c_tier2_id: 65_535, c_tier3_id: 7 }), 0);
    setRecord(c, 1, record({ c_tier2_id: 65_536, c_brand_id: null }), 1);
    setRecord(c, 2, record({ c_tier2_id: 3, c_tier3_id: 70_000 }), 2);
    expect(c.brand).toBeInstanceOf(Uint16Array);
    expect(c.tier2).toBeInstanceOf(Int32Array);
    expect([...c.tier2]).toEqual([65_535, 65_536, 3]);
    expect([...c.tier3]).toEqual([7, 0, 70_000]);
    expect([...c.brand]).toEqual([2, 0, 2]);
    const copy = emptyCity(3, 3);
    for (const k of [2, 1, 0]) copyRecord(copy, 2 - k, c, k, k);
    expect([...copy.tier2]).toEqual([3, 65_536, 65_535]);
    expect([...copy.tier3]).toEqual([70_000, 0, 7]);
  });
});

describe('the products as columns', () => {
  const product = (id: number, over: Record<string, unknown> = {}) => ({
    id,
    name: `Guard Rice ${id} kg`,
    slug: `guard-rice-${id}-kg`,
    url_name: `rice-&-grains/guard-rice-${id}-kg.svg`,
    description: `Rice by Guard, ${id} kg.`,
    tier1_id: 1,
    tier2_id: 2,
    tier3_id: null,
    tier4_id: null,
    bmpl_brand_id: 3,
    bmpl_brand_name: 'Guard',
    ...over,
  });
  const columns = (rows: ReturnType<typeof product>[]) => {
    const p = emptyProducts(rows.length);
    const pool = new Map<string, string>();
    rows.forEach((r, i) => {
      setProduct(p, i, { ...r, lower_name: r.name.toLowerCase() }, pool);
    });
    return p;
  };
  const rowsOf = (p: ReturnType<typeof emptyProducts>) => Array.from({ length: p.n }, (_, i) => productRow(p, i));

  it("give back every product as read, joined from a load's chunks or copied by a patch", () => {
    const rows = [product(1), product(2, { url_name: 'elsewhere/picture.png' }), product(3, { slug: '', url_name: '' }), product(4, { name: 'چائے Tea' })];
    expect(rowsOf(sealProducts(columns(rows)))).toEqual(rows);
    const joined = concatProducts([columns(rows.slice(0, 1)), columns(rows.slice(1, 3)), columns(rows.slice(3))]);
    expect(rowsOf(joined)).toEqual(rows);
    expect([...joined.lowerName.positionsContaining('tea')]).toEqual([3]);
    const copied = emptyProducts(2);
    copyProduct(copied, 0, joined, 3);
    copyProduct(copied, 1, joined, 1);
    expect(rowsOf(sealProducts(copied))).toEqual([rows[3], rows[1]]);
  });
});
