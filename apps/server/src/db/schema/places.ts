import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money } from './common.ts';

export const cities = pgTable('cities', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Issue 35 (migration 0029): an inactive city is kept (businesses, prices and banners name it) but not offered. */
  active: boolean('active').notNull().default(true),
  /** ISO weekdays (1 = Monday) on which the city is delivered, shown to buyers. */
  deliveryDays: integer('delivery_days').array().notNull().default(sql`'{1,2,3,4,5,6}'`),
  /** 'HH:MM' (Karachi): orders placed by then go out on the next delivery day. */
  cutoffTime: text('cutoff_time').notNull().default('18:00'),
  /** Issue 36 (migration 0032): the smallest order total (rupees) the city is delivered for; null: none. */
  minOrderValue: money('min_order_value'),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('cities_name_uq').on(t.name),
  uniqueIndex('cities_name_lower_uq').using('btree', sql`lower(${t.name})`),
  check('cities_min_order_value_ck', sql`${t.minOrderValue} is null or ${t.minOrderValue} > 0`),
]);

export const areas = pgTable('areas', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  cityId: integer('city_id').notNull().references(() => cities.id),
  /** The store (warehouse) that serves the area: copied to the business and to its orders (metro_store_id). */
  storeId: integer('store_id').notNull(),
  /** Issue 35 (migration 0029): an inactive area is kept but not offered at sign-up. */
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
}, (t) => [index('areas_city_idx').on(t.cityId), uniqueIndex('areas_city_name_uq').using('btree', t.cityId, sql`lower(${t.name})`)]);

/** SPEC 3: business type tree (parent_id null for a root). */
export const businessTypes = pgTable('business_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  image: text('image'),
  parentId: integer('parent_id').references((): AnyPgColumn => businessTypes.id),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Issue 35 (migration 0030): an inactive type is kept (businesses and products name it) but not shown or offered. */
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
}, (t) => [index('business_types_parent_idx').on(t.parentId), uniqueIndex('business_types_name_uq').using('btree', sql`lower(${t.name})`)]);
