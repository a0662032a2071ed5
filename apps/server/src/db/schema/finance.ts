import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businesses } from './business.ts';
import { createdAt, money } from './common.ts';
import { ledgers } from './orders.ts';
import { staffUsers } from './staff.ts';

// Issue 18 (docs/decisions/012-payments-and-ledgers.md). Every table here is append-only: the
// database refuses UPDATE, DELETE and TRUNCATE on them (migration 0016). A mistake is undone by a
// reversing posting with a reason; an invoice's open amount is computed from its allocations.

/** A receipt: money the business paid (cash, bank transfer or cheque). */
export const receipts = pgTable('receipts', {
  id: serial('id').primaryKey(),
  receiptNumber: text('receipt_number').notNull(),
  businessId: integer('business_id').notNull().references(() => businesses.id),
  method: text('method').notNull(),
  amount: money('amount').notNull(),
  receivedOn: date('received_on', { mode: 'string' }).notNull(),
  chequeNumber: text('cheque_number'),
  chequeBank: text('cheque_bank'),
  chequeDate: date('cheque_date', { mode: 'string' }),
  reference: text('reference'),
  note: text('note'),
  idempotencyKey: text('idempotency_key').notNull(),
  /** SHA-256 of the request: the same key with another receipt is refused, not answered with this one. */
  requestHash: text('request_hash').notNull(),
  recordedBy: integer('recorded_by').references(() => staffUsers.id),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('receipts_number_uq').on(t.receiptNumber),
  uniqueIndex('receipts_idempotency_uq').on(t.businessId, t.idempotencyKey),
  index('receipts_business_idx').on(t.businessId, t.id),
  check('receipts_method_ck', sql`${t.method} in ('Cash', 'Bank transfer', 'Cheque')`),
  check('receipts_amount_ck', sql`${t.amount} > 0`),
  check('receipts_cheque_ck', sql`(${t.method} = 'Cheque') = (${t.chequeNumber} is not null and ${t.chequeBank} is not null and ${t.chequeDate} is not null)`),
]);

/** A credit note for goods returned (SPEC policy: within 7 days; refunds as credits). */
export const creditNotes = pgTable('credit_notes', {
  id: serial('id').primaryKey(),
  number: text('number').notNull(),
  businessId: integer('business_id').notNull().references(() => businesses.id),
  ledgerId: integer('ledger_id').notNull().references(() => ledgers.id),
  amount: money('amount').notNull(),
  reason: text('reason').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  recordedBy: integer('recorded_by').references(() => staffUsers.id),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('credit_notes_number_uq').on(t.number),
  uniqueIndex('credit_notes_idempotency_uq').on(t.businessId, t.idempotencyKey),
  index('credit_notes_business_idx').on(t.businessId),
  index('credit_notes_ledger_idx').on(t.ledgerId),
  check('credit_notes_amount_ck', sql`${t.amount} > 0`),
]);

/** A cheque cleared by the bank (a bounce is a reversing posting instead). */
export const chequeClearances = pgTable('cheque_clearances', {
  receiptId: integer('receipt_id').primaryKey().references(() => receipts.id),
  recordedBy: integer('recorded_by').references(() => staffUsers.id),
  createdAt: createdAt(),
});

/**
 * The journal of what a business owes: + raises it (an invoice, a reversal), - lowers it (a receipt,
 * a credit note). A business's balance is the sum of its postings; its statement is this table.
 */
export const ledgerPostings = pgTable('ledger_postings', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  businessId: integer('business_id').notNull().references(() => businesses.id),
  kind: text('kind').notNull(),
  amount: money('amount').notNull(),
  /** The business's balance after this posting (postings of a business are appended in order, under its lock). */
  balance: numeric('balance', { precision: 14, scale: 2 }).notNull(),
  ledgerId: integer('ledger_id').references(() => ledgers.id),
  receiptId: integer('receipt_id').references(() => receipts.id),
  creditNoteId: integer('credit_note_id').references(() => creditNotes.id),
  reference: text('reference').notNull(),
  memo: text('memo').notNull().default(''),
  reason: text('reason'),
  staffId: integer('staff_id').references(() => staffUsers.id),
  postedAt: timestamp('posted_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
}, (t) => [
  index('ledger_postings_statement_idx').on(t.businessId, t.postedAt, t.id),
  // Each thing is posted once, and undone at most once.
  uniqueIndex('ledger_postings_invoice_uq').on(t.ledgerId).where(sql`${t.kind} = 'invoice'`),
  uniqueIndex('ledger_postings_receipt_uq').on(t.receiptId).where(sql`${t.kind} = 'receipt'`),
  uniqueIndex('ledger_postings_receipt_undo_uq').on(t.receiptId).where(sql`${t.kind} in ('receipt_reversal', 'cheque_bounce')`),
  uniqueIndex('ledger_postings_credit_note_uq').on(t.creditNoteId).where(sql`${t.kind} = 'credit_note'`),
  uniqueIndex('ledger_postings_credit_note_undo_uq').on(t.creditNoteId).where(sql`${t.kind} = 'credit_note_reversal'`),
  check('ledger_postings_kind_ck', sql`${t.kind} in ('invoice', 'receipt', 'receipt_reversal', 'cheque_bounce', 'credit_note', 'credit_note_reversal')`),
  check(
    'ledger_postings_sign_ck',
    sql`(${t.kind} in ('receipt', 'credit_note') and ${t.amount} < 0) or (${t.kind} in ('receipt_reversal', 'cheque_bounce', 'credit_note_reversal') and ${t.amount} > 0) or (${t.kind} = 'invoice' and ${t.amount} >= 0)`,
  ),
]);

/**
 * Money of a receipt or credit note (source_posting_id) applied to a ledger entry (+), or taken back
 * from it when the source is reversed or bounces (-). A ledger entry's open amount is its payable
 * minus the sum of its allocations; it is never stored.
 */
export const ledgerAllocations = pgTable('ledger_allocations', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  businessId: integer('business_id').notNull().references(() => businesses.id),
  ledgerId: integer('ledger_id').notNull().references(() => ledgers.id),
  sourcePostingId: bigint('source_posting_id', { mode: 'number' }).notNull().references(() => ledgerPostings.id),
  /** The posting that made this row: the source itself, an invoice it was applied to later, or its reversal. */
  postingId: bigint('posting_id', { mode: 'number' }).notNull().references(() => ledgerPostings.id),
  amount: money('amount').notNull(),
  createdAt: createdAt(),
}, (t) => [
  index('ledger_allocations_ledger_idx').on(t.ledgerId),
  index('ledger_allocations_business_idx').on(t.businessId),
  index('ledger_allocations_source_idx').on(t.sourcePostingId),
  check('ledger_allocations_amount_ck', sql`${t.amount} <> 0`),
]);

/**
 * Finance lets a business on credit hold order on Credit until `until`, up to `amount` above its limit
 * (issue 37). The latest row counts; an early end is a row with days 0, amount 0 and until its instant.
 */
export const creditHoldReleases = pgTable('credit_hold_releases', {
  id: serial('id').primaryKey(),
  businessId: integer('business_id').notNull().references(() => businesses.id),
  until: timestamp('until', { withTimezone: true, mode: 'string' }).notNull(),
  days: integer('days').notNull(),
  amount: money('amount').notNull(),
  reason: text('reason').notNull(),
  staffId: integer('staff_id').references(() => staffUsers.id),
  createdAt: createdAt(),
}, (t) => [
  index('credit_hold_releases_business_idx').on(t.businessId, t.until),
  index('credit_hold_releases_latest_idx').on(t.businessId, t.id),
  check('credit_hold_releases_days_ck', sql`${t.days} > 0 or (${t.days} = 0 and ${t.amount} = 0)`),
  check('credit_hold_releases_amount_ck', sql`${t.amount} >= 0`),
]);
