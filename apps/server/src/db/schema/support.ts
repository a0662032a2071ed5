import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { businessUsers } from './business.ts';
import { createdAt } from './common.ts';

/** SPEC 3: feedback payload, stored. */
export const feedback = pgTable('feedback', {
  id: serial('id').primaryKey(),
  businessUserId: integer('business_user_id').references(() => businessUsers.id),
  name: text('name').notNull(),
  email: text('email').notNull(),
  mobileNo: text('mobile_no').notNull(),
  type: text('type').notNull(),
  subject: text('subject').notNull().default(''),
  message: text('message').notNull().default(''),
  // Issue 19 (migration 0020): the staff inbox's status and assignee (a staff_users id).
  status: text('status').notNull().default('new'),
  assigneeStaffId: integer('assignee_staff_id'),
  createdAt: createdAt(),
}, (t) => [
  check('feedback_type_ck', sql`${t.type} in ('Complaint', 'Suggestion', 'Compliment', 'Account Deletion')`),
  check('feedback_status_ck', sql`${t.status} in ('new', 'in_progress', 'done')`),
  index('feedback_inbox_idx').on(t.status, t.id),
]);

/** Password reset codes: stored hashed, single use, expiring, burned after too many tries. */
export const resetCodes = pgTable('reset_codes', {
  id: serial('id').primaryKey(),
  businessUserId: integer('business_user_id').notNull().references(() => businessUsers.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  /** Wrong tries from browsers other than the one that asked for the code. */
  attempts: integer('attempts').notNull().default(0),
  /** Hash of the asking browser's mark (issue 14 point 4): its tries are counted apart, by the rate limiter. */
  requester: text('requester'),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'string' }),
  createdAt: createdAt(),
}, (t) => [index('reset_codes_user_idx').on(t.businessUserId)]);

/**
 * Every mail (issue 20): written here first, then sent from here. With SMTP_URL a row is `pending`
 * until a worker of some instance claims it (FOR UPDATE SKIP LOCKED and a lease, so two instances
 * never send one mail both), sends it and marks it `sent`; a failed try is tried again with backoff,
 * and after the last try the row stays as `failed` for the operator. Without SMTP_URL the row is
 * `kept` (the operator reads it; rows from before migration 0017 are kept too).
 */
export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
  status: text('status').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** A worker holds the row until then (it is sending it). */
  claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  lastError: text('last_error'),
}, (t) => [
  index('outbox_recipient_idx').on(t.recipient),
  index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  check('outbox_status_ck', sql`${t.status} in ('pending', 'sent', 'failed', 'kept')`),
]);

/**
 * A signed-in session of a registered user (issue 14). Its random id travels in every access token
 * as `sid`; revoking the row (sign-out, password change or reset) makes every instance refuse the
 * session's tokens. Guests have none: their token holds nothing to steal.
 */
export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  businessUserId: integer('business_user_id').notNull().references(() => businessUsers.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
}, (t) => [
  index('sessions_user_idx').on(t.businessUserId),
  // Instances load the recently revoked ones at start and after a lost connection.
  index('sessions_revoked_idx').on(t.revokedAt).where(sql`${t.revokedAt} is not null`),
]);
