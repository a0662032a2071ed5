// The marketplace copy's data (marketplace-index.ts answers from it): products, and per city its records
// as typed columns with each list order sorted.
import type { MarketplaceProduct } from '@shop/domain/marketplace';
import { MARKETPLACE_SORT_VALUES, type MarketplaceSort, MARKETPLACE_SORTS } from '@shop/domain/marketplace-rules';
import { fromPaisa, toPaisa } from '@shop/domain/money';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, jsonRows } from '../../db/client.ts';
import { type CategoryIndex, toBase } from './marketplace-rows.ts';

export type Row = Record<string, unknown>;

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

export interface Snapshot {
  products: Row[];
  byId: Map<number, number>;
  /** lower(name) as the database computes it. */
  lowerName: string[];
  /** Position of the name in the database's ORDER BY name (equal names share one). */
  nameRank: Int32Array;
  cities: Map<number, CityRecords>;
  /** Per search word, the products whose name contains it (kept while the copy lives). */
  wordMatches: Map<string, Int32Array>;
}

const LOAD_CHUNK = 20_000;
const PRODUCT_FIELDS = sql.raw(`p.id, p.name, p.slug, p.url_name, p.description, p.tier1_id, p.tier2_id, p.tier3_id,
  p.tier4_id, p.bmpl_brand_id, p.bmpl_brand_name, lower(p.name) as lower_name`);
const RECORD_FIELDS = sql.raw(`c.city_id, c.bmpl_product_id, c.tier2_id as c_tier2_id, c.tier3_id as c_tier3_id,
  c.bmpl_brand_id as c_brand_id, c.out_of_stock, c.price::text as price, c.sale, c.sale_price::text as sale_price,
  c.sell_price::text as sell_price, c.tax::text as tax, c.stock, c.discount_threshold, c.discount_price::text as discount_price,
  c.original_price::text as original_price, c.discount_description, c.discount_price_tax::text as discount_price_tax,
  c.discount_price_without_tax::text as discount_price_without_tax`);

/** Products of `where` (a condition on p), in id order, with lower(name) apart. */
async function readProducts(db: Db, where: SQL): Promise<{ rows: Row[]; lowerName: string[] }> {
  const rows: Row[] = [];
  const lowerName: string[] = [];
  for (let last = 0; ; ) {
    const chunk = await jsonRows<Row>(db, sql`select ${PRODUCT_FIELDS} from bmpl_products p where ${where} and p.id > ${last} order by p.id limit ${LOAD_CHUNK}`);
    for (const { lower_name, ...product } of chunk) {
      rows.push(product);
      lowerName.push(lower_name as string);
    }
    if (chunk.length < LOAD_CHUNK) break;
    last = Number(chunk[chunk.length - 1]!.id);
  }
  return { rows, lowerName };
}

/** Active city records of `where` (a condition on c), in (product id, city id) order. */
async function readRecords(db: Db, where: SQL): Promise<Row[]> {
  // Issue 19: only active records, as the SQL lists read them (an inactive product is in no city here).
  const records: Row[] = [];
  for (let lastProduct = 0, lastCity = 0; ; ) {
    const chunk = await jsonRows<Row>(
      db,
      sql`select ${RECORD_FIELDS} from bmpl_product_cities c
          where c.active and ${where} and (c.bmpl_product_id, c.city_id) > (${lastProduct}, ${lastCity})
          order by c.bmpl_product_id, c.city_id limit ${LOAD_CHUNK}`,
    );
    for (const r of chunk) records.push(r);
    if (chunk.length < LOAD_CHUNK) break;
    lastProduct = Number(chunk[chunk.length - 1]!.bmpl_product_id);
    lastCity = Number(chunk[chunk.length - 1]!.city_id);
  }
  return records;
}

/**
 * The database's order of the names (the lists sort by it), as ranks by product position: equal
 * names, equal ranks. A product the copy does not hold (written since its rows were read) is skipped.
 */
async function nameRanks(db: Db, products: readonly Row[], byId: Map<number, number>): Promise<Int32Array> {
  const ordered = await jsonRows<{ id: number }>(db, sql`select p.id from bmpl_products p order by p.name, p.id`);
  const nameRank = new Int32Array(products.length);
  let rank = -1;
  let previous: unknown;
  for (const { id } of ordered) {
    const i = byId.get(id);
    if (i === undefined) continue;
    const name = products[i]!.name;
    if (rank < 0 || name !== previous) rank++;
    previous = name;
    nameRank[i] = rank;
  }
  return nameRank;
}

function emptyCity(n: number, productCount: number): CityRecords {
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
function setRecord(c: CityRecords, k: number, r: Row, i: number) {
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
function copyRecord(c: CityRecords, k: number, old: CityRecords, o: number, i: number) {
  c.product[k] = i;
  c.recordOf[i] = k;
  for (const column of RECORD_COLUMNS) c[column][k] = old[column][o]!;
  const description = old.discountDescription.get(o);
  if (description !== undefined) c.discountDescription.set(k, description);
}

/** Every city's list orders sorted at once, so no page waits for a sort of a city. */
function sortEveryCity(s: Snapshot) {
  for (const c of s.cities.values()) for (const sort of ['default', ...MARKETPLACE_SORT_VALUES] as const) sortedCity(s, c, sort);
}

export async function loadSnapshot(db: Db): Promise<Snapshot> {
  const { rows: products, lowerName } = await readProducts(db, sql`true`);
  // Positions follow ids (loaded in id order), so comparing positions compares ids.
  const byId = new Map(products.map((p, i) => [Number(p.id), i]));
  const nameRank = await nameRanks(db, products, byId);
  const records = await readRecords(db, sql`true`);
  const perCity = new Map<number, Row[]>();
  for (const r of records) {
    const list = perCity.get(Number(r.city_id));
    if (list) list.push(r);
    else perCity.set(Number(r.city_id), [r]);
  }
  const cities = new Map<number, CityRecords>();
  for (const [cityId, list] of perCity) {
    const c = emptyCity(list.length, products.length);
    // A record of a product written since the products were read waits for the next change.
    let k = 0;
    for (const r of list) {
      const i = byId.get(Number(r.bmpl_product_id));
      if (i !== undefined) setRecord(c, k++, r, i);
    }
    cities.set(cityId, k === list.length ? c : shrinkCity(c, k, products.length));
  }
  const snapshot: Snapshot = { products, byId, lowerName, nameRank, cities, wordMatches: new Map() };
  sortEveryCity(snapshot);
  return snapshot;
}

/** The first k records of a city (the rest were never filled). */
function shrinkCity(c: CityRecords, k: number, productCount: number): CityRecords {
  const out = emptyCity(k, productCount);
  for (let x = 0; x < k; x++) copyRecord(out, x, c, x, c.product[x]!);
  return out;
}

/**
 * The next copy after a change of the marketplace products `ids` (the change feed, migration 0024:
 * both tables log the product ids a statement touched): those products and their active city records
 * are read again (a product no longer there drops out, a record no longer active leaves its city),
 * every other product keeps its row and every other record its columns (copied, not read again). The
 * names' ranks are kept when no name moved (made dense again), else read again from the database's
 * order (one statement of ids); each city's orders are sorted again (numeric sorts of packed keys).
 * The old copy is left as it was: a list running on it finishes on it.
 */
export async function patchSnapshot(db: Db, old: Snapshot, ids: readonly number[]): Promise<Snapshot> {
  const changed = new Set(ids);
  const list = [...changed];
  const fresh = list.length ? await readProducts(db, sql`p.id in ${list}`) : { rows: [], lowerName: [] };
  const freshRecords = list.length ? await readRecords(db, sql`c.bmpl_product_id in ${list}`) : [];
  const products: Row[] = [];
  const lowerName: string[] = [];
  const moved = new Int32Array(old.products.length);
  let f = 0;
  const takeFresh = (beforeId: number) => {
    while (f < fresh.rows.length && Number(fresh.rows[f]!.id) < beforeId) {
      products.push(fresh.rows[f]!);
      lowerName.push(fresh.lowerName[f]!);
      f++;
    }
  };
  for (let i = 0; i < old.products.length; i++) {
    const id = Number(old.products[i]!.id);
    takeFresh(id);
    if (changed.has(id)) {
      moved[i] = -1;
      continue;
    }
    moved[i] = products.length;
    products.push(old.products[i]!);
    lowerName.push(old.lowerName[i]!);
  }
  takeFresh(Number.POSITIVE_INFINITY);
  const byId = new Map(products.map((p, i) => [Number(p.id), i]));

  // A new product or a changed name needs the database's order again; else the kept ranks serve.
  const namesMoved = fresh.rows.some((p) => {
    const o = old.byId.get(Number(p.id));
    return o === undefined || old.products[o]!.name !== p.name;
  });
  let nameRank: Int32Array;
  if (namesMoved) nameRank = await nameRanks(db, products, byId);
  else {
    // Every product is an old one with its old name (a re-read one too): its old rank, made dense.
    const oldRank = Int32Array.from(products, (p) => old.nameRank[old.byId.get(Number(p.id))!]!);
    const used = new Uint8Array(old.products.length + 1);
    for (const r of oldRank) used[r] = 1;
    const dense = new Int32Array(used.length);
    for (let r = 0, next = 0; r < used.length; r++) if (used[r]) dense[r] = next++;
    nameRank = oldRank.map((r) => dense[r]!);
  }

  // Per city: the kept records (in product order) and the fresh ones merged by product position.
  const freshByCity = new Map<number, { i: number; r: Row }[]>();
  for (const r of freshRecords) {
    const i = byId.get(Number(r.bmpl_product_id));
    if (i === undefined) continue;
    const cityId = Number(r.city_id);
    const entries = freshByCity.get(cityId) ?? [];
    entries.push({ i, r });
    freshByCity.set(cityId, entries);
  }
  const cities = new Map<number, CityRecords>();
  for (const cityId of new Set([...old.cities.keys(), ...freshByCity.keys()])) {
    const before = old.cities.get(cityId);
    const added = (freshByCity.get(cityId) ?? []).sort((a, b) => a.i - b.i);
    const kept: number[] = [];
    if (before) for (let o = 0; o < before.n; o++) if (moved[before.product[o]!]! >= 0) kept.push(o);
    const n = kept.length + added.length;
    if (n === 0) continue;
    const c = emptyCity(n, products.length);
    let x = 0;
    let y = 0;
    for (let k = 0; k < n; k++) {
      const keptAt = x < kept.length ? moved[before!.product[kept[x]!]!]! : Number.POSITIVE_INFINITY;
      if (y < added.length && added[y]!.i < keptAt) {
        setRecord(c, k, added[y]!.r, added[y]!.i);
        y++;
      } else {
        copyRecord(c, k, before!, kept[x]!, keptAt);
        x++;
      }
    }
    cities.set(cityId, c);
  }
  const snapshot: Snapshot = { products, byId, lowerName, nameRank, cities, wordMatches: new Map() };
  sortEveryCity(snapshot);
  return snapshot;
}

/**
 * MARKETPLACE_SORTS over a city's records as one number per record, so that a plain numeric sort (no
 * comparator: several times faster on 70,000 records) orders them: out of stock, then the middle key's
 * rank (the name's as the database orders names, or the price's; reversed when descending), then the
 * product's position (positions follow ids), each in its own bits. The position is also read back from
 * the key. The declaration must have that shape: out of stock first, product id last, one key between.
 */
function sortKeys(s: Snapshot, c: CityRecords, sort: MarketplaceSort | 'default'): Float64Array {
  const declared = MARKETPLACE_SORTS[sort];
  const first = declared[0];
  const last = declared[declared.length - 1];
  if (declared.length > 3 || first?.field !== 'out_of_stock' || first.direction !== 'asc' || last?.field !== 'product_id' || last.direction !== 'asc') {
    throw new Error(`The marketplace copy cannot pack the sort ${sort}`);
  }
  const middle = declared.length === 3 ? declared[1]! : null;
  const n = c.n;
  const bits = Math.max(1, Math.ceil(Math.log2(s.products.length + 1)));
  const span = 2 ** bits;
  let ascending: (k: number) => number = () => 0;
  if (middle?.field === 'name') ascending = (k) => s.nameRank[c.product[k]!]!;
  if (middle?.field === 'price') {
    const prices = Float64Array.from(new Set(c.price)).sort();
    const priceRank = new Map<number, number>();
    prices.forEach((p, r) => {
      priceRank.set(p, r);
    });
    ascending = (k) => priceRank.get(c.price[k]!)!;
  }
  const rank = middle?.direction === 'desc' ? (k: number) => span - 1 - ascending(k) : ascending;
  const keys = new Float64Array(n);
  for (let k = 0; k < n; k++) keys[k] = (c.oos[k]! * span + rank(k)) * span + c.product[k]!;
  return keys;
}

/** Per sort, the city's records in order (sortedRecords) and each record's place in it. */
export function sortedCity(s: Snapshot, c: CityRecords, sort: MarketplaceSort | 'default'): { list: Int32Array; place: Int32Array } {
  let entry = c.byOrder.get(sort);
  if (!entry) {
    const span = 2 ** Math.max(1, Math.ceil(Math.log2(s.products.length + 1)));
    const keys = sortKeys(s, c, sort).sort();
    const list = new Int32Array(keys.length);
    const place = new Int32Array(keys.length);
    keys.forEach((key, x) => {
      const k = c.recordOf[key % span]!;
      list[x] = k;
      place[k] = x;
    });
    entry = { list, place };
    c.byOrder.set(sort, entry);
  }
  return entry;
}

export function sortedRecords(s: Snapshot, c: CityRecords, sort: MarketplaceSort | 'default', tier2: number | null): Int32Array {
  if (tier2 === null) return sortedCity(s, c, sort).list;
  const key = `${sort}|${tier2}`;
  let list = c.sorted.get(key);
  if (!list) {
    list = sortedCity(s, c, sort).list.filter((k) => c.tier2[k] === tier2);
    c.sorted.set(key, list);
  }
  return list;
}

const money = (v: number) => (Number.isNaN(v) ? null : fromPaisa(v));

/**
 * The list product of a record, as marketplace.service.ts's toListProduct makes it (toBase's fields, then
 * toCityRecord's, then customer_specific_pricing). The record's fields are written onto toBase's
 * object one by one: spreading two objects into a third cost most of a page's time.
 */
export function listProduct(s: Snapshot, c: CityRecords, k: number, city: string, categories: CategoryIndex): MarketplaceProduct {
  const p = toBase(s.products[c.product[k]!]!, categories) as MarketplaceProduct;
  p.city = city;
  p.price = fromPaisa(c.price[k]!);
  p.sale = c.sale[k] === 1;
  p.sale_price = money(c.salePrice[k]!);
  p.sell_price = fromPaisa(c.sellPrice[k]!);
  p.tax = fromPaisa(c.tax[k]!);
  p.stock = c.stock[k]!;
  p.discount_threshold = c.discountThreshold[k] === -1 ? null : c.discountThreshold[k]!;
  p.discount_price = money(c.discountPrice[k]!);
  p.original_price = money(c.originalPrice[k]!);
  p.discount_description = c.discountDescription.get(k) ?? null;
  p.discount_price_tax = money(c.discountPriceTax[k]!);
  p.discount_price_without_tax = money(c.discountPriceWithoutTax[k]!);
  p.customer_specific_pricing = null;
  return p;
}
