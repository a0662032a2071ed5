// Issue 35: what the marketplace (/bmpl) lists in each city, kept by the Catalogue role in the back
// office. A storefront product is listed in a city by a city record (bmpl_product_cities) of its
// marketplace product (bmpl_products, made from the product's own name, categories, brand and picture
// the first time it is listed); the record's prices are the one price rule's (decision 019), never
// typed. The marketplace's categories are the storefront's under its top category (Food, SPEC 2): a
// category shows on a city's marketplace home when it has products listed there. The server enforces
// these rules; the staff screen mirrors them.
import { z } from 'zod';
import { DEFAULT_CATEGORY } from './constants.ts';

const Id = z.number().int().positive().max(2_147_483_647);

/** SPEC 2: the marketplace's mega-menu is Food's level-2 and level-3 categories. */
export const MARKETPLACE_TOP_CATEGORY = DEFAULT_CATEGORY;

/** The marketplace's top category: the level-1 category named Food (exactly; the first such one). */
export const isMarketplaceTopCategory = (c: { level: number; name: string }) => c.level === 1 && c.name === MARKETPLACE_TOP_CATEGORY;

/** The most cities and picked products one request names. */
export const MARKETPLACE_LISTING_MAX_CITIES = 100;
export const MARKETPLACE_LISTING_MAX_PRODUCTS = 500;

const cityIds = z
  .array(Id)
  .min(1, 'choose at least one city')
  .max(MARKETPLACE_LISTING_MAX_CITIES)
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

/** List picked storefront products, or every product of a category (and the categories below it), in cities. */
export const MarketplaceListInputSchema = z
  .strictObject({
    city_ids: cityIds,
    product_ids: z.array(Id).min(1).max(MARKETPLACE_LISTING_MAX_PRODUCTS).optional(),
    category_id: Id.optional(),
  })
  .refine((v) => (v.product_ids === undefined) !== (v.category_id === undefined), { message: 'Name products or a category, not both.', path: ['product_ids'] });
export type MarketplaceListInput = z.infer<typeof MarketplaceListInputSchema>;

/** Take picked marketplace products, or every listed product of a category, out of cities. */
export const MarketplaceUnlistInputSchema = z
  .strictObject({
    city_ids: cityIds,
    marketplace_product_ids: z.array(Id).min(1).max(MARKETPLACE_LISTING_MAX_PRODUCTS).optional(),
    category_id: Id.optional(),
  })
  .refine((v) => (v.marketplace_product_ids === undefined) !== (v.category_id === undefined), {
    message: 'Name marketplace products or a category, not both.',
    path: ['marketplace_product_ids'],
  });
export type MarketplaceUnlistInput = z.infer<typeof MarketplaceUnlistInputSchema>;

export const MarketplaceListResultSchema = z.object({
  /** City records made (a product in a city). */
  listed: z.number().int(),
  /** Products already listed in a city asked for (left as they were). */
  already: z.number().int(),
  /** Products of the category that were not listed, each with the reason (at most 50; `skipped_total` counts all). */
  skipped: z.array(z.object({ product_id: z.number().int(), name: z.string(), reason: z.string() })),
  skipped_total: z.number().int(),
});
export type MarketplaceListResult = z.infer<typeof MarketplaceListResultSchema>;

export const MarketplaceUnlistResultSchema = z.object({ removed: z.number().int() });
export type MarketplaceUnlistResult = z.infer<typeof MarketplaceUnlistResultSchema>;

/** Per city id (as text: JSON keys), a count. */
const PerCity = z.record(z.string(), z.number().int());

export const MarketplaceOverviewSchema = z.object({
  /** The marketplace's top category (Food), or null while the catalogue has none. */
  top_category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  cities: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      /** An inactive city is not offered on the marketplace; its records wait there. */
      active: z.boolean(),
      /** Products the marketplace shows in the city. */
      listed: z.number().int(),
      /** Records of products made inactive: kept, shown again when the product is active again. */
      hidden: z.number().int(),
      /** Level-2 categories with a product shown in the city (its marketplace home's strips). */
      categories: z.number().int(),
    }),
  ),
  /** The categories under the top category (tree order), with the products shown in each city. */
  categories: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      path: z.string(),
      level: z.number().int(),
      parent_id: z.number().int().nullable(),
      /** Active storefront products in it and below it (what listing the whole category would list). */
      products: z.number().int(),
      listed: PerCity,
    }),
  ),
});
export type MarketplaceOverview = z.infer<typeof MarketplaceOverviewSchema>;

export const MarketplaceCityProductsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  category_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type MarketplaceCityProductsQuery = z.infer<typeof MarketplaceCityProductsQuerySchema>;

export const MarketplaceCityProductSchema = z.object({
  marketplace_product_id: z.number().int(),
  /** The storefront product it is sold as; null for a marketplace-only product (decision 019, 4). */
  product_id: z.number().int().nullable(),
  sku: z.string().nullable(),
  name: z.string(),
  category: z.string(),
  brand: z.string(),
  /** What a guest pays for one piece in the city (the price rule's, decision 019). */
  price: z.string(),
  sale_price: z.string().nullable(),
  discount_threshold: z.number().int().nullable(),
  discount_price: z.string().nullable(),
  stock: z.number().int(),
  /** False while its storefront product is inactive: the marketplace does not show it. */
  shown: z.boolean(),
});
export type MarketplaceCityProduct = z.infer<typeof MarketplaceCityProductSchema>;

export const MarketplaceCityProductsSchema = z.object({ total: z.number().int(), products: z.array(MarketplaceCityProductSchema) });
export type MarketplaceCityProducts = z.infer<typeof MarketplaceCityProductsSchema>;

export const MarketplaceCandidatesQuerySchema = z.object({
  search: z.string().trim().min(1).max(200),
  limit: z.coerce.number().int().min(1).max(50).default(8),
});

/** A storefront product found to be listed: where it is listed now, and why it cannot be, if so. */
export const MarketplaceCandidateSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  category: z.string(),
  price: z.string(),
  active: z.boolean(),
  /** The cities it is listed in (its marketplace product's city records). */
  listed_city_ids: z.array(z.number().int()),
  /** Why it cannot be listed (marketplaceListingRefusal), or null. */
  refusal: z.string().nullable(),
});
export type MarketplaceCandidate = z.infer<typeof MarketplaceCandidateSchema>;

/** A storefront product as the listing rule reads it. */
export interface ListableProduct {
  name: string;
  active: boolean;
  tier1_id: number;
  tier2_id: number | null;
}

/**
 * Why a storefront product cannot be listed in the marketplace, or null when it can. The marketplace
 * lists the top category's products by their level-2 category (its pages, strips and indexes are by
 * tier2), and never an inactive product (issue 19).
 */
export function marketplaceListingRefusal(p: ListableProduct, top: { id: number } | null): string | null {
  if (!p.active) return `${p.name} is inactive: make it active on its product page first (the marketplace never shows an inactive product).`;
  if (top === null) return `The marketplace lists the products under ${MARKETPLACE_TOP_CATEGORY}, and there is no top category named ${MARKETPLACE_TOP_CATEGORY} yet: add it on the categories screen.`;
  if (p.tier1_id !== top.id) return `${p.name} is not under ${MARKETPLACE_TOP_CATEGORY}: the marketplace lists ${MARKETPLACE_TOP_CATEGORY}'s categories only.`;
  if (p.tier2_id === null) return `${p.name} is in ${MARKETPLACE_TOP_CATEGORY} itself: move it into a category under ${MARKETPLACE_TOP_CATEGORY} first (the marketplace lists by category).`;
  return null;
}

/** Why a category cannot be listed as a whole, or null: it is the top category or below it. */
export function marketplaceCategoryRefusal(category: { name: string; tier1_id: number }, top: { id: number } | null): string | null {
  if (top === null) return `The marketplace lists the products under ${MARKETPLACE_TOP_CATEGORY}, and there is no top category named ${MARKETPLACE_TOP_CATEGORY} yet: add it on the categories screen.`;
  if (category.tier1_id !== top.id) return `${category.name} is not under ${MARKETPLACE_TOP_CATEGORY}: the marketplace lists ${MARKETPLACE_TOP_CATEGORY}'s categories only.`;
  return null;
}
