// Issue 18 "Payments and ledgers" (docs/decisions/012-payments-and-ledgers.md): every posting is one
// transaction, serialised per business by an advisory lock, with its audit entry.
import { createHash } from 'node:crypto';
import type { CreditRelease } from '@shop/domain/credit';
import {
  type CreditHold,
  creditHold,
} from '@shop/domain/finance';
import { formatKarachiDate } from '@shop/domain/karachi-time';
import { fromPaisa, type Paisa, toPaisa } from '@shop/domain/money';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isoTime } from '../../db/schema/common.ts';
import { ledgerAllocations, ledgerPostings } from '../../db/schema/finance.ts';
import { notFound } from '../../lib/http-error.ts';

/** Issue 18: what every finance write shares: the business's money lock, numbering, postings with their running balance, allocations, the hold's facts. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Conn = Db | Tx;

export interface FinanceActor {
  staffId: number;
  ip: string;
}

/** Advisory lock class of a business's money: postings, deliveries and Credit placements take turns. */
export const FINANCE_LOCK = 18_001;

export async function rows<T>(db: Conn, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as unknown as { rows: T[] }).rows) as T[];
}

export async function lockBusinessMoney(tx: Tx, businessId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FINANCE_LOCK}::int, ${businessId}::int)`);
}

/** SQL: the open amount of ledger entry `l` (its payable minus what is allocated to it). Never stored. */
export const openAmountSql = (l: SQL) => sql`(${l}.payable - coalesce((select sum(a.amount) from ledger_allocations a where a.ledger_id = ${l}.id), 0))`;

/**
 * SQL (one row) of the facts the credit hold and the credit limit are decided on, for business `b`:
 * the open amount of its Credit entries, its oldest overdue Credit entry, and the latest release (issue 37:
 * the latest appended, which supersedes earlier ones; the domain decides whether it still runs).
 */
export function holdFactsSql(businessId: SQL, today: string): SQL {
  return sql`
    (select coalesce(sum(${openAmountSql(sql`l`)}), 0)::text from ledgers l where l.business_id = ${businessId} and l.payment_mode = 'Credit') as ledger,
    (select json_build_object('invoice', i.invoice_number, 'payable_by', l.payable_by::text) from ledgers l left join invoices i on i.id = l.invoice_id
      where l.business_id = ${businessId} and l.payment_mode = 'Credit' and l.payable_by < ${today}::date and ${openAmountSql(sql`l`)} > 0
      order by l.payable_by, l.id limit 1) as overdue,
    (select json_build_object('until', r.until::text, 'amount', r.amount::text) from credit_hold_releases r where r.business_id = ${businessId}
      order by r.id desc limit 1) as release`;
}

type ReleaseJson = { until: string; amount: string };
export interface HoldFactsRow {
  ledger: string;
  overdue: { invoice: string | null; payable_by: string } | string | null;
  release: ReleaseJson | string | null;
}

/** The latest release of a holdFactsSql row, running or not (the domain's liveRelease says). */
export function latestReleaseOf(row: HoldFactsRow): CreditRelease | null {
  const r = typeof row.release === 'string' ? (JSON.parse(row.release) as ReleaseJson) : row.release;
  return r ? { until: isoTime(r.until), amount: toPaisa(r.amount) } : null;
}

/** The domain's hold rule over a row of holdFactsSql plus the limit and open orders. */
export function holdFromRow(row: HoldFactsRow, limit: Paisa, openOrders: Paisa, now: Date): CreditHold {
  const overdue = typeof row.overdue === 'string' ? (JSON.parse(row.overdue) as { invoice: string | null; payable_by: string }) : row.overdue;
  return creditHold({
    limit,
    ledgerOutstanding: toPaisa(row.ledger),
    openOrders,
    oldestOverdue: overdue ? { invoiceNumber: overdue.invoice, payableBy: overdue.payable_by } : null,
    release: latestReleaseOf(row),
    now,
  });
}

export interface OpenRow {
  id: number;
  invoice_number: string | null;
  payment_mode: string;
  total_spent: string;
  payable: string;
  open: string;
  payable_by: string;
  created_at: string;
}

/** The business's ledger entries with their open amounts, oldest due first. */
export async function ledgerEntries(db: Conn, businessId: number): Promise<OpenRow[]> {
  return rows<OpenRow>(
    db,
    sql`select l.id, i.invoice_number, l.payment_mode, l.total_spent::text, l.payable::text, ${openAmountSql(sql`l`)}::text as open,
      l.payable_by::text, l.created_at::text
    from ledgers l left join invoices i on i.id = l.invoice_id where l.business_id = ${businessId}::int order by l.payable_by, l.id`,
  );
}

export const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
export const yearNow = (now = new Date()) => formatKarachiDate(now).slice(0, 4);

export async function nextNumber(tx: Tx, sequence: 'receipt_number_seq' | 'credit_note_number_seq'): Promise<number> {
  const [row] = await rows<{ n: string }>(tx, sql`select nextval(${sequence}::regclass)::text as n`);
  return Number(row?.n);
}

export async function businessExists(tx: Conn, businessId: number): Promise<{ id: number; name: string }> {
  const [row] = await rows<{ id: number; name: string }>(tx, sql`select id, name from businesses where id = ${businessId}::int`);
  if (!row) throw notFound('Business not found');
  return row;
}

/**
 * Appends one posting to the business's journal with its running balance (the balance after it), so a
 * statement reads balances at any point with one index seek instead of summing every earlier entry.
 * Callers hold the business's money lock, so postings of one business are appended one at a time; a
 * posting never goes before the latest one (its instant is at least the latest's).
 */
export async function appendPosting(tx: Tx, v: Omit<typeof ledgerPostings.$inferInsert, 'balance' | 'postedAt'> & { postedAt?: string }): Promise<{ id: number }> {
  const [last] = await rows<{ balance: string; posted_at: string }>(
    tx,
    sql`select balance::text, posted_at::text from ledger_postings where business_id = ${v.businessId}::int order by posted_at desc, id desc limit 1`,
  );
  const balance = fromPaisa((last ? toPaisa(last.balance) : 0) + toPaisa(v.amount));
  const wanted = v.postedAt ?? new Date().toISOString();
  const postedAt = last ? sql`greatest(${wanted}::timestamptz, ${last.posted_at}::timestamptz)` : sql`${wanted}::timestamptz`;
  const [posting] = await tx
    .insert(ledgerPostings)
    .values({ ...v, balance, postedAt: postedAt as unknown as string })
    .returning({ id: ledgerPostings.id });
  if (!posting) throw new Error('posting not inserted');
  return posting;
}

export async function insertAllocations(tx: Tx, businessId: number, sourcePostingId: number, postingId: number, list: { id: number; amount: Paisa }[]) {
  if (list.length === 0) return;
  await tx.insert(ledgerAllocations).values(list.map((a) => ({ businessId, ledgerId: a.id, sourcePostingId, postingId, amount: fromPaisa(a.amount) })));
}

/**
 * Issue 18: records a receipt and applies it to the oldest open entries first (or to the chosen ones,
 * in the order chosen); what is left stays as credit on account. The same idempotency key answers the
 * first receipt (a double click posts once); with another receipt it is refused.
 */

export async function postInvoiceEntry(tx: Tx, entry: { ledgerId: number; businessId: number; amount: string; invoiceNumber: string; paymentMode: string; postedAt?: string }): Promise<void> {
  await lockBusinessMoney(tx, entry.businessId);
  const posting = await appendPosting(tx, { businessId: entry.businessId, kind: 'invoice', amount: entry.amount, ledgerId: entry.ledgerId, reference: entry.invoiceNumber, memo: `${entry.paymentMode} invoice`, ...(entry.postedAt ? { postedAt: entry.postedAt } : {}) });
  const sources = await rows<{ id: number; unapplied: string }>(
    tx,
    sql`select p.id::int, (-p.amount - coalesce((select sum(a.amount) from ledger_allocations a where a.source_posting_id = p.id), 0))::text as unapplied
    from ledger_postings p where p.business_id = ${entry.businessId}::int and p.kind in ('receipt', 'credit_note')
      and not exists (select 1 from ledger_postings u where u.kind in ('receipt_reversal', 'cheque_bounce') and u.receipt_id = p.receipt_id)
      and not exists (select 1 from ledger_postings u where u.kind = 'credit_note_reversal' and u.credit_note_id = p.credit_note_id)
    order by p.id`,
  );
  let open = toPaisa(entry.amount);
  for (const s of sources) {
    const take = Math.min(open, toPaisa(s.unapplied));
    if (take <= 0) continue;
    await insertAllocations(tx, entry.businessId, s.id, posting.id, [{ id: entry.ledgerId, amount: take }]);
    open -= take;
    if (open === 0) break;
  }
}

// ---- Reads ----

