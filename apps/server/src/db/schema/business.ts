import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalogue.ts';
import { createdAt, money } from './common.ts';
import { areas, businessTypes, cities } from './places.ts';

/** SPEC 3: a customer business with its credit terms (payment_mode, advance_amount, credit_limit, payment_days). */
export const businesses = pgTable('businesses', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  businessTypeId: integer('business_type_id').references(() => businessTypes.id),
  businessSubTypeId: integer('business_sub_type_id').references(() => businessTypes.id),
  paymentMode: text('payment_mode').notNull().default('Cash'),
  advanceAmount: money('advance_amount').notNull().default('0'),
  creditLimit: money('credit_limit').notNull().default('0'),
  paymentDays: integer('payment_days').notNull().default(0),
  cityId: integer('city_id').references(() => cities.id),
  areaId: integer('area_id').references(() => areas.id),
  storeId: integer('store_id'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  cmId: text('cm_id'),
  /**
   * Issue 18 (docs/decisions/013-verifying-businesses.md): where staff's check of the registration stands.
   * 'new' and 'changed' wait in the queue, oldest verification_at first.
   */
  verification: text('verification').notNull().default('new'),
  verificationAt: timestamp('verification_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  /** The document kinds staff asked the buyer to send again. */
  requestedDocuments: text('requested_documents').array().notNull().default(sql`'{}'::text[]`),
  /** Shown to the buyer: what is wrong with the documents, or why the business was rejected. */
  verificationNote: text('verification_note').notNull().default(''),
  /** active; on_hold (no new orders); closed (no sign-in, no orders). */
  status: text('status').notNull().default('active'),
  /** Staff's own notes, never shown to the buyer. */
  notes: text('notes').notNull().default(''),
  /** Digits only, typed by staff from the documents; compared across businesses to flag duplicates. */
  cnicNumber: text('cnic_number').notNull().default(''),
  ntnNumber: text('ntn_number').notNull().default(''),
  /** Bumped by every staff change and every new upload: a change made on an older view is refused. */
  version: integer('version').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  check('businesses_payment_mode_ck', sql`${t.paymentMode} in ('Cash', 'Credit', 'Advance')`),
  check('businesses_verification_ck', sql`${t.verification} in ('new', 'changed', 'documents_requested', 'approved', 'rejected')`),
  check('businesses_status_ck', sql`${t.status} in ('active', 'on_hold', 'closed')`),
  check(
    'businesses_requested_documents_ck',
    sql`${t.requestedDocuments} <@ array['cnic_image', 'cnic_back_image', 'ntn_certificate_image', 'invoice_image', 'business_card_image']::text[]`,
  ),
  index('businesses_verification_queue_idx').on(t.verification, t.verificationAt, t.id),
  index('businesses_cnic_idx').on(t.cnicNumber).where(sql`${t.cnicNumber} <> ''`),
  index('businesses_ntn_idx').on(t.ntnNumber).where(sql`${t.ntnNumber} <> ''`),
]);

/** SPEC 3: a user of a business. Guests have no row: their session is a signed token only. */
export const businessUsers = pgTable('business_users', {
  id: serial('id').primaryKey(),
  businessId: integer('business_id').notNull().references(() => businesses.id),
  type: text('type').notNull(),
  name: text('name').notNull(),
  /** Stored lower-cased; unique. */
  email: text('email').notNull(),
  mobileNo: text('mobile_no').notNull().default(''),
  passwordHash: text('password_hash').notNull(),
  /** The Orderer's spending limit for Cash orders (SPEC 4). */
  limit: money('limit').notNull().default('0'),
  helpNo: text('help_no').notNull().default(''),
  address: text('address').notNull().default(''),
  nationalIdentityCard: text('national_identity_card').notNull().default(''),
  metroStoreId: integer('metro_store_id'),
  deliveryId: integer('delivery_id'),
  customerId: text('customer_id'),
  cmId: text('cm_id'),
  /**
   * When the user proved they read mail at `email` (a reset or welcome code used). Null for an Owner
   * made at sign-up until the welcome code is used: their session lasts 24 h at most (issue 14).
   */
  emailProvenAt: timestamp('email_proven_at', { withTimezone: true, mode: 'string' }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('business_users_email_uq').on(t.email),
  index('business_users_business_idx').on(t.businessId),
  index('business_users_mobile_idx').on(t.mobileNo).where(sql`${t.mobileNo} <> ''`),
  check('business_users_type_ck', sql`${t.type} in ('Owner', 'Orderer', 'Approver', 'Viewer')`),
  check('business_users_email_lower_ck', sql`${t.email} = lower(${t.email})`),
]);

/**
 * SPEC 3: customer_specific_pricing, a locked price of one product for one business, in effect from
 * starts_at until ends_at (issue 19, migration 0020). A price is never edited: staff end it and add a
 * new one; at most one is in effect for a business and product at any time (the prices service
 * checks it under a lock; at most one is open-ended: customer_prices_open_uq). Readers take only the
 * one in effect now (catalogue/pricing.service.ts customerPriceInEffect).
 */
export const customerPrices = pgTable('customer_prices', {
  id: serial('id').primaryKey(),
  businessId: integer('business_id').notNull().references(() => businesses.id),
  productId: integer('product_id').notNull().references(() => products.id),
  price: money('price').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  endsAt: timestamp('ends_at', { withTimezone: true, mode: 'string' }),
  createdAt: createdAt(),
}, (t) => [
  index('customer_prices_business_product_idx').on(t.businessId, t.productId, t.startsAt),
  index('customer_prices_product_idx').on(t.productId),
  uniqueIndex('customer_prices_open_uq').on(t.businessId, t.productId).where(sql`${t.endsAt} is null`),
  check('customer_prices_price_ck', sql`${t.price} > 0`),
  check('customer_prices_period_ck', sql`${t.endsAt} is null or ${t.endsAt} >= ${t.startsAt}`),
]);

/** Registration documents (SPEC 2 sign-up step 3), stored under server-made names. */
export const uploads = pgTable('uploads', {
  id: serial('id').primaryKey(),
  businessId: integer('business_id').notNull().references(() => businesses.id),
  kind: text('kind').notNull(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  createdAt: createdAt(),
}, (t) => [
  index('uploads_business_idx').on(t.businessId),
  uniqueIndex('uploads_file_name_uq').on(t.fileName),
  check('uploads_kind_ck', sql`${t.kind} in ('cnic_image', 'cnic_back_image', 'ntn_certificate_image', 'invoice_image', 'business_card_image')`),
]);
