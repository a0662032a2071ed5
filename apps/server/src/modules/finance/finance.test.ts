import type { AgingSummary, FinanceAccount, Receipt, Statement } from '@shop/domain/finance';
import { todayKarachi } from '@shop/domain/ledgers';
import type { CreditStanding, Ledgers, Order } from '@shop/domain/orders';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBusiness, makeUser, signIn } from '../../../test/factories.ts';
import { makeProducts, newKey } from '../../../test/order-factories.ts';
import { type SignedInStaff, signInStaff } from '../../../test/staff.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditLog } from '../../db/schema/staff.ts';
import { invoices, ledgers } from '../../db/schema/orders.ts';
import { overdueByAgingBucket } from './aging.service.ts';
import { postInvoiceEntry } from './postings.service.ts';

let t: TestApp;
let finance: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  finance = await signInStaff(t, { email: 'finance-test@staff.pk', roles: ['Finance'] });
});
afterAll(async () => t.close());

const DAY = 86_400_000;
const dayFromToday = (days: number) => new Date(Date.parse(`${todayKarachi()}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
let invoiceCounter = 0;

/** A Credit business (limit Rs. 1,000,000, 30 days) with an Owner who can sign in. */
async function creditBusiness() {
  const db = t.database.db;
  const business = await makeBusiness(db, { paymentMode: 'Credit' });
  await db.execute(sql`update businesses set credit_limit = 1000000, payment_days = 30 where id = ${business.id}`);
  const owner = await makeUser(db, { businessId: business.id, type: 'Owner' });
  return { business, owner };
}

/** An invoice and its ledger entry, posted to the journal as a delivery posts them. */
async function invoice(b: { business: { id: number }; owner: { id: number } }, amount: string, options: { payableIn?: number; mode?: 'Cash' | 'Credit'; deliveredDaysAgo?: number } = {}) {
  const mode = options.mode ?? 'Credit';
  const number = `INV-T-${++invoiceCounter}-${Date.now()}`;
  const createdAt = new Date(Date.now() - (options.deliveredDaysAgo ?? 0) * DAY).toISOString();
  return t.database.db.transaction(async (tx) => {
    const [inv] = await tx
      .insert(invoices)
      .values({ invoiceNumber: number, businessId: b.business.id, businessUserId: b.owner.id, amount, paymentMode: mode, dueOn: dayFromToday(options.payableIn ?? 30), createdAt })
      .returning();
    const [entry] = await tx
      .insert(ledgers)
      .values({ businessId: b.business.id, businessUserId: b.owner.id, invoiceId: inv?.id, totalSpent: amount, payable: amount, payableBy: dayFromToday(options.payableIn ?? 30), paymentMode: mode, createdAt })
      .returning();
    await postInvoiceEntry(tx, { ledgerId: entry?.id as number, businessId: b.business.id, amount, invoiceNumber: number, paymentMode: mode, postedAt: createdAt });
    return { ledgerId: entry?.id as number, number };
  });
}

const cheque = { method: 'Cheque', cheque_number: '00123456', cheque_bank: 'Meezan Bank', cheque_date: dayFromToday(0) } as const;
const receipt = (businessId: number, payload: Record<string, unknown>) =>
  finance.inject({ method: 'POST', url: `/api/staff/finance/businesses/${businessId}/receipts`, payload: { received_on: dayFromToday(0), idempotency_key: newKey(), ...payload } });
const account = async (businessId: number) => body<{ data: FinanceAccount }>(await finance.inject({ method: 'GET', url: `/api/staff/finance/businesses/${businessId}` })).data;
const outstandings = async (headers: Record<string, string>) => body<{ data: Ledgers }>(await t.app.inject({ method: 'GET', url: '/api/ledgers', headers })).data;

describe('receipts (issue 18)', () => {
  it('applies a part payment by cheque to the oldest open invoice first; the buyer sees the open amounts; a bounce brings the balance back', async () => {
    const b = await creditBusiness();
    const older = await invoice(b, '60000.00', { payableIn: -20 });
    const newer = await invoice(b, '40000.00', { payableIn: 10 });
    const buyer = await signIn(t.app, b.owner.email);
    const res = await receipt(b.business.id, { ...cheque, amount: '70000' });
    expect(res.statusCode, res.body).toBe(200);
    const r = body<{ data: Receipt }>(res).data;
    expect(r.receipt_number).toMatch(/^RCT-\d{4}-\d{6}$/);
    expect(r.state).toBe('Cheque pending');
    expect(r.allocations.map((a) => [a.ledger_id, a.amount])).toEqual([
      [older.ledgerId, '60000.00'],
      [newer.ledgerId, '10000.00'],
    ]);
    const seen = await outstandings(buyer);
    expect(seen.entries.map((e) => e.payable)).toEqual(['0.00', '30000.00']);
    expect(seen.credit_outstanding).toBe('30000.00');
    expect(seen.buckets).toEqual({ zero_to_zero: '30000.00', one_to_fourteen: '0.00', fifteen_to_twentynine: '0.00', thirty_to_onward: '0.00' });
    expect((await account(b.business.id)).balance).toBe('30000.00');
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'receipt.record')).orderBy(sql`${auditLog.id} desc`).limit(1);
    expect(audit?.after).toMatchObject({ receipt: r.receipt_number });

    const bounce = await finance.inject({ method: 'POST', url: `/api/staff/finance/receipts/${r.id}/bounce`, payload: { reason: 'Returned by the bank: insufficient funds' } });
    expect(bounce.statusCode, bounce.body).toBe(200);
    expect(body<{ data: Receipt }>(bounce).data.state).toBe('Cheque bounced');
    const after = await outstandings(buyer);
    expect(after.entries.map((e) => e.payable)).toEqual(['60000.00', '40000.00']);
    expect(after.buckets.fifteen_to_twentynine).toBe('60000.00');
    expect((await account(b.business.id)).balance).toBe('100000.00');
    // Undone once only; a bounced cheque cannot be cleared or reversed.
    expect((await finance.inject({ method: 'POST', url: `/api/staff/finance/receipts/${r.id}/bounce`, payload: { reason: 'again' } })).statusCode).toBe(409);
    expect((await finance.inject({ method: 'POST', url: `/api/staff/finance/receipts/${r.id}/clear` })).statusCode).toBe(409);
    expect((await finance.inject({ method: 'POST', url: `/api/staff/finance/receipts/${r.id}/reverse`, payload: { reason: 'mistake' } })).statusCode).toBe(409);
  });

  it('applies to the chosen invoices; the rest stays as credit on account and pays the next invoice', async () => {
    const b = await creditBusiness();
    const first = await invoice(b, '10000.00', { payableIn: -5 });
    const second = await invoice(b, '8000.00', { payableIn: 5 });
    const r = body<{ data: Receipt }>(await receipt(b.business.id, { method: 'Bank transfer', amount: '12000.50', reference: 'IBFT 1', apply_to: [second.ledgerId] })).data;
    expect(r.allocations.map((a) => [a.ledger_id, a.amount])).toEqual([[second.ledgerId, '8000.00']]);
    expect(r.unapplied).toBe('4000.50');
    let acc = await account(b.business.id);
    expect(acc.open_entries.map((e) => [e.ledger_id, e.open])).toEqual([[first.ledgerId, '10000.00']]);
    expect(acc.credit_on_account).toBe('4000.50');
    expect(acc.balance).toBe('5999.50');
    const third = await invoice(b, '3000.00');
    acc = await account(b.business.id);
    expect(acc.open_entries.find((e) => e.ledger_id === third.ledgerId)).toBeUndefined();
    expect(acc.credit_on_account).toBe('1000.50');
    expect(acc.balance).toBe('8999.50');
  });

  it('posts once per idempotency key (a double click), and refuses the key with other details', async () => {
    const b = await creditBusiness();
    await invoice(b, '5000.00');
    const key = newKey();
    const [a, c] = await Promise.all([receipt(b.business.id, { method: 'Cash', amount: '1000', idempotency_key: key }), receipt(b.business.id, { method: 'Cash', amount: '1000', idempotency_key: key })]);
    expect(a.statusCode, a.body).toBe(200);
    expect(c.statusCode, c.body).toBe(200);
    expect(body<{ data: Receipt }>(a).data.id).toBe(body<{ data: Receipt }>(c).data.id);
    expect((await account(b.business.id)).balance).toBe('4000.00');
    const other = await receipt(b.business.id, { method: 'Cash', amount: '2000', idempotency_key: key });
    expect(other.statusCode).toBe(422);
    expect((await account(b.business.id)).balance).toBe('4000.00');
  });

  it('leaves the balance exact after 50 receipts posted at the same moment for one business', async () => {
    const b = await creditBusiness();
    await invoice(b, '30000.00', { payableIn: -3 });
    await invoice(b, '20000.00', { payableIn: 3 });
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => receipt(b.business.id, { method: 'Cash', amount: `${(i % 7) + 100}.01` })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const paid = Array.from({ length: 50 }, (_, i) => ((i % 7) + 100) * 100 + 1).reduce((n, p) => n + p, 0);
    const acc = await account(b.business.id);
    expect(acc.balance).toBe(((5_000_000 - paid) / 100).toFixed(2));
    const open = acc.open_entries.reduce((n, e) => n + Math.round(Number(e.open) * 100), 0);
    expect(open).toBe(5_000_000 - paid);
    expect(new Set(results.map((r) => body<{ data: Receipt }>(r).data.receipt_number)).size).toBe(50);
  });

  it('refuses bad input with a readable message and changes nothing', async () => {
    const b = await creditBusiness();
    await invoice(b, '5000.00');
    for (const payload of [
      { method: 'Cheque', amount: '100' },
      { method: 'Cash', amount: '0' },
      { method: 'Cash', amount: '-5' },
      { method: 'Cash', amount: '1.234' },
      { method: 'Card', amount: '100' },
    ]) {
      const res = await receipt(b.business.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).error).toBeTruthy();
    }
    expect((await receipt(b.business.id, { method: 'Cash', amount: '100', apply_to: [999_999] })).statusCode).toBe(422);
    expect((await receipt(999_999, { method: 'Cash', amount: '100' })).statusCode).toBe(404);
    expect((await account(b.business.id)).balance).toBe('5000.00');
  });

  it('clears a cheque; a cleared cheque is reversed (not bounced) with a reason; a cash receipt cannot bounce', async () => {
    const b = await creditBusiness();
    await invoice(b, '5000.00');
    const chq = body<{ data: Receipt }>(await receipt(b.business.id, { ...cheque, amount: '2000' })).data;
    const cleared = await finance.inject({ method: 'POST', url: `/api/staff/finance/receipts/${chq.id}/clear` });
    expect(body<{ data: Receipt }>(cleared).data.state).toBe('Cheque cleared');
    expect((await finance.inject({ method: 'POST', url: `/api/staff/finance/receipts/${chq.id}/clear` })).statusCode).toBe(409);
    expect((await finance.inject({ method: 'POST', url: `/api/staff/finance/receipts/${chq.id}/bounce`, payload: { reason: 'bank said so' } })).statusCode).toBe(409);
    expect((await finance.inject({ method: 'POST', url: `/api/staff/finance/receipts/${chq.id}/reverse`, payload: { reason: '' } })).statusCode).toBe(400);
    const reversed = await finance.inject({ method: 'POST', url: `/api/staff/finance/receipts/${chq.id}/reverse`, payload: { reason: 'Posted to the wrong business' } });
    expect(body<{ data: Receipt }>(reversed).data).toMatchObject({ state: 'Reversed', undo_reason: 'Posted to the wrong business' });
    const cash = body<{ data: Receipt }>(await receipt(b.business.id, { method: 'Cash', amount: '500' })).data;
    expect((await finance.inject({ method: 'POST', url: `/api/staff/finance/receipts/${cash.id}/bounce`, payload: { reason: 'not a cheque' } })).statusCode).toBe(409);
    expect((await finance.inject({ method: 'POST', url: '/api/staff/finance/receipts/999999/reverse', payload: { reason: 'unknown' } })).statusCode).toBe(404);
    expect((await account(b.business.id)).balance).toBe('4500.00');
  });

  it('the database refuses to change or remove a posting', async () => {
    const b = await creditBusiness();
    await invoice(b, '5000.00');
    await receipt(b.business.id, { method: 'Cash', amount: '100' });
    for (const statement of [
      sql`update receipts set amount = 1 where business_id = ${b.business.id}`,
      sql`delete from ledger_postings where business_id = ${b.business.id}`,
      sql`update ledger_allocations set amount = 1 where business_id = ${b.business.id}`,
      sql`delete from ledgers where business_id = ${b.business.id}`,
    ]) {
      await expect(t.database.db.execute(statement)).rejects.toThrow();
    }
    expect((await account(b.business.id)).balance).toBe('4900.00');
  });
});

describe('credit notes (issue 18; SPEC: returns within 7 days, refunds as credits)', () => {
  it('gives a credit note within 7 days of delivery, applied to the invoice; refuses older invoices and too much; reverses with a reason', async () => {
    const b = await creditBusiness();
    const fresh = await invoice(b, '9000.00', { deliveredDaysAgo: 2 });
    const old = await invoice(b, '4000.00', { deliveredDaysAgo: 9 });
    const post = (payload: Record<string, unknown>) => finance.inject({ method: 'POST', url: `/api/staff/finance/businesses/${b.business.id}/credit-notes`, payload: { idempotency_key: newKey(), reason: 'Damaged cartons returned', ...payload } });
    const ok = await post({ ledger_id: fresh.ledgerId, amount: '1500' });
    expect(ok.statusCode, ok.body).toBe(200);
    let acc = await account(b.business.id);
    expect(acc.open_entries.find((e) => e.ledger_id === fresh.ledgerId)?.open).toBe('7500.00');
    expect(acc.credit_notes[0]?.number).toMatch(/^CN-\d{4}-\d{6}$/);
    expect(acc.returnable.map((r) => r.ledger_id)).toEqual([fresh.ledgerId]);
    expect((await post({ ledger_id: old.ledgerId, amount: '100' })).statusCode).toBe(422);
    expect((await post({ ledger_id: fresh.ledgerId, amount: '7500.01' })).statusCode).toBe(422);
    expect((await post({ ledger_id: 999_999, amount: '1' })).statusCode).toBe(404);
    const id = body<{ data: { id: number } }>(ok).data.id;
    expect((await finance.inject({ method: 'POST', url: `/api/staff/finance/credit-notes/${id}/reverse`, payload: { reason: 'Goods were not returned after all' } })).statusCode).toBe(200);
    expect((await finance.inject({ method: 'POST', url: `/api/staff/finance/credit-notes/${id}/reverse`, payload: { reason: 'again' } })).statusCode).toBe(409);
    acc = await account(b.business.id);
    expect(acc.balance).toBe('13000.00');
    expect(acc.credit_notes[0]?.reversed).toBe(true);
  });
});

describe('credit hold (issue 18)', () => {
  it('refuses Credit orders while a Credit invoice is past its payment days, tells the checkout, and lets Finance release it for N days', async () => {
    const b = await creditBusiness();
    await invoice(b, '1000.00', { payableIn: -1 });
    const products = await makeProducts(t.database.db, 1, { price: '118.00', tax: '18.00', sellPrice: '100.00' });
    const buyer = await signIn(t.app, b.owner.email);
    const place = () => t.app.inject({ method: 'POST', url: '/api/write/Orders', headers: { ...buyer, 'idempotency-key': newKey() }, payload: { payment_mode: 'Credit', order_details: [{ product_id: products[0]?.id, quantity: 1 }] } });
    const refused = await place();
    expect(refused.statusCode).toBe(409);
    expect(body(refused).error).toMatch(/credit hold.*was due on/);
    const standing = body<{ data: CreditStanding }>(await t.app.inject({ method: 'GET', url: '/api/orders/credit', headers: buyer })).data;
    expect(standing.hold).toMatch(/credit hold/);
    expect((await account(b.business.id)).hold).toMatchObject({ held: true, reason: 'overdue' });

    expect((await finance.inject({ method: 'POST', url: `/api/staff/finance/businesses/${b.business.id}/hold-release`, payload: { days: 31, amount: '500', reason: 'Owner promised payment' } })).statusCode).toBe(400);
    const release = await finance.inject({ method: 'POST', url: `/api/staff/finance/businesses/${b.business.id}/hold-release`, payload: { days: 3, amount: '500', reason: 'Owner promised payment on Friday' } });
    expect(release.statusCode, release.body).toBe(200);
    expect(body<{ data: FinanceAccount }>(release).data.hold.held).toBe(false);
    const placed = await place();
    expect(placed.statusCode, placed.body).toBe(200);
    expect(body<{ data: Order }>(placed).data.payment_mode).toBe('Credit');
  });

  it('is lifted by paying the overdue invoice, and holds a business above its limit', async () => {
    const b = await creditBusiness();
    await invoice(b, '1000.00', { payableIn: -1 });
    await receipt(b.business.id, { method: 'Cash', amount: '1000' });
    expect((await account(b.business.id)).hold.held).toBe(false);
    await t.database.db.execute(sql`update businesses set credit_limit = 500 where id = ${b.business.id}`);
    await invoice(b, '600.00', { payableIn: 5 });
    expect((await account(b.business.id)).hold).toMatchObject({ held: true, reason: 'over_limit' });
  });
});

describe('statement and aging (issue 18)', () => {
  it('answers the opening balance, the entries with running balance (paged) and the closing balance; CSV too', async () => {
    const b = await creditBusiness();
    await invoice(b, '1000.00', { deliveredDaysAgo: 10 });
    await invoice(b, '2000.00');
    await receipt(b.business.id, { method: 'Cash', amount: '500' });
    await receipt(b.business.id, { method: 'Bank transfer', amount: '250.25' });
    const from = dayFromToday(-2);
    const to = dayFromToday(0);
    const url = `/api/staff/finance/businesses/${b.business.id}/statement?from=${from}&to=${to}`;
    const page1 = body<{ data: Statement }>(await finance.inject({ method: 'GET', url: `${url}&limit=2` })).data;
    expect(page1.opening_balance).toBe('1000.00');
    expect(page1.closing_balance).toBe('2249.75');
    expect(page1.entries.map((e) => [e.kind, e.debit, e.credit, e.balance])).toEqual([
      ['invoice', '2000.00', '0.00', '3000.00'],
      ['receipt', '0.00', '500.00', '2500.00'],
    ]);
    const page2 = body<{ data: Statement }>(await finance.inject({ method: 'GET', url: `${url}&limit=2&after=${page1.next}` })).data;
    expect(page2.entries.map((e) => e.balance)).toEqual(['2249.75']);
    expect(page2.next).toBeNull();
    const csv = await finance.inject({ method: 'GET', url: `/api/staff/finance/businesses/${b.business.id}/statement.csv?from=${from}&to=${to}` });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(6);
    expect(csv.body).toContain(`${to},Closing balance,,,,,2249.75`);
    expect((await finance.inject({ method: 'GET', url: `/api/staff/finance/businesses/${b.business.id}/statement?from=${to}&to=${from}` })).statusCode).toBe(400);
  });

  it('sums all businesses by aging bucket, sorted by overdue, as CSV; the dashboard function agrees', async () => {
    const a = await creditBusiness();
    await invoice(a, '100.00', { payableIn: -40 });
    const c = await creditBusiness();
    await invoice(c, '900000.00', { payableIn: -2 });
    const summary = body<{ data: AgingSummary }>(await finance.inject({ method: 'GET', url: '/api/staff/finance/aging?sort=overdue&dir=desc' })).data;
    expect(summary.rows[0]?.business_id).toBe(c.business.id);
    expect(summary.rows[0]?.buckets.one_to_fourteen).toBe('900000.00');
    const overdue = summary.rows.map((r) => Number(r.overdue));
    expect(overdue).toEqual([...overdue].sort((x, y) => y - x));
    const dashboard = await overdueByAgingBucket(t.database.db);
    expect(dashboard.buckets).toEqual(summary.totals);
    expect(Number(dashboard.buckets.thirty_to_onward)).toBeGreaterThanOrEqual(100);
    const csv = await finance.inject({ method: 'GET', url: '/api/staff/finance/aging.csv' });
    expect(csv.body).toContain(`${c.business.name},Credit,900000.00,900000.00,0.00,900000.00,0.00,0.00`);
  });

  it('finds a business by name', async () => {
    const b = await creditBusiness();
    const res = await finance.inject({ method: 'GET', url: `/api/staff/finance/businesses?search=${encodeURIComponent(b.business.name)}` });
    expect(res.statusCode, res.body).toBe(200);
    const found = body<{ data: { id: number }[] }>(res).data;
    expect(found.map((f) => f.id)).toContain(b.business.id);
  });
});
