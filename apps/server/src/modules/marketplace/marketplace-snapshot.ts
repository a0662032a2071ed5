// The marketplace copy's data (marketplace-index.ts answers from it): products, and per city its records
// (marketplace-columns.ts), and its full load from the database. Its list orders: marketplace-order.ts;
// its patch from the change feed: marketplace-patch.ts.
import { type SQL, sql } from 'drizzle-orm';
import { type Db, jsonRows } from '../../db/client.ts';
import {
  type CityRecords,
  concatProducts,
  emptyCity,
  emptyProducts,
  type Interner,
  type ProductColumns,
  positionOf,
  resizeCity,
  sealProducts,
  setProduct,
  setRecord,
} from './marketplace-columns.ts';
import type { Row } from './marketplace-rows.ts';

export interface Snapshot {
  /** Every product (active or not), by position; positions follow ids (marketplace-columns.ts positionOf). */
  products: ProductColumns;
  /** Position of the name in the database's ORDER BY name (equal names share one). */
  nameRank: Int32Array;
  cities: Map<number, CityRecords>;
  /** Per search word, the products whose name contains it (kept while the copy lives). */
  wordMatches: Map<string, Int32Array>;
  /** The positions wordMatches holds (bounded: marketplace-index.ts MAX_WORD_POSITIONS). */
  wordPositions: number;
}

/**
 * Rows per statement. Each chunk is one JSON text built in the database (jsonRows) and parsed here; a
 * chunk's rows are folded into columns before the next is read, so the load's peak holds one chunk
 * of row objects, not every record at once (issue 17: 350,000 record objects held until the last one was
 * read made the load's peak, which the process kept).
 */
const LOAD_CHUNK = 5_000;
const PRODUCT_FIELDS = sql.raw(`p.id, p.name, p.slug, p.url_name, p.description, p.tier1_id, p.tier2_id, p.tier3_id,
  p.tier4_id, p.bmpl_brand_id, p.bmpl_brand_name, lower(p.name) as lower_name`);
const RECORD_FIELDS = sql.raw(`c.city_id, c.bmpl_product_id, c.tier2_id as c_tier2_id, c.tier3_id as c_tier3_id,
  c.bmpl_brand_id as c_brand_id, c.out_of_stock, c.price::text as price, c.sale, c.sale_price::text as sale_price,
  c.sell_price::text as sell_price, c.tax::text as tax, c.stock, c.discount_threshold, c.discount_price::text as discount_price,
  c.original_price::text as original_price, c.discount_description, c.discount_price_tax::text as discount_price_tax,
  c.discount_price_without_tax::text as discount_price_without_tax`);

/** Products of `where` (a condition on p), in id order, as columns. */
export async function readProducts(db: Db, where: SQL): Promise<ProductColumns> {
  const parts: ProductColumns[] = [];
  const pool: Interner = new Map();
  for (let last = 0; ; ) {
    const chunk = await jsonRows<Row>(db, sql`select ${PRODUCT_FIELDS} from bmpl_products p where ${where} and p.id > ${last} order by p.id limit ${LOAD_CHUNK}`);
    const part = emptyProducts(chunk.length);
    chunk.forEach((r, i) => {
      setProduct(part, i, r, pool);
    });
    parts.push(part);
    if (chunk.length < LOAD_CHUNK) break;
    last = part.id[part.n - 1]!;
  }
  return parts.length === 1 ? sealProducts(parts[0]!) : concatProducts(parts);
}

/** Active city records of `where` (a condition on c), in (product id, city id) order, a chunk at a time. */
export async function eachRecordChunk(db: Db, where: SQL, take: (chunk: Row[]) => void): Promise<void> {
  // Issue 19: only active records, as the SQL lists read them (an inactive product is in no city here).
  for (let lastProduct = 0, lastCity = 0; ; ) {
    const chunk = await jsonRows<Row>(
      db,
      sql`select ${RECORD_FIELDS} from bmpl_product_cities c
          where c.active and ${where} and (c.bmpl_product_id, c.city_id) > (${lastProduct}, ${lastCity})
          order by c.bmpl_product_id, c.city_id limit ${LOAD_CHUNK}`,
    );
    take(chunk);
    if (chunk.length < LOAD_CHUNK) break;
    lastProduct = Number(chunk[chunk.length - 1]!.bmpl_product_id);
    lastCity = Number(chunk[chunk.length - 1]!.city_id);
  }
}

/** Active city records of `where` (a condition on c), in (product id, city id) order (a patch's few). */
export async function readRecords(db: Db, where: SQL): Promise<Row[]> {
  const records: Row[] = [];
  await eachRecordChunk(db, where, (chunk) => {
    for (const r of chunk) records.push(r);
  });
  return records;
}

/**
 * The database's order of the names (the lists sort by it), as ranks by product position: equal
 * names, equal ranks. A product the copy does not hold (written since its rows were read) is skipped.
 */
export async function nameRanks(db: Db, products: ProductColumns): Promise<Int32Array> {
  const ordered = await jsonRows<{ id: number }>(db, sql`select p.id from bmpl_products p order by p.name, p.id`);
  const nameRank = new Int32Array(products.n);
  let rank = -1;
  let previous: string | undefined;
  for (const { id } of ordered) {
    const i = positionOf(products, id);
    if (i < 0) continue;
    const name = products.name.at(i);
    if (rank < 0 || name !== previous) rank++;
    previous = name;
    nameRank[i] = rank;
  }
  return nameRank;
}

/** The whole copy, read afresh; its list orders are not sorted yet (sortEveryCity). */
export async function loadSnapshot(db: Db): Promise<Snapshot> {
  const products = await readProducts(db, sql`true`);
  const nameRank = await nameRanks(db, products);
  // Each city's columns sized by its count of records, grown if more arrive while loading, trimmed at the end.
  const counts = await jsonRows<{ city_id: number; n: number }>(db, sql`select city_id, count(*)::int as n from bmpl_product_cities where active group by city_id`);
  const cities = new Map<number, { c: CityRecords; k: number }>();
  for (const { city_id, n } of counts) cities.set(Number(city_id), { c: emptyCity(Math.max(1, Number(n)), products.n), k: 0 });
  await eachRecordChunk(db, sql`true`, (chunk) => {
    for (const r of chunk) {
      // A record of a product written since the products were read waits for the next change.
      const i = positionOf(products, Number(r.bmpl_product_id));
      if (i < 0) continue;
      const cityId = Number(r.city_id);
      let city = cities.get(cityId);
      if (!city) {
        city = { c: emptyCity(1_024, products.n), k: 0 };
        cities.set(cityId, city);
      }
      if (city.k === city.c.n) city.c = resizeCity(city.c, city.k, products.n, city.k * 2);
      setRecord(city.c, city.k++, r, i);
    }
  });
  const result = new Map<number, CityRecords>();
  for (const [cityId, { c, k }] of cities) if (k > 0) result.set(cityId, k === c.n ? c : resizeCity(c, k, products.n));
  return { products, nameRank, cities: result, wordMatches: new Map(), wordPositions: 0 };
}
