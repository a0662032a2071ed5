// Issue 18 "Payments and ledgers" (docs/decisions/012-payments-and-ledgers.md): every posting is one
// transaction, serialised per business by an advisory lock, with its audit entry.
import {
  allocate,
  type CreditNoteInput,
  creditNoteNumber,
  type HoldReleaseInput,
  isWithinReturnWindow,
  RECEIPT_MOVES,
  type ReceiptMove,
  type RecordReceiptInput,
  receiptNumber,
  receiptStateOf,
} from '@shop/domain/finance';
import { liveRelease } from '@shop/domain/credit';
import { formatKarachiDate } from '@shop/domain/karachi-time';
import { todayKarachi } from '@shop/domain/ledgers';
import { fromPaisa, toPaisa } from '@shop/domain/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isoTime } from '../../db/schema/common.ts';
import { chequeClearances, creditHoldReleases, creditNotes, receipts } from '../../db/schema/finance.ts';
import { conflict, notFound, unprocessable } from '../../lib/http-error.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { type FinanceActor, type OpenRow, type Tx, appendPosting, businessExists, hashOf, insertAllocations, ledgerEntries, lockBusinessMoney, nextNumber, openAmountSql, rows, yearNow } from './postings.service.ts';

/** Issue 18: Finance's writes: receipts (applied oldest first or as chosen), reversals, cheques cleared or bounced, credit notes, hold releases; each one transaction, audited. */
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

/** Whether the receipt's state (receiptStateOf) has the move (RECEIPT_MOVES). */
const mayMove = (r: ReceiptRow, move: ReceiptMove) => RECEIPT_MOVES[receiptStateOf(r)].includes(move);

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
    if (!mayMove(r, kind === 'cheque_bounce' ? 'bounce' : 'reverse')) {
      if (r.undo_kind) throw conflict(`Receipt ${r.receipt_number} was already ${r.undo_kind === 'cheque_bounce' ? 'marked bounced' : 'reversed'}.`);
      if (r.method !== 'Cheque') throw conflict(`Receipt ${r.receipt_number} is not a cheque; reverse it instead.`);
      throw conflict(`The cheque of receipt ${r.receipt_number} was marked cleared; reverse the receipt instead.`);
    }
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
    if (!mayMove(r, 'clear')) {
      if (r.method !== 'Cheque') throw conflict(`Receipt ${r.receipt_number} is not a cheque.`);
      if (r.undo_kind) throw conflict(`Receipt ${r.receipt_number} was already ${r.undo_kind === 'cheque_bounce' ? 'marked bounced' : 'reversed'}.`);
      throw conflict(`The cheque of receipt ${r.receipt_number} is already marked cleared.`);
    }
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

/** Issue 37: the release running now (the latest row, while its until is ahead), read under the business's money lock. */
async function runningRelease(tx: Tx, businessId: number, now: Date): Promise<{ until: string; amount: string } | null> {
  const [row] = await rows<{ until: string; amount: string }>(tx, sql`select until::text, amount::text from credit_hold_releases where business_id = ${businessId}::int order by id desc limit 1`);
  const latest = row ? { until: isoTime(row.until), amount: toPaisa(row.amount) } : null;
  const live = liveRelease(latest, now);
  return live ? { until: live.until, amount: fromPaisa(live.amount) } : null;
}

/**
 * Finance lets a business order on Credit despite its hold (overdue or over its limit), for `days` days,
 * up to `amount` above its credit limit, with a reason (issue 37). Appended: it supersedes any earlier
 * release, which the audit entry names as `before`. Under the business's money lock, so a Credit
 * placement reads the releases before or after it, never half of it.
 */
export async function releaseHold(db: Db, actor: FinanceActor, businessId: number, input: HoldReleaseInput, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await businessExists(tx, businessId);
    await lockBusinessMoney(tx, businessId);
    const before = await runningRelease(tx, businessId, now);
    const until = new Date(now.getTime() + input.days * 86_400_000).toISOString();
    await tx.insert(creditHoldReleases).values({ businessId, until, days: input.days, amount: input.amount, reason: input.reason, staffId: actor.staffId });
    await appendAudit(tx, { staffId: actor.staffId, ip: actor.ip, action: 'credit-hold.release', entity: 'business', entityId: businessId, before, after: { until, days: input.days, amount: input.amount, reason: input.reason } });
  });
}

/** Issue 37: Finance ends the running release now, with a reason: an appended row (days 0, amount 0) whose until is now. */
export async function endHoldRelease(db: Db, actor: FinanceActor, businessId: number, reason: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await businessExists(tx, businessId);
    await lockBusinessMoney(tx, businessId);
    const before = await runningRelease(tx, businessId, now);
    if (!before) throw conflict('No release of the credit hold is running for this business.');
    const until = now.toISOString();
    await tx.insert(creditHoldReleases).values({ businessId, until, days: 0, amount: '0', reason, staffId: actor.staffId });
    await appendAudit(tx, { staffId: actor.staffId, ip: actor.ip, action: 'credit-hold.end', entity: 'business', entityId: businessId, before, after: { until, reason } });
  });
}

/**
 * Issue 16/18: a delivered order's ledger entry is posted to the business's journal, and any credit on
 * account (receipts or credit notes not yet applied) is applied to it. Runs in the delivery's transaction.
 */
