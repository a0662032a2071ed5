import { NOT_ALLOWED_TO_ORDER } from '@shop/domain/roles';
import { stockShortText } from '@shop/domain/order-rules';
import type { Order } from '@shop/domain/orders';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, businessUsers } from '../../db/schema/business.ts';
import { products } from '../../db/schema/catalogue.ts';
import { orderDetails, orders } from '../../db/schema/orders.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { guestHeaders, makeBusiness, makeUser, signIn } from '../../../test/factories.ts';
import { makeProducts, newKey, setCustomerPrice } from '../../../test/order-factories.ts';
import { KEY_REUSED } from './orders-read.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const place = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/write/Orders', headers, payload: payload as object });
const orderCount = async () => (await t.database.db.select({ n: count() }).from(orders))[0]?.n ?? 0;
const detailCount = async () => (await t.database.db.select({ n: count() }).from(orderDetails))[0]?.n ?? 0;

async function owner(paymentMode: 'Cash' | 'Credit' | 'Advance' = 'Cash') {
  const business = await makeBusiness(t.database.db, { paymentMode });
  const user = await makeUser(t.database.db, { businessId: business.id, type: 'Owner' });
  return { business, user, headers: await signIn(t.app, user.email) };
}

describe('who may place an order (SPEC 5/6)', () => {
  it('refuses a Guest and an Approver without a pending order', async () => {
    const [p] = await makeProducts(t.database.db, 1);
    const line = { product_id: p?.id, quantity: 1 };
    const before = await orderCount();
    const guest = await place(await guestHeaders(t.app), { payment_mode: 'Cash', order_details: [line] });
    expect(guest.statusCode).toBe(403);
    expect(body(guest).error).toBe(NOT_ALLOWED_TO_ORDER);
    const approver = await makeUser(t.database.db, { type: 'Approver' });
    const res = await place(await signIn(t.app, approver.email), { payment_mode: 'Cash', order_details: [line] });
    expect(res.statusCode).toBe(403);
    expect(body(res).error).toBe(NOT_ALLOWED_TO_ORDER);
    const none = await t.app.inject({ method: 'POST', url: '/api/write/Orders', payload: { payment_mode: 'Cash', order_details: [line] } });
    expect(none.statusCode).toBe(401);
    expect(await orderCount()).toBe(before);
  });
});

describe('pricing and totals (SPEC 4/9)', () => {
  it('prices every line from the database and ignores the prices, totals and status sent', async () => {
    const { business, user, headers } = await owner();
    const [list, sale, locked] = await makeProducts(t.database.db, 3, { price: '118.00', tax: '18.00', sellPrice: '100.00' });
    await t.database.db.update(products).set({ sale: true, salePrice: '59.00' }).where(eq(products.id, sale?.id as number));
    await setCustomerPrice(t.database.db, business.id, locked?.id as number, '94.40');
    const res = await place(headers, {
      payment_mode: 'Cash',
      status: 'Delivered',
      total_price: '1.00',
      paid_amount: '1.00',
      order_details: [
        { product_id: list?.id, quantity: 3, unit_price: '0.01', total_price: '0.03' },
        { product_id: sale?.id, quantity: 2, unit_price: '0.01' },
        { product_id: locked?.id, quantity: 1, unit_price: '0.01' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const order = body<{ data: Order }>(res).data;
    expect(order.order_details.map((d) => [d.unit_price, d.total_price, d.tax, d.sell_price])).toEqual([
      ['118.00', '354.00', '18.00', '100.00'],
      ['59.00', '118.00', '9.00', '50.00'],
      ['94.40', '94.40', '14.40', '80.00'],
    ]);
    // 354 + 118 + 94.40
    expect(order.total_price).toBe('566.40');
    expect(order.tax_total).toBe('86.40');
    expect(order.sell_price_total).toBe('480.00');
    expect(order.discount_price).toBe('0.00');
    expect(order.paid_amount).toBe('0.00');
    expect(order.remaining_amount).toBe('566.40');
    expect(order.status).toBe('In Process');
    expect(order.business_id).toBe(business.id);
    expect(order.business_user_id).toBe(user.id);
    expect(order.address).toBe(user.address);
    expect(order.order_number).toMatch(/^ORD-\d{4}-\d{6,}$/);
    expect(order.created_on).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // The answer is exactly what was stored.
    const stored = await t.app.inject({ method: 'GET', url: `/api/read/Orders/${order.id}`, headers });
    expect(body<{ data: Order }>(stored).data).toEqual(order);
  });

  it('sums exactly without floating point drift', async () => {
    const { headers } = await owner();
    const ps = await makeProducts(t.database.db, 10, { price: '0.10', tax: '0.00', sellPrice: '0.10' });
    const res = await place(headers, { payment_mode: 'Cash', order_details: ps.map((p) => ({ product_id: p.id, quantity: 3 })) });
    expect(body<{ data: Order }>(res).data.total_price).toBe('3.00');
  });
});

describe('status decision (SPEC 4)', () => {
  it('an Orderer paying Cash within the limit is In Process, above it Pending', async () => {
    const business = await makeBusiness(t.database.db);
    const orderer = await makeUser(t.database.db, { businessId: business.id, type: 'Orderer', limit: '500.00' });
    const headers = await signIn(t.app, orderer.email);
    const [p] = await makeProducts(t.database.db, 1, { price: '100.00', tax: '0.00', sellPrice: '100.00' });
    const atLimit = await place(headers, { payment_mode: 'Cash', order_details: [{ product_id: p?.id, quantity: 5 }] });
    expect(body<{ data: Order }>(atLimit).data.status).toBe('In Process');
    const over = await place(headers, { payment_mode: 'Cash', order_details: [{ product_id: p?.id, quantity: 6 }] });
    expect(body<{ data: Order }>(over).data.status).toBe('Pending');
  });

  it('the limit does not apply to Credit orders', async () => {
    const business = await makeBusiness(t.database.db, { paymentMode: 'Credit' });
    // Within the business's credit limit (issue 14.12 checks Credit orders against it, not the user's limit).
    await t.database.db.update(businesses).set({ creditLimit: '100000.00' }).where(eq(businesses.id, business.id));
    const orderer = await makeUser(t.database.db, { businessId: business.id, type: 'Orderer', limit: '0.00' });
    const [p] = await makeProducts(t.database.db, 1);
    const res = await place(await signIn(t.app, orderer.email), { payment_mode: 'Credit', order_details: [{ product_id: p?.id, quantity: 9 }] });
    expect(res.statusCode).toBe(200);
    expect(body<{ data: Order }>(res).data.status).toBe('In Process');
    expect(body<{ data: Order }>(res).data.payment_mode).toBe('Credit');
  });

  it("reads the user's type and limit from the database, not the token", async () => {
    const business = await makeBusiness(t.database.db);
    const orderer = await makeUser(t.database.db, { businessId: business.id, type: 'Orderer', limit: '100000.00' });
    const headers = await signIn(t.app, orderer.email);
    await t.database.db.update(businessUsers).set({ limit: '1.00' }).where(eq(businessUsers.id, orderer.id));
    const [p] = await makeProducts(t.database.db, 1);
    const res = await place(headers, { payment_mode: 'Cash', order_details: [{ product_id: p?.id, quantity: 1 }] });
    expect(body<{ data: Order }>(res).data.status).toBe('Pending');
  });
});

describe('bad input: 4xx with an error text and nothing written', () => {
  it('refuses each case', async () => {
    const { business, headers } = await owner();
    const other = await makeUser(t.database.db);
    const [p] = await makeProducts(t.database.db, 1, { stock: 5 });
    const [out] = await makeProducts(t.database.db, 1, { stock: 0 });
    const line = (extra: object) => ({ payment_mode: 'Cash', order_details: [{ product_id: p?.id, quantity: 1, ...extra }] });
    const cases: [string, unknown, number][] = [
      ['negative quantity', line({ quantity: -1 }), 400],
      ['zero quantity', line({ quantity: 0 }), 400],
      ['fractional quantity', line({ quantity: 1.5 }), 400],
      ['huge quantity', line({ quantity: 1e12 }), 400],
      ['quantity as text', line({ quantity: '2' }), 400],
      ['quantity missing', { payment_mode: 'Cash', order_details: [{ product_id: p?.id }] }, 400],
      ['unknown product', line({ product_id: 2_000_000_000 }), 400],
      ['product id not a number', line({ product_id: 'abc' }), 400],
      ['out of stock', line({ product_id: out?.id }), 409],
      ['more than the stock', line({ quantity: 6 }), 409],
      ['no lines', { payment_mode: 'Cash', order_details: [] }, 400],
      ['no order_details', { payment_mode: 'Cash' }, 400],
      ['unknown payment mode', { ...line({}), payment_mode: 'Bitcoin' }, 400],
      ['Credit for a Cash business', { ...line({}), payment_mode: 'Credit' }, 400],
      ["another business's id", { ...line({}), business_id: other.businessId }, 403],
      ["another user's id", { ...line({}), business_user_id: other.id }, 403],
      ['an unknown field', { ...line({}), discount: '100' }, 400],
      ['duplicate lines above the maximum', { payment_mode: 'Cash', order_details: [{ product_id: p?.id, quantity: 9999 }, { product_id: p?.id, quantity: 9999 }] }, 400],
    ];
    const before = [await orderCount(), await detailCount()];
    for (const [name, payload, status] of cases) {
      const res = await place(headers, payload);
      expect(res.statusCode, name).toBe(status);
      expect(typeof body(res).error, name).toBe('string');
      expect(body(res).error, name).not.toMatch(/select|insert|violates|stack/i);
    }
    const empty = await place(headers, { payment_mode: 'Cash', order_details: [] });
    expect(body(empty).error).toContain('Order already checked');
    // Issue 15 point 9: the buyer is told at the quantity, and the server still refuses it, by name.
    expect(body(await place(headers, line({ quantity: 6 }))).error).toBe(stockShortText(p?.name ?? '', 5));
    expect(stockShortText('Basmati Rice', 1)).toBe('Only 1 piece of Basmati Rice is in stock.');
    expect([await orderCount(), await detailCount()]).toEqual(before);
    // The own business id is accepted.
    expect((await place(headers, { ...line({}), business_id: business.id })).statusCode).toBe(200);
  });
});

describe('statement budget', () => {
  for (const lines of [1, 5, 50]) {
    it(`places an order of ${lines} lines in at most 8 SQL statements`, async () => {
      const { headers } = await owner();
      const ps = await makeProducts(t.database.db, lines);
      const payload = { payment_mode: 'Cash', order_details: ps.map((p) => ({ product_id: p.id, quantity: 2 })) };
      t.queries.reset();
      const res = await place({ ...headers, 'idempotency-key': newKey() }, payload);
      const statements = t.queries.count;
      expect(res.statusCode).toBe(200);
      expect(body<{ data: Order }>(res).data.order_details).toHaveLength(lines);
      // Context with prices, then order and lines in one statement: flat whatever the size (budget 8).
      expect(statements).toBe(2);
    });
  }
});

describe('idempotency', () => {
  it('a retried request answers the first order instead of making a second', async () => {
    const { user, headers } = await owner();
    const ps = await makeProducts(t.database.db, 2);
    const key = newKey();
    const payload = { payment_mode: 'Cash', order_details: [{ product_id: ps[0]?.id, quantity: 1 }] };
    const first = body<{ data: Order }>(await place({ ...headers, 'idempotency-key': key }, payload)).data;
    // The same body again (prices and totals the server ignores may differ) is the same order.
    const again = await place({ ...headers, 'idempotency-key': key }, { ...payload, total_price: '1.00' });
    expect(again.statusCode).toBe(200);
    expect(body<{ data: Order }>(again).data).toEqual(first);
    // Issue 14.13: the key with another body is not answered with the first order as if it were this one.
    for (const other of [
      { ...payload, order_details: [{ product_id: ps[1]?.id, quantity: 1 }] },
      { ...payload, order_details: [{ product_id: ps[0]?.id, quantity: 2 }] },
      { ...payload, order_details: [...payload.order_details, { product_id: ps[1]?.id, quantity: 1 }] },
    ]) {
      const reused = await place({ ...headers, 'idempotency-key': key }, other);
      expect(reused.statusCode).toBe(422);
      expect(body(reused).error).toBe(KEY_REUSED);
    }
    const mine = await t.database.db.select({ n: count() }).from(orders).where(eq(orders.businessUserId, user.id));
    expect(mine[0]?.n).toBe(1);
    // Without a key (or with a new one) it is a new order.
    expect(body<{ data: Order }>(await place({ ...headers, 'idempotency-key': newKey() }, payload)).data.id).not.toBe(first.id);
  });

  it('the same lines in another order, or split, are the same request; another payment mode is not', async () => {
    const { business, headers } = await owner('Credit');
    await t.database.db.update(businesses).set({ creditLimit: '100000.00' }).where(eq(businesses.id, business.id));
    const ps = await makeProducts(t.database.db, 2);
    const key = newKey();
    const a = { product_id: ps[0]?.id, quantity: 2 };
    const b = { product_id: ps[1]?.id, quantity: 1 };
    const first = body<{ data: Order }>(await place({ ...headers, 'idempotency-key': key }, { payment_mode: 'Cash', order_details: [a, b] })).data;
    const swapped = await place({ ...headers, 'idempotency-key': key }, { payment_mode: 'Cash', order_details: [b, { ...a, quantity: 1 }, { ...a, quantity: 1 }] });
    expect(swapped.statusCode).toBe(200);
    expect(body<{ data: Order }>(swapped).data.id).toBe(first.id);
    const credit = await place({ ...headers, 'idempotency-key': key }, { payment_mode: 'Credit', order_details: [a, b] });
    expect(credit.statusCode).toBe(422);
  });

  it('concurrent retries with one key make exactly one order', async () => {
    const { user, headers } = await owner();
    const [p] = await makeProducts(t.database.db, 1);
    const key = newKey();
    const payload = { payment_mode: 'Cash', order_details: [{ product_id: p?.id, quantity: 1 }] };
    const results = await Promise.all(Array.from({ length: 12 }, () => place({ ...headers, 'idempotency-key': key }, payload)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    expect(new Set(results.map((r) => body<{ data: Order }>(r).data.id)).size).toBe(1);
    const mine = await t.database.db.select({ n: count() }).from(orders).where(eq(orders.businessUserId, user.id));
    expect(mine[0]?.n).toBe(1);
  });

  it('the same key from two users makes two orders', async () => {
    const a = await owner();
    const b = await owner();
    const [p] = await makeProducts(t.database.db, 1);
    const key = newKey();
    const payload = { payment_mode: 'Cash', order_details: [{ product_id: p?.id, quantity: 1 }] };
    const ra = body<{ data: Order }>(await place({ ...a.headers, 'idempotency-key': key }, payload)).data;
    const rb = body<{ data: Order }>(await place({ ...b.headers, 'idempotency-key': key }, payload)).data;
    expect(ra.id).not.toBe(rb.id);
    expect(rb.business_user_id).toBe(b.user.id);
  });
});
