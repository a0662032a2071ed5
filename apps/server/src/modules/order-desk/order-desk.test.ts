import type { DeskOrder, QueuePage, StatusCounts } from '@shop/domain/order-desk';
import type { Ledgers, Order } from '@shop/domain/orders';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/staff.ts';
import { outbox } from '../../db/schema/support.ts';
import { makeBusiness, makeUser, signIn } from '../../../test/factories.ts';
import { makeProducts, newKey } from '../../../test/order-factories.ts';
import { signInStaff } from '../../../test/staff.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let desk: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  desk = (await signInStaff(t, { email: 'desk-test@staff.pk', roles: ['Order desk'] })).headers;
});
afterAll(async () => t.close());

/** A Credit business with an Orderer and one In Process order of two lines (Rs. 118 x 3 and x 2). */
async function placedOrder(options: { paymentMode?: 'Cash' | 'Credit' } = {}) {
  const db = t.database.db;
  const business = await makeBusiness(db, { paymentMode: options.paymentMode ?? 'Credit' });
  await db.execute(sql`update businesses set credit_limit = 1000000, payment_days = 15 where id = ${business.id}`);
  const orderer = await makeUser(db, { businessId: business.id, type: 'Owner' });
  const products = await makeProducts(db, 2, { price: '118.00', tax: '18.00', sellPrice: '100.00' });
  const buyer = await signIn(t.app, orderer.email);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/write/Orders',
    headers: { ...buyer, 'idempotency-key': newKey() },
    payload: {
      payment_mode: options.paymentMode ?? 'Credit',
      order_details: [
        { product_id: products[0]?.id, quantity: 3 },
        { product_id: products[1]?.id, quantity: 2 },
      ],
    },
  });
  const order = body<{ data: Order }>(res).data;
  expect(order.status).toBe('In Process');
  return { business, orderer, buyer, order };
}

const move = (id: number, to: string, expected: string, reason?: string) =>
  t.app.inject({ method: 'POST', url: `/api/staff/orders/${id}/status`, headers: desk, payload: { to, expected_status: expected, ...(reason ? { reason } : {}) } });

describe('order desk state machine (issue 16)', () => {
  it('moves In Process → Arrange → Shipping → Delivered, each with its audit entry and a mail to the orderer', async () => {
    const { order, buyer, orderer } = await placedOrder();
    for (const [from, to] of [['In Process', 'Arrange'], ['Arrange', 'Shipping'], ['Shipping', 'Delivered']] as const) {
      const res = await move(order.id, to, from);
      expect(res.statusCode, res.body).toBe(200);
      expect(body<{ data: DeskOrder }>(res).data.status).toBe(to);
    }
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, String(order.id)));
    expect(audit.filter((a) => a.action === 'order.move').map((a) => (a.after as { status: string }).status)).toEqual(['Arrange', 'Shipping', 'Delivered']);
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.recipient, orderer.email));
    expect(mails.map((m) => m.subject)).toEqual(expect.arrayContaining([`Order ${order.order_number}: Shipping`, `Order ${order.order_number}: Delivered`]));
    // The buyer sees the real status, and the delivered amount in Outstandings at once.
    const mine = body<{ data: Order[] }>(await t.app.inject({ method: 'GET', url: '/api/read/Orders', headers: buyer })).data;
    expect(mine.find((o) => o.id === order.id)?.status).toBe('Delivered');
    const ledgers = body<{ data: Ledgers }>(await t.app.inject({ method: 'GET', url: '/api/ledgers', headers: buyer })).data;
    expect(ledgers.entries).toHaveLength(1);
    expect(ledgers.entries[0]?.payable).toBe(order.total_price);
    expect(ledgers.credit_outstanding).toBe(order.total_price);
  });

  it('refuses moves the machine does not have, and Pending orders (the Approver decides)', async () => {
    const { order } = await placedOrder();
    expect((await move(order.id, 'Delivered', 'In Process')).statusCode).toBe(409);
    expect((await move(order.id, 'Shipping', 'In Process')).statusCode).toBe(409);
    await t.database.db.execute(sql`update orders set status = 'Pending' where id = ${order.id}`);
    expect((await move(order.id, 'Arrange', 'Pending')).statusCode).toBe(409);
    expect((await move(order.id, 'Rejected', 'Pending', 'no stock')).statusCode).toBe(409);
  });

  it('of two people moving one order at once exactly one succeeds; the other gets 409', async () => {
    const { order } = await placedOrder();
    const other = (await signInStaff(t, { email: 'desk-two@staff.pk', roles: ['Order desk'] })).headers;
    const [a, b] = await Promise.all([
      move(order.id, 'Arrange', 'In Process'),
      t.app.inject({ method: 'POST', url: `/api/staff/orders/${order.id}/status`, headers: other, payload: { to: 'Rejected', expected_status: 'In Process', reason: 'Out of stock' } }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const moves = (await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, String(order.id)))).filter((e) => e.action === 'order.move');
    expect(moves).toHaveLength(1);
  });

  it('a rejection needs a reason, which the buyer reads on the order', async () => {
    const { order, buyer } = await placedOrder();
    expect((await move(order.id, 'Rejected', 'In Process')).statusCode).toBe(400);
    expect((await move(order.id, 'Rejected', 'In Process', 'Our Lahore warehouse is out of this flour')).statusCode).toBe(200);
    const seen = body<{ data: Order }>(await t.app.inject({ method: 'GET', url: `/api/read/Orders/${order.id}`, headers: buyer })).data;
    expect(seen.status).toBe('Rejected');
    expect(seen.rejection_reason).toBe('Our Lahore warehouse is out of this flour');
  });

  it('lowers a line with a reason and recomputes the totals on the server; the buyer sees the change', async () => {
    const { order, buyer } = await placedOrder();
    const line = order.order_details[0];
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${order.id}/lines/${line?.id}`,
      headers: desk,
      payload: { quantity: 1, reason: 'Picked short', expected_status: 'In Process' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = body<{ data: DeskOrder }>(res).data;
    expect(after.total_price).toBe('354.00'); // 118 x 1 + 118 x 2
    expect(after.tax_total).toBe('54.00');
    const seen = body<{ data: Order }>(await t.app.inject({ method: 'GET', url: `/api/read/Orders/${order.id}`, headers: buyer })).data;
    expect(seen.total_price).toBe('354.00');
    expect(seen.order_details.find((d) => d.id === line?.id)).toMatchObject({ quantity: 1, ordered_quantity: 3, change_reason: 'Picked short' });
    // Raising is not picking short; the last line cannot be removed.
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/orders/${order.id}/lines/${line?.id}`, headers: desk, payload: { quantity: 5, reason: 'more', expected_status: 'In Process' } })).statusCode).toBe(422);
    await t.app.inject({ method: 'POST', url: `/api/staff/orders/${order.id}/lines/${line?.id}`, headers: desk, payload: { quantity: 0, reason: 'Out of stock', expected_status: 'In Process' } });
    const last = order.order_details[1];
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/orders/${order.id}/lines/${last?.id}`, headers: desk, payload: { quantity: 0, reason: 'Out of stock', expected_status: 'In Process' } })).statusCode).toBe(422);
  });

  it('bulk moves each order it can and names the others', async () => {
    const a = await placedOrder();
    const b = await placedOrder();
    await move(b.order.id, 'Arrange', 'In Process');
    const res = await t.app.inject({ method: 'POST', url: '/api/staff/orders/bulk/status', headers: desk, payload: { ids: [a.order.id, b.order.id, 999_999], to: 'Arrange' } });
    const result = body<{ data: { moved: number[]; refused: { id: number }[] } }>(res).data;
    expect(result.moved).toEqual([a.order.id]);
    expect(result.refused.map((r) => r.id).sort()).toEqual([b.order.id, 999_999].sort());
  });

  it('picking list sums lines per product over the chosen orders; slips carry each order', async () => {
    const a = await placedOrder();
    const list = body<{ data: { lines: { quantity: number }[] } }>(
      await t.app.inject({ method: 'GET', url: `/api/staff/orders/picking-list?ids=${a.order.id}`, headers: desk }),
    ).data;
    expect(list.lines.map((l) => l.quantity).sort()).toEqual([2, 3]);
    const slips = body<{ data: DeskOrder[] }>(await t.app.inject({ method: 'GET', url: `/api/staff/orders/slips?ids=${a.order.id}`, headers: desk })).data;
    expect(slips[0]?.lines).toHaveLength(2);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/orders/slips?ids=1;drop', headers: desk })).statusCode).toBe(400);
  });
});

describe('order desk queue (issue 16)', () => {
  it('lists newest first with keyset paging, filters and counts per status', async () => {
    const made = [await placedOrder(), await placedOrder(), await placedOrder()];
    const first = body<{ data: QueuePage }>(await t.app.inject({ method: 'GET', url: '/api/staff/orders?limit=2', headers: desk })).data;
    expect(first.rows).toHaveLength(2);
    expect(first.rows[0]?.id).toBe(made[2]?.order.id);
    const second = body<{ data: QueuePage }>(await t.app.inject({ method: 'GET', url: `/api/staff/orders?limit=2&after=${encodeURIComponent(first.next ?? '')}`, headers: desk })).data;
    expect(second.rows[0]?.id).toBe(made[0]?.order.id);
    const byBusiness = body<{ data: QueuePage }>(await t.app.inject({ method: 'GET', url: `/api/staff/orders?business_id=${made[1]?.business.id}`, headers: desk })).data;
    expect(byBusiness.rows.map((r) => r.id)).toEqual([made[1]?.order.id]);
    const byNumber = body<{ data: QueuePage }>(await t.app.inject({ method: 'GET', url: `/api/staff/orders?q=${made[0]?.order.order_number}`, headers: desk })).data;
    expect(byNumber.rows.map((r) => r.id)).toEqual([made[0]?.order.id]);
    const byName = body<{ data: QueuePage }>(await t.app.inject({ method: 'GET', url: `/api/staff/orders?q=${encodeURIComponent(made[0]?.business.name ?? '')}`, headers: desk })).data;
    expect(byName.rows.map((r) => r.id)).toContain(made[0]?.order.id);
    const counts = body<{ data: StatusCounts }>(await t.app.inject({ method: 'GET', url: '/api/staff/orders/counts', headers: desk })).data;
    expect(counts.counts['In Process']).toBeGreaterThanOrEqual(3);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/orders?after=garbage', headers: desk })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/orders?status=Lost', headers: desk })).statusCode).toBe(400);
  });

  it('saved views belong to their person', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/staff/views', headers: desk, payload: { name: 'Lahore credit', filters: { city: 'Lahore', payment_mode: 'Credit' } } });
    expect(res.statusCode, res.body).toBe(200);
    const other = (await signInStaff(t, { email: 'desk-three@staff.pk', roles: ['Order desk'] })).headers;
    const theirs = body<{ data: unknown[] }>(await t.app.inject({ method: 'GET', url: '/api/staff/views', headers: other })).data;
    expect(theirs).toEqual([]);
    const id = body<{ data: { id: number } }>(res).data.id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/staff/views/${id}`, headers: other })).statusCode).toBe(404);
  });

  it('Catalogue staff and buyers are refused; Finance reads but does not move', async () => {
    const catalogue = (await signInStaff(t, { email: 'cat-test@staff.pk', roles: ['Catalogue'] })).headers;
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/orders', headers: catalogue })).statusCode).toBe(403);
    const { order, buyer } = await placedOrder();
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/orders', headers: buyer })).statusCode).toBe(401);
    const finance = (await signInStaff(t, { email: 'fin-test@staff.pk', roles: ['Finance'] })).headers;
    expect((await t.app.inject({ method: 'GET', url: `/api/staff/orders/${order.id}`, headers: finance })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/orders/${order.id}/status`, headers: finance, payload: { to: 'Arrange', expected_status: 'In Process' } })).statusCode).toBe(403);
  });
});

describe('delivery runs (issue 16)', () => {
  it('groups a city\'s orders into a run ordered by area; shipping the run moves its orders', async () => {
    const db = t.database.db;
    const a = await placedOrder();
    const b = await placedOrder();
    // A fresh test database has no places: the run's city is made here.
    await db.execute(sql`insert into cities (name) values ('Lahore') on conflict do nothing`);
    await db.execute(sql`update businesses set city_id = (select id from cities where name = 'Lahore') where id in (${a.business.id}, ${b.business.id})`);
    const res = await t.app.inject({ method: 'POST', url: '/api/staff/runs', headers: desk, payload: { run_date: '2026-11-25', city: 'Lahore', vehicle: 'LEA-1234', order_ids: [a.order.id, b.order.id] } });
    expect(res.statusCode, res.body).toBe(200);
    const run = body<{ data: { id: number; orders: unknown[] } }>(res).data;
    expect(run.orders).toHaveLength(2);
    // An order is on one run only.
    expect((await t.app.inject({ method: 'POST', url: '/api/staff/runs', headers: desk, payload: { run_date: '2026-11-25', city: 'Lahore', vehicle: 'LEA-9', order_ids: [a.order.id] } })).statusCode).toBe(409);
    const shipped = await t.app.inject({ method: 'POST', url: `/api/staff/runs/${run.id}/ship`, headers: desk });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const after = body<{ data: { run: { status: string; orders: { status: string }[] } } }>(shipped).data.run;
    expect(after.status).toBe('Shipping');
    expect(after.orders.map((o) => o.status)).toEqual(['Shipping', 'Shipping']);
  });
});
