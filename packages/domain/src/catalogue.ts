import { z } from 'zod';
import {
  LISTING_FILTERS,
  LISTING_LIMIT_MAX,
  LISTING_OFFSET_MAX,
  LISTING_ORDERS,
  SEARCH_MAX_LENGTH,
} from './listing.ts';

/** Money as the API sends it: rupees with two decimals, as a string ("1234.50"), never a float. */
export const MoneySchema = z.string().regex(/^-?\d+\.\d{2}$/);

/**
 * SPEC 3: a product as the API answers it. Prices are the ones the caller's business pays:
 * customer_specific_pricing is set only for the caller's own business (never another's), city_price
 * and quantity_prices are those of its city; pricing.ts displayPrice of the row is what the cart
 * charges it for one piece (issue 36).
 */
export const ProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url_name: z.string(),
  url: z.string(),
  price: MoneySchema,
  sale: z.boolean(),
  sale_price: MoneySchema.nullable(),
  customer_specific_pricing: MoneySchema.nullable(),
  /** Issue 36: the price in effect in the buyer's city (a business's own; the city a guest chose), or null. */
  city_price: MoneySchema.nullable(),
  /**
   * Issue 36: the Buy More Pay Less prices this buyer reaches (pricing.ts quantityPriceSteps): from
   * min_quantity pieces on, each costs unit_price. Empty when there are none.
   */
  quantity_prices: z.array(z.object({ min_quantity: z.number().int(), unit_price: MoneySchema })),
  stock: z.number().int(),
  sku: z.string(),
  code: z.string(),
  brand_id: z.number().int(),
  brand_name: z.string(),
  description: z.string(),
  weight: z.string(),
  product_subsys: z.string(),
  tax: MoneySchema,
  sell_price: MoneySchema,
  tier1Id: z.number().int(),
  tier2Id: z.number().int().nullable(),
  tier3Id: z.number().int().nullable(),
  tier4Id: z.number().int().nullable(),
  tier2_id: z.number().int().nullable(),
  tier3_id: z.number().int().nullable(),
  add_to_cart_count: z.number().int(),
  viewed_count: z.number().int(),
  article_mgb: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

// ---- Listing, search and reference-data contracts (issue 3). Rules the web needs live in listing.ts.

/**
 * Issue 36: the city a guest chose (the marketplace's city choice, by name), whose prices the guest is
 * shown. A signed-in buyer is always shown the business's own city's prices: the server ignores it.
 */
export const CityChoice = z.string().trim().min(1).max(100, 'city is at most 100 characters');
/** The query of a product's page: the guest's city (CityChoice). */
export const CityChoiceQuerySchema = z.object({ city: CityChoice.optional() });

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const filterValue = z.string().max(2000, 'filterValue is too long');

/** Query of the product list calls (SPEC 7). Unknown query names are ignored; unknown values are 400. */
export const ListingQuerySchema = z.object({
  filter: z.enum(LISTING_FILTERS).optional(),
  filterValue: filterValue.optional(),
  includeFilter: z.enum(LISTING_FILTERS).optional(),
  includeFilterValue: filterValue.optional(),
  offset: z.coerce.number().int().min(0).max(LISTING_OFFSET_MAX).default(0),
  limit: z.coerce.number().int().min(1).max(LISTING_LIMIT_MAX, `limit is at most ${LISTING_LIMIT_MAX}`).default(40),
  order: z.enum(LISTING_ORDERS).optional(),
  search: z.string().max(SEARCH_MAX_LENGTH, `search is at most ${SEARCH_MAX_LENGTH} characters`).optional(),
  /** SPEC 7: 0 all products, 1 to 4 the category level filterValue names. */
  tierId: z.coerce.number().int().min(0).max(4).optional(),
  /** '@min-max' in rupees. */
  price: z.string().max(64).optional(),
  /** '*brand_name', several as '*A*B'. */
  brand: z.string().max(2000).optional(),
  withTotal: flag.optional(),
  city: CityChoice.optional(),
});
export type ListingQuery = z.infer<typeof ListingQuerySchema>;

export const BusinessListingQuerySchema = ListingQuerySchema.extend({
  businessTypeId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export type BusinessListingQuery = z.infer<typeof BusinessListingQuerySchema>;

/** SPEC 3: a page of a product list, in-stock first; `has_more` says whether a next page exists. */
export const ProductPageSchema = z.object({
  products: z.array(ProductSchema),
  out_of_stock_products: z.array(ProductSchema),
  has_more: z.boolean(),
  offset: z.number().int(),
  limit: z.number().int(),
  total: z.number().int().optional(),
});
export type ProductPage = z.infer<typeof ProductPageSchema>;

export const SearchQuerySchema = z.object({
  search: z.string().max(SEARCH_MAX_LENGTH, `search is at most ${SEARCH_MAX_LENGTH} characters`),
  limit: z.coerce.number().int().min(1).max(30).default(30),
  city: CityChoice.optional(),
});
export const SearchResultSchema = z.object({ products: z.array(ProductSchema) });
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const ProductDetailSchema = z.object({ product: ProductSchema, related: z.array(ProductSchema) });
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

export const BrandSchema = z.object({ id: z.number().int(), name: z.string() });
export type Brand = z.infer<typeof BrandSchema>;

/** SPEC 3: category (id, name, level, parent_id / parentId, tier2_id) plus its artwork. */
export const CategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  level: z.number().int(),
  parent_id: z.number().int().nullable(),
  parentId: z.number().int().nullable(),
  tier2_id: z.number().int().nullable(),
  image: z.string().nullable(),
  banner: z.string().nullable(),
});
export type Category = z.infer<typeof CategorySchema>;

/** SPEC 3: business type (id, name, image, parent_id / parentId; null for a root). */
export const BusinessTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  parent_id: z.number().int().nullable(),
  parentId: z.number().int().nullable(),
});
export type BusinessType = z.infer<typeof BusinessTypeSchema>;

export const FacetsSchema = z.object({
  brands: z.array(z.object({ name: z.string(), count: z.number().int() })),
  price: z.object({ min: z.number(), max: z.number() }),
});
export type Facets = z.infer<typeof FacetsSchema>;
