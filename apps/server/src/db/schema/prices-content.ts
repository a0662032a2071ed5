import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalogue.ts';
import { createdAt, money } from './common.ts';
import { cities } from './places.ts';
import { staffUsers } from './staff.ts';
import { feedback } from './support.ts';

const startsAt = () => timestamp('starts_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
const endsAt = () => timestamp('ends_at', { withTimezone: true, mode: 'string' });

/**
 * Issue 19: a storefront product's price in one city, from starts_at until ends_at. The cart charges
 * a business at its own city's price (packages/domain pricing.ts cartUnitPrice). Never edited: ended
 * and replaced, like customer_prices.
 */
export const cityPrices = pgTable('city_prices', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id),
  cityId: integer('city_id').notNull().references(() => cities.id),
  price: money('price').notNull(),
  startsAt: startsAt(),
  endsAt: endsAt(),
  createdAt: createdAt(),
}, (t) => [
  index('city_prices_product_city_idx').on(t.productId, t.cityId, t.startsAt),
  uniqueIndex('city_prices_open_uq').on(t.productId, t.cityId).where(sql`${t.endsAt} is null`),
  check('city_prices_price_ck', sql`${t.price} > 0`),
  check('city_prices_period_ck', sql`${t.endsAt} is null or ${t.endsAt} >= ${t.startsAt}`),
]);

/**
 * Issue 19: a Buy More Pay Less quantity threshold of a product in one city: from min_quantity pieces
 * on a line, each piece costs unit_price (when that is lower than the line's price otherwise).
 */
export const quantityPrices = pgTable('quantity_prices', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id),
  cityId: integer('city_id').notNull().references(() => cities.id),
  minQuantity: integer('min_quantity').notNull(),
  unitPrice: money('unit_price').notNull(),
  startsAt: startsAt(),
  endsAt: endsAt(),
  createdAt: createdAt(),
}, (t) => [
  index('quantity_prices_product_city_idx').on(t.productId, t.cityId, t.startsAt),
  uniqueIndex('quantity_prices_open_uq').on(t.productId, t.cityId, t.minQuantity).where(sql`${t.endsAt} is null`),
  check('quantity_prices_price_ck', sql`${t.unitPrice} > 0`),
  check('quantity_prices_min_ck', sql`${t.minQuantity} > 1 and ${t.minQuantity} <= 9999`),
  check('quantity_prices_period_ck', sql`${t.endsAt} is null or ${t.endsAt} >= ${t.startsAt}`),
]);

/** Issue 19: the closing-soon ticker's messages, per city (null: every city), in their order and time. */
export const tickerMessages = pgTable('ticker_messages', {
  id: serial('id').primaryKey(),
  cityId: integer('city_id').references(() => cities.id),
  text: text('text').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  startsAt: timestamp('starts_at', { withTimezone: true, mode: 'string' }),
  endsAt: timestamp('ends_at', { withTimezone: true, mode: 'string' }),
  createdAt: createdAt(),
}, (t) => [check('ticker_messages_text_ck', sql`length(${t.text}) between 1 and 300`)]);

/** Issue 19: the information pages (SPEC 2: FAQ, terms, privacy) as staff wrote them; version bumps on every save. */
export const infoPages = pgTable('info_pages', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
}, (t) => [check('info_pages_slug_ck', sql`${t.slug} in ('faqs', 'termsAndConditions', 'privacypolicy')`)]);

/** Issue 19: settings of the shop staff may change (the help number). */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
}, (t) => [check('site_settings_key_ck', sql`${t.key} in ('help_no')`)]);

/**
 * Issue 19: what staff wrote on a feedback message: internal notes, and replies by mail (the reply's
 * text and recipient are kept here; the mail itself goes through the outbox). Append-only.
 */
export const feedbackEntries = pgTable('feedback_entries', {
  id: serial('id').primaryKey(),
  feedbackId: integer('feedback_id').notNull().references(() => feedback.id),
  staffId: integer('staff_id').notNull().references(() => staffUsers.id),
  kind: text('kind').notNull(),
  body: text('body').notNull(),
  /** The address a reply was mailed to (null for a note). */
  mailedTo: text('mailed_to'),
  createdAt: createdAt(),
}, (t) => [
  index('feedback_entries_feedback_idx').on(t.feedbackId, t.id),
  check('feedback_entries_kind_ck', sql`${t.kind} in ('note', 'reply')`),
]);
