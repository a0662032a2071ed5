// Listing rules shared by the server and the web (no zod: the web bundles this file).
import { toPaisa } from './money.ts';
import { displayPrice, type PriceFields } from './pricing.ts';

/** The `order` values the product list calls accept (SPEC 7 names two; the other four back the sort menu). */
export const LISTING_ORDERS = [
  'brand_name__ASC',
  'brand_name__DESC',
  'price__ASC',
  'price__DESC',
  'add_to_cart_count__DESC',
  'viewed_count__DESC',
] as const;
export type ListingOrder = (typeof LISTING_ORDERS)[number];

/** SPEC 2/9: the six sort options of the ordering side, worded exactly (including 'Viwed'). */
export const SORT_OPTIONS: ReadonlyArray<{ label: string; order: ListingOrder }> = [
  { label: 'Brand A-Z', order: 'brand_name__ASC' },
  { label: 'Brand Z-A', order: 'brand_name__DESC' },
  { label: 'Price Low to High', order: 'price__ASC' },
  { label: 'Price High to Low', order: 'price__DESC' },
  { label: 'Most Add to cart', order: 'add_to_cart_count__DESC' },
  { label: 'Most Viwed', order: 'viewed_count__DESC' },
];

/** The `filter` / `includeFilter` names (an allowlist: each maps to one column on the server). */
export const LISTING_FILTERS = ['tier1Id', 'tier2Id', 'tier3Id', 'tier4Id', 'brand_id', 'brand_name', 'id', 'price', 'sale'] as const;
export type ListingFilter = (typeof LISTING_FILTERS)[number];

/** Largest page the list calls serve: the storefront's own 7000 (SPEC 9) is the cap. */
export const LISTING_LIMIT_MAX = 7000;
/** Deepest offset served; past it a listing is not browsing any more. */
export const LISTING_OFFSET_MAX = 1_000_000;
/** Longest search text accepted (a product name is far shorter); longer gets 400. */
export const SEARCH_MAX_LENGTH = 200;

export interface PriceRange {
  /** Whole rupees. */
  min: number;
  max: number;
}

/**
 * SPEC 7: a price range is written '@min-max' in whole or decimal rupees. Returns null when malformed
 * (not two finite non-negative numbers, or min above max), so callers answer 400.
 */
export function parsePriceRange(text: string): PriceRange | null {
  const match = /^@(\d{1,9}(?:\.\d{1,2})?)-(\d{1,9}(?:\.\d{1,2})?)$/.exec(text.trim());
  if (!match) return null;
  const min = Number(match[1]);
  const max = Number(match[2]);
  if (!Number.isFinite(min) || !Number.isFinite(max) || min > max) return null;
  return { min, max };
}

export const formatPriceRange = (range: PriceRange) => `@${Math.round(range.min)}-${Math.round(range.max)}`;

/** SPEC 7: a brand filter is '*brand_name', several as '*A*B' (a leading '*' on each name). */
export function parseBrandFilter(text: string): string[] {
  return [...new Set(text.split('*').map((b) => b.trim()).filter(Boolean))];
}

export const formatBrandFilter = (brands: readonly string[]) => brands.map((b) => `*${b}`).join('');

/** Search text as both sides use it: trimmed (SPEC 2) with runs of spaces collapsed. */
export function normaliseSearch(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

// ---- The listing's rules, declared once (docs/decisions/011-catalogue-copies.md) ----
// The sort orders and filters below are data. Each executor is derived from them: the comparators and
// predicates here (the web, tests), the SQL of apps/server/src/modules/catalogue/listing-sql.ts and the
// in-memory catalogue's typed-array walks (catalogue-index.ts). Differential tests compare SQL and memory.

/** What a listing sorts and filters by: a product's attributes, each compared one way. */
export type ListingField =
  | 'id'
  | 'tier1Id'
  | 'tier2Id'
  | 'tier3Id'
  | 'tier4Id'
  | 'brand_id'
  /** Text in code point order: PostgreSQL's collate "C" (UTF-8 byte order). */
  | 'brand_name'
  | 'sale'
  /** stock = 0: in stock (false) before out of stock (true). */
  | 'out_of_stock'
  /** SPEC 9's displayed price for the caller (pricing.ts DISPLAYED_PRICE_SOURCES), in paisa. */
  | 'displayed_price'
  | 'add_to_cart_count'
  | 'viewed_count';

export interface SortKey {
  field: ListingField;
  direction: 'asc' | 'desc';
}

const OUT_OF_STOCK_LAST: SortKey = { field: 'out_of_stock', direction: 'asc' };
const BY_ID: SortKey = { field: 'id', direction: 'asc' };

/**
 * SPEC 2/9: every order puts out-of-stock products behind the rest and breaks ties by id, so pages
 * never overlap. 'default' is the order without `order` (and without search text).
 */
export const LISTING_SORTS: Readonly<Record<ListingOrder | 'default', readonly SortKey[]>> = {
  default: [OUT_OF_STOCK_LAST, BY_ID],
  brand_name__ASC: [OUT_OF_STOCK_LAST, { field: 'brand_name', direction: 'asc' }, BY_ID],
  brand_name__DESC: [OUT_OF_STOCK_LAST, { field: 'brand_name', direction: 'desc' }, BY_ID],
  price__ASC: [OUT_OF_STOCK_LAST, { field: 'displayed_price', direction: 'asc' }, BY_ID],
  price__DESC: [OUT_OF_STOCK_LAST, { field: 'displayed_price', direction: 'desc' }, BY_ID],
  add_to_cart_count__DESC: [OUT_OF_STOCK_LAST, { field: 'add_to_cart_count', direction: 'desc' }, BY_ID],
  viewed_count__DESC: [OUT_OF_STOCK_LAST, { field: 'viewed_count', direction: 'desc' }, BY_ID],
};

export const sortKeysOf = (order: ListingOrder | null | undefined): readonly SortKey[] => LISTING_SORTS[order ?? 'default'];

/** Whether an order (or a filter) needs the caller's displayed prices, locked prices included. */
export const usesDisplayedPrice = (keys: readonly SortKey[]) => keys.some((k) => k.field === 'displayed_price');

export type IdField = 'tier1Id' | 'tier2Id' | 'tier3Id' | 'tier4Id' | 'brand_id' | 'id';

/** One condition of a listing: a field in a list, between two bounds (inclusive), or equal to a value. */
export type ListingCondition =
  | { field: IdField; op: 'in'; values: readonly number[] }
  | { field: 'brand_name'; op: 'in'; values: readonly string[] }
  /** Bounds in paisa. */
  | { field: 'displayed_price'; op: 'between'; min: number; max: number }
  | { field: 'sale'; op: 'eq'; value: boolean };

/** A listing query the server refuses, with the text the caller is told (a 400). */
export class ListingQueryError extends Error {}

/** Most ids (or brand names) one filter may list. */
export const LISTING_MAX_IDS = 500;

function idList(name: string, value: string): number[] {
  const parts = value.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0 || parts.length > LISTING_MAX_IDS || !parts.every((p) => /^\d{1,9}$/.test(p))) {
    throw new ListingQueryError(`${name} must be a list of up to ${LISTING_MAX_IDS} ids separated by commas`);
  }
  return parts.map(Number);
}

function priceCondition(value: string): ListingCondition {
  const range = parsePriceRange(value);
  if (!range) throw new ListingQueryError("The price range must be written '@min-max' with min not above max, e.g. '@100-5000'");
  // At most two decimals (parsePriceRange), so the paisa are exact.
  return { field: 'displayed_price', op: 'between', min: Math.round(range.min * 100), max: Math.round(range.max * 100) };
}

function brandCondition(value: string): ListingCondition {
  const names = parseBrandFilter(value);
  if (names.length === 0 || names.length > LISTING_MAX_IDS) throw new ListingQueryError("The brand filter must be written '*brand_name', several as '*A*B'");
  return { field: 'brand_name', op: 'in', values: names };
}

/** The allowlist: each filter name maps to one condition on one field; nothing from the request becomes SQL text. */
function filterCondition(filter: ListingFilter, value: string | undefined): ListingCondition {
  if (value === undefined || value.trim() === '') throw new ListingQueryError(`${filter} needs a filter value`);
  switch (filter) {
    case 'tier1Id':
    case 'tier2Id':
    case 'tier3Id':
    case 'tier4Id':
    case 'brand_id':
    case 'id':
      return { field: filter, op: 'in', values: idList(filter, value) };
    case 'brand_name':
      return value.includes('*') ? brandCondition(value) : { field: 'brand_name', op: 'in', values: [value.trim()] };
    case 'price':
      return priceCondition(value);
    case 'sale':
      if (value !== 'true' && value !== 'false') throw new ListingQueryError('sale must be true or false');
      return { field: 'sale', op: 'eq', value: value === 'true' };
  }
}

/** The filter fields of a listing query (SPEC 7), as both the server's schema and this parser read them. */
export interface ListingFilterQuery {
  filter?: ListingFilter;
  filterValue?: string;
  tierId?: number;
  includeFilter?: ListingFilter;
  includeFilterValue?: string;
  price?: string;
  brand?: string;
}

/**
 * The conditions of a listing query except search, in the order they are checked (the first bad
 * one names the error): filter (or tierId with filterValue), includeFilter, price, brand.
 * Throws ListingQueryError.
 */
export function listingConditions(query: ListingFilterQuery, { withPrice = true, withBrand = true } = {}): ListingCondition[] {
  const conditions: ListingCondition[] = [];
  if (query.filter) conditions.push(filterCondition(query.filter, query.filterValue));
  else if (query.tierId !== undefined && query.tierId > 0) {
    if (!query.filterValue) throw new ListingQueryError('tierId needs a category id in filterValue');
    conditions.push({ field: `tier${query.tierId as 1 | 2 | 3 | 4}Id`, op: 'in', values: idList('filterValue', query.filterValue) });
  }
  if (query.includeFilter) conditions.push(filterCondition(query.includeFilter, query.includeFilterValue));
  else if (query.includeFilterValue) throw new ListingQueryError('includeFilterValue needs includeFilter');
  if (withPrice && query.price) conditions.push(priceCondition(query.price));
  if (withBrand && query.brand) conditions.push(brandCondition(query.brand));
  return conditions;
}

/** Whether a query's order or conditions need the caller's displayed prices (so its locked prices). */
export function needsDisplayedPrice(order: ListingOrder | null | undefined, conditions: readonly ListingCondition[]): boolean {
  return usesDisplayedPrice(sortKeysOf(order)) || conditions.some((c) => c.field === 'displayed_price');
}

export interface SortableProduct extends PriceFields {
  id: number;
  stock: number;
  brand_name: string;
  add_to_cart_count: number;
  viewed_count: number;
}

export interface FilterableProduct extends SortableProduct {
  brand_id: number;
  tier1Id: number | null;
  tier2Id: number | null;
  tier3Id: number | null;
  tier4Id: number | null;
}

/** A field's value for comparisons: numbers, text, or a flag (displayed price in paisa). */
function fieldValue(p: SortableProduct, field: ListingField): number | string | boolean | null {
  switch (field) {
    case 'out_of_stock':
      return p.stock <= 0;
    case 'displayed_price':
      return toPaisa(displayPrice(p));
    default:
      return (p as unknown as Record<string, number | string | boolean | null>)[field] ?? null;
  }
}

/** Code point order (UTF-8 byte order: PostgreSQL's collate "C"). */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i) as number;
    const y = b.codePointAt(i) as number;
    if (x !== y) return x - y;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

function compareValues(a: number | string | boolean | null, b: number | string | boolean | null): number {
  if (typeof a === 'string' && typeof b === 'string') return compareCodePoints(a, b);
  return Number(a) - Number(b);
}

/** The comparator of sort keys over products already loaded (LISTING_SORTS). */
export function compareBy(keys: readonly SortKey[]) {
  return (a: SortableProduct, b: SortableProduct): number => {
    for (const k of keys) {
      const c = compareValues(fieldValue(a, k.field), fieldValue(b, k.field));
      if (c !== 0) return k.direction === 'desc' ? -c : c;
    }
    return 0;
  };
}

/** Whether a product loaded with the caller's prices meets a condition. */
export function meetsCondition(p: FilterableProduct, c: ListingCondition): boolean {
  const value = fieldValue(p, c.field);
  switch (c.op) {
    case 'in':
      return (c.values as readonly (number | string)[]).includes(value as number | string);
    case 'between':
      return (value as number) >= c.min && (value as number) <= c.max;
    default:
      return value === c.value;
  }
}

/** SPEC 2/9: the rule for lists already loaded, as the server sorts (LISTING_SORTS). */
export function compareProducts(order: ListingOrder | null) {
  return compareBy(sortKeysOf(order));
}

export function sortProducts<T extends SortableProduct>(list: readonly T[], order: ListingOrder | null): T[] {
  return [...list].sort(compareProducts(order));
}

/** SPEC 3: product lists come as products plus out_of_stock_products, merged with in-stock first. */
export function mergeInStockFirst<T>(page: { products: readonly T[]; out_of_stock_products: readonly T[] }): T[] {
  return [...page.products, ...page.out_of_stock_products];
}

export interface TierFields {
  tier1Id: number;
  tier2Id: number | null;
  tier3Id: number | null;
  tier4Id: number | null;
}

/** SPEC 2: related products match on tier4Id, else tier3Id, else tier2Id, else tier1Id. */
export function relatedTier(p: TierFields): { column: 'tier4Id' | 'tier3Id' | 'tier2Id' | 'tier1Id'; id: number } {
  if (p.tier4Id != null) return { column: 'tier4Id', id: p.tier4Id };
  if (p.tier3Id != null) return { column: 'tier3Id', id: p.tier3Id };
  if (p.tier2Id != null) return { column: 'tier2Id', id: p.tier2Id };
  return { column: 'tier1Id', id: p.tier1Id };
}

/** SPEC 2: the order of related products (in stock first, most viewed, then id): LISTING_SORTS' most viewed. */
export const RELATED_ORDER = 'viewed_count__DESC' satisfies ListingOrder;

/** Reads the product id of a shareable detail URL (/productDetails?id=N); null when absent or not a positive integer. */
export function productIdFromSearch(search: string): number | null {
  const raw = new URLSearchParams(search).get('id');
  if (raw == null || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}
