// The storefront copy's next version after a change of some products (the change feed, migration 0021).
import { LISTING_SORTS } from '@shop/domain/listing';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/catalogue.ts';
import { copyProduct, emptyColumns, setProduct } from './catalogue-columns.ts';
import { comparatorOf } from './catalogue-order.ts';
import { brandRanksOf, ORDERS, plainPrice, readProducts, type Snapshot, snapshotOf } from './catalogue-snapshot.ts';
import { patchNameSearch } from './name-search.ts';

/**
 * The next copy after a change of the products `ids`: those rows are read again (an id no longer
 * there or no longer active drops out), every other product keeps its columns and what was derived
 * from them (copied over, not computed again), and each order's list is the old one without the
 * changed products (still in order: no other product's keys moved, and brand ranks keep their
 * relative order) merged with the changed ones sorted; the names' search structure likewise
 * (name-search.ts patchNameSearch). What is derived per business or per category starts empty and is
 * derived again on use. The old copy is left as it was: a listing running on it finishes on it.
 */
export async function patchSnapshot(db: Db, old: Snapshot, ids: readonly number[]): Promise<Snapshot> {
  const changed = new Set(ids);
  const fresh = changed.size > 0 ? await readProducts(db, inArray(products.id, [...changed])) : { rows: [], words: [] };
  const oldIds = old.cols.ints.id;
  let kept = 0;
  for (let i = 0; i < old.n; i++) if (!changed.has(oldIds[i]!)) kept++;
  const n = kept + fresh.rows.length;
  const cols = emptyColumns(n, old.cols);
  const plain = new Float64Array(n);
  const moved = new Int32Array(old.n);
  const freshNames: { at: number; name: string; words: string }[] = [];
  let at = 0;
  let k = 0;
  const takeFresh = (beforeId: number) => {
    while (k < fresh.rows.length && fresh.rows[k]!.id < beforeId) {
      const p = fresh.rows[k]!;
      setProduct(cols, at, p);
      plain[at] = plainPrice(p);
      freshNames.push({ at, name: p.name, words: fresh.words[k]! });
      at++;
      k++;
    }
  };
  for (let i = 0; i < old.n; i++) {
    const id = oldIds[i]!;
    takeFresh(id);
    if (changed.has(id)) {
      moved[i] = -1;
      continue;
    }
    moved[i] = at;
    copyProduct(cols, at, old.cols, i);
    plain[at] = old.plain[i]!;
    at++;
  }
  takeFresh(Number.POSITIVE_INFINITY);
  // A brand name new to the copy changes the ranks (their order stays); else the old ones serve.
  const sameRanks = fresh.rows.every((p) => old.brandRanks.has(p.brand_name));
  const s = snapshotOf(cols, plain, patchNameSearch(old.names, moved, n, freshNames), sameRanks ? old.brandRanks : brandRanksOf(cols.texts.brand_name.distinct()));
  const added = Int32Array.from(freshNames, (f) => f.at);
  for (const order of ORDERS) {
    const compare = comparatorOf(s, LISTING_SORTS[order]);
    const before = old.sorted.get(order);
    if (!before) continue;
    const keptList = new Int32Array(before.length);
    let size = 0;
    for (const i of before) if (moved[i]! >= 0) keptList[size++] = moved[i]!;
    s.sorted.set(order, mergeSorted(keptList.subarray(0, size), added.slice().sort(compare), compare));
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
