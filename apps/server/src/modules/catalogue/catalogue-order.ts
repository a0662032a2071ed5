// The listing's sort orders and filters over the storefront copy's positions, derived from
// packages/domain's declarations (listing.ts LISTING_SORTS and listingConditions), as listing-sql.ts
// derives the SQL from the same ones.
import { type IdField, LISTING_SORTS, type ListingCondition, type ListingField, type ListingOrder, type SortKey } from '@shop/domain/listing';
import type { OrderKey, Snapshot } from './catalogue-snapshot.ts';

const MAX_MEMBER_LISTS = 20_000;

export const orderKeyOf = (order: ListingOrder | undefined): OrderKey => order ?? 'default';

/**
 * A field as the numbers the copy compares (LISTING_SORTS' fields): ranks for text, 0/1 for flags,
 * paisa for the displayed price (`price`: the caller's, locked prices included).
 */
function numericField(s: Snapshot, field: ListingField, price: (i: number) => number): (i: number) => number {
  const array = fieldArray(s, field, false);
  if (field === 'displayed_price' || !array) return price;
  return (i) => array[i]!;
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
      return s.cols.sale;
    case 'add_to_cart_count':
      return s.cols.ints.add_to_cart_count;
    case 'viewed_count':
      return s.cols.ints.viewed_count;
    default:
      return s.columns[field];
  }
}

/**
 * The comparator of sort keys over product positions (`price`: the caller's displayed price when it
 * has locked prices). The usual shape, three keys read from typed arrays, is unrolled: the load sorts
 * every order of 100,000 products with it.
 */
export function comparatorOf(s: Snapshot, keys: readonly SortKey[], price?: (i: number) => number): (a: number, b: number) => number {
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
export function predicateOf(s: Snapshot, c: ListingCondition, price: (i: number) => number): (i: number) => boolean {
  switch (c.op) {
    case 'in': {
      if (c.field === 'brand_name') {
        const names = new Set<string>(c.values);
        const brandName = s.cols.texts.brand_name;
        return (i) => names.has(brandName.at(i)!);
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

/** Every product in an order, sorted once and kept. */
export function sortedAll(s: Snapshot, order: OrderKey): Int32Array {
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
export function sortedMembers(s: Snapshot, column: IdField, id: number, order: OrderKey): Int32Array {
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
