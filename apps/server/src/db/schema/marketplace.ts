import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { brands, categories, products } from './catalogue.ts';
import { createdAt, money } from './common.ts';
import { cities } from './places.ts';

/** SPEC 3: marketplace (Buy More Pay Less) product. */
export const marketplaceProducts = pgTable('bmpl_products', {
  id: serial('id').primaryKey(),
  /** The storefront product it is sold as, when there is one. */
  productId: integer('product_id').references(() => products.id),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  urlName: text('url_name').notNull(),
  description: text('description').notNull().default(''),
  tier1Id: integer('tier1_id').notNull().references(() => categories.id),
  tier2Id: integer('tier2_id').notNull().references(() => categories.id),
  tier3Id: integer('tier3_id').references(() => categories.id),
  tier4Id: integer('tier4_id').references(() => categories.id),
  brandId: integer('bmpl_brand_id').notNull().references(() => brands.id),
  brandName: text('bmpl_brand_name').notNull(),
  /**
   * Issue 19: false while the storefront product it is sold as is inactive (products.active): the
   * marketplace neither lists, searches nor shows it. Kept by the database (migration 0021's triggers
   * copy products.active here, true without a product): writers leave it out.
   */
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
}, (t) => [
  index('bmpl_products_tier2_idx').on(t.tier2Id),
  index('bmpl_products_tier3_idx').on(t.tier3Id),
  index('bmpl_products_brand_idx').on(t.brandId),
  index('bmpl_products_slug_idx').on(t.slug),
]);

/** SPEC 3: per-city record of a marketplace product, with that city's prices. */
export const marketplaceProductCities = pgTable('bmpl_product_cities', {
  id: serial('id').primaryKey(),
  marketplaceProductId: integer('bmpl_product_id').notNull().references(() => marketplaceProducts.id, { onDelete: 'cascade' }),
  cityId: integer('city_id').notNull().references(() => cities.id),
  price: money('price').notNull(),
  sale: boolean('sale').notNull().default(false),
  salePrice: money('sale_price'),
  sellPrice: money('sell_price').notNull(),
  tax: money('tax').notNull().default('0'),
  stock: integer('stock').notNull().default(0),
  // SPEC 3: multi-piece discount fields.
  discountThreshold: integer('discount_threshold'),
  discountPrice: money('discount_price'),
  originalPrice: money('original_price'),
  discountDescription: text('discount_description'),
  discountPriceTax: money('discount_price_tax'),
  discountPriceWithoutTax: money('discount_price_without_tax'),
  // What a city's lists filter and sort on, so a category page is one index range scan that stops after
  // offset + limit entries (docs/performance-changelog.md, issue 6). Copied from the product by the database
  // (trigger bmpl_product_cities_copy, migration 0004) on every insert and whenever the product changes:
  // writers leave them out, and they are never null.
  tier2Id: integer('tier2_id'),
  tier3Id: integer('tier3_id'),
  brandId: integer('bmpl_brand_id'),
  name: text('name'),
  /** Its product's `active`, copied by the same trigger (migration 0021): the list indexes hold active records only. */
  active: boolean('active').notNull().default(true),
  /** SPEC 9: out-of-stock items go last whatever the sort. */
  outOfStock: boolean('out_of_stock').generatedAlwaysAs(sql`stock = 0`),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('bmpl_product_cities_uq').on(t.marketplaceProductId, t.cityId),
  index('bmpl_product_cities_city_idx').on(t.cityId),
  // One index per list order (marketplace-lists.service.ts ORDER), for a whole city and for a city's level-2
  // category. The columns after the order only filter inside the index (subcategory, brands, price range).
  // Partial (issue 19): only active records are listed, so an inactive product's records are not in them.
  index('bmpl_pc_list_idx').on(t.cityId, t.outOfStock, t.marketplaceProductId, t.brandId, t.price).where(sql`${t.active}`),
  index('bmpl_pc_list_name_idx').on(t.cityId, t.outOfStock, t.name, t.marketplaceProductId, t.brandId, t.price).where(sql`${t.active}`),
  index('bmpl_pc_list_name_desc_idx').on(t.cityId, t.outOfStock, t.name.desc(), t.marketplaceProductId, t.brandId, t.price).where(sql`${t.active}`),
  index('bmpl_pc_list_price_idx').on(t.cityId, t.outOfStock, t.price, t.marketplaceProductId, t.brandId).where(sql`${t.active}`),
  index('bmpl_pc_list_price_desc_idx').on(t.cityId, t.outOfStock, t.price.desc(), t.marketplaceProductId, t.brandId).where(sql`${t.active}`),
  index('bmpl_pc_category_idx').on(t.cityId, t.tier2Id, t.outOfStock, t.marketplaceProductId, t.tier3Id, t.brandId, t.price).where(sql`${t.active}`),
  index('bmpl_pc_category_name_idx').on(t.cityId, t.tier2Id, t.outOfStock, t.name, t.marketplaceProductId, t.tier3Id, t.brandId, t.price).where(sql`${t.active}`),
  index('bmpl_pc_category_name_desc_idx').on(t.cityId, t.tier2Id, t.outOfStock, t.name.desc(), t.marketplaceProductId, t.tier3Id, t.brandId, t.price).where(sql`${t.active}`),
  index('bmpl_pc_category_price_idx').on(t.cityId, t.tier2Id, t.outOfStock, t.price, t.marketplaceProductId, t.tier3Id, t.brandId).where(sql`${t.active}`),
  index('bmpl_pc_category_price_desc_idx').on(t.cityId, t.tier2Id, t.outOfStock, t.price.desc(), t.marketplaceProductId, t.tier3Id, t.brandId).where(sql`${t.active}`),
  check('bmpl_product_cities_price_ck', sql`${t.price} >= 0 and ${t.stock} >= 0`),
  check('bmpl_product_cities_threshold_ck', sql`${t.discountThreshold} is null or ${t.discountThreshold} > 1`),
]);
