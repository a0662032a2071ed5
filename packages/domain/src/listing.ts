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

export interface SortableProduct extends PriceFields {
  id: number;
  stock: number;
  brand_name: string;
  add_to_cart_count: number;
  viewed_count: number;
}

/**
 * SPEC 2/9: out-of-stock products go behind the rest; then the chosen order; ties by id so pages
 * never overlap. The server sorts the same way in SQL; this is the rule for lists already loaded.
 */
export function compareProducts(order: ListingOrder | null) {
  return (a: SortableProduct, b: SortableProduct): number => {
    const outA = a.stock <= 0 ? 1 : 0;
    const outB = b.stock <= 0 ? 1 : 0;
    if (outA !== outB) return outA - outB;
    let c = 0;
    switch (order) {
      case 'brand_name__ASC':
        c = compareText(a.brand_name, b.brand_name);
        break;
      case 'brand_name__DESC':
        c = compareText(b.brand_name, a.brand_name);
        break;
      case 'price__ASC':
        c = toPaisa(displayPrice(a)) - toPaisa(displayPrice(b));
        break;
      case 'price__DESC':
        c = toPaisa(displayPrice(b)) - toPaisa(displayPrice(a));
        break;
      case 'add_to_cart_count__DESC':
        c = b.add_to_cart_count - a.add_to_cart_count;
        break;
      case 'viewed_count__DESC':
        c = b.viewed_count - a.viewed_count;
        break;
      default:
        c = 0;
    }
    return c !== 0 ? c : a.id - b.id;
  };
}

// Byte order, as PostgreSQL's "C" collation sorts, so client and server agree.
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

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

/** Reads the product id of a shareable detail URL (/productDetails?id=N); null when absent or not a positive integer. */
export function productIdFromSearch(search: string): number | null {
  const raw = new URLSearchParams(search).get('id');
  if (raw == null || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}
