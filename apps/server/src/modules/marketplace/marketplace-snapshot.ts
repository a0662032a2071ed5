// The marketplace copy's data (marketplace-index.ts answers from it): products, and per city its records
// (marketplace-columns.ts), and its full load from the database. Its list orders: marketplace-order.ts;
// its patch from the change feed: marketplace-patch.ts.
import { type SQL, sql } from 'drizzle-orm';
import { type Db, jsonRows } from '../../db/client.ts';
import { type CityRecords, emptyCity, setRecord, shrinkCity } from './marketplace-columns.ts';
import type { Row } from './marketplace-rows.ts';

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
export async function readProducts(db: Db, where: SQL): Promise<{ rows: Row[]; lowerName: string[] }> {
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
export async function readRecords(db: Db, where: SQL): Promise<Row[]> {
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
export async function nameRanks(db: Db, products: readonly Row[], byId: Map<number, number>): Promise<Int32Array> {
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

/** The whole copy, read afresh; its list orders are not sorted yet (sortEveryCity). */
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
  return { products, byId, lowerName, nameRank, cities, wordMatches: new Map() };
}
