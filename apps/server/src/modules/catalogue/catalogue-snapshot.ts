// The storefront copy's data (catalogue-index.ts answers from it) and its full load from the database.
import type { Product } from '@shop/domain/catalogue';
import { type IdField, LISTING_ORDERS } from '@shop/domain/listing';
import { toPaisa } from '@shop/domain/money';
import { displayPrice, type QuantityTier } from '@shop/domain/pricing';
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/catalogue.ts';
import { concatColumns, emptyColumns, idColumns, type ProductColumns, rowMaker, sealColumns, setProduct } from './catalogue-columns.ts';
import { buildNameSearch, type NameSearch } from './name-search.ts';
import { productJsonColumns, productsAsJson } from './pricing.service.ts';

export const ORDERS = ['default', ...LISTING_ORDERS] as const;
export type OrderKey = (typeof ORDERS)[number];
const LOAD_CHUNK = 5_000;

export interface Locked {
  paisa: number;
  text: string;
}

/** Issue 36: a city's prices and Buy More Pay Less thresholds in effect, by product position. */
export interface CityOverlay {
  prices: Map<number, Locked>;
  tiers: Map<number, QuantityTier[]>;
}

/**
 * Issue 36: what a buyer is shown for a page of the copy: the business's locked prices, its city's
 * prices and thresholds, and the two merged as the price of one piece where it is not the plain one
 * (DISPLAYED_PRICE_SOURCES: locked, then city), null when every price is plain.
 */
export interface BuyerPrices {
  locked: Map<number, Locked> | null;
  city: CityOverlay | null;
  own: Map<number, Locked> | null;
}

export interface Snapshot {
  n: number;
  /** Every product's fields, by position (positions follow ids). */
  cols: ProductColumns;
  /** The API row of a position (catalogue-columns.ts rowMaker). */
  row: ReturnType<typeof rowMaker>;
  /** The id fields; a missing tier is -1 (matches no id, as SQL's null). */
  columns: Record<IdField, Int32Array>;
  oos: Uint8Array;
  /** SPEC 9's displayed price without a locked price, in paisa. */
  plain: Float64Array;
  /** Each brand name's place in byte order (the SQL sorts use collate "C"); may have gaps. */
  brandRanks: Map<string, number>;
  /** The brand name's place, by product position. */
  brandRank: Int32Array;
  /** Per order, every product in that order (out of stock last, then the key, then id). */
  sorted: Map<OrderKey, Int32Array>;
  /** Per 'column:id|order', the products of that category or brand in that order. */
  members: Map<string, Int32Array>;
  /** Per business, its locked prices by product position. */
  locked: Map<number, Map<number, Locked>>;
  /** Per city, its prices and thresholds in effect by product position (issue 36). */
  cities: Map<number, CityOverlay>;
  /** Per 'business:city', the buyer's own prices merged (BuyerPrices.own). */
  own: Map<string, Map<number, Locked> | null>;
  /** Business type -> which products are offered to it (loaded on first business listing). */
  types: Map<number, Int32Array> | null;
  typeMasks: Map<string, Uint8Array>;
  /** The names' words and trigrams, for the ordering-bar search (name-search.ts). */
  names: NameSearch;
}

/** The displayed price without a locked one (DISPLAYED_PRICE_SOURCES, as the SQL's CASE), in paisa. */
export const plainPrice = (p: Product) => toPaisa(displayPrice({ ...p, customer_specific_pricing: null }));

/** Active products of `where`, in id order, with their names' stored lexemes (space-separated). */
export async function readProducts(db: Db, where: SQL, limit?: number): Promise<{ rows: Product[]; words: string[] }> {
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

/**
 * Every active product, in chunks (one statement of 100,000 rows would hold the embedded database for
 * a second), each chunk's rows turned into columns at once (the rows are not kept).
 */
export async function loadSnapshot(db: Db): Promise<Snapshot> {
  const parts: ProductColumns[] = [];
  const prices: Float64Array[] = [];
  const words: string[] = [];
  const names: string[] = [];
  for (let last = 0; ; ) {
    const chunk = await readProducts(db, gt(products.id, last), LOAD_CHUNK);
    const part = emptyColumns(chunk.rows.length);
    const plain = new Float64Array(chunk.rows.length);
    chunk.rows.forEach((p, i) => {
      setProduct(part, i, p);
      plain[i] = plainPrice(p);
    });
    parts.push(part);
    prices.push(plain);
    for (const w of chunk.words) words.push(w);
    for (const p of chunk.rows) names.push(p.name);
    if (chunk.rows.length < LOAD_CHUNK) break;
    last = chunk.rows[chunk.rows.length - 1]!.id;
  }
  const cols = parts.length === 1 ? sealColumns(parts[0]!) : concatColumns(parts);
  const plain = new Float64Array(cols.n);
  let at = 0;
  for (const p of prices) {
    plain.set(p, at);
    at += p.length;
  }
  return snapshotOf(cols, plain, buildNameSearch(names, words), brandRanksOf(cols.texts.brand_name.distinct()));
}

function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** Each brand name's place in byte order (the SQL sorts use collate "C"). */
export function brandRanksOf(brandNames: readonly string[]): Map<string, number> {
  const brands = [...new Set(brandNames)].sort(compareBytes);
  return new Map(brands.map((b, i) => [b, i]));
}

/** The copy of these columns, with what is derived per product; every order still to sort. */
export function snapshotOf(cols: ProductColumns, plain: Float64Array, names: NameSearch, brandRanks: Map<string, number>): Snapshot {
  sealColumns(cols);
  const n = cols.n;
  const oos = new Uint8Array(n);
  const brandRank = new Int32Array(n);
  const stock = cols.ints.stock;
  const brandName = cols.texts.brand_name;
  for (let i = 0; i < n; i++) {
    oos[i] = stock[i] === 0 ? 1 : 0;
    brandRank[i] = brandRanks.get(brandName.at(i)!)!;
  }
  return {
    n,
    cols,
    row: rowMaker(cols),
    columns: idColumns(cols),
    oos,
    plain,
    brandRanks,
    brandRank,
    sorted: new Map(),
    members: new Map(),
    locked: new Map(),
    cities: new Map(),
    own: new Map(),
    types: null,
    typeMasks: new Map(),
    names,
  };
}
