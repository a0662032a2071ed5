import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn, bigint, bigserial, boolean, check, customType, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, money } from './common.ts';
import { businessTypes, cities } from './places.ts';

/** SPEC 3: categories with levels 1 (Food, Non Food) to 4. */
export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  level: integer('level').notNull(),
  parentId: integer('parent_id').references((): AnyPgColumn => categories.id),
  /** The level-2 ancestor, kept for the marketplace filters (SPEC 3: tier2_id). */
  tier2Id: integer('tier2_id').references((): AnyPgColumn => categories.id),
  image: text('image'),
  poster: text('poster'),
  banner: text('banner'),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  index('categories_parent_idx').on(t.parentId),
  index('categories_level_idx').on(t.level),
  index('categories_slug_idx').on(t.slug),
  check('categories_level_ck', sql`${t.level} between 1 and 4`),
]);

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('brands_name_uq').on(t.name)]);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** SPEC 3: product of the ordering storefront. */
export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Image file name under our storage path, or a full URL. */
  urlName: text('url_name').notNull(),
  url: text('url').notNull(),
  price: money('price').notNull(),
  sale: boolean('sale').notNull().default(false),
  salePrice: money('sale_price'),
  stock: integer('stock').notNull().default(0),
  sku: text('sku').notNull(),
  code: text('code').notNull(),
  brandId: integer('brand_id').notNull().references(() => brands.id),
  brandName: text('brand_name').notNull(),
  description: text('description').notNull().default(''),
  weight: text('weight').notNull().default(''),
  productSubsys: text('product_subsys').notNull().default(''),
  /** Sales tax amount per unit (rupees) included in the price. */
  tax: money('tax').notNull().default('0'),
  /** Price per unit before tax. */
  sellPrice: money('sell_price').notNull(),
  tier1Id: integer('tier1_id').notNull().references(() => categories.id),
  tier2Id: integer('tier2_id').references(() => categories.id),
  tier3Id: integer('tier3_id').references(() => categories.id),
  tier4Id: integer('tier4_id').references(() => categories.id),
  addToCartCount: integer('add_to_cart_count').notNull().default(0),
  viewedCount: integer('viewed_count').notNull().default(0),
  articleMgb: text('article_mgb').notNull().default(''),
  /** Issue 19: an inactive product is kept (orders name it) but neither listed nor sold. */
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  /** The name's words for full-text search, kept by the database (search.service.ts). */
  nameTsv: tsvector('name_tsv').generatedAlwaysAs(sql`to_tsvector('simple', name)`),
}, (t) => [
  uniqueIndex('products_sku_uq').on(t.sku),
  // Category lookups and sort orders use the expression indexes of migrations 0003 and 0005
  // (category, out-of-stock last, sort key, id); every index costs each query's planning, so
  // single-column tier and counter indexes they cover are not kept.
  index('products_brand_idx').on(t.brandId),
  // Without fastupdate: new names go straight into the index instead of a pending list that every
  // search would scan until the next VACUUM (8-17 ms per search at 100,000 products on PGlite).
  index('products_name_tsv_idx').using('gin', t.nameTsv).with({ fastupdate: false }),
  check('products_price_ck', sql`${t.price} >= 0 and ${t.sellPrice} >= 0 and ${t.tax} >= 0`),
  check('products_stock_ck', sql`${t.stock} >= 0`),
]);

/** Which leaf business types a product is offered to. */
export const productBusinessTypes = pgTable('product_business_types', {
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  businessTypeId: integer('business_type_id').notNull().references(() => businessTypes.id),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.productId, t.businessTypeId] }),
  index('product_business_types_type_idx').on(t.businessTypeId),
]);

/** SPEC 3: banners (Bmpl_Banners and others), desktop and mobile images. */
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  image: text('image').notNull(),
  enable: boolean('enable').notNull().default(true),
  isMobile: boolean('is_mobile').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  link: text('link'),
  // Issue 19 (migration 0020): staff schedule banners per city (null: every city), on a category's
  // page (category_id), from starts_at until ends_at (null: no bound). Content module.
  cityId: integer('city_id').references(() => cities.id),
  categoryId: integer('category_id').references(() => categories.id),
  title: text('title').notNull().default(''),
  startsAt: timestamp('starts_at', { withTimezone: true, mode: 'string' }),
  endsAt: timestamp('ends_at', { withTimezone: true, mode: 'string' }),
  createdAt: createdAt(),
}, (t) => [index('banners_name_idx').on(t.name)]);

/**
 * A counter per catalogue table, raised by triggers (migration 0007) whenever a statement changes
 * what a listing shows: products (except viewed_count alone), customer_prices and
 * product_business_types. The in-memory catalogue index (modules/catalogue/catalogue-index.ts)
 * reloads what a raised counter names, so every server instance sees every writer's changes.
 */
export const catalogueVersions = pgTable('catalogue_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * The change feed of the catalogue copies (migration 0021): per statement that raised a counter of
 * catalogue_versions, the ids of the rows it changed, tagged with the counter's value after it. A
 * follower that finds every version between the one it holds and the counter's current value patches
 * those rows only; a missing version (a statement too large to log, a truncate, a category or brand
 * rename, or entries trimmed away) means a full reload. Bounded: each statement trims its table's
 * entries older than CHANGE_LOG_VERSIONS versions.
 */
export const catalogueChanges = pgTable('catalogue_changes', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  tableName: text('table_name').notNull(),
  version: bigint('version', { mode: 'number' }).notNull(),
  rowId: integer('row_id').notNull(),
  createdAt: createdAt(),
}, (t) => [index('catalogue_changes_table_version_idx').on(t.tableName, t.version)]);
