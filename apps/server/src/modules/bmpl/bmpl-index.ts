// The marketplace's products and city records in memory, for category pages and search (issue 6).
import type { BmplProduct } from '@shop/domain/bmpl';
import { BMPL_SORT_VALUES, type BmplSort } from '@shop/domain/bmpl-rules';
import { fromPaisa, toPaisa } from '@shop/domain/money';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { createDbMirror } from '../../lib/db-mirror.ts';
import { type CategoryIndex, toBase } from './bmpl.service.ts';

/**
 * A copy of bmpl_products and bmpl_product_cities held in memory: per city, its records in each list
 * order, so a category page is a walk over a ready-sorted list and a search a scan of names held
 * in memory, instead of statements (a cold category page cost about 8 ms of the server's one thread on
 * the embedded database, a new search 12-74 ms). Answers are those of the SQL in bmpl-lists.service.ts:
 * - the orders are ORDER's: out of stock last, then the name (as the database orders names: the
 *   copy takes the rank of each name from an ORDER BY of the database, whatever its collation), or
 *   the city's price, then the product id;
 * - a search word matches as `name ILIKE '%word%'`: the copy keeps each name as the database's
 *   lower() gives it, and a word beyond ASCII goes to SQL;
 * - it follows the database through the change counters of migration 0008 (lib/db-mirror.ts).
 * A test runs the same lists and searches both ways and compares.
 */

type Row = Record<string, unknown>;

/**
 * A city's records as columns (money in paisa, NaN for null; -1 for a null threshold): 350,000
 * records as objects made every major garbage collection walk them all (a fifth of the server's time
 * under load); typed columns are a handful of objects.
 */
interface CityRecords {
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

interface Snapshot {
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

export interface ListFilter {
  tier2: number | null;
  tier3: number | null;
  brandIds: readonly number[];
  /** Rupee bounds as typed (two decimals at most). */
  min?: string;
  max?: string;
}

export interface SearchSummary {
  ids: number[];
  tiers: number[];
  min: string | null;
  max: string | null;
}

const LOAD_CHUNK = 20_000;
const MAX_WORDS = 5_000;
const PRODUCT_FIELDS = sql.raw(`p.id, p.name, p.slug, p.url_name, p.description, p.tier1_id, p.tier2_id, p.tier3_id,
  p.tier4_id, p.bmpl_brand_id, p.bmpl_brand_name, lower(p.name) as lower_name`);
const RECORD_FIELDS = sql.raw(`c.city_id, c.bmpl_product_id, c.tier2_id as c_tier2_id, c.tier3_id as c_tier3_id,
  c.bmpl_brand_id as c_brand_id, c.out_of_stock, c.price::text as price, c.sale, c.sale_price::text as sale_price,
  c.sell_price::text as sell_price, c.tax::text as tax, c.stock, c.discount_threshold, c.discount_price::text as discount_price,
  c.original_price::text as original_price, c.discount_description, c.discount_price_tax::text as discount_price_tax,
  c.discount_price_without_tax::text as discount_price_without_tax`);

async function jsonRows(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(sql`select coalesce(json_agg(t), '[]'::json) as rows from (${query}) t`)) as unknown as { rows: { rows: Row[] | string }[] };
  const value = result.rows[0]?.rows ?? [];
  return typeof value === 'string' ? (JSON.parse(value) as Row[]) : value;
}

async function loadSnapshot(db: Db): Promise<Snapshot> {
  const products: Row[] = [];
  const lowerName: string[] = [];
  for (let last = 0; ; ) {
    const chunk = await jsonRows(db, sql`select ${PRODUCT_FIELDS} from bmpl_products p where p.id > ${last} order by p.id limit ${LOAD_CHUNK}`);
    for (const { lower_name, ...product } of chunk) {
      products.push(product);
      lowerName.push(lower_name as string);
    }
    if (chunk.length < LOAD_CHUNK) break;
    last = Number(chunk[chunk.length - 1]!.id);
  }
  // Positions follow ids (loaded in id order), so comparing positions compares ids.
  const byId = new Map(products.map((p, i) => [Number(p.id), i]));
  // The database's order of the names (the lists sort by it), as ranks: equal names, equal ranks.
  const [ordered] = await jsonRows(db, sql`select coalesce(json_agg(p.id order by p.name, p.id), '[]'::json) as ids from bmpl_products p`);
  const nameRank = new Int32Array(products.length);
  let rank = -1;
  let previous: unknown;
  for (const id of (ordered?.ids as number[]) ?? []) {
    const i = byId.get(id)!;
    const name = products[i]!.name;
    if (rank < 0 || name !== previous) rank++;
    previous = name;
    nameRank[i] = rank;
  }

  const records: Row[] = [];
  for (let lastProduct = 0, lastCity = 0; ; ) {
    const chunk = await jsonRows(
      db,
      sql`select ${RECORD_FIELDS} from bmpl_product_cities c
          where (c.bmpl_product_id, c.city_id) > (${lastProduct}, ${lastCity})
          order by c.bmpl_product_id, c.city_id limit ${LOAD_CHUNK}`,
    );
    records.push(...chunk);
    if (chunk.length < LOAD_CHUNK) break;
    lastProduct = Number(chunk[chunk.length - 1]!.bmpl_product_id);
    lastCity = Number(chunk[chunk.length - 1]!.city_id);
  }
  const perCity = new Map<number, Row[]>();
  for (const r of records) {
    const list = perCity.get(Number(r.city_id));
    if (list) list.push(r);
    else perCity.set(Number(r.city_id), [r]);
  }
  const cities = new Map<number, CityRecords>();
  const paisa = (v: unknown) => (v == null ? Number.NaN : toPaisa(String(v)));
  for (const [cityId, list] of perCity) {
    const n = list.length;
    const c: CityRecords = {
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
      recordOf: new Int32Array(products.length).fill(-1),
      byOrder: new Map(),
      sorted: new Map(),
    };
    list.forEach((r, k) => {
      const i = byId.get(Number(r.bmpl_product_id))!;
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
    });
    cities.set(cityId, c);
  }
  return { products, byId, lowerName, nameRank, cities, wordMatches: new Map() };
}

/**
 * bmpl-lists.service.ts's ORDER over a city's records as one number per record, so that a plain
 * numeric sort (no comparator: several times faster on 70,000 records) orders them: out of stock,
 * then the name's rank or the price's rank (reversed for the descending sorts), then the product's
 * position (positions follow ids), each in its own bits. The position is also read back from the key.
 */
function sortKeys(s: Snapshot, c: CityRecords, sort: BmplSort | 'default'): Float64Array {
  const n = c.n;
  const bits = Math.max(1, Math.ceil(Math.log2(s.products.length + 1)));
  const span = 2 ** bits;
  let rank: (k: number) => number = () => 0;
  if (sort === 'brand_asc') rank = (k) => s.nameRank[c.product[k]!]!;
  if (sort === 'brand_desc') rank = (k) => span - 1 - s.nameRank[c.product[k]!]!;
  if (sort === 'price_asc' || sort === 'price_desc') {
    const prices = Float64Array.from(new Set(c.price)).sort();
    const priceRank = new Map<number, number>();
    prices.forEach((p, r) => {
      priceRank.set(p, r);
    });
    rank = sort === 'price_asc' ? (k) => priceRank.get(c.price[k]!)! : (k) => span - 1 - priceRank.get(c.price[k]!)!;
  }
  const keys = new Float64Array(n);
  for (let k = 0; k < n; k++) keys[k] = (c.oos[k]! * span + rank(k)) * span + c.product[k]!;
  return keys;
}

/** Per sort, the city's records in order (sortedRecords) and each record's place in it. */
function sortedCity(s: Snapshot, c: CityRecords, sort: BmplSort | 'default'): { list: Int32Array; place: Int32Array } {
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

function sortedRecords(s: Snapshot, c: CityRecords, sort: BmplSort | 'default', tier2: number | null): Int32Array {
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
 * The list product of a record, as bmpl.service.ts's toListProduct makes it (toBase's fields, then
 * toCityRecord's, then customer_specific_pricing). The record's fields are written onto toBase's
 * object one by one: spreading two objects into a third cost most of a page's time.
 */
function listProduct(s: Snapshot, c: CityRecords, k: number, city: string, categories: CategoryIndex): BmplProduct {
  const p = toBase(s.products[c.product[k]!]!, categories) as BmplProduct;
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

export function createBmplIndex(db: Db, options: { maxStaleMs: number; fullReloadMs: number; onLoad?: (info: { records: number; ms: number }) => void }) {
  const mirror = createDbMirror<Snapshot>(db, {
    tables: ['bmpl_products', 'bmpl_product_cities'],
    reloadOn: ['bmpl_products', 'bmpl_product_cities'],
    // Every city's list orders sorted while loading, so no page waits for a sort of a city.
    load: async () => {
      const s = await loadSnapshot(db);
      for (const c of s.cities.values()) for (const sort of ['default', ...BMPL_SORT_VALUES] as const) sortedCity(s, c, sort);
      return s;
    },
    maxStaleMs: options.maxStaleMs,
    fullReloadMs: options.fullReloadMs,
    onLoad: (s, ms) => options.onLoad?.({ records: [...s.cities.values()].reduce((n, c) => n + c.n, 0), ms }),
  });

  /** The products whose lower(name) contains the word (a literal substring, as ILIKE '%word%'). */
  function matchesOf(s: Snapshot, word: string): Int32Array {
    let list = s.wordMatches.get(word);
    if (!list) {
      const found: number[] = [];
      for (let i = 0; i < s.lowerName.length; i++) if (s.lowerName[i]!.includes(word)) found.push(i);
      list = Int32Array.from(found);
      if (s.wordMatches.size >= MAX_WORDS) s.wordMatches.clear();
      s.wordMatches.set(word, list);
    }
    return list;
  }

  return {
    warm: () => mirror.warm(),

    /**
     * A page of a city's products matching the filter in the sort's order, with the number of all
     * matches; null when the copy is not loaded.
     */
    async list(
      where: { cityId: number; city: string; categories: CategoryIndex },
      f: ListFilter,
      sort: BmplSort | undefined,
      offset: number,
      limit: number,
    ): Promise<{ products: BmplProduct[]; total: number } | null> {
      const s = await mirror.current();
      if (!s) return null;
      const c = s.cities.get(where.cityId);
      if (!c) return { products: [], total: 0 };
      const toProduct = (k: number) => listProduct(s, c, k, where.city, where.categories);
      const ordered = sortedRecords(s, c, sort ?? 'default', f.tier2);
      const min = f.min === undefined ? -Infinity : toPaisa(f.min);
      const max = f.max === undefined ? Infinity : toPaisa(f.max);
      const brands = f.brandIds.length ? new Set(f.brandIds) : null;
      const filtered = f.tier3 !== null || brands !== null || f.min !== undefined || f.max !== undefined;
      const matches = (k: number) =>
        (f.tier3 === null || c.tier3[k] === f.tier3) && (brands === null || brands.has(c.brand[k]!)) && c.price[k]! >= min && c.price[k]! <= max;
      const products: BmplProduct[] = [];
      let total = 0;
      if (!filtered) {
        total = ordered.length;
        for (let x = offset; x < Math.min(ordered.length, offset + limit); x++) products.push(toProduct(ordered[x]!));
      } else {
        for (const k of ordered) {
          if (!matches(k)) continue;
          if (total >= offset && products.length < limit) products.push(toProduct(k));
          total++;
        }
      }
      return { products, total };
    },

    /**
     * A search's matches in a city (bmpl-lists.service.ts's SearchMatches): every word in the name,
     * ids narrowed by price and subcategory in the sort's order, the distinct tier-3 categories and
     * price range of all matches. Null when not loaded, or when a word is beyond ASCII (the
     * database's lower() decides those).
     */
    async search(cityId: number, words: readonly string[], sort: BmplSort | undefined, f: { min?: string; max?: string; tier3: number | null }): Promise<SearchSummary | null> {
      if (words.some((w) => !/^\p{ASCII}*$/u.test(w))) return null;
      const s = await mirror.current();
      if (!s) return null;
      const c = s.cities.get(cityId);
      if (!c) return { ids: [], tiers: [], min: null, max: null };
      const lists = words.map((w) => matchesOf(s, w)).sort((a, b) => a.length - b.length);
      const found: number[] = [];
      let minPrice = Infinity;
      let maxPrice = -Infinity;
      const tiers = new Set<number>();
      const min = f.min === undefined ? -Infinity : toPaisa(f.min);
      const max = f.max === undefined ? Infinity : toPaisa(f.max);
      const others = lists.slice(1).map((l) => {
        const mark = new Uint8Array(s.products.length);
        for (const i of l) mark[i] = 1;
        return mark;
      });
      for (const i of lists[0] ?? []) {
        const k = c.recordOf[i]!;
        if (k < 0 || !others.every((o) => o[i] === 1)) continue;
        const price = c.price[k]!;
        if (price < minPrice) minPrice = price;
        if (price > maxPrice) maxPrice = price;
        if (c.tier3[k]) tiers.add(c.tier3[k]!);
        if (price >= min && price <= max && (f.tier3 === null || c.tier3[k] === f.tier3)) found.push(k);
      }
      const { list, place } = sortedCity(s, c, sort ?? 'default');
      const places = Int32Array.from(found, (k) => place[k]!).sort();
      return {
        ids: Array.from(places, (x) => Number(s.products[c.product[list[x]!]!]!.id)),
        tiers: [...tiers].sort((a, b) => a - b),
        min: minPrice === Infinity ? null : fromPaisa(minPrice),
        max: maxPrice === -Infinity ? null : fromPaisa(maxPrice),
      };
    },

    /** These products as sold in a city, in the given order (those not sold there left out); null when not loaded. */
    async productsOf(where: { cityId: number; city: string; categories: CategoryIndex }, ids: readonly number[]): Promise<BmplProduct[] | null> {
      const s = await mirror.current();
      if (!s) return null;
      const c = s.cities.get(where.cityId);
      if (!c) return [];
      const result: BmplProduct[] = [];
      for (const id of ids) {
        const i = s.byId.get(id);
        const k = i === undefined ? -1 : c.recordOf[i]!;
        if (k >= 0) result.push(listProduct(s, c, k, where.city, where.categories));
      }
      return result;
    },
  };
}
export type BmplIndex = ReturnType<typeof createBmplIndex>;
