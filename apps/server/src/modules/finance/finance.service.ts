// Issue 18 "Payments and ledgers" (docs/decisions/012-payments-and-ledgers.md): every posting is one
// transaction, serialised per business by an advisory lock, with its audit entry.
import { createHash } from 'node:crypto';
import {
  type AGING_SORTS,
  type AgingRow,
  type AgingSummary,
  agingOfOpen,
  allocate,
  bucketsOf,
  type Buckets,
  type CreditNoteInput,
  type CreditHold,
  creditHold,
  creditNoteNumber,
  csvLine,
  type FinanceAccount,
  type FinanceBusinessRow,
  type HoldReleaseInput,
  holdOf,
  isWithinReturnWindow,
  overdueOf,
  type Receipt,
  type RecordReceiptInput,
  receiptNumber,
  STATEMENT_KIND_LABEL,
  type Statement,
  type StatementKind,
  type StatementQuery,
} from '@shop/domain/finance';
import { availableCredit, CLOSED_ORDER_STATUSES } from '@shop/domain/credit';
import { karachiDayStart, formatKarachiDate, toKarachiIso } from '@shop/domain/karachi-time';
import { agingBucket, todayKarachi } from '@shop/domain/ledgers';
import { fromPaisa, type Paisa, toPaisa } from '@shop/domain/money';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, jsonRows } from '../../db/client.ts';
import { isoTime } from '../../db/schema/common.ts';
import { chequeClearances, creditHoldReleases, creditNotes, ledgerAllocations, ledgerPostings, receipts } from '../../db/schema/finance.ts';
import { conflict, notFound, unprocessable } from '../../lib/http-error.ts';
import { appendAudit } from '../audit/audit.service.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Conn = Db | Tx;

export interface FinanceActor {
  staffId: number;
  ip: string;
}

/** Advisory lock class of a business's money: postings, deliveries and Credit placements take turns. */
export const FINANCE_LOCK = 18_001;

async function rows<T>(db: Conn, query: SQL): Promise<T[]> {
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
 * the open amount of its Credit entries, its oldest overdue Credit entry, and the latest release.
 */
export function holdFactsSql(businessId: SQL, today: string): SQL {
  return sql`
    (select coalesce(sum(${openAmountSql(sql`l`)}), 0)::text from ledgers l where l.business_id = ${businessId} and l.payment_mode = 'Credit') as ledger,
    (select json_build_object('invoice', i.invoice_number, 'payable_by', l.payable_by::text) from ledgers l left join invoices i on i.id = l.invoice_id
      where l.business_id = ${businessId} and l.payment_mode = 'Credit' and l.payable_by < ${today}::date and ${openAmountSql(sql`l`)} > 0
      order by l.payable_by, l.id limit 1) as overdue,
    (select max(r.until)::text from credit_hold_releases r where r.business_id = ${businessId}) as released_until`;
}

export interface HoldFactsRow {
  ledger: string;
  overdue: { invoice: string | null; payable_by: string } | string | null;
  released_until: string | null;
}

/** The domain's hold rule over a row of holdFactsSql plus the limit and open orders. */
export function holdFromRow(row: HoldFactsRow, limit: Paisa, openOrders: Paisa, now: Date): CreditHold {
  const overdue = typeof row.overdue === 'string' ? (JSON.parse(row.overdue) as { invoice: string | null; payable_by: string }) : row.overdue;
  return creditHold({
    limit,
    ledgerOutstanding: toPaisa(row.ledger),
    openOrders,
    oldestOverdue: overdue ? { invoiceNumber: overdue.invoice, payableBy: overdue.payable_by } : null,
    releasedUntil: row.released_until ? isoTime(row.released_until) : null,
    now,
  });
}

interface OpenRow {
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
async function ledgerEntries(db: Conn, businessId: number): Promise<OpenRow[]> {
  return rows<OpenRow>(
    db,
    sql`select l.id, i.invoice_number, l.payment_mode, l.total_spent::text, l.payable::text, ${openAmountSql(sql`l`)}::text as open,
      l.payable_by::text, l.created_at::text
    from ledgers l left join invoices i on i.id = l.invoice_id where l.business_id = ${businessId}::int order by l.payable_by, l.id`,
  );
}

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
const yearNow = (now = new Date()) => formatKarachiDate(now).slice(0, 4);

async function nextNumber(tx: Tx, sequence: 'receipt_number_seq' | 'credit_note_number_seq'): Promise<number> {
  const [row] = await rows<{ n: string }>(tx, sql`select nextval(${sequence}::regclass)::text as n`);
  return Number(row?.n);
}

async function businessExists(tx: Conn, businessId: number): Promise<{ id: number; name: string }> {
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

async function insertAllocations(tx: Tx, businessId: number, sourcePostingId: number, postingId: number, list: { id: number; amount: Paisa }[]) {
  if (list.length === 0) return;
  await tx.insert(ledgerAllocations).values(list.map((a) => ({ businessId, ledgerId: a.id, sourcePostingId, postingId, amount: fromPaisa(a.amount) })));
}

/**
 * Issue 18: records a receipt and applies it to the oldest open entries first (or to the chosen ones,
 * in the order chosen); what is left stays as credit on account. The same idempotency key answers the
 * first receipt (a double click posts once); with another receipt it is refused.
 */
export async function recordReceipt(db: Db, actor: FinanceActor, businessId: number, input: RecordReceiptInput): Promise<number> {
  const { idempotency_key: key, ...request } = input;
  const requestHash = hashOf(request);
  return db.transaction(async (tx) => {
    const business = await businessExists(tx, businessId);
    await lockBusinessMoney(tx, businessId);
    const [prior] = await rows<{ id: number; request_hash: string }>(tx, sql`select id, request_hash from receipts where business_id = ${businessId}::int and idempotency_key = ${key}`);
    if (prior) {
      if (prior.request_hash !== requestHash) throw unprocessable('This form was already posted with other details. Reload the page to record another receipt.');
      return prior.id;
    }
    const entries = await ledgerEntries(tx, businessId);
    let targets = entries.filter((e) => toPaisa(e.open) > 0);
    if (input.apply_to) {
      const byId = new Map(entries.map((e) => [e.id, e]));
      const chosen = [...new Set(input.apply_to)].map((id) => byId.get(id));
      if (chosen.some((e) => !e)) throw unprocessable('A chosen invoice is not one of this business’s ledger entries.');
      if (chosen.some((e) => e && toPaisa(e.open) <= 0)) throw unprocessable('A chosen invoice is already paid in full.');
      targets = chosen as OpenRow[];
    }
    const amount = toPaisa(input.amount);
    const number = receiptNumber(yearNow(), await nextNumber(tx, 'receipt_number_seq'));
    const [receipt] = await tx
      .insert(receipts)
      .values({
        receiptNumber: number,
        businessId,
        method: input.method,
        amount: input.amount,
        receivedOn: input.received_on,
        chequeNumber: input.method === 'Cheque' ? (input.cheque_number ?? null) : null,
        chequeBank: input.method === 'Cheque' ? (input.cheque_bank ?? null) : null,
        chequeDate: input.method === 'Cheque' ? (input.cheque_date ?? null) : null,
        reference: input.reference || null,
        note: input.note || null,
        idempotencyKey: key,
        requestHash,
        recordedBy: actor.staffId,
      })
      .returning({ id: receipts.id });
    if (!receipt) throw new Error('receipt not inserted');
    const memo = input.method === 'Cheque' ? `Cheque ${input.cheque_number}, ${input.cheque_bank}, dated ${input.cheque_date}` : input.method;
    const posting = await appendPosting(tx, { businessId, kind: 'receipt', amount: fromPaisa(-amount), receiptId: receipt.id, reference: number, memo, staffId: actor.staffId });
    const { allocations, unapplied } = allocate(
      amount,
      targets.map((e) => ({ id: e.id, open: toPaisa(e.open) })),
    );
    await insertAllocations(tx, businessId, posting.id, posting.id, allocations);
    await appendAudit(tx, {
      staffId: actor.staffId,
      ip: actor.ip,
      action: 'receipt.record',
      entity: 'business',
      entityId: businessId,
      before: null,
      after: { receipt: number, business: business.name, method: input.method, amount: input.amount, allocations: allocations.map((a) => ({ ledger_id: a.id, amount: fromPaisa(a.amount) })), unapplied: fromPaisa(unapplied) },
    });
    return receipt.id;
  });
}

interface ReceiptRow {
  id: number;
  receipt_number: string;
  business_id: number;
  method: string;
  amount: string;
  cleared: boolean;
  undo_kind: string | null;
  posting_id: number;
}

async function lockedReceipt(tx: Tx, receiptId: number): Promise<ReceiptRow> {
  const [found] = await rows<{ business_id: number }>(tx, sql`select business_id from receipts where id = ${receiptId}::int`);
  if (!found) throw notFound('Receipt not found');
  await lockBusinessMoney(tx, found.business_id);
  const [row] = await rows<ReceiptRow>(
    tx,
    sql`select r.id, r.receipt_number, r.business_id, r.method, r.amount::text,
      exists (select 1 from cheque_clearances c where c.receipt_id = r.id) as cleared,
      (select u.kind from ledger_postings u where u.receipt_id = r.id and u.kind in ('receipt_reversal', 'cheque_bounce')) as undo_kind,
      (select p.id from ledger_postings p where p.receipt_id = r.id and p.kind = 'receipt')::int as posting_id
    from receipts r where r.id = ${receiptId}::int`,
  );
  if (!row) throw notFound('Receipt not found');
  return row;
}

/** Takes back every allocation of a source posting (receipt or credit note), as rows of the undoing posting. */
async function takeBackAllocations(tx: Tx, businessId: number, sourcePostingId: number, undoPostingId: number) {
  const net = await rows<{ ledger_id: number; amount: string }>(
    tx,
    sql`select ledger_id, sum(amount)::text as amount from ledger_allocations where source_posting_id = ${sourcePostingId} group by ledger_id having sum(amount) <> 0 order by ledger_id`,
  );
  await insertAllocations(
    tx,
    businessId,
    sourcePostingId,
    undoPostingId,
    net.map((n) => ({ id: n.ledger_id, amount: -toPaisa(n.amount) })),
  );
  return net;
}

/**
 * Undoes a receipt with a reason: a reversal (a mistake) or a bounce (a cheque the bank returned).
 * The invoices it paid open again; the receipt itself is never changed.
 */
export async function undoReceipt(db: Db, actor: FinanceActor, receiptId: number, kind: 'receipt_reversal' | 'cheque_bounce', reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await lockedReceipt(tx, receiptId);
    if (r.undo_kind) throw conflict(`Receipt ${r.receipt_number} was already ${r.undo_kind === 'cheque_bounce' ? 'marked bounced' : 'reversed'}.`);
    if (kind === 'cheque_bounce' && r.method !== 'Cheque') throw conflict(`Receipt ${r.receipt_number} is not a cheque; reverse it instead.`);
    if (kind === 'cheque_bounce' && r.cleared) throw conflict(`The cheque of receipt ${r.receipt_number} was marked cleared; reverse the receipt instead.`);
    const posting = await appendPosting(tx, { businessId: r.business_id, kind, amount: r.amount, receiptId: r.id, reference: r.receipt_number, memo: kind === 'cheque_bounce' ? 'Cheque bounced' : 'Receipt reversed', reason, staffId: actor.staffId });
    const net = await takeBackAllocations(tx, r.business_id, r.posting_id, posting.id);
    await appendAudit(tx, {
      staffId: actor.staffId,
      ip: actor.ip,
      action: kind === 'cheque_bounce' ? 'receipt.bounce' : 'receipt.reverse',
      entity: 'receipt',
      entityId: r.id,
      before: { receipt: r.receipt_number, amount: r.amount, state: r.cleared ? 'Cheque cleared' : 'Posted' },
      after: { state: kind === 'cheque_bounce' ? 'Cheque bounced' : 'Reversed', reason, reopened: net },
    });
  });
}

export async function clearCheque(db: Db, actor: FinanceActor, receiptId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await lockedReceipt(tx, receiptId);
    if (r.method !== 'Cheque') throw conflict(`Receipt ${r.receipt_number} is not a cheque.`);
    if (r.undo_kind) throw conflict(`Receipt ${r.receipt_number} was already ${r.undo_kind === 'cheque_bounce' ? 'marked bounced' : 'reversed'}.`);
    if (r.cleared) throw conflict(`The cheque of receipt ${r.receipt_number} is already marked cleared.`);
    await tx.insert(chequeClearances).values({ receiptId: r.id, recordedBy: actor.staffId });
    await appendAudit(tx, { staffId: actor.staffId, ip: actor.ip, action: 'receipt.clear', entity: 'receipt', entityId: r.id, before: { state: 'Cheque pending' }, after: { state: 'Cheque cleared' } });
  });
}

/**
 * A credit note for goods returned (SPEC policy: within 7 days of delivery; refunds as credits): it
 * lowers what the business owes, is applied to the returned invoice first, and any rest stays on account.
 */
export async function issueCreditNote(db: Db, actor: FinanceActor, businessId: number, input: CreditNoteInput, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    await businessExists(tx, businessId);
    await lockBusinessMoney(tx, businessId);
    const [prior] = await rows<{ id: number; ledger_id: number; amount: string }>(tx, sql`select id, ledger_id, amount::text from credit_notes where business_id = ${businessId}::int and idempotency_key = ${input.idempotency_key}`);
    if (prior) {
      if (prior.ledger_id !== input.ledger_id || prior.amount !== input.amount) throw unprocessable('This form was already posted with other details. Reload the page to give another credit note.');
      return prior.id;
    }
    const [entry] = await rows<{ id: number; invoice_number: string | null; total_spent: string; open: string; created_at: string; credited: string }>(
      tx,
      sql`select l.id, i.invoice_number, l.total_spent::text, ${openAmountSql(sql`l`)}::text as open, l.created_at::text,
        (select coalesce(sum(c.amount), 0) from credit_notes c where c.ledger_id = l.id
          and not exists (select 1 from ledger_postings u where u.credit_note_id = c.id and u.kind = 'credit_note_reversal'))::text as credited
      from ledgers l left join invoices i on i.id = l.invoice_id where l.id = ${input.ledger_id}::int and l.business_id = ${businessId}::int`,
    );
    if (!entry) throw notFound('Invoice not found for this business');
    const deliveredOn = formatKarachiDate(isoTime(entry.created_at));
    if (!isWithinReturnWindow(deliveredOn, todayKarachi(now))) throw unprocessable(`Returns are taken within 7 days of delivery; ${entry.invoice_number ?? 'this invoice'} was delivered on ${deliveredOn}.`);
    const room = toPaisa(entry.total_spent) - toPaisa(entry.credited);
    const amount = toPaisa(input.amount);
    if (amount > room) throw unprocessable(`A credit note for ${entry.invoice_number ?? 'this invoice'} may be at most ${fromPaisa(Math.max(0, room))} (its amount less earlier credit notes).`);
    const number = creditNoteNumber(yearNow(now), await nextNumber(tx, 'credit_note_number_seq'));
    const [note] = await tx
      .insert(creditNotes)
      .values({ number, businessId, ledgerId: entry.id, amount: input.amount, reason: input.reason, idempotencyKey: input.idempotency_key, recordedBy: actor.staffId })
      .returning({ id: creditNotes.id });
    if (!note) throw new Error('credit note not inserted');
    const posting = await appendPosting(tx, { businessId, kind: 'credit_note', amount: fromPaisa(-amount), creditNoteId: note.id, ledgerId: entry.id, reference: number, memo: `Return on ${entry.invoice_number ?? `entry ${entry.id}`}`, reason: input.reason, staffId: actor.staffId });
    const { allocations } = allocate(amount, [{ id: entry.id, open: toPaisa(entry.open) }]);
    await insertAllocations(tx, businessId, posting.id, posting.id, allocations);
    await appendAudit(tx, { staffId: actor.staffId, ip: actor.ip, action: 'credit-note.issue', entity: 'business', entityId: businessId, before: null, after: { credit_note: number, invoice: entry.invoice_number, amount: input.amount, reason: input.reason } });
    return note.id;
  });
}

export async function reverseCreditNote(db: Db, actor: FinanceActor, creditNoteId: number, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [found] = await rows<{ business_id: number }>(tx, sql`select business_id from credit_notes where id = ${creditNoteId}::int`);
    if (!found) throw notFound('Credit note not found');
    await lockBusinessMoney(tx, found.business_id);
    const [cn] = await rows<{ id: number; number: string; amount: string; posting_id: number; reversed: boolean }>(
      tx,
      sql`select c.id, c.number, c.amount::text, (select p.id from ledger_postings p where p.credit_note_id = c.id and p.kind = 'credit_note')::int as posting_id,
        exists (select 1 from ledger_postings u where u.credit_note_id = c.id and u.kind = 'credit_note_reversal') as reversed
      from credit_notes c where c.id = ${creditNoteId}::int`,
    );
    if (!cn) throw notFound('Credit note not found');
    if (cn.reversed) throw conflict(`Credit note ${cn.number} was already reversed.`);
    const posting = await appendPosting(tx, { businessId: found.business_id, kind: 'credit_note_reversal', amount: cn.amount, creditNoteId: cn.id, reference: cn.number, memo: 'Credit note reversed', reason, staffId: actor.staffId });
    await takeBackAllocations(tx, found.business_id, cn.posting_id, posting.id);
    await appendAudit(tx, { staffId: actor.staffId, ip: actor.ip, action: 'credit-note.reverse', entity: 'credit_note', entityId: cn.id, before: { credit_note: cn.number, amount: cn.amount }, after: { reversed: true, reason } });
  });
}

/** Finance lets a business order on Credit despite its hold, for `days` days, with a reason. */
export async function releaseHold(db: Db, actor: FinanceActor, businessId: number, input: HoldReleaseInput, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await businessExists(tx, businessId);
    const until = new Date(now.getTime() + input.days * 86_400_000).toISOString();
    await tx.insert(creditHoldReleases).values({ businessId, until, days: input.days, reason: input.reason, staffId: actor.staffId });
    await appendAudit(tx, { staffId: actor.staffId, ip: actor.ip, action: 'credit-hold.release', entity: 'business', entityId: businessId, before: null, after: { until, days: input.days, reason: input.reason } });
  });
}

/**
 * Issue 16/18: a delivered order's ledger entry is posted to the business's journal, and any credit on
 * account (receipts or credit notes not yet applied) is applied to it. Runs in the delivery's transaction.
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
    state: undo_kind === 'cheque_bounce' ? 'Cheque bounced' : undo_kind ? 'Reversed' : r.method !== 'Cheque' ? 'Posted' : cleared ? 'Cheque cleared' : 'Cheque pending',
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
    available: fromPaisa(availableCredit({ limit, ledgerOutstanding: ledger, openOrders })),
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

interface PostingRow {
  id: number;
  posted_at: string;
  kind: StatementKind;
  reference: string;
  memo: string;
  reason: string | null;
  amount: string;
  balance: string;
}

/**
 * toKarachiIso for many instants: the domain's Intl-based conversion costs about a millisecond per call
 * on a busy machine, a statement page has 500 instants. The offset is read from the zone once per UTC
 * day (and per instant on a day whose first and last offsets differ, should Pakistan ever change
 * clocks again), then applied by arithmetic.
 */
function karachiIsoOf(): (utcIso: string) => string {
  const offsets = new Map<string, string | null>();
  return (utcIso) => {
    const day = utcIso.slice(0, 10);
    let offset = offsets.get(day);
    if (offset === undefined) {
      const first = toKarachiIso(`${day}T00:00:00.000Z`).slice(23);
      const last = toKarachiIso(`${day}T23:59:59.999Z`).slice(23);
      offset = first === last ? first : null;
      offsets.set(day, offset);
    }
    if (offset === null || !/^[+-]\d\d:\d\d$/.test(offset)) return toKarachiIso(utcIso);
    const sign = offset.startsWith('-') ? -1 : 1;
    const shift = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6))) * 60_000;
    return `${new Date(Date.parse(utcIso) + shift).toISOString().slice(0, 23)}${offset}`;
  };
}

const debitCredit = (amount: Paisa) => ({ debit: fromPaisa(Math.max(0, amount)), credit: fromPaisa(Math.max(0, -amount)) });
const memoOf = (r: { memo: string; reason: string | null }) => (r.reason ? `${r.memo}: ${r.reason}` : r.memo);
/** SQL: the business's balance just before `at` (the running balance of its last posting before it). */
const balanceBefore = (businessId: SQL, at: string) =>
  sql`coalesce((select p.balance from ledger_postings p where p.business_id = ${businessId} and p.posted_at < ${at}::timestamptz order by p.posted_at desc, p.id desc limit 1), 0)::text`;
const postingColumns = sql`id::int, posted_at::text, kind, reference, memo, reason, amount::text, balance::text`;

/**
 * A business's statement for Pakistan days from..to: the balance before `from`, the entries (keyset-paged
 * by `after`) with their running balance, and the balance at the end of `to`. Each posting carries its
 * running balance, so this is two index seeks and one index range of at most `limit` rows, whatever the
 * number of entries before.
 */
export async function readStatement(db: Db, businessId: number, q: StatementQuery): Promise<Statement> {
  const from = karachiDayStart(q.from);
  const to = karachiDayStart(q.to, 1);
  const [head] = await rows<{ name: string; opening: string; closing: string; cursor_at: string | null }>(
    db,
    sql`select b.name, ${balanceBefore(sql`b.id`, from)} as opening, ${balanceBefore(sql`b.id`, to)} as closing,
      ${q.after ? sql`(select posted_at::text from ledger_postings where id = ${q.after} and business_id = b.id)` : sql`null`} as cursor_at
    from businesses b where b.id = ${businessId}::int`,
  );
  if (!head) throw notFound('Business not found');
  if (q.after && !head.cursor_at) throw unprocessable('"after" is not an entry of this statement.');
  // One JSON value instead of 500 rows of 8 columns: on the embedded database, decoding rows through the
  // wire protocol cost more than the query (see jsonRows).
  const page = await jsonRows<PostingRow>(
    db,
    sql`select ${postingColumns} from ledger_postings
    where business_id = ${businessId}::int and posted_at >= ${from}::timestamptz and posted_at < ${to}::timestamptz
      ${q.after ? sql`and (posted_at, id) > (${head.cursor_at}::timestamptz, ${q.after})` : sql``}
    order by ledger_postings.posted_at, ledger_postings.id limit ${q.limit + 1}`,
  );
  const more = page.length > q.limit;
  const shown = page.slice(0, q.limit);
  const karachiIso = karachiIsoOf();
  return {
    business_id: businessId,
    business_name: head.name,
    from: q.from,
    to: q.to,
    opening_balance: fromPaisa(toPaisa(head.opening)),
    closing_balance: fromPaisa(toPaisa(head.closing)),
    entries: shown.map((r) => ({ id: r.id, at: karachiIso(isoTime(r.posted_at)), kind: r.kind, reference: r.reference, memo: memoOf(r), ...debitCredit(toPaisa(r.amount)), balance: fromPaisa(toPaisa(r.balance)) })),
    next: more ? (shown.at(-1)?.id ?? null) : null,
  };
}

/** The whole statement of from..to as CSV (a spreadsheet opens it), with the opening and closing lines. */
export async function statementCsv(db: Db, businessId: number, q: { from: string; to: string }): Promise<{ name: string; csv: string }> {
  const head = await readStatement(db, businessId, { ...q, limit: 1 });
  const all = await rows<PostingRow>(
    db,
    sql`select ${postingColumns} from ledger_postings
    where business_id = ${businessId}::int and posted_at >= ${karachiDayStart(q.from)}::timestamptz and posted_at < ${karachiDayStart(q.to, 1)}::timestamptz order by ledger_postings.posted_at, ledger_postings.id`,
  );
  const karachiIso = karachiIsoOf();
  let csv = csvLine(['Date', 'Type', 'Reference', 'Details', 'Debit', 'Credit', 'Balance']);
  csv += csvLine([q.from, 'Opening balance', '', '', '', '', head.opening_balance]);
  for (const r of all) {
    const { debit, credit } = debitCredit(toPaisa(r.amount));
    csv += csvLine([karachiIso(isoTime(r.posted_at)).slice(0, 10), STATEMENT_KIND_LABEL[r.kind], r.reference, memoOf(r), debit, credit, fromPaisa(toPaisa(r.balance))]);
  }
  csv += csvLine([q.to, 'Closing balance', '', '', '', '', head.closing_balance]);
  return { name: head.business_name, csv };
}

interface OpenByBusiness {
  business_id: number;
  name: string;
  payment_mode: string;
  balance: string;
  entries: { open: string; payable_by: string }[] | string;
}

/** Every business that owes or is owed, with its aging by the buyer's function; sortable by overdue. */
export async function agingSummary(db: Db, options: { sort: (typeof AGING_SORTS)[number]; dir: 'asc' | 'desc' }, now = new Date()): Promise<AgingSummary> {
  const today = todayKarachi(now);
  const list = await rows<OpenByBusiness>(
    db,
    sql`select b.id as business_id, b.name, b.payment_mode, bal.balance::text as balance,
      (select coalesce(json_agg(json_build_object('open', x.open::text, 'payable_by', x.payable_by::text)), '[]'::json)
        from (select ${openAmountSql(sql`l`)} as open, l.payable_by from ledgers l where l.business_id = b.id) x where x.open > 0) as entries
    from businesses b join (select distinct on (business_id) business_id, balance from ledger_postings order by business_id, posted_at desc, id desc) bal on bal.business_id = b.id
    where bal.balance <> 0 or exists (select 1 from ledgers l where l.business_id = b.id and ${openAmountSql(sql`l`)} > 0)`,
  );
  const totals = { zero_to_zero: 0, one_to_fourteen: 0, fifteen_to_twentynine: 0, thirty_to_onward: 0 };
  const result: (AgingRow & { _overdue: Paisa; _balance: Paisa })[] = list.map((b) => {
    const entries = typeof b.entries === 'string' ? (JSON.parse(b.entries) as { open: string; payable_by: string }[]) : b.entries;
    const aging = agingOfOpen(
      entries.map((e) => ({ open: toPaisa(e.open), payableBy: e.payable_by })),
      today,
    );
    for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += aging[k];
    const overdue = overdueOf(aging);
    const balance = toPaisa(b.balance);
    return { business_id: b.business_id, name: b.name, payment_mode: b.payment_mode, balance: fromPaisa(balance), overdue: fromPaisa(overdue), buckets: bucketsOf(aging), _overdue: overdue, _balance: balance };
  });
  const sign = options.dir === 'asc' ? 1 : -1;
  result.sort((a, b) => {
    const by = options.sort === 'name' ? a.name.localeCompare(b.name) : options.sort === 'balance' ? a._balance - b._balance : a._overdue - b._overdue;
    return by === 0 ? a.business_id - b.business_id : sign * by;
  });
  return { as_of: today, rows: result.map(({ _overdue, _balance, ...r }) => r), totals: bucketsOf(totals), overdue: fromPaisa(overdueOf(totals)) };
}

export function agingCsv(summary: AgingSummary): string {
  let csv = csvLine(['Business', 'Payment mode', 'Balance', 'Overdue', '0-0', '1-14', '15-29', '30+']);
  for (const r of summary.rows) csv += csvLine([r.name, r.payment_mode, r.balance, r.overdue, r.buckets.zero_to_zero, r.buckets.one_to_fourteen, r.buckets.fifteen_to_twentynine, r.buckets.thirty_to_onward]);
  const t = summary.totals;
  csv += csvLine(['Total', '', '', summary.overdue, t.zero_to_zero, t.one_to_fourteen, t.fifteen_to_twentynine, t.thirty_to_onward]);
  return csv;
}

/**
 * For the dashboard (issue 18, "overdue money per aging bucket"): the open amounts of all businesses
 * in the buckets the buyer sees, by the same domain function, and the overdue total (1-14, 15-29, 30+).
 */
export async function overdueByAgingBucket(db: Db, now = new Date()): Promise<{ as_of: string; buckets: Buckets; overdue: string }> {
  const summary = await agingSummary(db, { sort: 'overdue', dir: 'desc' }, now);
  return { as_of: summary.as_of, buckets: summary.totals, overdue: summary.overdue };
}
