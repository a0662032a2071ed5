// Issue 14 point 12: Credit orders are checked against the business's credit limit and what it
// already owes (Credit ledger payable plus its Credit orders not yet Delivered or Rejected).
import type { CreditStanding, Order } from '@shop/domain/orders';
import { and, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses } from '../../db/schema/business.ts';
import { ledgers, orders } from '../../db/schema/orders.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { makeBusiness, makeUser, signIn } from '../../../test/factories.ts';
import { makeProducts, newKey } from '../../../test/order-factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const place = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/write/Orders', headers, payload: payload as object });

/** A Credit business with the given limit, an Orderer (Cash limit 0) and a Rs. 100.00 product. */
async function creditBuyer(creditLimit: string) {
  const db = t.database.db;
  const business = await makeBusiness(db, { paymentMode: 'Credit' });
  await db.update(businesses).set({ creditLimit }).where(eq(businesses.id, business.id));
  const user = await makeUser(db, { businessId: business.id, type: 'Orderer', limit: '0.00' });
  const [product] = await makeProducts(db, 1, { price: '100.00', tax: '0.00', sellPrice: '100.00', stock: 9000 });
  const headers = await signIn(t.app, user.email);
  const credit = (quantity: number, key = newKey()) =>
    place({ ...headers, 'idempotency-key': key }, { payment_mode: 'Credit', order_details: [{ product_id: product?.id, quantity }] });
  return { business, user, product, headers, credit };
}

const creditOrders = async (businessId: number) =>
  t.database.db
    .select({ n: sum(orders.totalPrice) })
    .from(orders)
    .where(and(eq(orders.businessId, businessId), eq(orders.paymentMode, 'Credit')));

/** An entry not yet due: an overdue Credit entry would put the business on credit hold (issue 18). */
async function ledgerEntry(businessId: number, userId: number, payable: string, mode: 'Credit' | 'Cash' = 'Credit') {
  await t.database.db.insert(ledgers).values({ businessId, businessUserId: userId, totalSpent: payable, payable, payableBy: '2099-12-31', paymentMode: mode });
}

describe('Credit orders and the credit limit (issue 14.12)', () => {
  it('counts the Credit ledger and open Credit orders; refuses an order that would pass the limit with a clear 409', async () => {
    const { business, user, credit, headers } = await creditBuyer('1000.00');
    await ledgerEntry(business.id, user.id, '300.00');
    // Cash ledger entries are not Credit outstanding (SPEC 2).
    await ledgerEntry(business.id, user.id, '5000.00', 'Cash');
    const first = await credit(4); // Rs. 400 open, In Process
    expect(first.statusCode).toBe(200);
    expect(body<{ data: Order }>(first).data.status).toBe('In Process');
    // Owed 300 + 400: Rs. 300 left. Rs. 400 does not fit, and nothing is written.
    const before = await creditOrders(business.id);
    const refused = await credit(4);
    expect(refused.statusCode).toBe(409);
    expect(body(refused).error).toBe(
      'This order of Rs. 400.00 would take your business above its credit limit of Rs. 1,000.00 (available now: Rs. 300.00). ' +
        'Please choose Cash on Delivery, order less, or clear your outstanding first.',
    );
    expect(await creditOrders(business.id)).toEqual(before);
    // The checkout reads the same figures.
    const standing = await t.app.inject({ method: 'GET', url: '/api/orders/credit', headers });
    expect(body<{ data: CreditStanding }>(standing).data).toEqual({ credit_limit: '1000.00', ledger_outstanding: '300.00', open_orders: '400.00', available: '300.00', hold: null, release: null });
    // Exactly up to the limit is allowed; a paisa more is not. Cash is not limited by credit.
    expect((await credit(3)).statusCode).toBe(200);
    expect((await credit(1)).statusCode).toBe(409);
    const cash = await place(headers, { payment_mode: 'Cash', order_details: [{ product_id: (await makeProducts(t.database.db, 1))[0]?.id, quantity: 1 }] });
    expect(cash.statusCode).toBe(200);
  });

  it('a Delivered or Rejected Credit order no longer counts; Pending and In Process ones do', async () => {
    const { business, credit } = await creditBuyer('500.00');
    const a = body<{ data: Order }>(await credit(5)).data;
    expect((await credit(1)).statusCode).toBe(409);
    await t.database.db.update(orders).set({ status: 'Rejected' }).where(eq(orders.id, a.id));
    const b = body<{ data: Order }>(await credit(5)).data;
    await t.database.db.update(orders).set({ status: 'Delivered' }).where(eq(orders.id, b.id));
    const c = body<{ data: Order }>(await credit(5)).data;
    await t.database.db.update(orders).set({ status: 'Pending' }).where(eq(orders.id, c.id));
    expect((await credit(1)).statusCode).toBe(409);
    expect(business.id).toBeGreaterThan(0);
  });

  it('a business with no credit limit cannot order on Credit', async () => {
    const { credit } = await creditBuyer('0.00');
    const res = await credit(1);
    expect(res.statusCode).toBe(409);
    expect(body(res).error).toContain('available now: Rs. 0.00');
  });

  it('an Approver confirming a Pending order as Credit is checked too, without counting the order twice', async () => {
    const db = t.database.db;
    const { business, product, headers } = await creditBuyer('1000.00');
    await db.update(orders).set({ status: 'In Process' }).where(eq(orders.businessId, business.id));
    const approver = await makeUser(db, { businessId: business.id, type: 'Approver' });
    const approverHeaders = await signIn(t.app, approver.email);
    // An Orderer with Cash limit 0 places Rs. 600 in Cash: Pending.
    const pending = body<{ data: Order }>(await place(headers, { payment_mode: 'Cash', order_details: [{ product_id: product?.id, quantity: 6 }] })).data;
    expect(pending.status).toBe('Pending');
    const confirm = (quantity: number) =>
      place(approverHeaders, { id: pending.id, payment_mode: 'Credit', order_details: [{ product_id: product?.id, quantity }] });
    const over = await confirm(11);
    expect(over.statusCode).toBe(409);
    expect(body(over).error).toContain('credit limit of Rs. 1,000.00');
    const [still] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, pending.id));
    expect(still?.status).toBe('Pending');
    const ok = await confirm(10);
    expect(ok.statusCode).toBe(200);
    expect(body<{ data: Order }>(ok).data).toMatchObject({ status: 'In Process', payment_mode: 'Credit', total_price: '1000.00' });
  });

  it('many Credit orders at once: the accepted ones stay within the limit (serialised per business)', async () => {
    const { business, credit } = await creditBuyer('1000.00');
    // 16 orders of Rs. 300 race for Rs. 1,000: exactly 3 fit.
    const results = await Promise.all(Array.from({ length: 16 }, () => credit(3)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(13);
    expect(await creditOrders(business.id)).toEqual([{ n: '900.00' }]);
  });

  it('a concurrent retry of one Credit order with its key gets that order, not a credit refusal', async () => {
    const { business, credit } = await creditBuyer('500.00');
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 6 }, () => credit(4, key)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(results.map((r) => body<{ data: Order }>(r).data.id)).size).toBe(1);
    expect(await creditOrders(business.id)).toEqual([{ n: '400.00' }]);
  });
});
