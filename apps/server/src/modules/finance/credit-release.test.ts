// Issue 37 "a released credit hold that releases": Finance releases a business over its credit limit
// for some days, up to an amount above the limit; its Credit orders fit up to that amount while the
// release runs, the checkout's answer says so, and the audit log says who released what.
import type { FinanceAccount } from '@shop/domain/finance';
import type { CreditStanding, Order } from '@shop/domain/orders';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBusiness, makeUser, signIn } from '../../../test/factories.ts';
import { makeProducts, newKey } from '../../../test/order-factories.ts';
import { type SignedInStaff, signInStaff } from '../../../test/staff.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { creditHoldReleases } from '../../db/schema/finance.ts';
import { ledgers } from '../../db/schema/orders.ts';
import { auditLog } from '../../db/schema/staff.ts';

let t: TestApp;
let finance: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  finance = await signInStaff(t, { email: 'finance-release@staff.pk', roles: ['Finance'] });
});
afterAll(async () => t.close());

/** A Credit business with a limit of Rs. 1,000 that owes Rs. 1,200 (not yet due): on hold, over its limit. */
async function overLimit() {
  const db = t.database.db;
  const business = await makeBusiness(db, { paymentMode: 'Credit' });
  await db.execute(sql`update businesses set credit_limit = 1000, payment_days = 30 where id = ${business.id}`);
  const owner = await makeUser(db, { businessId: business.id, type: 'Owner' });
  await db.insert(ledgers).values({ businessId: business.id, businessUserId: owner.id, totalSpent: '1200.00', payable: '1200.00', payableBy: '2099-12-31', paymentMode: 'Credit' });
  const [product] = await makeProducts(db, 1, { price: '123.00', tax: '0.00', sellPrice: '123.00', stock: 9000 });
  const buyer = await signIn(t.app, owner.email);
  const credit = (quantity: number) =>
    t.app.inject({ method: 'POST', url: '/api/write/Orders', headers: { ...buyer, 'idempotency-key': newKey() }, payload: { payment_mode: 'Credit', order_details: [{ product_id: product?.id, quantity }] } });
  const standing = async () => body<{ data: CreditStanding }>(await t.app.inject({ method: 'GET', url: '/api/orders/credit', headers: buyer })).data;
  return { business, credit, standing };
}

const url = (businessId: number, end = false) => `/api/staff/finance/businesses/${businessId}/hold-release${end ? '/end' : ''}`;
const release = (businessId: number, payload: Record<string, unknown>) => finance.inject({ method: 'POST', url: url(businessId), payload });
const account = async (businessId: number) => body<{ data: FinanceAccount }>(await finance.inject({ method: 'GET', url: `/api/staff/finance/businesses/${businessId}` })).data;
const written = async (businessId: number) => {
  const [releases] = await t.database.db.select({ n: count() }).from(creditHoldReleases).where(eq(creditHoldReleases.businessId, businessId));
  const [audits] = await t.database.db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.entity, 'business'), eq(auditLog.entityId, String(businessId))));
  return [releases?.n, audits?.n];
};

describe('releasing a credit hold (issue 37)', () => {
  it('lets a business over its limit order on Credit up to the amount Finance released, until the release ends', async () => {
    const b = await overLimit();
    const held = await b.credit(1);
    expect(held.statusCode).toBe(409);
    expect(body(held).error).toMatch(/credit hold: it owes Rs\. 1,200\.00, above its credit limit of Rs\. 1,000\.00/);
    expect((await account(b.business.id)).hold).toMatchObject({ held: true, reason: 'over_limit' });

    const released = await release(b.business.id, { days: 3, amount: '500', reason: 'Owner promised payment on Friday' });
    expect(released.statusCode, released.body).toBe(200);
    const acc = body<{ data: FinanceAccount }>(released).data;
    expect(acc.hold).toMatchObject({ held: false, release_amount: '500.00' });
    expect(acc.available).toBe('300.00');
    const until = acc.hold.released_until as string;
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(3 * 86_400_000 - 60_000);
    expect(Date.parse(until) - Date.now()).toBeLessThanOrEqual(3 * 86_400_000);

    // The checkout is told the same release and what is available under it.
    const standing = await b.standing();
    expect(standing).toMatchObject({ hold: null, available: '300.00', release: { amount: '500.00' } });
    expect(Date.parse(standing.release?.until as string)).toBe(Date.parse(until));

    // The Rs. 123 Credit order of the issue is placed now.
    const placed = await b.credit(1);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(body<{ data: Order }>(placed).data).toMatchObject({ payment_mode: 'Credit', total_price: '123.00' });
    // Owed 1,200 + 123; the release allows 1,500: Rs. 246 more does not fit, and the refusal names the release.
    const beyond = await b.credit(2);
    expect(beyond.statusCode).toBe(409);
    expect(body(beyond).error).toMatch(/^This order of Rs\. 246\.00 would take your business above its credit limit of Rs\. 1,000\.00 plus the Rs\. 500\.00 released until \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d \(available now: Rs\. 177\.00\)\./);
    expect((await b.credit(1)).statusCode).toBe(200);

    // The audit log says who released what.
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'credit-hold.release'), eq(auditLog.entityId, String(b.business.id))));
    expect(entry).toMatchObject({ staffId: finance.staffId, entity: 'business', before: null, after: { until, days: 3, amount: '500.00', reason: 'Owner promised payment on Friday' } });

    // The release ends (its until set in the past in the database, as time would): held again.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update credit_hold_releases set until = now() - interval '1 minute' where business_id = ${b.business.id}`);
    });
    const after = await b.credit(1);
    expect(after.statusCode).toBe(409);
    expect(body(after).error).toMatch(/credit hold: it owes/);
    expect(await b.standing()).toMatchObject({ release: null, available: '0.00' });
    expect((await account(b.business.id)).hold).toMatchObject({ held: true, reason: 'over_limit', released_until: null, release_amount: null });
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const b = await overLimit();
    const good = { days: 3, amount: '500', reason: 'Owner promised payment' };
    const before = await written(b.business.id);
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ ...good, days: 0 }, /days.*at least 1 day/],
      [{ ...good, days: 31 }, /days.*at most 30 days/],
      [{ ...good, days: '3' }, /days/],
      [{ ...good, amount: '0' }, /amount.*more than 0/],
      [{ ...good, amount: '-5' }, /amount/],
      [{ ...good, amount: 'five hundred' }, /amount.*rupees/],
      [{ days: 3, reason: good.reason }, /amount/],
      [{ days: 3, amount: '500' }, /reason/],
      [{ ...good, reason: '  ' }, /reason/],
    ];
    for (const [payload, error] of bad) {
      const res = await release(b.business.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body<{ error: string }>(res).error).toMatch(error);
    }
    expect(await written(b.business.id)).toEqual(before);
    expect((await b.credit(1)).statusCode).toBe(409);
  });

  it('a new release supersedes the earlier one; Finance may end a release early', async () => {
    const b = await overLimit();
    expect((await release(b.business.id, { days: 10, amount: '5000', reason: 'Large order for the wedding season' })).statusCode).toBe(200);
    const smaller = body<{ data: FinanceAccount }>(await release(b.business.id, { days: 2, amount: '100', reason: 'Only a little more until the cheque clears' })).data;
    expect(smaller.hold).toMatchObject({ held: false, release_amount: '100.00' });
    expect(smaller.available).toBe('0.00');
    expect(await b.standing()).toMatchObject({ available: '0.00', release: { amount: '100.00' } });
    expect((await b.credit(1)).statusCode).toBe(409);
    const [superseding] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'credit-hold.release'), eq(auditLog.entityId, String(b.business.id)))).orderBy(sql`id desc`).limit(1);
    expect(superseding?.before).toMatchObject({ amount: '5000.00' });

    expect((await finance.inject({ method: 'POST', url: url(b.business.id, true), payload: { reason: '' } })).statusCode).toBe(400);
    const ended = await finance.inject({ method: 'POST', url: url(b.business.id, true), payload: { reason: 'Cheque bounced' } });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(body<{ data: FinanceAccount }>(ended).data.hold).toMatchObject({ held: true, reason: 'over_limit' });
    expect(await b.standing()).toMatchObject({ release: null });
    const [end] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'credit-hold.end'), eq(auditLog.entityId, String(b.business.id))));
    expect(end).toMatchObject({ staffId: finance.staffId, before: { amount: '100.00' }, after: { reason: 'Cheque bounced' } });
    const again = await finance.inject({ method: 'POST', url: url(b.business.id, true), payload: { reason: 'Cheque bounced' } });
    expect(again.statusCode).toBe(409);
    expect(body<{ error: string }>(again).error).toBe('No release of the credit hold is running for this business.');
    // Nothing was edited: three rows appended.
    expect((await written(b.business.id))[0]).toBe(3);
  });
});
