// Issue 36, SPEC 9 "Policy facts" through the API: a city's minimum order value (set by staff, audited,
// none until set), the buyer's reference and requested delivery day at checkout, and a request to cancel
// or change an order within two hours of its confirmation, answered by the order desk.
import { formatKarachiDateTime } from '@shop/domain/karachi-time';
import type { DeskOrder, QueuePage } from '@shop/domain/order-desk';
import type { Invoice, Order } from '@shop/domain/orders';
import type { StaffCity } from '@shop/domain/places';
import {
  addDays,
  deliveryDayChoices,
  formatDeliveryDay,
  OPEN_REQUEST_EXISTS,
  ORDER_REFERENCE_MAX,
  ORDER_REFERENCE_TOO_LONG,
  type OrderPolicy,
  REQUEST_ALREADY_ANSWERED,
} from '@shop/domain/policy-facts';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestHeaders, makeBusiness, makeUser, signIn } from '../../../test/factories.ts';
import { makeProducts, newKey } from '../../../test/order-factories.ts';
import { type SignedInStaff, signInStaff } from '../../../test/staff.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { businesses } from '../../db/schema/business.ts';
import { orderChangeRequests } from '../../db/schema/order-desk.ts';
import { orders } from '../../db/schema/orders.ts';
import { auditLog } from '../../db/schema/staff.ts';
import { KEY_REUSED } from './orders-read.service.ts';

let t: TestApp;
let admin: SignedInStaff;
let desk: SignedInStaff;
let clerk: SignedInStaff;
let product: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInStaff(t, { email: 'policy-admin@staff.pk', roles: ['Admin'] });
  desk = await signInStaff(t, { email: 'policy-desk@staff.pk', roles: ['Order desk'], name: 'Desk Clerk' });
  clerk = await signInStaff(t, { email: 'policy-catalogue@staff.pk', roles: ['Catalogue'] });
  // Rs. 118.00 each (Rs. 18.00 tax in it).
  const [made] = await makeProducts(t.database.db, 1);
  if (!made) throw new Error('no product');
  product = made;
});
afterAll(async () => t.close());

let cities = 0;
const cityBody = (name: string, extra: Record<string, unknown> = {}) => ({ name, active: true, delivery_days: [1, 2, 3, 4, 5, 6, 7], cutoff_time: '23:59', ...extra });

/** A city made by the Admin, and a business in it with an Owner signed in. */
async function shopIn(extra: Record<string, unknown> = {}) {
  const name = `Policy Town ${++cities}`;
  const res = await admin.inject({ method: 'POST', url: '/api/staff/cities', payload: cityBody(name, extra) });
  expect(res.statusCode, res.body).toBe(200);
  const city = body<{ data: StaffCity }>(res).data;
  const business = await makeBusiness(t.database.db);
  await t.database.db.update(businesses).set({ cityId: city.id }).where(eq(businesses.id, business.id));
  const owner = await makeUser(t.database.db, { businessId: business.id, type: 'Owner' });
  return { city, business, owner, headers: await signIn(t.app, owner.email) };
}

const place = (headers: Record<string, string>, extra: Record<string, unknown> = {}, quantity = 1, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/write/Orders',
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { payment_mode: 'Cash', order_details: [{ product_id: product.id, quantity }], ...extra },
  });
const orderCount = async () => (await t.database.db.select({ n: count() }).from(orders))[0]?.n ?? 0;
const requestCount = async () => (await t.database.db.select({ n: count() }).from(orderChangeRequests))[0]?.n ?? 0;
const policyOf = async (headers: Record<string, string>) => body<{ data: OrderPolicy }>(await t.app.inject({ method: 'GET', url: '/api/orders/policy', headers })).data;
const audits = (entity: string, id: number) => t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id)))).orderBy(auditLog.id);
const putCity = (city: StaffCity, extra: Record<string, unknown>) =>
  admin.inject({ method: 'PUT', url: `/api/staff/cities/${city.id}`, payload: cityBody(city.name, { delivery_days: city.delivery_days, cutoff_time: city.cutoff_time, ...extra }) });

/** Pakistan's date and time now ('YYYY-MM-DD', 'HH:MM'). */
const karachiNow = () => formatKarachiDateTime(new Date()).split(' ') as [string, string];

describe('minimum order value per city (issue 36)', () => {
  it('none until the Admin sets one; then an order below it is refused with how much more is needed, and nothing is written', async () => {
    const shop = await shopIn();
    expect(shop.city.min_order_value).toBeNull();
    expect(await policyOf(shop.headers)).toMatchObject({ city: shop.city.name, min_order_value: null });
    expect((await place(shop.headers)).statusCode).toBe(200);

    const set = await putCity(shop.city, { min_order_value: '1000' });
    expect(set.statusCode, set.body).toBe(200);
    expect(body<{ data: StaffCity }>(set).data.min_order_value).toBe('1000.00');
    const [, update] = await audits('city', shop.city.id);
    expect(update?.before).toMatchObject({ min_order_value: null });
    expect(update?.after).toMatchObject({ min_order_value: '1000.00' });
    expect(await policyOf(shop.headers)).toMatchObject({ min_order_value: '1000.00' });

    const before = await orderCount();
    // 2 x Rs. 118 = Rs. 236: Rs. 764 short.
    const below = await place(shop.headers, {}, 2);
    expect(below.statusCode).toBe(422);
    expect(body(below).error).toBe(`The minimum order in ${shop.city.name} is Rs. 1,000. Add Rs. 764 more to place this order.`);
    expect(await orderCount()).toBe(before);
    // 9 x Rs. 118 = Rs. 1,062.
    const enough = await place(shop.headers, {}, 9);
    expect(enough.statusCode, enough.body).toBe(200);
    expect(body<{ data: Order }>(enough).data.total_price).toBe('1062.00');
  });

  it('a change of the city that leaves the minimum out keeps it; null clears it (audited)', async () => {
    const shop = await shopIn({ min_order_value: '5000' });
    expect(shop.city.min_order_value).toBe('5000.00');
    const kept = await putCity(shop.city, { cutoff_time: '17:00' });
    expect(body<{ data: StaffCity }>(kept).data).toMatchObject({ cutoff_time: '17:00', min_order_value: '5000.00' });
    const cleared = await putCity(shop.city, { min_order_value: null });
    expect(body<{ data: StaffCity }>(cleared).data.min_order_value).toBeNull();
    expect((await audits('city', shop.city.id)).map((a) => (a.after as { min_order_value: string | null }).min_order_value)).toEqual(['5000.00', '5000.00', null]);
    expect((await place(shop.headers)).statusCode).toBe(200);
  });

  it('refuses a minimum that is not whole rupees above 0, and other roles; nothing changes', async () => {
    const shop = await shopIn({ min_order_value: '2000' });
    for (const bad of ['0', '-1', '2500.50', 'lots', '', 2500]) {
      const res = await putCity(shop.city, { min_order_value: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(body(res).error).toBeTypeOf('string');
    }
    expect((await clerk.inject({ method: 'PUT', url: `/api/staff/cities/${shop.city.id}`, payload: cityBody(shop.city.name, { min_order_value: '1' }) })).statusCode).toBe(403);
    const list = body<{ data: StaffCity[] }>(await admin.inject({ method: 'GET', url: '/api/staff/cities' })).data;
    expect(list.find((c) => c.id === shop.city.id)?.min_order_value).toBe('2000.00');
    expect(await audits('city', shop.city.id)).toHaveLength(1);
  });

  it("an Approver's confirmation of a pending order meets the minimum of the day too", async () => {
    const shop = await shopIn();
    const orderer = await makeUser(t.database.db, { businessId: shop.business.id, type: 'Orderer', limit: '0' });
    const approver = await makeUser(t.database.db, { businessId: shop.business.id, type: 'Approver' });
    const pending = body<{ data: Order }>(await place(await signIn(t.app, orderer.email), {}, 3)).data;
    expect(pending.status).toBe('Pending');
    await putCity(shop.city, { min_order_value: '500' });
    const approverHeaders = await signIn(t.app, approver.email);
    const confirm = (quantity: number) => place(approverHeaders, { id: pending.id }, quantity);
    const refused = await confirm(3);
    expect(refused.statusCode).toBe(422);
    expect(body(refused).error).toContain('Add Rs. 146 more');
    const [still] = await t.database.db.select({ status: orders.status, version: orders.version }).from(orders).where(eq(orders.id, pending.id));
    expect(still).toEqual({ status: 'Pending', version: 1 });
    const confirmed = await confirm(5);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(body<{ data: Order }>(confirmed).data).toMatchObject({ status: 'In Process', total_price: '590.00' });
  });
});

describe('order reference and requested delivery day (issue 36)', () => {
  it('are kept with the order and shown on the order, the desk queue, the order desk, the slip and the invoice', async () => {
    const shop = await shopIn({ delivery_days: [1, 2, 3, 4, 5, 6] });
    const policy = await policyOf(shop.headers);
    expect(policy).toMatchObject({ city: shop.city.name, delivery_days: [1, 2, 3, 4, 5, 6], cutoff_time: '23:59' });
    const day = deliveryDayChoices(policy, policy.now)[1] as string;
    const res = await place(shop.headers, { order_reference: '  PO-4471/B ', requested_delivery_day: day });
    expect(res.statusCode, res.body).toBe(200);
    const order = body<{ data: Order }>(res).data;
    expect(order).toMatchObject({ order_reference: 'PO-4471/B', requested_delivery_day: day });
    const read = body<{ data: Order }>(await t.app.inject({ method: 'GET', url: `/api/read/Orders/${order.id}`, headers: shop.headers })).data;
    expect(read).toEqual(order);

    const queue = body<{ data: QueuePage }>(await desk.inject({ method: 'GET', url: `/api/staff/orders?business_id=${shop.business.id}` })).data;
    expect(queue.rows[0]).toMatchObject({ id: order.id, order_reference: 'PO-4471/B', requested_delivery_day: day, open_request: null });
    const slips = body<{ data: DeskOrder[] }>(await desk.inject({ method: 'GET', url: `/api/staff/orders/slips?ids=${order.id}` })).data;
    expect(slips[0]).toMatchObject({ order_reference: 'PO-4471/B', requested_delivery_day: day });

    for (const [to, from] of [['Arrange', 'In Process'], ['Shipping', 'Arrange'], ['Delivered', 'Shipping']] as const) {
      const moved = await desk.inject({ method: 'POST', url: `/api/staff/orders/${order.id}/status`, payload: { to, expected_status: from } });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const invoices = body<{ data: Invoice[] }>(await t.app.inject({ method: 'GET', url: '/api/read/Invoices', headers: shop.headers })).data;
    expect(invoices.find((i) => i.order_id === order.id)).toMatchObject({ order_reference: 'PO-4471/B', requested_delivery_day: day });
  });

  it('are optional: an order without them is placed as before', async () => {
    const shop = await shopIn();
    const order = body<{ data: Order }>(await place(shop.headers, { order_reference: '' })).data;
    expect(order).toMatchObject({ order_reference: null, requested_delivery_day: null, change_requests: [] });
    expect(order.confirmed_on).toMatch(/^\d{4}-\d{2}-\d{2}T.*\+05:00$/);
  });

  it('refuse a day the city does not deliver, one past the cut-off, one too far ahead and a reference over 40 characters, with the reason; nothing is written', async () => {
    // Delivered on Wednesdays only.
    const wednesdays = await shopIn({ delivery_days: [3] });
    const policy = await policyOf(wednesdays.headers);
    const [wednesday] = deliveryDayChoices(policy, policy.now) as [string];
    const thursday = addDays(wednesday, 1);
    const before = await orderCount();
    const notDelivered = await place(wednesdays.headers, { requested_delivery_day: thursday });
    expect(notDelivered.statusCode).toBe(400);
    expect(body(notDelivered).error).toBe(`We do not deliver in ${wednesdays.city.name} on Thursdays (${formatDeliveryDay(thursday)}): deliveries in ${wednesdays.city.name} are Wed.`);
    const tooFar = await place(wednesdays.headers, { requested_delivery_day: addDays(wednesday, 21) });
    expect(tooFar.statusCode).toBe(400);
    expect(body(tooFar).error).toContain('up to 14 days ahead');

    // Every day delivered, cut-off at midnight: tomorrow is past the cut-off from 00:01 on.
    const [today, time] = karachiNow();
    const late = await shopIn({ cutoff_time: '00:00' });
    const tomorrow = await place(late.headers, { requested_delivery_day: addDays(today, 1) });
    if (time > '00:00') {
      expect(tomorrow.statusCode).toBe(400);
      expect(body(tomorrow).error).toMatch(/is too soon: orders placed now in Policy Town \d+ can be delivered on .* at the earliest \(orders placed by 12:00 am go out on the next delivery day\)\.$/);
    }
    const yesterday = await place(late.headers, { requested_delivery_day: addDays(today, -1) });
    expect(yesterday.statusCode).toBe(400);
    expect(body(yesterday).error).toContain('is too soon');

    const long = await place(late.headers, { order_reference: 'R'.repeat(41) });
    expect(long.statusCode).toBe(400);
    expect(body(long).error).toContain(ORDER_REFERENCE_TOO_LONG);
    for (const bad of ['next week', '2026-02-30', 20261125]) {
      const res = await place(late.headers, { requested_delivery_day: bad });
      expect(res.statusCode, String(bad)).toBe(400);
    }
    expect(await orderCount()).toBe(before + (time > '00:00' ? 0 : 1));

    // The day after tomorrow (a delivery day) is accepted, with the longest reference.
    const fine = await place(late.headers, { requested_delivery_day: addDays(today, 2), order_reference: 'R'.repeat(40) });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('the database holds the same bound as the domain (ORDER_REFERENCE_MAX), and a minimum above 0', async () => {
    const shop = await shopIn();
    const order = body<{ data: Order }>(await place(shop.headers)).data;
    const setReference = (text: string) => t.database.db.update(orders).set({ orderReference: text }).where(eq(orders.id, order.id));
    await setReference('R'.repeat(ORDER_REFERENCE_MAX));
    await expect(setReference('R'.repeat(ORDER_REFERENCE_MAX + 1))).rejects.toThrow();
    await expect(setReference('')).rejects.toThrow();
    await expect(t.database.db.execute(sql`update cities set min_order_value = 0 where id = ${shop.city.id}`)).rejects.toThrow();
  });

  it('a business without a city may not ask for a day; an Idempotency-Key reused with another reference is refused', async () => {
    const business = await makeBusiness(t.database.db);
    const owner = await makeUser(t.database.db, { businessId: business.id, type: 'Owner' });
    const headers = await signIn(t.app, owner.email);
    expect(await policyOf(headers)).toMatchObject({ city: null, min_order_value: null, delivery_days: [], cutoff_time: null });
    const [today] = karachiNow();
    const refused = await place(headers, { requested_delivery_day: addDays(today, 3) });
    expect(refused.statusCode).toBe(400);
    expect(body(refused).error).toContain('no delivery days');

    const key = newKey();
    expect((await place(headers, { order_reference: 'PO-1' }, 1, key)).statusCode).toBe(200);
    expect(body<{ data: Order }>(await place(headers, { order_reference: 'PO-1' }, 1, key)).data.order_reference).toBe('PO-1');
    const reused = await place(headers, { order_reference: 'PO-2' }, 1, key);
    expect(reused.statusCode).toBe(422);
    expect(body(reused).error).toBe(KEY_REUSED);
  });
});

describe('a request to cancel or change an order within two hours of its confirmation (issue 36)', () => {
  const ask = (headers: Record<string, string>, id: number, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${id}/change-requests`, headers, payload });
  const answer = (who: SignedInStaff, id: number, requestId: number, payload: Record<string, unknown>) =>
    who.inject({ method: 'POST', url: `/api/staff/orders/${id}/change-requests/${requestId}`, payload });

  it('lands flagged in the desk queue; the desk answers with a note (audited); the buyer reads the answer on the order', async () => {
    const shop = await shopIn();
    const order = body<{ data: Order }>(await place(shop.headers)).data;
    const sent = await ask(shop.headers, order.id, { kind: 'cancel', reason: '  Ordered twice by mistake ' });
    expect(sent.statusCode, sent.body).toBe(200);
    const [request] = body<{ data: Order }>(sent).data.change_requests;
    expect(request).toMatchObject({ kind: 'cancel', reason: 'Ordered twice by mistake', status: 'open', answer_note: null, answered_on: null });

    // One waits at a time.
    const again = await ask(shop.headers, order.id, { kind: 'change', reason: 'Make it 5 instead' });
    expect(again.statusCode).toBe(409);
    expect(body(again).error).toBe(OPEN_REQUEST_EXISTS);

    const flagged = body<{ data: QueuePage }>(await desk.inject({ method: 'GET', url: '/api/staff/orders?request=open' })).data;
    expect(flagged.rows.map((r) => [r.id, r.open_request])).toContainEqual([order.id, 'cancel']);
    expect(flagged.rows.every((r) => r.open_request !== null)).toBe(true);

    const id = request?.id as number;
    for (const bad of [{ decision: 'maybe', note: 'Fine' }, { decision: 'accepted', note: ' ' }, { decision: 'accepted' }]) {
      expect((await answer(desk, order.id, id, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await answer(clerk, order.id, id, { decision: 'accepted', note: 'Done' })).statusCode).toBe(403);
    const answered = await answer(desk, order.id, id, { decision: 'accepted', note: 'We will not send it; nothing to pay.' });
    expect(answered.statusCode, answered.body).toBe(200);
    const deskOrder = body<{ data: DeskOrder }>(answered).data;
    expect(deskOrder.change_requests[0]).toMatchObject({ status: 'accepted', answer_note: 'We will not send it; nothing to pay.', answered_by: 'Desk Clerk' });
    expect(deskOrder.events.map((e) => e.action)).toEqual(expect.arrayContaining(['cancellation requested', 'cancellation request accepted']));
    const [entry] = await audits('order_change_request', id);
    expect(entry).toMatchObject({ action: 'order.change_request', staffId: desk.staffId });
    expect(entry?.after).toMatchObject({ order_id: order.id, status: 'accepted', note: 'We will not send it; nothing to pay.' });

    // Answered once: a second answer is refused and changes nothing.
    const twice = await answer(desk, order.id, id, { decision: 'declined', note: 'No, sorry' });
    expect(twice.statusCode).toBe(409);
    expect(body(twice).error).toBe(REQUEST_ALREADY_ANSWERED);
    const seen = body<{ data: Order }>(await t.app.inject({ method: 'GET', url: `/api/read/Orders/${order.id}`, headers: shop.headers })).data;
    expect(seen.change_requests).toEqual([expect.objectContaining({ status: 'accepted', answer_note: 'We will not send it; nothing to pay.' })]);
    expect(seen.change_requests[0]?.answered_on).toMatch(/\+05:00$/);
    expect(seen.change_requests[0]).not.toHaveProperty('answered_by');
    const queue = body<{ data: QueuePage }>(await desk.inject({ method: 'GET', url: `/api/staff/orders?business_id=${shop.business.id}` })).data;
    expect(queue.rows.find((r) => r.id === order.id)?.open_request).toBeNull();
    // Another request may follow the answer, within the two hours.
    expect((await ask(shop.headers, order.id, { kind: 'change', reason: 'Please add 2 more cartons' })).statusCode).toBe(200);
  });

  it('after the two hours, on a delivered, pending or rejected order, or with bad input: refused with the reason, nothing written', async () => {
    const shop = await shopIn();
    const late = body<{ data: Order }>(await place(shop.headers)).data;
    await t.database.db.update(orders).set({ confirmedAt: sql`now() - interval '2 hours 1 minute'` }).where(eq(orders.id, late.id));
    const n = await requestCount();
    const afterWindow = await ask(shop.headers, late.id, { kind: 'cancel', reason: 'Too late to ask?' });
    expect(afterWindow.statusCode).toBe(409);
    expect(body(afterWindow).error).toMatch(new RegExp(`^An order can be cancelled or changed within two hours of its confirmation\\. Order ${late.order_number} was confirmed on .*; that time ended at .*\\. Please message us\\.$`));

    // Just within the window is still open.
    const fresh = body<{ data: Order }>(await place(shop.headers)).data;
    await t.database.db.update(orders).set({ confirmedAt: sql`now() - interval '1 hour 58 minutes'` }).where(eq(orders.id, fresh.id));

    const delivered = body<{ data: Order }>(await place(shop.headers)).data;
    await t.database.db.update(orders).set({ status: 'Delivered' }).where(eq(orders.id, delivered.id));
    const onDelivered = await ask(shop.headers, delivered.id, { kind: 'change', reason: 'One carton was short' });
    expect(onDelivered.statusCode).toBe(409);
    expect(body(onDelivered).error).toBe(`Order ${delivered.order_number} has been delivered, so it can no longer be cancelled or changed. For a return or an exchange (within 7 days), please message us.`);

    const orderer = await makeUser(t.database.db, { businessId: shop.business.id, type: 'Orderer', limit: '0' });
    const ordererHeaders = await signIn(t.app, orderer.email);
    const pending = body<{ data: Order }>(await place(ordererHeaders)).data;
    expect(pending).toMatchObject({ status: 'Pending', confirmed_on: null });
    expect((await ask(ordererHeaders, pending.id, { kind: 'cancel', reason: 'Not needed now' })).statusCode).toBe(409);

    for (const bad of [{ kind: 'refund', reason: 'Give me my money' }, { kind: 'cancel', reason: 'no' }, { kind: 'cancel', reason: 'x'.repeat(501) }, { kind: 'cancel' }]) {
      expect((await ask(shop.headers, fresh.id, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    // Another business's order is not found; a guest may not ask.
    const other = await shopIn();
    expect((await ask(other.headers, fresh.id, { kind: 'cancel', reason: 'Not mine at all' })).statusCode).toBe(404);
    expect((await ask(await guestHeaders(t.app), fresh.id, { kind: 'cancel', reason: 'Not mine at all' })).statusCode).toBe(403);
    expect(await requestCount()).toBe(n);

    expect((await ask(shop.headers, fresh.id, { kind: 'change', reason: 'Send it on Friday please' })).statusCode).toBe(200);
    expect(await requestCount()).toBe(n + 1);
  });

  it("an Approver's approval confirms the order: its two hours start then", async () => {
    const shop = await shopIn();
    const orderer = await makeUser(t.database.db, { businessId: shop.business.id, type: 'Orderer', limit: '0' });
    const approver = await makeUser(t.database.db, { businessId: shop.business.id, type: 'Approver' });
    const ordererHeaders = await signIn(t.app, orderer.email);
    const pending = body<{ data: Order }>(await place(ordererHeaders)).data;
    const approved = await t.app.inject({ method: 'POST', url: `/api/orders/${pending.id}/status`, headers: await signIn(t.app, approver.email), payload: { status: 'In Process', version: 1 } });
    expect(approved.statusCode, approved.body).toBe(200);
    const order = body<{ data: Order }>(approved).data;
    expect(order.confirmed_on).not.toBeNull();
    expect(Date.parse(order.confirmed_on as string)).toBeGreaterThan(Date.parse(order.created_on) - 1);
    expect((await ask(ordererHeaders, pending.id, { kind: 'change', reason: 'Half of the rice please' })).statusCode).toBe(200);
  });
});
