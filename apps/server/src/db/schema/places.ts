import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './common.ts';

export const cities = pgTable('cities', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('cities_name_uq').on(t.name)]);

export const areas = pgTable('areas', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  cityId: integer('city_id').notNull().references(() => cities.id),
  storeId: integer('store_id').notNull(),
  createdAt: createdAt(),
}, (t) => [index('areas_city_idx').on(t.cityId)]);

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
