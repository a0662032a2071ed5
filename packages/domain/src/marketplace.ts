// Contracts of the marketplace (Buy More Pay Less) API under /api/bmpl. The web imports types only.
import { z } from 'zod';
import { MARKETPLACE_SORT_VALUES, MAX_SEGMENT_LENGTH } from './marketplace-rules.ts';
import { MoneySchema } from './catalogue.ts';
import { CityNameSchema } from './places.ts';

export const MarketplaceCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  level: z.number().int(),
  parent_id: z.number().int().nullable(),
  tier2_id: z.number().int().nullable(),
  image: z.string().nullable(),
  poster: z.string().nullable(),
  banner: z.string().nullable(),
});
export type MarketplaceCategory = z.infer<typeof MarketplaceCategorySchema>;

export const MarketplaceCategoryTreeSchema = MarketplaceCategorySchema.extend({ children: z.array(MarketplaceCategorySchema) });
export type MarketplaceCategoryTree = z.infer<typeof MarketplaceCategoryTreeSchema>;

/** SPEC 3: a marketplace product's own fields (the same in every city). */
export const MarketplaceProductBaseSchema = z.object({
  id: z.number().int(),
  bmpl_product_id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  url_name: z.string(),
  description: z.string(),
  tier1_id: z.number().int(),
  tier2_id: z.number().int(),
  tier3_id: z.number().int().nullable(),
  tier4_id: z.number().int().nullable(),
  bmpl_brand_id: z.number().int(),
  bmpl_brand_name: z.string(),
  category_name: z.string(),
  category_slug: z.string(),
  subcategory_name: z.string().nullable(),
  subcategory_slug: z.string().nullable(),
});

/** SPEC 3: a per-city record: that city's prices, stock and multi-piece discount. */
export const MarketplaceCityRecordSchema = z.object({
  city: z.string(),
  price: MoneySchema,
  sale: z.boolean(),
  sale_price: MoneySchema.nullable(),
  sell_price: MoneySchema,
  tax: MoneySchema,
  stock: z.number().int(),
  discount_threshold: z.number().int().nullable(),
  discount_price: MoneySchema.nullable(),
  original_price: MoneySchema.nullable(),
  discount_description: z.string().nullable(),
  discount_price_tax: MoneySchema.nullable(),
  discount_price_without_tax: MoneySchema.nullable(),
});
export type MarketplaceCityRecord = z.infer<typeof MarketplaceCityRecordSchema>;

/** A product in a list: its own fields merged with the selected city's record (SPEC 3). */
export const MarketplaceProductSchema = MarketplaceProductBaseSchema.extend({
  ...MarketplaceCityRecordSchema.shape,
  // The city's price for everyone; issue 36: a business's own locked price, in its own city only.
  customer_specific_pricing: MoneySchema.nullable(),
});
export type MarketplaceProduct = z.infer<typeof MarketplaceProductSchema>;

/** The product detail: own fields plus every city record (SPEC 3: bmpl_products_city). */
export const MarketplaceProductDetailSchema = MarketplaceProductBaseSchema.extend({ bmpl_products_city: z.array(MarketplaceCityRecordSchema) });
export type MarketplaceProductDetail = z.infer<typeof MarketplaceProductDetailSchema>;

export const MarketplaceProductPageSchema = z.object({
  products: z.array(MarketplaceProductSchema),
  total: z.number().int(),
});
export type MarketplaceProductPage = z.infer<typeof MarketplaceProductPageSchema>;

export const PriceRangeSchema = z.object({ min: z.number(), max: z.number() });
export type PriceRange = z.infer<typeof PriceRangeSchema>;

export const MarketplaceBrandSchema = z.object({ id: z.number().int(), name: z.string(), count: z.number().int() });
export type MarketplaceBrand = z.infer<typeof MarketplaceBrandSchema>;

export const MarketplaceFacetsSchema = z.object({ brands: z.array(MarketplaceBrandSchema), price: PriceRangeSchema.nullable() });
export type MarketplaceFacets = z.infer<typeof MarketplaceFacetsSchema>;

export const MarketplaceSearchResultSchema = MarketplaceProductPageSchema.extend({
  /** SPEC 2: the distinct tier-3 categories of all results, for the Category filter. */
  categories: z.array(MarketplaceCategorySchema),
  price: PriceRangeSchema.nullable(),
});
export type MarketplaceSearchResult = z.infer<typeof MarketplaceSearchResultSchema>;

export const MarketplaceStripSchema = z.object({ category: MarketplaceCategorySchema, products: z.array(MarketplaceProductSchema), total: z.number().int() });
export type MarketplaceStrip = z.infer<typeof MarketplaceStripSchema>;

export const MarketplaceBannerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string(),
  is_mobile: z.boolean(),
  link: z.string().nullable(),
  /** Issue 19: what the banner shows, for screen readers (empty for old ones). */
  title: z.string(),
});
export type MarketplaceBanner = z.infer<typeof MarketplaceBannerSchema>;

export const MarketplaceResolvedCategorySchema = z.object({
  category: MarketplaceCategorySchema,
  subcategory: MarketplaceCategorySchema.nullable(),
  /** The level-3 children of the category (the Category filter). */
  subcategories: z.array(MarketplaceCategorySchema),
});
export type MarketplaceResolvedCategory = z.infer<typeof MarketplaceResolvedCategorySchema>;

// Query strings. Numbers arrive as text: checked by pattern so 'abc' is a 400, not NaN.
const idText = z.string().regex(/^\d{1,9}$/, 'must be a whole number');
const moneyText = z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be an amount in rupees');
const segment = z.string().min(1).max(MAX_SEGMENT_LENGTH);

export const CityQuerySchema = z.strictObject({ city: z.string().max(40).optional() });

export const ListQuerySchema = z.strictObject({
  city: z.string().max(40).optional(),
  category: idText.optional(),
  subcategory: idText.optional(),
  brands: z.string().max(400).regex(/^\d{1,9}(,\d{1,9})*$/, 'must be brand ids separated by commas').optional(),
  min: moneyText.optional(),
  max: moneyText.optional(),
  sort: z.enum(MARKETPLACE_SORT_VALUES).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(40),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

export const FacetsQuerySchema = ListQuerySchema.pick({ city: true, category: true, subcategory: true });
export type FacetsQuery = z.infer<typeof FacetsQuerySchema>;

export const SearchQuerySchema = ListQuerySchema.omit({ category: true, brands: true }).extend({
  search: z.string().max(100),
  /** A tier-3 category id (the search page's Category filter). */
  subcategory: idText.optional(),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export const StripsQuerySchema = z.strictObject({
  city: z.string().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(20).default(6),
});

export const CategoriesQuerySchema = z.strictObject({
  level: z.enum(['2', '3']).optional(),
  parent_id: idText.optional(),
});

export const ResolveQuerySchema = z.strictObject({ category: segment, subcategory: segment.optional() });

export const BannersQuerySchema = z.strictObject({
  name: z.string().min(1).max(200).regex(/^[A-Za-z_]+(,[A-Za-z_]+)*$/, 'must be banner names separated by commas'),
  /** Issue 19: the visitor's city (banners for every city and for this one); left out, only those for every city. */
  city: CityNameSchema.optional(),
  /** Issue 19: a category page's banners (Category_Banners of this category). */
  category_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const IdParamSchema = z.strictObject({ id: idText });
export const SlugParamSchema = z.strictObject({ slug: segment });
