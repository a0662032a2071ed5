import type { ListingQuery, Product } from '@shop/domain/catalogue';
import { type IdField, LISTING_SORTS, type ListingOrder, LISTING_ORDERS, type ListingCondition, type ListingField, type SortKey, sortKeysOf, usesDisplayedPrice } from '@shop/domain/listing';
import { toPaisa } from '@shop/domain/money';
import { displayPrice } from '@shop/domain/pricing';
import { and, asc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customerPrices } from '../../db/schema/business.ts';
import { productBusinessTypes, products } from '../../db/schema/catalogue.ts';
import { createDbMirror } from '../../lib/db-mirror.ts';
import { parseListingConditions } from './listing-sql.ts';
import { customerPriceInEffect, productJsonColumns, productsAsJson } from './pricing.service.ts';
import { buildNameSearch, type NameSearch, patchNameSearch, rankedMatches } from './name-search.ts';
import { searchPlan } from './search-plan.ts';
import type { VocabularySource } from './vocabulary.ts';

/**
 * The storefront catalogue held in memory for listings and the ordering-bar search (issue 3): every
 * product's API row, per sort order the products in that order, and the names' lexemes and trigrams,
 * so a page of a category is a walk over a ready-sorted list and a search a few passes over flat
 * arrays instead of a statement. On the embedded database a listing statement cost 3-5 ms of the
 * server's single thread (building it, planning, running, decoding), a search 10-35 ms.
 *
 * It is a cache of the database, not a second source of truth:
 * - Triggers (migrations 0007 and 0021) raise a counter in catalogue_versions on every statement that
 *   changes products (but an update of viewed_count alone), customer_prices or product_business_types,
 *   and log the product ids a statement changed (catalogue_changes). The index reads the counters at
 *   most every `maxStaleMs` (0: before every use, as tests need) or when a NOTIFY says they moved; a
 *   change of products is patched in (patchSnapshot: those rows read again, each order's list merged),
 *   and only a change the log cannot name (a statement of over 1,000 rows, over PATCH_MAX_ROWS
 *   products at once, a rename of a category or brand, a trimmed log) loads the whole copy again.
 *   Locked prices and business types are derived again on use. It follows writes by any server
 *   instance or tool; catalogue-feed.test.ts proves a patched copy answers what a fresh one does.
 * - View counts written by the server's batched counter move no counter: the "Most Viwed" order and
 *   viewed_count follow them at the next full reload, every `fullReloadMs`.
 * - Until the first load is done (a few seconds at 100,000 products), listings go to SQL.
 * The rules are packages/domain's (listing.ts LISTING_SORTS and listingConditions, pricing.ts
 * DISPLAYED_PRICE_SOURCES): the comparators and predicates below are derived from the same sort keys
 * and conditions as listing-sql.ts's SQL, and differential tests (catalogue-index.test.ts,
 * listing-differential.test.ts) run the same queries through both and compare the answers.
 */

const ORDERS = ['default', ...LISTING_ORDERS] as const;
type OrderKey = (typeof ORDERS)[number];
const LOAD_CHUNK = 5_000;
const MAX_PRICE_BUSINESSES = 2_000;
const MAX_MEMBER_LISTS = 20_000;
/** More changed products than this at once (an import) and the copy loads whole instead of patching. */
const PATCH_MAX_ROWS = 2_000;

interface Locked {
  paisa: number;
  text: string;
}

interface Snapshot {
  n: number;
  products: Product[];
  byId: Map<number, number>;
  oos: Uint8Array;
  /** SPEC 9's displayed price without a locked price, in paisa. */
  plain: Float64Array;
  /** Each brand name's place in byte order (the SQL sorts use collate "C"); may have gaps. */
  brandRanks: Map<string, number>;
  /** The brand name's place, by product position. */
  brandRank: Int32Array;
  /** The id fields; a missing tier is -1 (matches no id, as SQL's null). */
  columns: Record<IdField, Int32Array>;
  sale: Uint8Array;
  addToCart: Float64Array;
  viewed: Float64Array;
  /** Per order, every product in that order (out of stock last, then the key, then id). */
  sorted: Map<OrderKey, Int32Array>;
  /** Per 'column:id|order', the products of that category or brand in that order. */
  members: Map<string, Int32Array>;
  /** Per business, its locked prices by product position. */
  locked: Map<number, Map<number, Locked>>;
  /** Business type -> which products are offered to it (loaded on first business listing). */
  types: Map<number, Int32Array> | null;
  typeMasks: Map<string, Uint8Array>;
  /** The names' words and trigrams, for the ordering-bar search (name-search.ts). */
  names: NameSearch;
}

export interface IndexPage {
  rows: Product[];
  total?: number;
}

function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/**
 * A field as the numbers the copy compares (LISTING_SORTS' fields): ranks for text, 0/1 for flags,
 * paisa for the displayed price (`price`: the caller's, locked prices included).
 */
function numericField(s: Snapshot, field: ListingField, price: (i: number) => number): (i: number) => number {
  switch (field) {
    case 'out_of_stock':
      return (i) => s.oos[i]!;
    case 'displayed_price':
      return price;
    case 'brand_name':
      return (i) => s.brandRank[i]!;
    case 'sale':
      return (i) => s.sale[i]!;
    case 'add_to_cart_count':
      return (i) => s.addToCart[i]!;
    case 'viewed_count':
      return (i) => s.viewed[i]!;
    default: {
      const column = s.columns[field];
      return (i) => column[i]!;
    }
  }
}

/** A field's numbers as a typed array, when it has one (the displayed price with locked prices has not). */
function fieldArray(s: Snapshot, field: ListingField, locked: boolean): ArrayLike<number> | null {
  switch (field) {
    case 'out_of_stock':
      return s.oos;
    case 'displayed_price':
      return locked ? null : s.plain;
    case 'brand_name':
      return s.brandRank;
    case 'sale':
      return s.sale;
    case 'add_to_cart_count':
      return s.addToCart;
    case 'viewed_count':
      return s.viewed;
    default:
      return s.columns[field];
  }
}

/**
 * The comparator of sort keys over product positions (`price`: the caller's displayed price when it
 * has locked prices). The usual shape, three keys read from typed arrays, is unrolled: the load sorts
 * every order of 100,000 products with it.
 */
function comparatorOf(s: Snapshot, keys: readonly SortKey[], price?: (i: number) => number): (a: number, b: number) => number {
  const sign = (k: SortKey) => (k.direction === 'desc' ? -1 : 1);
  const arrays = keys.map((k) => fieldArray(s, k.field, price !== undefined));
  if (arrays.length === 3 && arrays.every((a) => a !== null)) {
    const [x, y, z] = arrays as ArrayLike<number>[];
    const [sx, sy, sz] = keys.map(sign) as [number, number, number];
    return (a, b) => sx * (x![a]! - x![b]!) || sy * (y![a]! - y![b]!) || sz * (z![a]! - z![b]!);
  }
  const parts = keys.map((k) => ({ value: numericField(s, k.field, price ?? ((i) => s.plain[i]!)), sign: sign(k) }));
  return (a, b) => {
    for (const { value, sign } of parts) {
      const c = value(a) - value(b);
      if (c !== 0) return sign * c;
    }
    return 0;
  };
}

/** The predicate of a condition over product positions. */
function predicateOf(s: Snapshot, c: ListingCondition, price: (i: number) => number): (i: number) => boolean {
  switch (c.op) {
    case 'in': {
      if (c.field === 'brand_name') {
        const names = new Set<string>(c.values);
        return (i) => names.has(s.products[i]!.brand_name);
      }
      const wanted = new Set<number>(c.values);
      const value = numericField(s, c.field, price);
      return (i) => wanted.has(value(i));
    }
    case 'between': {
      const value = numericField(s, c.field, price);
      return (i) => {
        const v = value(i);
        return v >= c.min && v <= c.max;
      };
    }
    default: {
      const value = numericField(s, c.field, price);
      const wanted = c.value ? 1 : 0;
      return (i) => value(i) === wanted;
    }
  }
}

const orderKeyOf = (order: ListingOrder | undefined): OrderKey => order ?? 'default';

/** Active products of `where`, in id order, with their names' stored lexemes (space-separated). */
async function readProducts(db: Db, where: SQL, limit?: number): Promise<{ rows: Product[]; words: string[] }> {
  const active = and(where, eq(products.active, true));
  const rowsQuery = db.select(productJsonColumns(null)).from(products).where(active).orderBy(asc(products.id));
  const rows = await productsAsJson(db, limit === undefined ? rowsQuery : rowsQuery.limit(limit));
  const lexemesQuery = db
    .select({ id: products.id, words: sql<string>`array_to_string(tsvector_to_array(${products.nameTsv}), ' ')` })
    .from(products)
    .where(active)
    .orderBy(asc(products.id));
  const lexemes = await (limit === undefined ? lexemesQuery : lexemesQuery.limit(limit));
  const byId = new Map(lexemes.map((r) => [r.id, r.words]));
  return { rows, words: rows.map((p) => byId.get(p.id) ?? '') };
}

/** Products in id order, in chunks (one statement of 100,000 rows would hold the embedded database for a second). */
async function loadSnapshot(db: Db): Promise<Snapshot> {
  const all: Product[] = [];
  const words: string[] = [];
  for (let last = 0; ; ) {
    const chunk = await readProducts(db, gt(products.id, last), LOAD_CHUNK);
    words.push(...chunk.words);
    all.push(...chunk.rows);
    if (chunk.rows.length < LOAD_CHUNK) break;
    last = chunk.rows[chunk.rows.length - 1]!.id;
  }
  return buildSnapshot(all, words);
}

/** The copy of these products (in id order) and their lexemes, every order still to sort. */
function buildSnapshot(all: Product[], words: readonly string[]): Snapshot {
  const s = emptySnapshot(all, buildNameSearch(all.map((p) => p.name), words), brandRanksOf(all));
  all.forEach((p, i) => {
    fillRow(s, i, p);
  });
  return s;
}

/** Each brand name's place in byte order (the SQL sorts use collate "C"). */
function brandRanksOf(all: readonly Product[]): Map<string, number> {
  const brands = [...new Set(all.map((p) => p.brand_name))].sort(compareBytes);
  return new Map(brands.map((b, i) => [b, i]));
}

function emptySnapshot(all: Product[], names: NameSearch, brandRanks: Map<string, number>): Snapshot {
  const n = all.length;
  return {
    n,
    products: all,
    byId: new Map(),
    oos: new Uint8Array(n),
    plain: new Float64Array(n),
    brandRanks,
    brandRank: new Int32Array(n),
    columns: {
      tier1Id: new Int32Array(n),
      tier2Id: new Int32Array(n),
      tier3Id: new Int32Array(n),
      tier4Id: new Int32Array(n),
      brand_id: new Int32Array(n),
      id: new Int32Array(n),
    },
    sale: new Uint8Array(n),
    addToCart: new Float64Array(n),
    viewed: new Float64Array(n),
    sorted: new Map(),
    members: new Map(),
    locked: new Map(),
    types: null,
    typeMasks: new Map(),
    names,
  };
}

/** Product p's fields at position i. */
function fillRow(s: Snapshot, i: number, p: Product) {
  s.byId.set(p.id, i);
  s.oos[i] = p.stock === 0 ? 1 : 0;
  // The displayed price without a locked one (DISPLAYED_PRICE_SOURCES, as the SQL's CASE).
  s.plain[i] = toPaisa(displayPrice({ ...p, customer_specific_pricing: null }));
  s.sale[i] = p.sale ? 1 : 0;
  s.brandRank[i] = s.brandRanks.get(p.brand_name)!;
  s.columns.tier1Id[i] = p.tier1Id ?? -1;
  s.columns.tier2Id[i] = p.tier2Id ?? -1;
  s.columns.tier3Id[i] = p.tier3Id ?? -1;
  s.columns.tier4Id[i] = p.tier4Id ?? -1;
  s.columns.brand_id[i] = p.brand_id;
  s.columns.id[i] = p.id;
  s.addToCart[i] = p.add_to_cart_count;
  s.viewed[i] = p.viewed_count;
}

/** The fields of the old copy's product o, unchanged, at position i (what fillRow gave it). */
function copyRow(s: Snapshot, i: number, old: Snapshot, o: number, sameRanks: boolean) {
  const p = old.products[o]!;
  s.byId.set(p.id, i);
  s.oos[i] = old.oos[o]!;
  s.plain[i] = old.plain[o]!;
  s.sale[i] = old.sale[o]!;
  s.brandRank[i] = sameRanks ? old.brandRank[o]! : s.brandRanks.get(p.brand_name)!;
  for (const c of ID_FIELDS) s.columns[c][i] = old.columns[c][o]!;
  s.addToCart[i] = old.addToCart[o]!;
  s.viewed[i] = old.viewed[o]!;
}
const ID_FIELDS = ['tier1Id', 'tier2Id', 'tier3Id', 'tier4Id', 'brand_id', 'id'] as const satisfies readonly IdField[];

/**
 * The next copy after a change of the products `ids` (the change feed, migration 0021): those rows
 * are read again (an id no longer there or no longer active drops out), every other product keeps its
 * row and what was derived from it (copied over, not computed again), and each order's list is the
 * old one without the changed products (still in order: no other product's keys moved, and brand
 * ranks keep their relative order) merged with the changed ones sorted; the names' search structure
 * likewise (name-search.ts patchNameSearch). What is derived per business or per category starts
 * empty and is derived again on use. The old copy is left as it was: a listing running on it
 * finishes on it.
 */
async function patchSnapshot(db: Db, old: Snapshot, ids: readonly number[]): Promise<Snapshot> {
  const changed = new Set(ids);
  const fresh = changed.size > 0 ? await readProducts(db, inArray(products.id, [...changed])) : { rows: [], words: [] };
  const all: Product[] = [];
  const moved = new Int32Array(old.n);
  const oldAt: number[] = [];
  const freshNames: { at: number; name: string; words: string }[] = [];
  let k = 0;
  const takeFresh = (beforeId: number) => {
    while (k < fresh.rows.length && fresh.rows[k]!.id < beforeId) {
      freshNames.push({ at: all.length, name: fresh.rows[k]!.name, words: fresh.words[k]! });
      oldAt.push(-1);
      all.push(fresh.rows[k]!);
      k++;
    }
  };
  for (let i = 0; i < old.n; i++) {
    const p = old.products[i]!;
    takeFresh(p.id);
    if (changed.has(p.id)) {
      moved[i] = -1;
      continue;
    }
    moved[i] = all.length;
    oldAt.push(i);
    all.push(p);
  }
  takeFresh(Number.POSITIVE_INFINITY);
  // A brand name new to the copy changes the ranks (their order stays); else the old ones serve.
  const sameRanks = fresh.rows.every((p) => old.brandRanks.has(p.brand_name));
  const s = emptySnapshot(all, patchNameSearch(old.names, moved, all.length, freshNames), sameRanks ? old.brandRanks : brandRanksOf(all));
  for (let i = 0; i < all.length; i++) {
    const o = oldAt[i]!;
    if (o >= 0) copyRow(s, i, old, o, sameRanks);
    else fillRow(s, i, all[i]!);
  }
  const added = Int32Array.from(fresh.rows, (p) => s.byId.get(p.id)!);
  for (const order of ORDERS) {
    const compare = comparatorOf(s, LISTING_SORTS[order]);
    const before = old.sorted.get(order);
    if (!before) continue;
    const kept = new Int32Array(before.length);
    let size = 0;
    for (const i of before) if (moved[i]! >= 0) kept[size++] = moved[i]!;
    s.sorted.set(order, mergeSorted(kept.subarray(0, size), added.slice().sort(compare), compare));
  }
  return s;
}

/** Two lists sorted by `compare` as one. */
function mergeSorted(a: Int32Array, b: Int32Array, compare: (x: number, y: number) => number): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let x = 0;
  let y = 0;
  let o = 0;
  while (x < a.length && y < b.length) out[o++] = compare(b[y]!, a[x]!) < 0 ? b[y++]! : a[x++]!;
  while (x < a.length) out[o++] = a[x++]!;
  while (y < b.length) out[o++] = b[y++]!;
  return out;
}

function sortedAll(s: Snapshot, order: OrderKey): Int32Array {
  let list = s.sorted.get(order);
  if (!list) {
    list = new Int32Array(s.n);
    for (let i = 0; i < s.n; i++) list[i] = i;
    list.sort(comparatorOf(s, LISTING_SORTS[order]));
    s.sorted.set(order, list);
  }
  return list;
}

/** The products of one category (or brand) in an order: the whole order's list, filtered once and kept. */
function sortedMembers(s: Snapshot, column: IdField, id: number, order: OrderKey): Int32Array {
  const key = `${column}:${id}|${order}`;
  let list = s.members.get(key);
  if (!list) {
    const values = s.columns[column];
    list = sortedAll(s, order).filter((i) => values[i] === id);
    if (s.members.size >= MAX_MEMBER_LISTS) s.members.clear();
    s.members.set(key, list);
  }
  return list;
}

/** The tables whose change counters the storefront's copy and answer cache follow. */
export const CATALOGUE_TABLES = ['products', 'customer_prices', 'product_business_types'] as const;

type Predicate = (i: number) => boolean;
export function createCatalogueIndex(
  db: Db,
  options: {
    maxStaleMs: number;
    fullReloadMs: number;
    onLoad?: (info: { products: number; ms: number }) => void;
    onPatch?: (info: { products: number; rows: number; ms: number }) => void;
  },
) {
  const mirror = createDbMirror<Snapshot>(db, {
    tables: CATALOGUE_TABLES,
    reloadOn: ['products'],
    // Every order sorted while loading, so no listing waits for a sort of 100,000 products.
    load: async () => {
      const s = await loadSnapshot(db);
      for (const order of ORDERS) sortedAll(s, order);
      return s;
    },
    patch: { table: 'products', maxRows: PATCH_MAX_ROWS, apply: (s, ids) => patchSnapshot(db, s, ids) },
    onChange(s, table) {
      if (table === 'customer_prices') s.locked = new Map();
      if (table === 'product_business_types') {
        s.types = null;
        s.typeMasks = new Map();
      }
    },
    maxStaleMs: options.maxStaleMs,
    fullReloadMs: options.fullReloadMs,
    onLoad: (s, ms) => options.onLoad?.({ products: s.n, ms }),
    onPatch: (s, info) => options.onPatch?.({ products: s.n, ...info }),
  });
  const current = () => mirror.current();

  async function lockedPrices(s: Snapshot, businessId: number): Promise<Map<number, Locked>> {
    let map = s.locked.get(businessId);
    if (!map) {
      const rows = await db
        .select({ productId: customerPrices.productId, price: sql<string>`${customerPrices.price}::text` })
        .from(customerPrices)
        .where(and(eq(customerPrices.businessId, businessId), customerPriceInEffect()));
      map = new Map();
      for (const r of rows) {
        const i = s.byId.get(r.productId);
        if (i !== undefined) map.set(i, { paisa: toPaisa(r.price), text: r.price });
      }
      if (s.locked.size >= MAX_PRICE_BUSINESSES) s.locked.clear();
      s.locked.set(businessId, map);
    }
    return map;
  }

  async function typeMask(s: Snapshot, typeIds: readonly number[]): Promise<Uint8Array> {
    const key = [...typeIds].sort((a, b) => a - b).join(',');
    let mask = s.typeMasks.get(key);
    if (mask) return mask;
    if (!s.types) {
      const rows = await db
        .select({ typeId: productBusinessTypes.businessTypeId, ids: sql<number[]>`array_agg(${productBusinessTypes.productId})` })
        .from(productBusinessTypes)
        .groupBy(productBusinessTypes.businessTypeId);
      const types = new Map<number, Int32Array>();
      for (const r of rows) {
        const positions = r.ids.map((id) => s.byId.get(Number(id))).filter((i): i is number => i !== undefined);
        types.set(r.typeId, Int32Array.from(positions));
      }
      s.types = types;
    }
    mask = new Uint8Array(s.n);
    for (const t of typeIds) for (const i of s.types.get(t) ?? []) mask[i] = 1;
    if (s.typeMasks.size >= 1000) s.typeMasks.clear();
    s.typeMasks.set(key, mask);
    return mask;
  }

  const priceFor = (s: Snapshot, locked: Map<number, Locked> | null) => (i: number) => {
    const p = s.products[i]!;
    const own = locked?.get(i);
    return own ? { ...p, customer_specific_pricing: own.text } : p;
  };

  return {
    /**
     * The ordering-bar search (search.service.ts's searchProducts, same plan and same order): the
     * RANK_CANDIDATES shortest names having every word, ranked by pg_trgm similarity to the corrected
     * words, then in stock first, then id; the words but the last when nothing has them all. Null
     * when not loaded, or when a name or the text is not ASCII (then SQL's own similarity decides).
     */
    async search(text: string, limit: number, businessId: number | null, vocabulary?: VocabularySource): Promise<Product[] | null> {
      const plan = await searchPlan(text, vocabulary);
      if (!plan || plan.groups.length === 0) return [];
      const s = await current();
      if (!s) return null;
      const found = rankedMatches(s.names, plan, limit, s.oos);
      if (!found) return null;
      const locked = businessId == null ? null : await lockedPrices(s, businessId);
      return found.map(priceFor(s, locked));
    },

    /** Loads the index now (server start), without waiting for a listing to ask. */
    warm: mirror.warm, follow: mirror.follow, wake: mirror.wake, generation: mirror.generation,

    /**
     * One page (rows in order, limit + 1 of them at most) of a listing without search text, or
     * null when the index is not loaded yet. Bad input throws the same errors as the SQL path.
     */
    async page(
      query: ListingQuery,
      scope: { businessId: number | null; businessTypeIds?: readonly number[] },
    ): Promise<IndexPage | null> {
      const conditions = parseListingConditions(query);
      const s = await current();
      if (!s) return null;
      const order = orderKeyOf(query.order);
      const keys = sortKeysOf(query.order);
      const locked = scope.businessId == null ? null : await lockedPrices(s, scope.businessId);
      // SPEC 9: a business's locked price is its displayed price, in sorts and ranges too
      // (DISPLAYED_PRICE_SOURCES' first source, in front of the plain price).
      const priced = locked && locked.size > 0 ? locked : null;
      const price = priced ? (i: number) => priced.get(i)?.paisa ?? s.plain[i]! : (i: number) => s.plain[i]!;

      // The candidates: one category or brand in the order's sequence when a condition names exactly
      // one; the listed ids sorted when filtering by id; else every product in the order.
      type IdCondition = ListingCondition & { field: IdField; op: 'in' };
      const isIds = (c: ListingCondition): c is IdCondition => c.op === 'in' && c.field !== 'brand_name';
      let candidates: Int32Array;
      let rest = conditions;
      const single = conditions.find((c): c is IdCondition => isIds(c) && c.field !== 'id' && c.values.length === 1);
      const byIds = conditions.find((c): c is IdCondition => isIds(c) && c.field === 'id');
      if (byIds) {
        const positions = [...new Set(byIds.values)].map((id) => s.byId.get(id)).filter((i): i is number => i !== undefined);
        candidates = Int32Array.from(positions).sort(comparatorOf(s, keys));
        rest = conditions.filter((c) => c !== byIds);
      } else if (single) {
        candidates = sortedMembers(s, single.field, single.values[0]!, order);
        rest = conditions.filter((c) => c !== single);
      } else {
        candidates = sortedAll(s, order);
      }

      const predicates: Predicate[] = rest.map((c) => predicateOf(s, c, price));
      if (scope.businessTypeIds) {
        const mask = await typeMask(s, scope.businessTypeIds);
        predicates.push((i) => mask[i] === 1);
      }
      const matches = (i: number) => {
        for (const p of predicates) if (!p(i)) return false;
        return true;
      };

      // A sort by displayed price with locked prices: the products without one in the plain price
      // order, merged with the business's locked-price products sorted by their locked price (as the SQL path).
      let sequence: (visit: (i: number) => boolean) => void;
      if (usesDisplayedPrice(keys) && priced) {
        const compare = comparatorOf(s, keys, price);
        const member = new Uint8Array(s.n);
        for (const i of candidates) if (priced.has(i)) member[i] = 1;
        const lockedList = [...priced.keys()].filter((i) => member[i] === 1).sort(compare);
        sequence = (visit) => {
          let k = 0;
          for (const i of candidates) {
            if (priced.has(i)) continue;
            while (k < lockedList.length && compare(lockedList[k]!, i) < 0) if (!visit(lockedList[k++]!)) return;
            if (!visit(i)) return;
          }
          while (k < lockedList.length) if (!visit(lockedList[k++]!)) return;
        };
      } else {
        sequence = (visit) => {
          for (const i of candidates) if (!visit(i)) return;
        };
      }

      const wanted = query.offset + query.limit + 1;
      const positions: number[] = [];
      let seen = 0;
      sequence((i) => {
        if (predicates.length && !matches(i)) return true;
        if (seen++ >= query.offset) positions.push(i);
        return seen < wanted;
      });
      const rows = positions.map(priceFor(s, locked));
      const result: IndexPage = { rows };
      if (query.withTotal) {
        let total = 0;
        if (predicates.length === 0) total = candidates.length;
        else for (const i of candidates) if (matches(i)) total++;
        result.total = total;
      }
      return result;
    },
  };
}
export type CatalogueIndex = ReturnType<typeof createCatalogueIndex>;
