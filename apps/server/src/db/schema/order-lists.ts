import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businesses, businessUsers } from './business.ts';
import { products } from './catalogue.ts';
import { createdAt } from './common.ts';

/**
 * Issue 21 (docs/decisions/015-reorder-and-order-lists.md): a business's named list of products it
 * orders again and again, with their usual quantities. Kept by its Owner or Approver, read and
 * ordered from by every user of the business, never seen by another business.
 */
export const orderLists = pgTable('order_lists', {
  id: serial('id').primaryKey(),
  businessId: integer('business_id').notNull().references(() => businesses.id),
  name: text('name').notNull(),
  /** Raised by every change: a change made on an older copy is refused (409) instead of lost. */
  version: integer('version').notNull().default(0),
  createdBy: integer('created_by').notNull().references(() => businessUsers.id),
  updatedBy: integer('updated_by').notNull().references(() => businessUsers.id),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  createdAt: createdAt(),
}, (t) => [
  // One list of a name per business (the buyer tells them apart by name), and the business's lists by name.
  uniqueIndex('order_lists_business_name_uq').on(t.businessId, sql`lower(${t.name})`),
  check('order_lists_name_ck', sql`length(${t.name}) between 1 and 60`),
]);

/**
 * A product of a list at its usual quantity. The name and SKU it had are kept, so a product the shop
 * stops selling is still named on the list ("no longer sold") rather than vanishing from it.
 */
export const orderListItems = pgTable('order_list_items', {
  id: serial('id').primaryKey(),
  listId: integer('list_id').notNull().references(() => orderLists.id, { onDelete: 'cascade' }),
  productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
  productName: text('product_name').notNull(),
  sku: text('sku').notNull(),
  quantity: integer('quantity').notNull(),
  /** The list's order, as its keeper arranged it. */
  position: integer('position').notNull(),
  createdAt: createdAt(),
}, (t) => [
  index('order_list_items_list_idx').on(t.listId, t.position),
  uniqueIndex('order_list_items_product_uq').on(t.listId, t.productId),
  check('order_list_items_quantity_ck', sql`${t.quantity} between 1 and 9999`),
]);
