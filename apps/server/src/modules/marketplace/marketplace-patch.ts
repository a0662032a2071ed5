// The marketplace copy patched from the change feed (migration 0024) instead of loaded whole.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type CityRecords, copyProduct, copyRecord, emptyCity, emptyProducts, positionOf, sealProducts, setRecord } from './marketplace-columns.ts';
import { sortEveryCity } from './marketplace-order.ts';
import type { Row } from './marketplace-rows.ts';
import { nameRanks, readProducts, readRecords, type Snapshot } from './marketplace-snapshot.ts';

/**
 * The next copy after a change of the marketplace products `ids` (the change feed, migration 0024:
 * both tables log the product ids a statement touched): those products and their active city records
 * are read again (a product no longer there drops out, a record no longer active leaves its city),
 * every other product keeps its columns and every other record its columns (copied, not read again). The
 * names' ranks are kept when no name moved (made dense again), else read again from the database's
 * order (one statement of ids); each city's orders are sorted again (numeric sorts of packed keys).
 * The old copy is left as it was: a list running on it finishes on it.
 */
export async function patchSnapshot(db: Db, old: Snapshot, ids: readonly number[]): Promise<Snapshot> {
  const changed = new Set(ids);
  const list = [...changed];
  const fresh = list.length ? await readProducts(db, sql`p.id in ${list}`) : sealProducts(emptyProducts(0));
  const freshRecords = list.length ? await readRecords(db, sql`c.bmpl_product_id in ${list}`) : [];
  const was = old.products;
  let keptCount = 0;
  for (let i = 0; i < was.n; i++) if (!changed.has(was.id[i]!)) keptCount++;
  const products = emptyProducts(keptCount + fresh.n, was);
  // Per new position, the old position of a kept product (-1: read afresh); per old position, its new one (-1: changed).
  const from = new Int32Array(products.n);
  const moved = new Int32Array(was.n);
  let at = 0;
  let f = 0;
  const takeFresh = (beforeId: number) => {
    while (f < fresh.n && fresh.id[f]! < beforeId) {
      copyProduct(products, at, fresh, f++);
      from[at++] = -1;
    }
  };
  for (let i = 0; i < was.n; i++) {
    const id = was.id[i]!;
    takeFresh(id);
    if (changed.has(id)) {
      moved[i] = -1;
      continue;
    }
    moved[i] = at;
    copyProduct(products, at, was, i);
    from[at++] = i;
  }
  takeFresh(Number.POSITIVE_INFINITY);
  sealProducts(products);

  // A new product or a changed name needs the database's order again; else the kept ranks serve.
  let namesMoved = false;
  for (let x = 0; x < fresh.n && !namesMoved; x++) {
    const o = positionOf(was, fresh.id[x]!);
    namesMoved = o < 0 || was.name.at(o) !== fresh.name.at(x);
  }
  let nameRank: Int32Array;
  if (namesMoved) nameRank = await nameRanks(db, products);
  else {
    // Every product is an old one with its old name (a re-read one too): its old rank, made dense.
    const oldRank = new Int32Array(products.n);
    for (let i = 0; i < products.n; i++) oldRank[i] = old.nameRank[from[i]! >= 0 ? from[i]! : positionOf(was, products.id[i]!)]!;
    const used = new Uint8Array(was.n + 1);
    for (const r of oldRank) used[r] = 1;
    const dense = new Int32Array(used.length);
    for (let r = 0, next = 0; r < used.length; r++) if (used[r]) dense[r] = next++;
    nameRank = oldRank.map((r) => dense[r]!);
  }

  // Per city: the kept records (in product order) and the fresh ones merged by product position.
  const freshByCity = new Map<number, { i: number; r: Row }[]>();
  for (const r of freshRecords) {
    const i = positionOf(products, Number(r.bmpl_product_id));
    if (i < 0) continue;
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
    const c = emptyCity(n, products.n);
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
  const snapshot: Snapshot = { products, nameRank, cities, wordMatches: new Map(), wordPositions: 0 };
  sortEveryCity(snapshot);
  return snapshot;
}
