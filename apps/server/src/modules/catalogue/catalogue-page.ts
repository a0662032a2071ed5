// One page of a storefront listing from the copy: the candidates in order, filtered, counted.
import type { ListingQuery, Product } from '@shop/domain/catalogue';
import { type IdField, type ListingCondition, sortKeysOf, usesDisplayedPrice } from '@shop/domain/listing';
import { positionOf } from './catalogue-columns.ts';
import { comparatorOf, orderKeyOf, predicateOf, sortedAll, sortedMembers } from './catalogue-order.ts';
import type { BuyerPrices, Snapshot } from './catalogue-snapshot.ts';
import { quantityPriceSteps } from '@shop/domain/pricing';

export interface IndexPage {
  rows: Product[];
  total?: number;
}

type Predicate = (i: number) => boolean;

/**
 * The API rows of these positions, with the buyer's prices (or none): the business's locked price,
 * the city's price and the Buy More Pay Less prices the cart gives (pricing.ts quantityPriceSteps).
 */
export function rowsAt(s: Snapshot, positions: readonly number[], prices: BuyerPrices | null): Product[] {
  const row = s.row;
  if (!prices) return positions.map((i) => row(i, null));
  const { locked, city } = prices;
  return positions.map((i) => {
    const p = row(i, locked?.get(i)?.text ?? null, city?.prices.get(i)?.text ?? null);
    const tiers = city?.tiers.get(i);
    if (tiers) p.quantity_prices = quantityPriceSteps({ ...p, city_price: p.city_price, quantity_tiers: tiers });
    return p;
  });
}

/**
 * The candidates that have an own price, in the order's comparator: found once per buyer's prices and
 * candidate list (both kept while their counters stand, so a category's next pages, other price
 * ranges and brands reuse it) rather than scanning the whole category on every price-sorted page
 * (issue 36's cold listings: that scan cost about 30 µs for a category of 1,500, 270 µs for 7,500).
 * A list of listed ids (made per query) is not kept.
 */
const ownMembers = new WeakMap<ReadonlyMap<number, unknown>, WeakMap<Int32Array, number[]>>();
function ownPricedMembers(s: Snapshot, priced: ReadonlyMap<number, unknown>, candidates: Int32Array, compare: (a: number, b: number) => number): number[] {
  let byCandidates = ownMembers.get(priced);
  let list = byCandidates?.get(candidates);
  if (list) return list;
  if (priced.size <= candidates.length) {
    // Few own prices: test each against the candidates (a set of them made once).
    const member = new Uint8Array(s.n);
    for (const i of candidates) member[i] = 1;
    list = [...priced.keys()].filter((i) => member[i] === 1);
  } else {
    list = [];
    for (const i of candidates) if (priced.has(i)) list.push(i);
  }
  list.sort(compare);
  if (!byCandidates) {
    byCandidates = new WeakMap();
    ownMembers.set(priced, byCandidates);
  }
  byCandidates.set(candidates, list);
  return list;
}

/**
 * The page (rows in order, limit + 1 of them at most) of `conditions` (parsed from `query`) in the
 * query's order, as the SQL path answers it; `locked` the caller's business's locked prices, `mask`
 * the products offered to its business types.
 */
export function listingPage(s: Snapshot, query: ListingQuery, conditions: readonly ListingCondition[], prices: BuyerPrices | null, mask: Uint8Array | null): IndexPage {
  const order = orderKeyOf(query.order);
  const keys = sortKeysOf(query.order);
  // SPEC 9, issue 36: the buyer's own price (locked, else its city's) is its displayed price, in sorts
  // and ranges too (DISPLAYED_PRICE_SOURCES' first sources, in front of the plain price).
  const priced = prices?.own && prices.own.size > 0 ? prices.own : null;
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
    const positions = [...new Set(byIds.values)].map((id) => positionOf(s.cols, id)).filter((i) => i >= 0);
    candidates = Int32Array.from(positions).sort(comparatorOf(s, keys));
    rest = conditions.filter((c) => c !== byIds);
  } else if (single) {
    candidates = sortedMembers(s, single.field, single.values[0]!, order);
    rest = conditions.filter((c) => c !== single);
  } else {
    candidates = sortedAll(s, order);
  }

  const predicates: Predicate[] = rest.map((c) => predicateOf(s, c, price));
  if (mask) predicates.push((i) => mask[i] === 1);
  const matches = (i: number) => {
    for (const p of predicates) if (!p(i)) return false;
    return true;
  };

  // A sort by displayed price with locked prices: the products without one in the plain price
  // order, merged with the business's locked-price products sorted by their locked price (as the SQL path).
  let sequence: (visit: (i: number) => boolean) => void;
  if (usesDisplayedPrice(keys) && priced) {
    const compare = comparatorOf(s, keys, price);
    const lockedList = ownPricedMembers(s, priced, candidates, compare);
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
  const result: IndexPage = { rows: rowsAt(s, positions, prices) };
  if (query.withTotal) {
    let total = 0;
    if (predicates.length === 0) total = candidates.length;
    else for (const i of candidates) if (matches(i)) total++;
    result.total = total;
  }
  return result;
}
