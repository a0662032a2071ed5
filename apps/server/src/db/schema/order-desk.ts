import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessUsers } from './business.ts';
import { createdAt } from './common.ts';
import { orders } from './orders.ts';
import { staffUsers } from './staff.ts';

/**
 * Issue 16: what happened to an order, in order: the Approver's decision, each staff move, each
 * line picked short. Appended only; the buyer's and the staff's history are read from it.
 */
export const orderEvents = pgTable('order_events', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id),
  actorKind: text('actor_kind').notNull(),
  /** business_users.id for a buyer, staff_users.id for staff. */
  actorId: integer('actor_id').notNull(),
  actorName: text('actor_name').notNull(),
  action: text('action').notNull(),
  fromStatus: text('from_status'),
  toStatus: text('to_status'),
  reason: text('reason'),
  createdAt: createdAt(),
}, (t) => [
  index('order_events_order_idx').on(t.orderId, t.id),
  check('order_events_actor_ck', sql`${t.actorKind} in ('buyer', 'staff')`),
]);

/** Staff notes on an order (never shown to the buyer). */
export const orderNotes = pgTable('order_notes', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id),
  staffId: integer('staff_id').notNull().references(() => staffUsers.id),
  text: text('text').notNull(),
  createdAt: createdAt(),
}, (t) => [index('order_notes_order_idx').on(t.orderId, t.id)]);

/** A delivery run: one vehicle's orders of one day in one city. */
export const deliveryRuns = pgTable('delivery_runs', {
  id: serial('id').primaryKey(),
  runDate: date('run_date', { mode: 'string' }).notNull(),
  city: text('city').notNull(),
  vehicle: text('vehicle').notNull(),
  driver: text('driver'),
  status: text('status').notNull().default('Planned'),
  createdBy: integer('created_by').notNull().references(() => staffUsers.id),
  createdAt: createdAt(),
}, (t) => [
  index('delivery_runs_date_idx').on(t.runDate),
  check('delivery_runs_status_ck', sql`${t.status} in ('Planned', 'Shipping', 'Done')`),
]);

/** An order is on at most one run. */
export const deliveryRunOrders = pgTable('delivery_run_orders', {
  runId: integer('run_id').notNull().references(() => deliveryRuns.id),
  orderId: integer('order_id').notNull().references(() => orders.id),
  position: integer('position').notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('delivery_run_orders_order_uq').on(t.orderId), index('delivery_run_orders_run_idx').on(t.runId, t.position)]);

/** Saved queue views, per staff person. */
export const savedViews = pgTable('staff_saved_views', {
  id: serial('id').primaryKey(),
  staffId: integer('staff_id').notNull().references(() => staffUsers.id),
  name: text('name').notNull(),
  filters: jsonb('filters').notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('staff_saved_views_name_uq').on(t.staffId, t.name)]);

/**
 * Issue 36 (migration 0032): a buyer's request to cancel or change a confirmed order, sent within two
 * hours of its confirmation (policy-facts.ts), flagged in the desk's queue until staff answer it
 * (accepted or declined, with a note the buyer reads). At most one waits for an answer per order.
 */
export const orderChangeRequests = pgTable('order_change_requests', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  reason: text('reason').notNull(),
  status: text('status').notNull().default('open'),
  requestedBy: integer('requested_by').notNull().references(() => businessUsers.id),
  requestedByName: text('requested_by_name').notNull(),
  answerNote: text('answer_note'),
  answeredBy: integer('answered_by').references(() => staffUsers.id),
  answeredByName: text('answered_by_name'),
  answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'string' }),
  createdAt: createdAt(),
}, (t) => [
  index('order_change_requests_order_idx').on(t.orderId, t.id),
  uniqueIndex('order_change_requests_open_uq').on(t.orderId).where(sql`${t.status} = 'open'`),
  check('order_change_requests_kind_ck', sql`${t.kind} in ('cancel', 'change')`),
  check('order_change_requests_status_ck', sql`${t.status} in ('open', 'accepted', 'declined')`),
  check('order_change_requests_answer_ck', sql`(${t.status} = 'open') = (${t.answeredAt} is null)`),
]);
