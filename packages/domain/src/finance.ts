// Issue 18 "Payments and ledgers" (role Finance): receipts, allocations, reversals, credit notes,
// statements, aging and the credit hold. Rules and contracts shared by the server and the staff app.
import { z } from 'zod';
import { MoneySchema } from './catalogue.ts';
import { type CreditRelease, formatExactRupees, liveRelease } from './credit.ts';
import { type AgingKey, agingBucket, daysOverdue } from './ledgers.ts';
import { fromPaisa, type Paisa, toPaisa } from './money.ts';

export const RECEIPT_METHODS = ['Cash', 'Bank transfer', 'Cheque'] as const;
export type ReceiptMethod = (typeof RECEIPT_METHODS)[number];

/** SPEC policy: returns within 7 days of delivery; refunds are given as credit. */
export const RETURN_WINDOW_DAYS = 7;
/** Finance may release a credit hold for at most this many days at a time. */
export const HOLD_RELEASE_MAX_DAYS = 30;
/** Largest single posting (numeric(12,2) holds up to 9,999,999,999.99). */
export const MAX_POSTING_PAISA = 99_999_999_999;
/** Statement rows per page. */
export const STATEMENT_PAGE_MAX = 500;

const DateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD').refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'must be a real date');

/** A positive amount in rupees with at most two decimals, e.g. "25000" or "1250.50". */
export const PositiveAmountSchema = z
  .string()
  .trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, 'must be an amount in rupees, e.g. 25000 or 1250.50')
  .transform((s) => fromPaisa(toPaisa(s)))
  .refine((s) => toPaisa(s) > 0, 'must be more than 0')
  .refine((s) => toPaisa(s) <= MAX_POSTING_PAISA, 'is too large');

const Reason = z.string().trim().min(3, 'must say why (at least 3 characters)').max(300, 'must be at most 300 characters');
const IdempotencyKey = z.string().trim().min(8, 'must be at least 8 characters').max(100).regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - or _');

export const RecordReceiptInputSchema = z
  .strictObject({
    method: z.enum(RECEIPT_METHODS),
    amount: PositiveAmountSchema,
    received_on: DateSchema,
    cheque_number: z.string().trim().max(30).optional(),
    cheque_bank: z.string().trim().max(80).optional(),
    cheque_date: DateSchema.optional(),
    reference: z.string().trim().max(80).optional(),
    note: z.string().trim().max(300).optional(),
    /** Ledger entries to pay, in this order; without it the oldest open entries are paid first. */
    apply_to: z.array(z.number().int().positive()).max(200).optional(),
    /** Made once per form: a double click or a retry posts the receipt once. */
    idempotency_key: IdempotencyKey,
  })
  .superRefine((v, ctx) => {
    if (v.method !== 'Cheque') return;
    if (!v.cheque_number || !/^[A-Za-z0-9-]{3,30}$/.test(v.cheque_number)) ctx.addIssue({ code: 'custom', path: ['cheque_number'], message: 'must be the cheque number (3 to 30 letters or digits)' });
    if (!v.cheque_bank || v.cheque_bank.length < 2) ctx.addIssue({ code: 'custom', path: ['cheque_bank'], message: 'must name the bank' });
    if (!v.cheque_date) ctx.addIssue({ code: 'custom', path: ['cheque_date'], message: 'must be the date on the cheque' });
  });
export type RecordReceiptInput = z.infer<typeof RecordReceiptInputSchema>;

export const ReasonInputSchema = z.strictObject({ reason: Reason });
export type ReasonInput = z.infer<typeof ReasonInputSchema>;

export const CreditNoteInputSchema = z.strictObject({ ledger_id: z.number().int().positive(), amount: PositiveAmountSchema, reason: Reason, idempotency_key: IdempotencyKey });
export type CreditNoteInput = z.infer<typeof CreditNoteInputSchema>;

/** Issue 37: a release lets the business owe on Credit up to `amount` (rupees) above its limit for `days` days. */
export const HoldReleaseInputSchema = z.strictObject({
  days: z.number().int().min(1, 'must be at least 1 day').max(HOLD_RELEASE_MAX_DAYS, `must be at most ${HOLD_RELEASE_MAX_DAYS} days`),
  amount: PositiveAmountSchema,
  reason: Reason,
});
export type HoldReleaseInput = z.infer<typeof HoldReleaseInputSchema>;

export const StatementQuerySchema = z
  .object({
    from: DateSchema,
    to: DateSchema,
    /** Keyset: the id of the last entry of the previous page. */
    after: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(STATEMENT_PAGE_MAX).default(STATEMENT_PAGE_MAX),
  })
  .refine((q) => q.from <= q.to, { message: 'must not be after "to"', path: ['from'] });
export type StatementQuery = z.infer<typeof StatementQuerySchema>;

export const AGING_SORTS = ['overdue', 'balance', 'name'] as const;
export const AgingSummaryQuerySchema = z.object({ sort: z.enum(AGING_SORTS).default('overdue'), dir: z.enum(['asc', 'desc']).default('desc') });

// ---- Rules ----

/** "RCT-2026-000123": the year of the receipt (Pakistan) and a number from one sequence. */
export const receiptNumber = (year: string, seq: number) => `RCT-${year}-${String(seq).padStart(6, '0')}`;
export const creditNoteNumber = (year: string, seq: number) => `CN-${year}-${String(seq).padStart(6, '0')}`;

/**
 * How an amount is applied to open ledger entries: to each in the order given (oldest first unless
 * the entries were chosen), each up to its open amount; what is left stays as credit on account.
 */
export function allocate(amount: Paisa, open: readonly { id: number; open: Paisa }[]): { allocations: { id: number; amount: Paisa }[]; unapplied: Paisa } {
  let left = amount;
  const allocations: { id: number; amount: Paisa }[] = [];
  for (const entry of open) {
    if (left <= 0) break;
    const take = Math.min(left, entry.open);
    if (take <= 0) continue;
    allocations.push({ id: entry.id, amount: take });
    left -= take;
  }
  return { allocations, unapplied: left };
}

/** SPEC policy: a return (credit note) is taken within RETURN_WINDOW_DAYS days of delivery, Pakistan days. */
export function isWithinReturnWindow(deliveredOn: string, today: string): boolean {
  const days = daysOverdue(deliveredOn, today);
  return days >= 0 && days <= RETURN_WINDOW_DAYS;
}

export interface HoldFacts {
  limit: Paisa;
  /** Open amounts of the business's Credit ledger entries. */
  ledgerOutstanding: Paisa;
  openOrders: Paisa;
  /** The oldest Credit entry still open after its payable_by (its payment days), if any. */
  oldestOverdue: { invoiceNumber: string | null; payableBy: string } | null;
  /** Finance's latest release (issue 37: it counts while its until is ahead, and supersedes earlier ones), if any. */
  release: CreditRelease | null;
  now: Date;
}
export type HoldReason = 'over_limit' | 'overdue';
export type CreditHold = { held: false; release: CreditRelease | null } | { held: true; reason: HoldReason; message: string };

/**
 * Issue 18: a business is on credit hold (no Credit orders) when what it owes on Credit is above its
 * credit limit, or when a Credit invoice is still open after its payment days; Finance may release the
 * hold for a set number of days. One rule, used by the server at order placement and by the checkout.
 * Issue 37: a running release lifts both kinds of hold; the credit check (`checkCredit`) then allows
 * what the business owes up to its limit plus the release's amount.
 */
export function creditHold(f: HoldFacts): CreditHold {
  const release = liveRelease(f.release, f.now);
  if (release) return { held: false, release };
  const owed = f.ledgerOutstanding + f.openOrders;
  if (owed > f.limit) {
    return {
      held: true,
      reason: 'over_limit',
      message: `Your business is on credit hold: it owes ${formatExactRupees(owed)}, above its credit limit of ${formatExactRupees(f.limit)}. Please choose Cash on Delivery, or clear your outstanding first.`,
    };
  }
  if (f.oldestOverdue) {
    const what = f.oldestOverdue.invoiceNumber ? `invoice ${f.oldestOverdue.invoiceNumber}` : 'an invoice';
    return {
      held: true,
      reason: 'overdue',
      message: `Your business is on credit hold: ${what} was due on ${f.oldestOverdue.payableBy} and is not paid. Please choose Cash on Delivery, or clear your overdue invoices first.`,
    };
  }
  return { held: false, release: null };
}

/** Bucket totals of open amounts (in paisa), by the aging function the buyer's Outstandings use. */
export function agingOfOpen(entries: readonly { open: Paisa; payableBy: string }[], today: string): Record<AgingKey, Paisa> {
  const totals: Record<AgingKey, Paisa> = { zero_to_zero: 0, one_to_fourteen: 0, fifteen_to_twentynine: 0, thirty_to_onward: 0 };
  for (const e of entries) {
    if (e.open <= 0) continue;
    totals[agingBucket(e.payableBy, today)] += e.open;
  }
  return totals;
}
export const overdueOf = (a: Record<AgingKey, Paisa>) => a.one_to_fourteen + a.fifteen_to_twentynine + a.thirty_to_onward;

// ---- Contracts of /api/staff/finance ----

export const BucketsSchema = z.object({ zero_to_zero: MoneySchema, one_to_fourteen: MoneySchema, fifteen_to_twentynine: MoneySchema, thirty_to_onward: MoneySchema });
export type Buckets = z.infer<typeof BucketsSchema>;
export const bucketsOf = (a: Record<AgingKey, Paisa>): Buckets => ({
  zero_to_zero: fromPaisa(a.zero_to_zero),
  one_to_fourteen: fromPaisa(a.one_to_fourteen),
  fifteen_to_twentynine: fromPaisa(a.fifteen_to_twentynine),
  thirty_to_onward: fromPaisa(a.thirty_to_onward),
});

export const FinanceBusinessRowSchema = z.object({ id: z.number().int(), name: z.string(), city: z.string().nullable(), payment_mode: z.string(), credit_limit: MoneySchema, balance: MoneySchema });
export type FinanceBusinessRow = z.infer<typeof FinanceBusinessRowSchema>;

export const RECEIPT_STATES = ['Posted', 'Cheque pending', 'Cheque cleared', 'Cheque bounced', 'Reversed'] as const;
export type ReceiptState = (typeof RECEIPT_STATES)[number];

/** What Finance may do to a receipt: reverse it (a mistake), or, for a cheque, mark it cleared or bounced. */
export type ReceiptMove = 'reverse' | 'clear' | 'bounce';

/**
 * Issue 18 (issue 38: one rule): a receipt's state from its facts: undone by a bounce or a reversal
 * (an appended posting), else a cheque is pending until its clearance is recorded, and any other
 * receipt is posted. The receipt itself is never changed.
 */
export function receiptStateOf(r: { method: string; cleared: boolean; undo_kind: string | null }): ReceiptState {
  if (r.undo_kind === 'cheque_bounce') return 'Cheque bounced';
  if (r.undo_kind) return 'Reversed';
  if (r.method !== 'Cheque') return 'Posted';
  return r.cleared ? 'Cheque cleared' : 'Cheque pending';
}

/**
 * The moves of a receipt in each state: any receipt not undone may be reversed; a pending cheque may
 * also be marked cleared or bounced (a cleared cheque is reversed if need be). The server refuses the
 * others (finance-writes.service.ts, 409); Finance's ledger page offers these.
 */
export const RECEIPT_MOVES: Readonly<Record<ReceiptState, readonly ReceiptMove[]>> = {
  Posted: ['reverse'],
  'Cheque pending': ['clear', 'bounce', 'reverse'],
  'Cheque cleared': ['reverse'],
  'Cheque bounced': [],
  Reversed: [],
};
export const ReceiptSchema = z.object({
  id: z.number().int(),
  receipt_number: z.string(),
  business_id: z.number().int(),
  business_name: z.string(),
  method: z.enum(RECEIPT_METHODS),
  amount: MoneySchema,
  received_on: z.string(),
  cheque_number: z.string().nullable(),
  cheque_bank: z.string().nullable(),
  cheque_date: z.string().nullable(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  state: z.enum(RECEIPT_STATES),
  /** Why it was reversed or bounced. */
  undo_reason: z.string().nullable(),
  recorded_by: z.string(),
  created_at: z.string(),
  allocations: z.array(z.object({ ledger_id: z.number().int(), invoice_number: z.string().nullable(), amount: MoneySchema })),
  unapplied: MoneySchema,
});
export type Receipt = z.infer<typeof ReceiptSchema>;

export const CreditNoteSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  ledger_id: z.number().int(),
  invoice_number: z.string().nullable(),
  amount: MoneySchema,
  reason: z.string(),
  reversed: z.boolean(),
  created_at: z.string(),
});
export type CreditNote = z.infer<typeof CreditNoteSchema>;

export const OpenEntrySchema = z.object({
  ledger_id: z.number().int(),
  invoice_number: z.string().nullable(),
  payment_mode: z.string(),
  total: MoneySchema,
  open: MoneySchema,
  payable_by: z.string(),
  invoiced_on: z.string(),
  bucket: z.enum(['zero_to_zero', 'one_to_fourteen', 'fifteen_to_twentynine', 'thirty_to_onward']),
});
export type OpenEntry = z.infer<typeof OpenEntrySchema>;

export const HoldSchema = z.object({
  held: z.boolean(),
  reason: z.enum(['over_limit', 'overdue']).nullable(),
  message: z.string().nullable(),
  /** Issue 37: the running release: its end (ISO instant) and what it allows above the credit limit. */
  released_until: z.string().nullable(),
  release_amount: MoneySchema.nullable(),
});
export type Hold = z.infer<typeof HoldSchema>;
export const holdOf = (h: CreditHold): Hold =>
  h.held
    ? { held: true, reason: h.reason, message: h.message, released_until: null, release_amount: null }
    : { held: false, reason: null, message: null, released_until: h.release?.until ?? null, release_amount: h.release ? fromPaisa(h.release.amount) : null };
/** The running release of a Hold (the staff screen), in the domain's terms. */
export const releaseOfHold = (h: Hold): CreditRelease | null => (h.released_until && h.release_amount != null ? { until: h.released_until, amount: toPaisa(h.release_amount) } : null);

export const FinanceAccountSchema = z.object({
  business: z.object({ id: z.number().int(), name: z.string(), city: z.string().nullable(), payment_mode: z.string(), credit_limit: MoneySchema, payment_days: z.number().int() }),
  balance: MoneySchema,
  credit_on_account: MoneySchema,
  credit_outstanding: MoneySchema,
  open_orders: MoneySchema,
  available: MoneySchema,
  hold: HoldSchema,
  buckets: BucketsSchema,
  as_of: z.string(),
  open_entries: z.array(OpenEntrySchema),
  /** Entries a credit note may still be given for (delivered within the return window). */
  returnable: z.array(z.object({ ledger_id: z.number().int(), invoice_number: z.string().nullable(), total: MoneySchema, invoiced_on: z.string() })),
  receipts: z.array(ReceiptSchema),
  credit_notes: z.array(CreditNoteSchema),
});
export type FinanceAccount = z.infer<typeof FinanceAccountSchema>;

export const STATEMENT_KINDS = ['invoice', 'receipt', 'receipt_reversal', 'cheque_bounce', 'credit_note', 'credit_note_reversal'] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];
export const StatementEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.enum(STATEMENT_KINDS),
  reference: z.string(),
  memo: z.string(),
  debit: MoneySchema,
  credit: MoneySchema,
  balance: MoneySchema,
});
export type StatementEntry = z.infer<typeof StatementEntrySchema>;
export const StatementSchema = z.object({
  business_id: z.number().int(),
  business_name: z.string(),
  from: z.string(),
  to: z.string(),
  opening_balance: MoneySchema,
  closing_balance: MoneySchema,
  entries: z.array(StatementEntrySchema),
  /** Pass as `after` for the next page; null on the last page. */
  next: z.number().int().nullable(),
});
export type Statement = z.infer<typeof StatementSchema>;

export const AgingRowSchema = z.object({ business_id: z.number().int(), name: z.string(), payment_mode: z.string(), balance: MoneySchema, overdue: MoneySchema, buckets: BucketsSchema });
export type AgingRow = z.infer<typeof AgingRowSchema>;
export const AgingSummarySchema = z.object({ as_of: z.string(), rows: z.array(AgingRowSchema), totals: BucketsSchema, overdue: MoneySchema });
export type AgingSummary = z.infer<typeof AgingSummarySchema>;

export const STATEMENT_KIND_LABEL: Record<StatementKind, string> = {
  invoice: 'Invoice',
  receipt: 'Receipt',
  receipt_reversal: 'Receipt reversed',
  cheque_bounce: 'Cheque bounced',
  credit_note: 'Credit note',
  credit_note_reversal: 'Credit note reversed',
};

/** One CSV field, quoted when needed (RFC 4180); a leading = + - @ is neutralised against spreadsheet formulas. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
export const csvLine = (fields: readonly (string | number)[]) => `${fields.map(csvField).join(',')}\r\n`;
