import type { Product } from '@shop/domain/catalogue';
import { describe, expect, it } from 'vitest';
import { concatColumns, copyProduct, emptyColumns, type ProductColumns, rowMaker, sealColumns, setProduct } from './catalogue-columns.ts';

const product = (id: number, over: Partial<Product> = {}): Product => ({
  id,
  name: `Guard Rice ${id} kg`,
  url_name: `rice-&-grains/guard-rice-${id}-kg.svg`,
  url: `guard-rice-${id}-kg`,
  price: `${100 + id}.00`,
  sale: false,
  sale_price: null,
  customer_specific_pricing: null,
  city_price: null,
  quantity_prices: [],
  stock: id,
  sku: `SKU-${id}`,
  code: `${4000 + id}`,
  brand_id: 3,
  brand_name: 'Guard',
  description: `Rice by Guard, ${id} kg.`,
  weight: `${id} kg`,
  product_subsys: 'FOOD',
  tax: '0.00',
  sell_price: `${100 + id}.00`,
  tier1Id: 1,
  tier2Id: 2,
  tier3Id: null,
  tier4Id: null,
  add_to_cart_count: 0,
  viewed_count: 0,
  article_mgb: '100000',
  tier2_id: 2,
  tier3_id: null,
  ...over,
});

const columns = (rows: readonly Product[]) => {
  const c = emptyColumns(rows.length);
  rows.forEach((p, i) => {
    setProduct(c, i, p);
  });
  return c;
};
const rowsOf = (c: ProductColumns) => Array.from({ length: c.n }, (_, i) => rowMaker(c)(i, null));

describe('the storefront copy as columns (issue 17)', () => {
  const rows = [
    product(1),
    product(2, { sale: true, sale_price: '99.50', url_name: 'elsewhere/picture.png' }),
    product(3, { url: '', url_name: '' }),
    product(4, { name: 'چائے Tea', brand_name: 'Tapal', tier3Id: 9, tier3_id: 9 }),
  ];

  it("give back every product as read, joined from a load's chunks or copied by a patch", () => {
    expect(rowsOf(sealColumns(columns(rows)))).toEqual(rows);
    const joined = concatColumns([columns(rows.slice(0, 1)), columns(rows.slice(1, 3)), columns(rows.slice(3))]);
    expect(rowsOf(joined)).toEqual(rows);
    // A patch: the old columns' texts extended, two positions copied, one product read again.
    const patched = emptyColumns(3, joined);
    copyProduct(patched, 0, joined, 3);
    setProduct(patched, 1, product(5, { brand_name: 'National', price: '1.00' }));
    copyProduct(patched, 2, joined, 1);
    expect(rowsOf(sealColumns(patched))).toEqual([rows[3], product(5, { brand_name: 'National', price: '1.00' }), rows[1]]);
  });
});
