// The marketplace copy's city records as typed columns (money in paisa): made from the rows the
// snapshot reads (setRecord), or copied from the previous copy's columns when a patch keeps them.
import { toPaisa } from '@shop/domain/money';
import type { Row } from './marketplace-rows.ts';

/**
 * A city's records as columns (money in paisa, NaN for null; -1 for a null threshold): 350,000
 * records as objects made every major garbage collection walk them all (a fifth of the server's time
 * under load); typed columns are a handful of objects.
 */
export interface CityRecords {
  n: number;
  /** Per record: its product's position, and what lists filter and sort on. */
  product: Int32Array;
  tier2: Int32Array;
  tier3: Int32Array;
  brand: Int32Array;
  price: Float64Array;
  oos: Uint8Array;
  sale: Uint8Array;
  salePrice: Float64Array;
  sellPrice: Float64Array;
  tax: Float64Array;
  stock: Int32Array;
  discountThreshold: Int32Array;
  discountPrice: Float64Array;
  originalPrice: Float64Array;
  discountPriceTax: Float64Array;
  discountPriceWithoutTax: Float64Array;
  /** Only the records that have one. */
  discountDescription: Map<number, string>;
  /** Product position -> its record here, or -1 (not sold in this city). */
  recordOf: Int32Array;
  /** Per sort, the records in that order and each record's place in it. */
  byOrder: Map<string, { list: Int32Array; place: Int32Array }>;
  /** Per 'sort|tier2', the category's records in that order. */
  sorted: Map<string, Int32Array>;
}

export function emptyCity(n: number, productCount: number): CityRecords {
  return {
    n,
    product: new Int32Array(n),
    tier2: new Int32Array(n),
    tier3: new Int32Array(n),
    brand: new Int32Array(n),
    price: new Float64Array(n),
    oos: new Uint8Array(n),
    sale: new Uint8Array(n),
    salePrice: new Float64Array(n),
    sellPrice: new Float64Array(n),
    tax: new Float64Array(n),
    stock: new Int32Array(n),
    discountThreshold: new Int32Array(n),
    discountPrice: new Float64Array(n),
    originalPrice: new Float64Array(n),
    discountPriceTax: new Float64Array(n),
    discountPriceWithoutTax: new Float64Array(n),
    discountDescription: new Map(),
    recordOf: new Int32Array(productCount).fill(-1),
    byOrder: new Map(),
    sorted: new Map(),
  };
}

const paisa = (v: unknown) => (v == null ? Number.NaN : toPaisa(String(v)));

/** Record r (RECORD_FIELDS) of the product at position i, as the city's record k. */
export function setRecord(c: CityRecords, k: number, r: Row, i: number) {
  c.product[k] = i;
  c.recordOf[i] = k;
  c.tier2[k] = r.c_tier2_id == null ? 0 : Number(r.c_tier2_id);
  c.tier3[k] = r.c_tier3_id == null ? 0 : Number(r.c_tier3_id);
  c.brand[k] = r.c_brand_id == null ? 0 : Number(r.c_brand_id);
  c.oos[k] = r.out_of_stock ? 1 : 0;
  c.price[k] = paisa(r.price);
  c.sale[k] = r.sale ? 1 : 0;
  c.salePrice[k] = paisa(r.sale_price);
  c.sellPrice[k] = paisa(r.sell_price);
  c.tax[k] = paisa(r.tax);
  c.stock[k] = Number(r.stock);
  c.discountThreshold[k] = r.discount_threshold == null ? -1 : Number(r.discount_threshold);
  c.discountPrice[k] = paisa(r.discount_price);
  c.originalPrice[k] = paisa(r.original_price);
  c.discountPriceTax[k] = paisa(r.discount_price_tax);
  c.discountPriceWithoutTax[k] = paisa(r.discount_price_without_tax);
  if (r.discount_description != null) c.discountDescription.set(k, r.discount_description as string);
}

const RECORD_COLUMNS = [
  'tier2',
  'tier3',
  'brand',
  'price',
  'oos',
  'sale',
  'salePrice',
  'sellPrice',
  'tax',
  'stock',
  'discountThreshold',
  'discountPrice',
  'originalPrice',
  'discountPriceTax',
  'discountPriceWithoutTax',
] as const satisfies readonly (keyof CityRecords)[];

/** The old city's record o, unchanged, as record k of the product now at position i. */
export function copyRecord(c: CityRecords, k: number, old: CityRecords, o: number, i: number) {
  c.product[k] = i;
  c.recordOf[i] = k;
  for (const column of RECORD_COLUMNS) c[column][k] = old[column][o]!;
  const description = old.discountDescription.get(o);
  if (description !== undefined) c.discountDescription.set(k, description);
}

/** The first k records of a city (the rest were never filled). */
export function shrinkCity(c: CityRecords, k: number, productCount: number): CityRecords {
  const out = emptyCity(k, productCount);
  for (let x = 0; x < k; x++) copyRecord(out, x, c, x, c.product[x]!);
  return out;
}
