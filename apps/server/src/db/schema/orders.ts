import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalogue.ts';
import { businesses, businessUsers } from './business.ts';
import { createdAt, money } from './common.ts';

/** SPEC 3: an order. created_on is created_at. */
export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  orderNumber: text('order_number').notNull(),
  status: text('status').notNull(),
  address: text('address').notNull().default(''),
  contactNo: text('contact_no').notNull().default(''),
  totalPrice: money('total_price').notNull(),
  sellPriceTotal: money('sell_price_total').notNull().default('0'),
  taxTotal: money('tax_total').notNull().default('0'),
  discountPrice: money('discount_price').notNull().default('0'),
  paidAmount: money('paid_amount').notNull().default('0'),
  remainingAmount: money('remaining_amount').notNull(),
  cmId: text('cm_id'),
  businessId: integer('business_id').notNull().references(() => businesses.id),
  businessUserId: integer('business_user_id').notNull().references(() => businessUsers.id),
  paymentMode: text('payment_mode').notNull(),
  paymentDays: integer('payment_days').notNull().default(0),
  metroStoreId: integer('metro_store_id'),
  deliveryId: integer('delivery_id'),
  customerId: text('customer_id'),
  businessName: text('business_name').notNull(),
  orderBy: text('order_by').notNull(),
  idempotencyKey: text('idempotency_key'),
  /**
   * SHA-256 of the canonical request that made the order with idempotency_key (issue 14 point 13):
   * the same key with another body is refused (422) instead of answering this order. Null for
   * orders placed without a key, and for those placed before the column existed.
   */
  requestHash: text('request_hash'),
  decidedBy: integer('decided_by').references(() => businessUsers.id),
  /** Issue 16: why the wholesaler rejected the order; the buyer reads it. */
  rejectionReason: text('rejection_reason'),
  /** Issue 37: 1 when placed, one more on every change of its lines or totals; an approval names the version it saw. */
  version: integer('version').notNull().default(1),
  /** Issue 36 (migration 0032): the buyer's own reference (purchase order number), at most 40 characters. */
  orderReference: text('order_reference'),
  /** Issue 36: the delivery day the buyer asked for (a day the city delivers, after its cut-off); null: the next one. */
  requestedDeliveryDay: date('requested_delivery_day', { mode: 'string' }),
  /** Issue 36: when the order was confirmed (placed In Process, or approved): the two hours to ask for a change start here. */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'string' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('orders_number_uq').on(t.orderNumber),
  // Also the index of a user's orders (its leading column). A separate (business_user_id) index was
  // dropped in migration 0006: the planner took it for the idempotency lookup of every new order and
  // filtered all of the user's orders by key, a cost that grew with each order the user placed.
  uniqueIndex('orders_idempotency_uq').on(t.businessUserId, t.idempotencyKey),
  index('orders_business_idx').on(t.businessId, t.status),
  // The order desk's queue (issue 16): newest first, keyset-paged, alone or within one status or business.
  index('orders_queue_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index('orders_status_queue_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index('orders_business_queue_idx').on(t.businessId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  check('orders_status_ck', sql`${t.status} in ('Pending', 'In Process', 'Arrange', 'Shipping', 'Delivered', 'Rejected')`),
  check('orders_payment_mode_ck', sql`${t.paymentMode} in ('Cash', 'Credit', 'Advance')`),
  check('orders_amounts_ck', sql`${t.totalPrice} >= 0 and ${t.remainingAmount} >= 0`),
  check('orders_version_ck', sql`${t.version} >= 1`),
  check('orders_reference_ck', sql`${t.orderReference} is null or char_length(${t.orderReference}) between 1 and 40`),
]);

/**
 * Issue 37: the total of each version of a Pending order that a change replaced (a resubmission, a
 * confirmation at the cart; migration 0026), so an approval refused for naming an old version can say
 * what the order totalled when the Approver saw it.
 */
export const orderRevisions = pgTable('order_revisions', {
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  totalPrice: money('total_price').notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.orderId, t.version] })]);

/** SPEC 3: order detail line. */
export const orderDetails = pgTable('order_details', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => products.id),
  productName: text('product_name').notNull(),
  /** What the warehouse sends: the ordered quantity, or less when staff picked it short (0: removed). */
  quantity: integer('quantity').notNull(),
  /** What the buyer ordered; null for lines never changed (then it equals quantity). */
  orderedQuantity: integer('ordered_quantity'),
  changeReason: text('change_reason'),
  unitPrice: money('unit_price').notNull(),
  totalPrice: money('total_price').notNull(),
  tax: money('tax').notNull().default('0'),
  sellPrice: money('sell_price').notNull().default('0'),
  url: text('url').notNull().default(''),
  productSubsys: text('product_subsys').notNull().default(''),
  articleMgb: text('article_mgb').notNull().default(''),
  createdAt: createdAt(),
}, (t) => [
  index('order_details_order_idx').on(t.orderId),
  check('order_details_quantity_ck', sql`(${t.orderedQuantity} is null and ${t.quantity} > 0) or (${t.quantity} >= 0 and ${t.quantity} < ${t.orderedQuantity})`),
]);

/** SPEC 3: invoice, filtered by business_user_id. */
export const invoices = pgTable('invoices', {
  id: serial('id').primaryKey(),
  invoiceNumber: text('invoice_number').notNull(),
  orderId: integer('order_id').references(() => orders.id),
  businessId: integer('business_id').notNull().references(() => businesses.id),
  businessUserId: integer('business_user_id').notNull().references(() => businessUsers.id),
  amount: money('amount').notNull(),
  paymentMode: text('payment_mode').notNull(),
  dueOn: date('due_on', { mode: 'string' }).notNull(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('invoices_number_uq').on(t.invoiceNumber),
  // Issue 16: a delivered order is invoiced once, however often a delivery is retried.
  uniqueIndex('invoices_order_uq').on(t.orderId),
  index('invoices_user_idx').on(t.businessUserId),
  index('invoices_business_idx').on(t.businessId),
]);

/**
 * SPEC 3: ledger entry. The aging buckets (0-0, 1-14, 15-29, 30+ days) are derived from payable_by
 * when read, so they never go stale.
 */
export const ledgers = pgTable('ledgers', {
  id: serial('id').primaryKey(),
  businessId: integer('business_id').notNull().references(() => businesses.id),
  businessUserId: integer('business_user_id').notNull().references(() => businessUsers.id),
  invoiceId: integer('invoice_id').references(() => invoices.id),
  totalSpent: money('total_spent').notNull(),
  payable: money('payable').notNull(),
  payableBy: date('payable_by', { mode: 'string' }).notNull(),
  paymentMode: text('payment_mode').notNull(),
  createdAt: createdAt(),
}, (t) => [
  index('ledgers_user_idx').on(t.businessUserId),
  index('ledgers_business_idx').on(t.businessId),
  check('ledgers_payment_mode_ck', sql`${t.paymentMode} in ('Cash', 'Credit', 'Advance')`),
]);
