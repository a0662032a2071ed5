// The storefront copy's products as columns (issue 17: memory at 100,000 products). One object per
// product (27 fields, four money texts) held 100,000 objects and 1.3 million strings the garbage
// collector walked on every major collection; columns are a few dozen arrays. A page builds the API
// row of only the products it returns (productAt).
import type { Product } from '@shop/domain/catalogue';
import type { IdField } from '@shop/domain/listing';
import { PackedTexts } from '../../lib/packed-texts.ts';
import { SharedTexts } from '../../lib/shared-texts.ts';
import { TextsAround } from '../../lib/texts-around.ts';

/** Whole-number fields; a missing tier is -1 (matches no id, as SQL's null). */
const INT_FIELDS = ['id', 'tier1Id', 'tier2Id', 'tier3Id', 'tier4Id', 'brand_id', 'stock', 'add_to_cart_count', 'viewed_count'] as const;
type IntField = (typeof INT_FIELDS)[number];
/**
 * Money as the database's two-decimal text (null: no sale price), kept as text: formatting paisa again
 * for every row of every page cost a listing more than the rest of its work. Equal amounts share one
 * string (lib/shared-texts.ts).
 */
const MONEY_FIELDS = ['price', 'sale_price', 'tax', 'sell_price'] as const;
type MoneyField = (typeof MONEY_FIELDS)[number];
/** Text fields with few distinct values: one string each, shared by every product having it (lib/shared-texts.ts). */
const SHARED_TEXTS = ['brand_name', 'weight', 'product_subsys'] as const;
type SharedField = (typeof SHARED_TEXTS)[number];
/** Text fields of a value per product: packed, one string per field (lib/packed-texts.ts), sliced per row a page returns. */
const PACKED_TEXTS = ['name', 'url', 'sku', 'code', 'description', 'article_mgb'] as const;
type PackedField = (typeof PACKED_TEXTS)[number];

/**
 * Written position after position (a load's chunk, a patch's merge), then sealed (sealColumns) and
 * only read.
 */
export interface ProductColumns {
  n: number;
  ints: Record<IntField, Int32Array>;
  money: Record<MoneyField, SharedTexts>;
  texts: Record<SharedField, SharedTexts>;
  packed: Record<PackedField, PackedTexts>;
  /** url_name, the image's path: it holds the product's url (its slug) between a folder and an extension, kept as those two (lib/texts-around.ts). */
  urlName: TextsAround;
  sale: Uint8Array;
}

/** Columns of n positions to fill; a patch's extend the old copy's texts (SharedTexts.extending), so its copied positions take no lookup. */
export function emptyColumns(n: number, old?: ProductColumns): ProductColumns {
  const record = <K extends string, V>(keys: readonly K[], make: (k: K) => V) => Object.fromEntries(keys.map((k) => [k, make(k)])) as Record<K, V>;
  return {
    n,
    ints: record(INT_FIELDS, () => new Int32Array(n)),
    money: record(MONEY_FIELDS, (f) => (old ? SharedTexts.extending(old.money[f], n) : new SharedTexts(n))),
    texts: record(SHARED_TEXTS, (f) => (old ? SharedTexts.extending(old.texts[f], n) : new SharedTexts(n))),
    packed: record(PACKED_TEXTS, () => new PackedTexts(n)),
    urlName: old ? TextsAround.extending(old.urlName, n) : new TextsAround(n),
    sale: new Uint8Array(n),
  };
}

/** Every position written: the packed texts become one string per field. */
export function sealColumns(c: ProductColumns): ProductColumns {
  for (const f of PACKED_TEXTS) c.packed[f].seal();
  for (const f of MONEY_FIELDS) c.money[f].seal();
  for (const f of SHARED_TEXTS) c.texts[f].seal();
  c.urlName.seal();
  return c;
}

/** The id fields (IdField) as the columns the listing compares. */
export function idColumns(c: ProductColumns): Record<IdField, Int32Array> {
  const { id, tier1Id, tier2Id, tier3Id, tier4Id, brand_id } = c.ints;
  return { id, tier1Id, tier2Id, tier3Id, tier4Id, brand_id };
}

/** Product p (as SQL's productJsonColumns give it) into position i (the next one: positions are written in order). */
export function setProduct(c: ProductColumns, i: number, p: Product) {
  for (const f of INT_FIELDS) c.ints[f][i] = (p[f] as number | null) ?? -1;
  for (const f of MONEY_FIELDS) c.money[f].set(i, p[f] ?? null);
  for (const f of SHARED_TEXTS) c.texts[f].set(i, p[f]);
  for (const f of PACKED_TEXTS) c.packed[f].push(p[f]);
  c.urlName.push(p.url_name, p.url);
  c.sale[i] = p.sale ? 1 : 0;
}

/** The old columns' product o into position i (the next one). */
export function copyProduct(c: ProductColumns, i: number, old: ProductColumns, o: number) {
  for (const f of INT_FIELDS) c.ints[f][i] = old.ints[f][o]!;
  for (const f of MONEY_FIELDS) c.money[f].copy(i, old.money[f], o);
  for (const f of SHARED_TEXTS) c.texts[f].copy(i, old.texts[f], o);
  for (const f of PACKED_TEXTS) c.packed[f].push(old.packed[f].at(o));
  c.urlName.copy(old.urlName, o, old.packed.url.at(o));
  c.sale[i] = old.sale[o]!;
}

const tier = (v: number) => (v === -1 ? null : v);

/**
 * The maker of API rows (SPEC 3, the keys in productJsonColumns' order) of these columns: the row of
 * the product at position i with the caller's locked price or null. Every column is taken out once, so
 * a page's rows read plain arrays.
 */
export function rowMaker(c: ProductColumns): (i: number, customerPrice: string | null, cityPrice?: string | null, quantityPrices?: Product['quantity_prices']) => Product {
  const { id, stock, brand_id, tier1Id, tier2Id, tier3Id, tier4Id, add_to_cart_count, viewed_count } = c.ints;
  const { brand_name, weight, product_subsys } = c.texts;
  const { name, url, sku, code, description, article_mgb } = c.packed;
  const urlName = c.urlName;
  const { price, sale_price, tax, sell_price } = c.money;
  const sale = c.sale;
  return (i, customerPrice, cityPrice = null, quantityPrices = []) => {
    const slug = url.at(i);
    return {
      id: id[i]!,
      name: name.at(i),
      url_name: urlName.at(i, slug),
      url: slug,
      price: price.at(i)!,
      sale: sale[i] === 1,
      sale_price: sale_price.at(i),
      customer_specific_pricing: customerPrice,
      city_price: cityPrice,
      quantity_prices: quantityPrices,
      stock: stock[i]!,
      sku: sku.at(i),
      code: code.at(i),
      brand_id: brand_id[i]!,
      brand_name: brand_name.at(i)!,
      description: description.at(i),
      weight: weight.at(i)!,
      product_subsys: product_subsys.at(i)!,
      tax: tax.at(i)!,
      sell_price: sell_price.at(i)!,
      tier1Id: tier1Id[i]!,
      tier2Id: tier(tier2Id[i]!),
      tier3Id: tier(tier3Id[i]!),
      tier4Id: tier(tier4Id[i]!),
      add_to_cart_count: add_to_cart_count[i]!,
      viewed_count: viewed_count[i]!,
      article_mgb: article_mgb.at(i),
      tier2_id: tier(tier2Id[i]!),
      tier3_id: tier(tier3Id[i]!),
    };
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
    for (const f of MONEY_FIELDS) for (let i = 0; i < p.n; i++) c.money[f].set(at + i, p.money[f].at(i));
    for (const f of SHARED_TEXTS) for (let i = 0; i < p.n; i++) c.texts[f].set(at + i, p.texts[f].at(i));
    c.sale.set(p.sale, at);
    at += p.n;
  }
  for (const f of PACKED_TEXTS) c.packed[f] = PackedTexts.concat(parts.map((p) => p.packed[f]));
  for (const p of parts) {
    p.urlName.seal();
    for (let i = 0; i < p.n; i++) {
      const url = p.packed.url.at(i);
      c.urlName.push(p.urlName.at(i, url), url);
    }
  }
  return sealColumns(c);
}
