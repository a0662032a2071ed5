import { ORDER_NOT_PENDING } from '@shop/domain/order-rules';
import { ORDER_VERSION_REQUIRED, orderChangedText } from '@shop/domain/order-version';
import type { Order } from '@shop/domain/orders';
import { CANNOT_APPROVE, NOT_ALLOWED_TO_ORDER } from '@shop/domain/roles';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents } from '../../db/schema/order-desk.ts';
import { orderDetails, orders } from '../../db/schema/orders.ts';
import { outbox } from '../../db/schema/support.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { makeBusiness, makeUser, signIn } from '../../../test/factories.ts';
import { makeProducts } from '../../../test/order-factories.ts';
import { resetMail } from '../auth/reset.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A business with an Orderer (limit Rs. 100) who has one Pending order, and an Approver. */
async function pendingOrder() {
  const db = t.database.db;
  const business = await makeBusiness(db);
  const orderer = await makeUser(db, { businessId: business.id, type: 'Orderer', limit: '100.00' });
  const approver = await makeUser(db, { businessId: business.id, type: 'Approver' });
  const products = await makeProducts(db, 3, { price: '118.00', tax: '18.00', sellPrice: '100.00' });
  const ordererHeaders = await signIn(t.app, orderer.email);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/write/Orders',
    headers: ordererHeaders,
    payload: { payment_mode: 'Cash', order_details: [{ product_id: products[0]?.id, quantity: 2 }] },
  });
  const order = body<{ data: Order }>(res).data;
  expect(order.status).toBe('Pending');
  return { business, orderer, approver, products, order, ordererHeaders, approverHeaders: await signIn(t.app, approver.email) };
}

/** The Pending Approvals page's call: the decision and the version of the order it shows. */
const decide = (headers: Record<string, string>, id: number, status: string, version = 1) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${id}/status`, headers, payload: { status, version } });

describe('approve and reject (SPEC 4/6)', () => {
  it('an Approver approves a Pending order once; the second answer is 409', async () => {
    const { order, approverHeaders, approver } = await pendingOrder();
    const res = await decide(approverHeaders, order.id, 'In Process');
    expect(res.statusCode).toBe(200);
    expect(body<{ data: Order }>(res).data.status).toBe('In Process');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.decidedBy).toBe(approver.id);
    const again = await decide(approverHeaders, order.id, 'Rejected');
    expect(again.statusCode).toBe(409);
    expect(body(again).error).toBe(ORDER_NOT_PENDING);
  });

  it('an Approver rejects', async () => {
    const { order, approverHeaders } = await pendingOrder();
    const res = await decide(approverHeaders, order.id, 'Rejected');
    expect(body<{ data: Order }>(res).data.status).toBe('Rejected');
  });

  it("refuses non-Approvers with 'You cannot approve order!' and Approvers of another business with 404", async () => {
    const { order, ordererHeaders, business } = await pendingOrder();
    const ownerOfSame = await makeUser(t.database.db, { businessId: business.id, type: 'Owner' });
    for (const headers of [ordererHeaders, await signIn(t.app, ownerOfSame.email)]) {
      const res = await decide(headers, order.id, 'In Process');
      expect(res.statusCode).toBe(403);
      expect(body(res).error).toBe(CANNOT_APPROVE);
    }
    const stranger = await makeUser(t.database.db, { type: 'Approver' });
    const res = await decide(await signIn(t.app, stranger.email), order.id, 'In Process');
    expect(res.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('Pending');
  });

  it('refuses statuses other than In Process and Rejected', async () => {
    const { order, approverHeaders } = await pendingOrder();
    expect((await decide(approverHeaders, order.id, 'Delivered')).statusCode).toBe(400);
    expect((await decide(approverHeaders, order.id, 'Pending')).statusCode).toBe(400);
  });

  it('20 approvals of one order at once change it exactly once', async () => {
    const { order, approverHeaders } = await pendingOrder();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => decide(approverHeaders, order.id, i % 2 ? 'Rejected' : 'In Process')),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const winner = body<{ data: Order }>(results.find((r) => r.statusCode === 200) as never).data.status;
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe(winner);
  });
});

describe('an approval binds to the version the Approver was shown (issue 37)', () => {
  /** The Orderer's resubmission of their Pending order, larger: product 0 x3 and product 1 x1 (Rs. 472). */
  const resubmitLarger = (headers: Record<string, string>, id: number, products: { id: number }[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/write/Orders',
      headers,
      payload: { id, payment_mode: 'Cash', order_details: [{ product_id: products[0]?.id, quantity: 3 }, { product_id: products[1]?.id, quantity: 1 }] },
    });
  const rowOf = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
  const decisionsOf = (id: number) => t.database.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, id), eq(orderEvents.actorKind, 'buyer')));

  it('the Approver saw Rs. 236; the Orderer resubmits Rs. 472; approving or rejecting what was seen is 409 and changes nothing', async () => {
    const { order, approverHeaders, ordererHeaders, products } = await pendingOrder();
    const shown = body<{ data: Order }>(await t.app.inject({ method: 'GET', url: `/api/read/Orders/${order.id}`, headers: approverHeaders })).data;
    expect([shown.version, shown.total_price]).toEqual([1, '236.00']);
    const resubmitted = await resubmitLarger(ordererHeaders, order.id, products);
    expect(body<{ data: Order }>(resubmitted).data).toMatchObject({ status: 'Pending', version: 2, total_price: '472.00' });

    for (const status of ['In Process', 'Rejected']) {
      const res = await decide(approverHeaders, order.id, status, shown.version);
      expect(res.statusCode).toBe(409);
      expect(body(res).error).toBe(orderChangedText('472.00', '236.00'));
      expect(body(res).error).toBe('This order was changed after you opened it: it now totals Rs. 472 (was Rs. 236). Review it and decide again.');
    }
    const row = await rowOf(order.id);
    expect([row?.status, row?.version, row?.totalPrice, row?.decidedBy]).toEqual(['Pending', 2, '472.00', null]);
    expect(await decisionsOf(order.id)).toHaveLength(0);

    // Shown the order as it is now, the Approver's decision stands.
    const now = body<{ data: Order }>(await t.app.inject({ method: 'GET', url: `/api/read/Orders/${order.id}`, headers: approverHeaders })).data;
    const res = await decide(approverHeaders, order.id, 'In Process', now.version);
    expect(res.statusCode).toBe(200);
    expect(body<{ data: Order }>(res).data).toMatchObject({ status: 'In Process', version: 2, total_price: '472.00' });
  });

  it('a version the order never had is 409 too, without a total it cannot know', async () => {
    const { order, approverHeaders } = await pendingOrder();
    const res = await decide(approverHeaders, order.id, 'In Process', 7);
    expect(res.statusCode).toBe(409);
    expect(body(res).error).toBe(orderChangedText('236.00', null));
    expect((await rowOf(order.id))?.status).toBe('Pending');
  });

  it('a decision without the version is 400 with a readable text, and changes nothing', async () => {
    const { order, approverHeaders } = await pendingOrder();
    const res = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/status`, headers: approverHeaders, payload: { status: 'In Process' } });
    expect(res.statusCode).toBe(400);
    expect(body(res).error).toBe(`Invalid body field version: ${ORDER_VERSION_REQUIRED}`);
    expect((await decide(approverHeaders, order.id, 'In Process', 0)).statusCode).toBe(400);
    const row = await rowOf(order.id);
    expect([row?.status, row?.decidedBy]).toEqual(['Pending', null]);
  });

  it('a resubmission moves the version on and keeps what the version it replaced totalled; an approval at the cart moves it too', async () => {
    const { order, approverHeaders, ordererHeaders, products } = await pendingOrder();
    expect(order.version).toBe(1);
    await resubmitLarger(ordererHeaders, order.id, products);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/write/Orders',
      headers: ordererHeaders,
      payload: { id: order.id, payment_mode: 'Cash', order_details: [{ product_id: products[2]?.id, quantity: 2 }] },
    });
    expect(body<{ data: Order }>(again).data.version).toBe(3);
    // Shown version 2 (Rs. 472), the Approver is told what it was then, not what version 1 was.
    expect(body((await decide(approverHeaders, order.id, 'In Process', 2))).error).toBe(orderChangedText('236.00', '472.00'));
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/write/Orders',
      headers: approverHeaders,
      payload: { id: order.id, payment_mode: 'Cash', order_details: [{ product_id: products[2]?.id, quantity: 1 }] },
    });
    expect(body<{ data: Order }>(confirmed).data).toMatchObject({ status: 'In Process', version: 4, total_price: '118.00' });
  });

  it("mails the business's Approvers when an Orderer's order waits for them and when the Orderer changes it; a link to /pending, nothing that approves", async () => {
    const { order, approver, orderer, business, ordererHeaders, products } = await pendingOrder();
    const secondApprover = await makeUser(t.database.db, { businessId: business.id, type: 'Approver' });
    const otherBusinessApprover = await makeUser(t.database.db, { type: 'Approver' });
    const mailsTo = (email: string) => t.database.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(outbox.id);

    const [placed] = await mailsTo(approver.email);
    expect(placed?.subject).toBe(`Order ${order.order_number} waits for your approval`);
    expect(placed?.body).toContain(`${orderer.name} placed order ${order.order_number}`);
    expect(placed?.body).toContain('1 line, Rs. 236, paying Cash');

    await resubmitLarger(ordererHeaders, order.id, products);
    const mails = await mailsTo(approver.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe(`Order ${order.order_number} was changed and waits for your approval`);
    expect(mails[1]?.body).toContain(`changed order ${order.order_number}: it now totals Rs. 472 (was Rs. 236), 2 lines`);
    for (const m of mails) {
      // The only address in the mail is Pending Approvals: no link that decides, no token.
      expect(m.body.match(/https?:\/\/\S+/g)).toEqual(['http://localhost:3000/pending']);
      expect(m.body).not.toMatch(/token|status|version/i);
    }
    // Every Approver of the business (this one joined after the order was placed).
    expect((await mailsTo(secondApprover.email)).map((m) => m.subject)).toEqual([`Order ${order.order_number} was changed and waits for your approval`]);
    expect(await mailsTo(otherBusinessApprover.email)).toHaveLength(0);
    expect(await mailsTo(orderer.email)).toHaveLength(0);
  });

  it('mails no Approver for an order that needs no approval', async () => {
    const { business, products } = await pendingOrder();
    const rich = await makeUser(t.database.db, { businessId: business.id, type: 'Orderer', limit: '100000.00' });
    const before = (await t.database.db.select().from(outbox)).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/write/Orders',
      headers: await signIn(t.app, rich.email),
      payload: { payment_mode: 'Cash', order_details: [{ product_id: products[0]?.id, quantity: 1 }] },
    });
    expect(body<{ data: Order }>(res).data.status).toBe('In Process');
    expect((await t.database.db.select().from(outbox)).length).toBe(before);
  });

  it('a resubmission and an approval of the version before it, at once: the approval never takes the resubmitted order', async () => {
    for (let round = 0; round < 6; round++) {
      const { order, approverHeaders, ordererHeaders, products } = await pendingOrder();
      const [resubmitted, approved] = await Promise.all([resubmitLarger(ordererHeaders, order.id, products), decide(approverHeaders, order.id, 'In Process', 1)]);
      const row = await rowOf(order.id);
      if (approved.statusCode === 200) {
        // The approval was first: it took version 1 as shown, and the resubmission found it decided.
        expect(resubmitted.statusCode).toBe(409);
        expect([row?.status, row?.version, row?.totalPrice]).toEqual(['In Process', 1, '236.00']);
      } else {
        expect(approved.statusCode).toBe(409);
        expect(resubmitted.statusCode).toBe(200);
        expect([row?.status, row?.version, row?.totalPrice, row?.decidedBy]).toEqual(['Pending', 2, '472.00', null]);
      }
    }
  });
});

describe('the Approver confirms a pending order at the cart (SPEC 4)', () => {
  it('re-prices the edited lines and moves that same order to In Process, keeping its orderer', async () => {
    const { order, orderer, approverHeaders, products } = await pendingOrder();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/write/Orders',
      headers: approverHeaders,
      payload: {
        id: order.id,
        status: 'In Process',
        payment_mode: 'Cash',
        business_user_id: orderer.id,
        order_details: [
          { product_id: products[0]?.id, quantity: 1, unit_price: '1.00' },
          { product_id: products[1]?.id, quantity: 3, unit_price: '1.00' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const confirmed = body<{ data: Order }>(res).data;
    expect(confirmed.id).toBe(order.id);
    expect(confirmed.order_number).toBe(order.order_number);
    expect(confirmed.status).toBe('In Process');
    expect(confirmed.business_user_id).toBe(orderer.id);
    expect(confirmed.order_by).toBe(order.order_by);
    expect(confirmed.customer_id).toBe(order.customer_id);
    expect(confirmed.total_price).toBe('472.00');
    const lines = await t.database.db.select().from(orderDetails).where(eq(orderDetails.orderId, order.id));
    expect(lines.map((l) => l.quantity).sort()).toEqual([1, 3]);
    // The re-priced lines as written: each line's total is its unit price times its quantity, and they add up to the order's.
    for (const l of lines) expect(Number(l.totalPrice)).toBeCloseTo(Number(l.unitPrice) * l.quantity, 2);
    expect(lines.reduce((sum, l) => sum + Math.round(Number(l.totalPrice) * 100), 0)).toBe(47200);
    // Confirming again is refused: it is no longer Pending.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/write/Orders',
      headers: approverHeaders,
      payload: { id: order.id, payment_mode: 'Cash', order_details: [{ product_id: products[0]?.id, quantity: 1 }] },
    });
    expect(again.statusCode).toBe(409);
  });

  it("lets the order's own Orderer resubmit it edited, still under the Cash limit rule; refuses other users", async () => {
    const { order, orderer, ordererHeaders, products, business } = await pendingOrder();
    const payload = { id: order.id, payment_mode: 'Cash', order_details: [{ product_id: products[1]?.id, quantity: 1 }] };
    // Another Orderer and the Owner of the same business may not touch it.
    const otherOrderer = await makeUser(t.database.db, { businessId: business.id, type: 'Orderer', limit: '100000.00' });
    const owner = await makeUser(t.database.db, { businessId: business.id, type: 'Owner' });
    for (const email of [otherOrderer.email, owner.email]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/write/Orders', headers: await signIn(t.app, email), payload });
      expect(res.statusCode).toBe(403);
      expect(body(res).error).toBe(CANNOT_APPROVE);
    }
    const stranger = await makeUser(t.database.db, { type: 'Approver' });
    const byStranger = await t.app.inject({ method: 'POST', url: '/api/write/Orders', headers: await signIn(t.app, stranger.email), payload });
    expect(byStranger.statusCode).toBe(404);
    // The Orderer's own resubmission: the same order, re-priced, and still Pending (Rs. 118 over the Rs. 100 limit).
    const byOrderer = await t.app.inject({ method: 'POST', url: '/api/write/Orders', headers: ordererHeaders, payload: { ...payload, status: 'In Process' } });
    expect(byOrderer.statusCode).toBe(200);
    const resubmitted = body<{ data: Order }>(byOrderer).data;
    expect(resubmitted.id).toBe(order.id);
    expect(resubmitted.status).toBe('Pending');
    expect(resubmitted.business_user_id).toBe(orderer.id);
    expect(resubmitted.total_price).toBe('118.00');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('Pending');
    expect(row?.decidedBy).toBeNull();
    const lines = await t.database.db.select().from(orderDetails).where(eq(orderDetails.orderId, order.id));
    expect(lines.map((l) => [l.productId, l.quantity])).toEqual([[products[1]?.id, 1]]);
    expect(NOT_ALLOWED_TO_ORDER).toBeTruthy();
  });
});

describe('timestamps in Pakistan time (issue 15 point 8)', () => {
  it('an order placed at 02:00 Pakistan time carries that date and the +05:00 offset, in answers and mails', async () => {
    const { order, ordererHeaders, approverHeaders } = await pendingOrder();
    expect(order.created_on).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+05:00$/);
    // Stored in UTC: 21:00 on the 23rd is 02:00 on the 24th in Karachi.
    await t.database.db.update(orders).set({ createdAt: '2026-11-23T21:00:00Z' }).where(eq(orders.id, order.id));
    for (const headers of [ordererHeaders, approverHeaders]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/read/Orders/${order.id}`, headers });
      expect(body<{ data: Order }>(res).data.created_on).toBe('2026-11-24T02:00:00.000+05:00');
    }
    const list = body<{ data: Order[] }>(await t.app.inject({ method: 'GET', url: '/api/read/Orders?status=Pending', headers: approverHeaders })).data;
    expect(list.find((o) => o.id === order.id)?.created_on.split('T')[0]).toBe('2026-11-24');
    expect(resetMail('a@shop.pk', '123456', false, new Date('2026-11-23T21:00:00Z')).text).toContain('at 2026-11-24 02:10 Pakistan time');
  });
});
