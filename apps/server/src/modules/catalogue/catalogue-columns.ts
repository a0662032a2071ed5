// The storefront copy's products as columns (issue 17: memory at 100,000 products). One object per
// product (27 fields, four money texts) held 100,000 objects and 1.3 million strings the garbage
// collector walked on every major collection; columns are a few dozen arrays. A page builds the API
// row of only the products it returns (productAt).
import type { Product } from '@shop/domain/catalogue';
import type { IdField } from '@shop/domain/listing';
import { fromPaisa, toPaisa } from '@shop/domain/money';

/** Whole-number fields; a missing tier is -1 (matches no id, as SQL's null). */
const INT_FIELDS = ['id', 'tier1Id', 'tier2Id', 'tier3Id', 'tier4Id', 'brand_id', 'stock', 'add_to_cart_count', 'viewed_count'] as const;
type IntField = (typeof INT_FIELDS)[number];
/** Money fields in paisa (numeric(12,2): exact in a double), NaN for null. */
const MONEY_FIELDS = ['price', 'sale_price', 'tax', 'sell_price'] as const;
type MoneyField = (typeof MONEY_FIELDS)[number];
const TEXT_FIELDS = ['name', 'url_name', 'url', 'sku', 'code', 'brand_name', 'description', 'weight', 'product_subsys', 'article_mgb'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
/** Text fields with few distinct values: one string each, shared by every product having it. */
const SHARED_TEXTS: readonly TextField[] = ['brand_name', 'weight', 'product_subsys'];

export interface ProductColumns {
  n: number;
  ints: Record<IntField, Int32Array>;
  money: Record<MoneyField, Float64Array>;
  texts: Record<TextField, string[]>;
  sale: Uint8Array;
}

export function emptyColumns(n: number): ProductColumns {
  const record = <K extends string, V>(keys: readonly K[], make: () => V) => Object.fromEntries(keys.map((k) => [k, make()])) as Record<K, V>;
  return {
    n,
    ints: record(INT_FIELDS, () => new Int32Array(n)),
    money: record(MONEY_FIELDS, () => new Float64Array(n)),
    texts: record(TEXT_FIELDS, () => new Array<string>(n)),
    sale: new Uint8Array(n),
  };
}

/** The id fields (IdField) as the columns the listing compares. */
export function idColumns(c: ProductColumns): Record<IdField, Int32Array> {
  const { id, tier1Id, tier2Id, tier3Id, tier4Id, brand_id } = c.ints;
  return { id, tier1Id, tier2Id, tier3Id, tier4Id, brand_id };
}

/** Interns the low-cardinality texts of a load or a patch (one Map per build, dropped after). */
export type Interner = Map<string, string>;
const intern = (pool: Interner, text: string) => {
  const known = pool.get(text);
  if (known !== undefined) return known;
  pool.set(text, text);
  return text;
};

/** Product p (as SQL's productJsonColumns give it) into position i. */
export function setProduct(c: ProductColumns, i: number, p: Product, pool: Interner) {
  for (const f of INT_FIELDS) c.ints[f][i] = (p[f] as number | null) ?? -1;
  for (const f of MONEY_FIELDS) {
    const v = p[f];
    c.money[f][i] = v == null ? Number.NaN : toPaisa(v);
  }
  for (const f of TEXT_FIELDS) c.texts[f][i] = SHARED_TEXTS.includes(f) ? intern(pool, p[f]) : p[f];
  c.sale[i] = p.sale ? 1 : 0;
}

/** The old columns' product o into position i. */
export function copyProduct(c: ProductColumns, i: number, old: ProductColumns, o: number) {
  for (const f of INT_FIELDS) c.ints[f][i] = old.ints[f][o]!;
  for (const f of MONEY_FIELDS) c.money[f][i] = old.money[f][o]!;
  for (const f of TEXT_FIELDS) c.texts[f][i] = old.texts[f][o]!;
  c.sale[i] = old.sale[o]!;
}

const money = (v: number) => (Number.isNaN(v) ? null : fromPaisa(v));
const tier = (v: number) => (v === -1 ? null : v);

/**
 * The API row of the product at position i (SPEC 3, the keys in productJsonColumns' order), with the
 * caller's locked price or null.
 */
export function productAt(c: ProductColumns, i: number, customerPrice: string | null): Product {
  const { ints, texts, money: m } = c;
  return {
    id: ints.id[i]!,
    name: texts.name[i]!,
    url_name: texts.url_name[i]!,
    url: texts.url[i]!,
    price: fromPaisa(m.price[i]!),
    sale: c.sale[i] === 1,
    sale_price: money(m.sale_price[i]!),
    customer_specific_pricing: customerPrice,
    stock: ints.stock[i]!,
    sku: texts.sku[i]!,
    code: texts.code[i]!,
    brand_id: ints.brand_id[i]!,
    brand_name: texts.brand_name[i]!,
    description: texts.description[i]!,
    weight: texts.weight[i]!,
    product_subsys: texts.product_subsys[i]!,
    tax: fromPaisa(m.tax[i]!),
    sell_price: fromPaisa(m.sell_price[i]!),
    tier1Id: ints.tier1Id[i]!,
    tier2Id: tier(ints.tier2Id[i]!),
    tier3Id: tier(ints.tier3Id[i]!),
    tier4Id: tier(ints.tier4Id[i]!),
    add_to_cart_count: ints.add_to_cart_count[i]!,
    viewed_count: ints.viewed_count[i]!,
    article_mgb: texts.article_mgb[i]!,
    tier2_id: tier(ints.tier2Id[i]!),
    tier3_id: tier(ints.tier3Id[i]!),
  };
}

/** The position of product `id` (positions follow ids), or -1. */
export function positionOf(c: ProductColumns, id: number): number {
  const ids = c.ints.id;
  let lo = 0;
  let hi = c.n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ids[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  return lo < c.n && ids[lo] === id ? lo : -1;
}

/** Columns one after the other (a load's chunks, in id order). */
export function concatColumns(parts: readonly ProductColumns[]): ProductColumns {
  const c = emptyColumns(parts.reduce((n, p) => n + p.n, 0));
  let at = 0;
  for (const p of parts) {
    for (const f of INT_FIELDS) c.ints[f].set(p.ints[f], at);
    for (const f of MONEY_FIELDS) c.money[f].set(p.money[f], at);
    for (const f of TEXT_FIELDS) for (let i = 0; i < p.n; i++) c.texts[f][at + i] = p.texts[f][i]!;
    c.sale.set(p.sale, at);
    at += p.n;
  }
  return c;
}
