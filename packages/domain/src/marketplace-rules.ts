// Pure marketplace (Buy More Pay Less) rules shared by server and web. No zod here: the web bundles it.
import type { City } from './constants.ts';
import { fromPaisa, toPaisa } from './money.ts';
import { type CityPriceFields, displayPrice, isReducedBySale } from './pricing.ts';
import { nameFromSegment, toSlug } from './slug.ts';
import { pluralWord } from './plural.ts';

/** SPEC 2: the four marketplace sort options, in menu order. */
export const MARKETPLACE_SORT_OPTIONS = [
  { value: 'brand_asc', label: 'Brand A-Z' },
  { value: 'brand_desc', label: 'Brand Z-A' },
  { value: 'price_asc', label: 'Price Low to High' },
  { value: 'price_desc', label: 'Price High to Low' },
] as const;
export type MarketplaceSort = (typeof MARKETPLACE_SORT_OPTIONS)[number]['value'];
export const MARKETPLACE_SORT_VALUES = MARKETPLACE_SORT_OPTIONS.map((s) => s.value) as [MarketplaceSort, ...MarketplaceSort[]];

/** What the marketplace's lists sort by: a city record's attributes. */
export type MarketplaceSortField = 'out_of_stock' | 'name' | 'price' | 'product_id';

export interface MarketplaceSortKey {
  field: MarketplaceSortField;
  direction: 'asc' | 'desc';
}

const MARKETPLACE_OUT_OF_STOCK_LAST: MarketplaceSortKey = { field: 'out_of_stock', direction: 'asc' };
const MARKETPLACE_BY_ID: MarketplaceSortKey = { field: 'product_id', direction: 'asc' };

/**
 * SPEC 2/9, declared once for the SQL (marketplace-lists.service.ts) and the in-memory copy (marketplace-order.ts):
 * out-of-stock records last whatever the sort; Brand A-Z / Z-A by the product's name (names start with
 * the brand, as the database orders names); price by the city's list price; ties by product id.
 */
export const MARKETPLACE_SORTS: Readonly<Record<MarketplaceSort | 'default', readonly MarketplaceSortKey[]>> = {
  default: [MARKETPLACE_OUT_OF_STOCK_LAST, MARKETPLACE_BY_ID],
  brand_asc: [MARKETPLACE_OUT_OF_STOCK_LAST, { field: 'name', direction: 'asc' }, MARKETPLACE_BY_ID],
  brand_desc: [MARKETPLACE_OUT_OF_STOCK_LAST, { field: 'name', direction: 'desc' }, MARKETPLACE_BY_ID],
  price_asc: [MARKETPLACE_OUT_OF_STOCK_LAST, { field: 'price', direction: 'asc' }, MARKETPLACE_BY_ID],
  price_desc: [MARKETPLACE_OUT_OF_STOCK_LAST, { field: 'price', direction: 'desc' }, MARKETPLACE_BY_ID],
};

/** The longest path segment (slug) we try to resolve; anything longer cannot be a name of ours. */
export const MAX_SEGMENT_LENGTH = 200;

/** A city name as typed in a URL or query, matched case-insensitively against the cities there are; null when none matches. */
export function parseCity(value: string | null | undefined, cities: readonly City[]): City | null {
  if (!value) return null;
  const wanted = value.trim().toLowerCase();
  return cities.find((c) => c.toLowerCase() === wanted) ?? null;
}

/** The derived price columns of a city record beside CityPriceFields (decision 019's copy). */
export interface CityRecordPriceColumns extends CityPriceFields {
  discount_description: string | null;
  discount_price_tax: string | null;
  discount_price_without_tax: string | null;
}

export interface PlainPriceDisplay {
  kind: 'plain';
  /** SPEC 2: Net Price is sell_price, Tax Include is tax, both rounded to whole rupees. */
  netPrice: string;
  taxInclude: string;
  /** Gross Sell Price: sale_price when on sale, else price (the marketplace has no customer prices). */
  grossSellPrice: string;
  /** The struck-through list price when on sale; null otherwise. */
  oldPrice: string | null;
}

export interface ThresholdRow {
  label: string;
  pieces: number;
  unitPrice: string;
  total: string;
}

export interface ThresholdPriceDisplay {
  kind: 'threshold';
  threshold: number;
  rows: [ThresholdRow, ThresholdRow];
}

export type MarketplacePriceDisplay = PlainPriceDisplay | ThresholdPriceDisplay;

const wholeRupees = (amount: string) => fromPaisa(Math.round(toPaisa(amount) / 100) * 100);

/**
 * SPEC 2: a city record's Gross Sell Price: its sale price when on sale, else its price (SPEC 2 and 9
 * word it as the displayed price, and it is: pricing.ts displayPrice of the record, which has no
 * locked or city price of its own; issue 38). marketplacePriceDisplay shows it; the demo seed derives
 * the other cities' city prices from it (seed/prices-content.ts).
 */
export function marketplaceGrossPrice(p: Pick<CityPriceFields, 'price' | 'sale' | 'sale_price'>): string {
  return displayPrice({ price: p.price, sale: p.sale, sale_price: p.sale_price, customer_specific_pricing: null });
}

/**
 * SPEC 2 product detail price display. With discount_threshold: two rows, 'x1 Piece' at original_price
 * and 'x{threshold} Pieces' at discount_price, totals exact in paisa. Without: Net Price, Tax Include, Gross Sell Price.
 */
export function marketplacePriceDisplay(p: CityPriceFields): MarketplacePriceDisplay {
  if (p.discount_threshold != null && p.discount_threshold > 1 && p.discount_price != null) {
    const t = p.discount_threshold;
    const original = p.original_price ?? p.price;
    return {
      kind: 'threshold',
      threshold: t,
      rows: [
        { label: 'x1 Piece', pieces: 1, unitPrice: fromPaisa(toPaisa(original)), total: fromPaisa(toPaisa(original)) },
        { label: `x${t} ${pluralWord(t, 'Piece', 'Pieces')}`, pieces: t, unitPrice: fromPaisa(toPaisa(p.discount_price)), total: fromPaisa(toPaisa(p.discount_price) * t) },
      ],
    };
  }
  return {
    kind: 'plain',
    netPrice: wholeRupees(p.sell_price),
    taxInclude: wholeRupees(p.tax),
    grossSellPrice: marketplaceGrossPrice(p),
    // SPEC 2: "The old price is struck through on sale": a sale shown as a reduction (isReducedBySale).
    oldPrice: isReducedBySale(p) ? fromPaisa(toPaisa(p.price)) : null,
  };
}

/** SPEC 5: the record of a product for a city, or null when the product is not sold there. */
export function recordForCity<T extends { city: string }>(records: readonly T[], city: string): T | null {
  return records.find((r) => r.city === city) ?? null;
}

/** SPEC 5/8: the message shown when a product has no record for the chosen city. */
export const notAvailableIn = (city: string) => `This product is not available in ${city}`;

/**
 * Does a URL segment name this category or product? The slug itself, the SPEC 2 name rule (hyphens
 * and underscores to spaces, upper-cased), or, for links whose punctuation was dropped
 * ('rice-grains' for 'Rice & Grains'), the same letters and digits.
 */
export function segmentMatchesName(segment: string, name: string): boolean {
  if (!segment || segment.length > MAX_SEGMENT_LENGTH) return false;
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return false;
  }
  if (decoded.includes('/')) return false;
  if (decoded.toLowerCase() === toSlug(name)) return true;
  if (nameFromSegment(decoded) === name.toUpperCase()) return true;
  const bare = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  return bare(decoded) !== '' && bare(decoded) === bare(name);
}

/** A URL segment is worth looking up: not empty, not too long, no encoded slash, valid encoding. */
export function isUsableSegment(segment: string | undefined): segment is string {
  if (!segment || segment.length > MAX_SEGMENT_LENGTH) return false;
  try {
    const decoded = decodeURIComponent(segment);
    return decoded.trim() !== '' && !decoded.includes('/') && !decoded.includes('\\');
  } catch {
    return false;
  }
}

export interface CategoryPath {
  /** The level-2 (parent) segment. */
  category: string;
  /** The level-3 segment, when the path has one. */
  subcategory: string | null;
}

/**
 * SPEC 2 category path rule, counted as `pathname.split('/')` counts (the leading slash gives an
 * empty first segment): with 4 segments ('/bmpl/category/{l2}') the category comes from the last;
 * with 5 ('/bmpl/category/{l2}/{l3}') the parent comes from the second-to-last and the
 * subcategory from the last. A trailing slash is ignored. Anything else is not a category path.
 */
export function resolveCategoryPath(pathname: string): CategoryPath | null {
  const segments = pathname.replace(/\/+$/, '').split('/');
  if (segments[1] !== 'bmpl' || segments[2] !== 'category') return null;
  if (segments.length === 4) {
    const last = segments[3];
    return isUsableSegment(last) ? { category: last, subcategory: null } : null;
  }
  if (segments.length === 5) {
    const parent = segments[3];
    const sub = segments[4];
    return isUsableSegment(parent) && isUsableSegment(sub) ? { category: parent, subcategory: sub } : null;
  }
  return null;
}

export interface ProductPath {
  product: string;
  category: string | null;
  subcategory: string | null;
}

/**
 * SPEC 2 product detail paths: {prefix}/productdetail/{name}, where the prefix is
 * /bmpl/category/{l2}[/{l3}], /bmpl/{l2}[/{l3}], /bmpl or /{l2}/{l3}. The product is resolved by
 * its slug; the categories only shape the breadcrumb.
 */
export function resolveProductPath(pathname: string): ProductPath | null {
  const segments = pathname.replace(/\/+$/, '').split('/').slice(1);
  const at = segments.lastIndexOf('productdetail');
  if (at < 0 || at !== segments.length - 2) return null;
  const product = segments[at + 1];
  if (!isUsableSegment(product)) return null;
  let prefix = segments.slice(0, at);
  if (prefix[0] === 'bmpl') prefix = prefix.slice(1);
  if (prefix[0] === 'category') prefix = prefix.slice(1);
  if (prefix.length > 2 || !prefix.every(isUsableSegment)) return null;
  return { product, category: prefix[0] ?? null, subcategory: prefix[1] ?? null };
}

/** A slug as a path segment: '&' stays readable (it is legal in a path), the rest is encoded. */
export const pathSegment = (slug: string) => encodeURIComponent(slug).replace(/%26/g, '&');

/** The canonical, shareable URL of a marketplace product (SPEC 2's longest form). */
export function marketplaceProductPath(p: { slug: string; category_slug: string | null; subcategory_slug: string | null }): string {
  const parts = ['/bmpl/category'];
  if (p.category_slug) parts.push(pathSegment(p.category_slug));
  if (p.category_slug && p.subcategory_slug) parts.push(pathSegment(p.subcategory_slug));
  return `${parts.join('/')}/productdetail/${pathSegment(p.slug)}`;
}

/** What movedProductPath needs of a marketplace product (MarketplaceProductDetail has it). */
export interface ProductAddress {
  slug: string;
  name: string;
  category_slug: string | null;
  category_name?: string | null;
  subcategory_slug: string | null;
  subcategory_name?: string | null;
}

/** Does a category segment of a product path name this category (its stored slug, or its name by SPEC 2's rule)? */
const namesCategory = (segment: string, slug: string | null | undefined, name: string | null | undefined) => {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return false;
  }
  return (slug != null && decoded.toLowerCase() === slug) || (name != null && segmentMatchesName(segment, name));
};

/**
 * Issue 19: where a product page's address has moved to, or null when it names the product as it is
 * now. An address moved when its product segment is neither the product's slug nor its name (an old
 * slug from before a rename, kept in bmpl_slug_redirects), or when its category segments name other
 * categories than the product's (it moved to another category). SPEC 2's shorter forms that name the
 * product as it is stay (a single category segment may be the level-2 or the level-3 one). The server
 * answers a moved address 301 to this path; the web app replaces the address with it.
 */
export function movedProductPath(path: ProductPath, product: ProductAddress): string | null {
  const canonical = marketplaceProductPath(product);
  let segment = path.product;
  try {
    segment = decodeURIComponent(path.product);
  } catch {
    return canonical;
  }
  const productNamed = segment.toLowerCase() === product.slug || segmentMatchesName(path.product, product.name);
  const level2 = (s: string) => namesCategory(s, product.category_slug, product.category_name);
  const level3 = (s: string) => namesCategory(s, product.subcategory_slug, product.subcategory_name);
  const categoriesNamed =
    path.category === null ||
    (path.subcategory === null ? level2(path.category) || level3(path.category) : level2(path.category) && level3(path.subcategory));
  return productNamed && categoriesNamed ? null : canonical;
}

/** The category page URL (SPEC 2: /bmpl/category/{level2-slug}/ and /{level2-slug}/{level3-slug}/). */
export function marketplaceCategoryPath(categorySlug: string, subcategorySlug?: string | null): string {
  const sub = subcategorySlug ? `${pathSegment(subcategorySlug)}/` : '';
  return `/bmpl/category/${pathSegment(categorySlug)}/${sub}`;
}

/** SPEC 2: the product detail page title. */
export const marketplaceProductTitle = (name: string) => `Buy ${name} at the Best Wholesale Prices in Pakistan`;

/** SPEC 2: 'Similar Products' when a threshold exists, otherwise 'BUY MORE PAY LESS'. */
export const relatedHeading = (threshold: number | null | undefined) => (threshold != null && threshold > 1 ? 'Similar Products' : 'BUY MORE PAY LESS');

interface TreeCategory {
  id: number;
  name: string;
  /** The stored slug: it stays when a category is renamed (issue 19), so its old links keep working. */
  slug?: string;
}

/** The category a segment names: by its stored slug first, then by its name (segmentMatchesName). */
function findBySegment<C extends TreeCategory>(list: readonly C[], segment: string): C | undefined {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  return list.find((c) => c.slug !== undefined && c.slug === decoded.toLowerCase()) ?? list.find((c) => segmentMatchesName(segment, c.name));
}

/** The category page's category, subcategory and the category's subcategories, or what was not found. */
export type CategoryLookup<C extends TreeCategory> =
  | { found: true; category: C; subcategory: C | null; subcategories: C[] }
  | { found: false; missing: 'category' | 'subcategory'; name: string; parent?: C };

/**
 * SPEC 2 path rule over the category tree (level-2 categories with their level-3 children). The
 * server's resolve call and the category page (from the mega-menu's tree it already has, so an
 * unknown category costs no failed request) both use it.
 */
export function findCategoryInTree<C extends TreeCategory>(
  tree: readonly (C & { children: readonly C[] })[],
  category: string,
  subcategory: string | null | undefined,
): CategoryLookup<C> {
  const parent = findBySegment(tree, category);
  if (!parent) return { found: false, missing: 'category', name: nameFromSegment(category) };
  const { children, ...own } = parent;
  const root = own as unknown as C;
  const subcategories = [...children];
  if (subcategory == null) return { found: true, category: root, subcategory: null, subcategories };
  const sub = findBySegment(subcategories, subcategory);
  if (!sub) return { found: false, missing: 'subcategory', name: nameFromSegment(subcategory), parent: root };
  return { found: true, category: root, subcategory: sub, subcategories };
}
