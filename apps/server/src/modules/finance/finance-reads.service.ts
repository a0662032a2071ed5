// Issue 18 "Payments and ledgers" (docs/decisions/012-payments-and-ledgers.md): every posting is one
// transaction, serialised per business by an advisory lock, with its audit entry.
import {
  agingOfOpen,
  bucketsOf,
  type FinanceAccount,
  type FinanceBusinessRow,
  holdOf,
  isWithinReturnWindow,
  type Receipt,
  receiptStateOf,
} from '@shop/domain/finance';
import { availableCredit, CLOSED_ORDER_STATUSES, liveRelease } from '@shop/domain/credit';
import { formatKarachiDate, toKarachiIso } from '@shop/domain/karachi-time';
import { agingBucket, todayKarachi } from '@shop/domain/ledgers';
import { fromPaisa, toPaisa } from '@shop/domain/money';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isoTime } from '../../db/schema/common.ts';
import { notFound } from '../../lib/http-error.ts';
import { type Conn, ledgerEntries, rows, holdFactsSql, holdFromRow, type HoldFactsRow, latestReleaseOf } from './postings.service.ts';

/** Issue 18: Finance's reads of a business: the search, its receipts, its account. */
export async function searchBusinesses(db: Db, search: string | undefined): Promise<FinanceBusinessRow[]> {
  const q = search?.trim();
  const where = q ? (/^\d+$/.test(q) ? sql`where b.id = ${Number(q)}::int or b.name ilike ${`%${q}%`}` : sql`where b.name ilike ${`%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`}`) : sql``;
  const list = await rows<FinanceBusinessRow>(
    db,
    sql`select b.id, b.name, c.name as city, b.payment_mode, b.credit_limit::text,
      coalesce((select p.balance from ledger_postings p where p.business_id = b.id order by p.posted_at desc, p.id desc limit 1), 0)::text as balance
    from businesses b left join cities c on c.id = b.city_id ${where} order by b.name, b.id limit 50`,
  );
  return list.map((b) => ({ ...b, credit_limit: fromPaisa(toPaisa(b.credit_limit)), balance: fromPaisa(toPaisa(b.balance)) }));
}

async function receiptList(db: Conn, where: SQL): Promise<Receipt[]> {
  const list = await rows<Omit<Receipt, 'allocations' | 'unapplied' | 'state'> & { cleared: boolean; undo_kind: string | null; allocations: Receipt['allocations'] | string; applied: string }>(
    db,
    sql`select r.id, r.receipt_number, r.business_id, b.name as business_name, r.method, r.amount::text, r.received_on::text, r.cheque_number, r.cheque_bank,
      r.cheque_date::text, r.reference, r.note, s.name as recorded_by, r.created_at::text,
      exists (select 1 from cheque_clearances c where c.receipt_id = r.id) as cleared,
      u.kind as undo_kind, u.reason as undo_reason,
      (select coalesce(json_agg(json_build_object('ledger_id', x.ledger_id, 'invoice_number', x.invoice_number, 'amount', x.amount) order by x.ledger_id), '[]'::json)
        from (select a.ledger_id, i.invoice_number, sum(a.amount)::text as amount from ledger_allocations a join ledgers l on l.id = a.ledger_id
          left join invoices i on i.id = l.invoice_id where a.source_posting_id = p.id and a.amount > 0 group by a.ledger_id, i.invoice_number) x) as allocations,
      (select coalesce(sum(a.amount), 0) from ledger_allocations a where a.source_posting_id = p.id and a.amount > 0)::text as applied
    from receipts r join businesses b on b.id = r.business_id left join staff_users s on s.id = r.recorded_by
      join ledger_postings p on p.receipt_id = r.id and p.kind = 'receipt'
      left join ledger_postings u on u.receipt_id = r.id and u.kind in ('receipt_reversal', 'cheque_bounce')
    ${where} order by r.id desc limit 200`,
  );
  return list.map(({ cleared, undo_kind, applied, allocations, ...r }) => ({
    ...r,
    method: r.method as Receipt['method'],
    created_at: toKarachiIso(isoTime(r.created_at)),
    recorded_by: r.recorded_by ?? 'System',
    allocations: typeof allocations === 'string' ? JSON.parse(allocations) : allocations,
    unapplied: undo_kind ? '0.00' : fromPaisa(toPaisa(r.amount) - toPaisa(applied)),
    state: receiptStateOf({ method: r.method, cleared, undo_kind }),
  }));
}

export async function readReceipt(db: Db, receiptId: number): Promise<Receipt> {
  const [r] = await receiptList(db, sql`where r.id = ${receiptId}::int`);
  if (!r) throw notFound('Receipt not found');
  return r;
}

/** A business's account for Finance: balance, credit standing and hold, aging, open entries, receipts. */
export async function readAccount(db: Db, businessId: number, now = new Date()): Promise<FinanceAccount> {
  const today = todayKarachi(now);
  const closed = sql.join(
    CLOSED_ORDER_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const [b] = await rows<{ id: number; name: string; city: string | null; payment_mode: string; credit_limit: string; payment_days: number; balance: string; open_orders: string } & HoldFactsRow>(
    db,
    sql`select b.id, b.name, c.name as city, b.payment_mode, b.credit_limit::text, b.payment_days,
      coalesce((select p.balance from ledger_postings p where p.business_id = b.id order by p.posted_at desc, p.id desc limit 1), 0)::text as balance,
      (select coalesce(sum(o.remaining_amount), 0) from orders o where o.business_id = b.id and o.payment_mode = 'Credit' and o.status not in (${closed}))::text as open_orders,
      ${holdFactsSql(sql`b.id`, today)}
    from businesses b left join cities c on c.id = b.city_id where b.id = ${businessId}::int`,
  );
  if (!b) throw notFound('Business not found');
  const entries = await ledgerEntries(db, businessId);
  const limit = toPaisa(b.credit_limit);
  const openOrders = toPaisa(b.open_orders);
  const ledger = toPaisa(b.ledger);
  const openTotal = entries.reduce((n, e) => n + toPaisa(e.open), 0);
  const notes = await rows<{ id: number; number: string; ledger_id: number; invoice_number: string | null; amount: string; reason: string; reversed: boolean; created_at: string }>(
    db,
    sql`select c.id, c.number, c.ledger_id, i.invoice_number, c.amount::text, c.reason, c.created_at::text,
      exists (select 1 from ledger_postings u where u.credit_note_id = c.id and u.kind = 'credit_note_reversal') as reversed
    from credit_notes c join ledgers l on l.id = c.ledger_id left join invoices i on i.id = l.invoice_id where c.business_id = ${businessId}::int order by c.id desc`,
  );
  return {
    business: { id: b.id, name: b.name, city: b.city, payment_mode: b.payment_mode, credit_limit: fromPaisa(limit), payment_days: b.payment_days },
    balance: fromPaisa(toPaisa(b.balance)),
    credit_on_account: fromPaisa(Math.max(0, openTotal - toPaisa(b.balance))),
    credit_outstanding: fromPaisa(ledger),
    open_orders: fromPaisa(openOrders),
    available: fromPaisa(availableCredit({ limit, ledgerOutstanding: ledger, openOrders, release: liveRelease(latestReleaseOf(b), now) })),
    hold: holdOf(holdFromRow(b, limit, openOrders, now)),
    buckets: bucketsOf(agingOfOpen(entries.map((e) => ({ open: toPaisa(e.open), payableBy: e.payable_by })), today)),
    as_of: today,
    open_entries: entries
      .filter((e) => toPaisa(e.open) > 0)
      .map((e) => ({
        ledger_id: e.id,
        invoice_number: e.invoice_number,
        payment_mode: e.payment_mode,
        total: fromPaisa(toPaisa(e.payable)),
        open: fromPaisa(toPaisa(e.open)),
        payable_by: e.payable_by,
        invoiced_on: formatKarachiDate(isoTime(e.created_at)),
        bucket: agingBucket(e.payable_by, today),
      })),
    returnable: entries
      .filter((e) => isWithinReturnWindow(formatKarachiDate(isoTime(e.created_at)), today))
      .map((e) => ({ ledger_id: e.id, invoice_number: e.invoice_number, total: fromPaisa(toPaisa(e.total_spent)), invoiced_on: formatKarachiDate(isoTime(e.created_at)) })),
    receipts: await receiptList(db, sql`where r.business_id = ${businessId}::int`),
    credit_notes: notes.map((n) => ({ ...n, amount: fromPaisa(toPaisa(n.amount)), created_at: toKarachiIso(isoTime(n.created_at)) })),
  };
}

