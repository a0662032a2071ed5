import type { Order } from '@shop/domain/orders';
import type { BuyAgainProduct, OrderList, OrderListSummary, Proposal, QuickOrderResult } from '@shop/domain/reorder';
import { CANNOT_EDIT_LIST, QUICK_ORDER_MAX_ROWS } from '@shop/domain/reorder-rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/catalogue.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { guestHeaders, makeBusiness, makeUser, signIn } from '../../../test/factories.ts';
import { makeProducts, newKey, setCustomerPrice } from '../../../test/order-factories.ts';
import { LIST_CHANGED } from './order-lists.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
const call = async <T>(headers: Headers, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
  const res = await t.app.inject({ method, url, headers, payload: payload as object | undefined });
  return { status: res.statusCode, data: (res.json() as { data: T }).data, error: (res.json() as { error?: string }).error, raw: res };
};

async function business(paymentMode: 'Cash' | 'Credit' = 'Cash') {
  const db = t.database.db;
  const b = await makeBusiness(db, { paymentMode });
  const owner = await makeUser(db, { businessId: b.id, type: 'Owner' });
  const orderer = await makeUser(db, { businessId: b.id, type: 'Orderer', limit: '1000.00' });
  const approver = await makeUser(db, { businessId: b.id, type: 'Approver' });
  return {
    business: b,
    owner: { user: owner, headers: await signIn(t.app, owner.email) },
    orderer: { user: orderer, headers: await signIn(t.app, orderer.email) },
    approver: { user: approver, headers: await signIn(t.app, approver.email) },
  };
}

async function place(headers: Headers, lines: { product_id: number; quantity: number }[]): Promise<Order> {
  const res = await call<Order>({ ...headers, 'idempotency-key': newKey() }, 'POST', '/api/write/Orders', { payment_mode: 'Cash', order_details: lines });
  expect(res.status, res.raw.body).toBe(200);
  return res.data;
}

describe('reorder (issue 21)', () => {
  it("puts a past order back at today's prices, naming lines out of stock and short", async () => {
    const db = t.database.db;
    const { owner, orderer, business: b } = await business();
    const [a, sold, short, cheap] = await makeProducts(db, 4, { price: '118.00', tax: '18.00', sellPrice: '100.00', stock: 50 });
    const order = await place(owner.headers, [
      { product_id: a!.id, quantity: 3 },
      { product_id: sold!.id, quantity: 2 },
      { product_id: short!.id, quantity: 20 },
      { product_id: cheap!.id, quantity: 1 },
    ]);
    // Since then: a new price, a sold-out product, stock below what was ordered, a locked price for this business.
    await db.update(products).set({ price: '236.00', tax: '36.00', sellPrice: '200.00' }).where(eq(products.id, a!.id));
    await db.update(products).set({ stock: 0 }).where(eq(products.id, sold!.id));
    await db.update(products).set({ stock: 7 }).where(eq(products.id, short!.id));
    await setCustomerPrice(db, b.id, cheap!.id, '99.00');

    const res = await call<Proposal & { order_number: string }>(owner.headers, 'POST', `/api/orders/${order.id}/reorder`, {});
    expect(res.status, res.raw.body).toBe(200);
    expect(res.data.order_number).toBe(order.order_number);
    const byId = new Map(res.data.lines.map((l) => [l.product_id, l]));
    expect(byId.get(a!.id)).toMatchObject({ wanted: 3, quantity: 3, unit_price: '236.00', line_total: '708.00', problem: null });
    expect(byId.get(a!.id)?.cart_line).toMatchObject({ product_id: a!.id, quantity: 3, unit_price: '236.00', tax: '36.00', sell_price: '200.00' });
    expect(byId.get(sold!.id)).toMatchObject({ quantity: 0, cart_line: null, problem: { code: 'out_of_stock', text: `${sold!.name} is out of stock.` } });
    expect(byId.get(short!.id)).toMatchObject({ wanted: 20, quantity: 7, problem: { code: 'quantity_capped' } });
    expect(byId.get(short!.id)?.problem?.text).toBe(`Only 7 pieces of ${short!.name} are in stock: 7 put in the cart instead of 20.`);
    expect(byId.get(cheap!.id)).toMatchObject({ unit_price: '99.00', problem: null });
    // The one pricing path: the same unit prices as the cart's own price call.
    const cart = await call<{ id: number; unit_price: string }[]>(owner.headers, 'POST', '/api/cart/price', { ids: [a!.id, cheap!.id] });
    for (const p of cart.data) expect(byId.get(p.id)?.unit_price).toBe(p.unit_price);
    expect(res.data.total).toBe('1633.00'); // 708 + 7 * 118 + 99
    expect(res.data).toMatchObject({ limit: null, over_limit: false });

    // No body at all: the whole order.
    const bare = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/reorder`, headers: owner.headers });
    expect(bare.statusCode, bare.body).toBe(200);
    expect((bare.json() as { data: Proposal }).data.lines).toHaveLength(4);

    // Chosen lines only.
    const chosen = order.order_details.filter((d) => d.product_id === a!.id).map((d) => d.id);
    const part = await call<Proposal>(owner.headers, 'POST', `/api/orders/${order.id}/reorder`, { line_ids: chosen });
    expect(part.data.lines.map((l) => l.product_id)).toEqual([a!.id]);
    const foreign = await call<Proposal>(owner.headers, 'POST', `/api/orders/${order.id}/reorder`, { line_ids: [chosen[0]!, 2_000_000] });
    expect(foreign.status).toBe(400);

    // Only an order the caller sees in Order History: not the Owner's for the Orderer, nor for another business.
    expect((await call(orderer.headers, 'POST', `/api/orders/${order.id}/reorder`, {})).status).toBe(404);
    const other = await business();
    expect((await call(other.owner.headers, 'POST', `/api/orders/${order.id}/reorder`, {})).status).toBe(404);
    expect((await call(await guestHeaders(t.app), 'POST', `/api/orders/${order.id}/reorder`, {})).status).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/reorder`, payload: {} })).statusCode).toBe(401);
  });

  it("tells an Orderer when the reorder passes the Cash limit, and the order placed from it then waits (SPEC 4)", async () => {
    const db = t.database.db;
    const { orderer } = await business();
    const [p] = await makeProducts(db, 1, { price: '300.00', tax: '0.00', sellPrice: '300.00' });
    const small = await place(orderer.headers, [{ product_id: p!.id, quantity: 2 }]);
    expect(small.status).toBe('In Process');
    await db.update(products).set({ price: '600.00', sellPrice: '600.00' }).where(eq(products.id, p!.id));
    const res = await call<Proposal>(orderer.headers, 'POST', `/api/orders/${small.id}/reorder`, {});
    expect(res.data).toMatchObject({ total: '1200.00', limit: '1000.00', over_limit: true });
    const again = await place(orderer.headers, res.data.lines.flatMap((l) => (l.cart_line ? [{ product_id: l.cart_line.product_id, quantity: l.cart_line.quantity }] : [])));
    expect(again.status).toBe('Pending');
  });
});

describe('quick order (issue 21)', () => {
  it('matches SKUs in any case and names by the catalogue search, prices them for the business and names each problem', async () => {
    const db = t.database.db;
    const { owner, business: b } = await business();
    const made = await makeProducts(db, 3, { stock: 10 });
    await db.update(products).set({ name: 'Zafrani Basmati Rice 5kg' }).where(eq(products.id, made[0]!.id));
    await db.update(products).set({ stock: 0 }).where(eq(products.id, made[2]!.id));
    await setCustomerPrice(db, b.id, made[1]!.id, '101.00');
    const rows = [
      { text: made[1]!.sku.toLowerCase(), quantity: 4 },
      { text: 'zafrani basmtai', quantity: 2 },
      { text: 'SKU-999999', quantity: 1 },
      { text: made[1]!.sku, quantity: 25 },
      { text: made[2]!.sku, quantity: 1 },
      { text: 'qqqqqq wwwwww', quantity: 1 },
    ];
    const res = await call<QuickOrderResult>(owner.headers, 'POST', '/api/quick-order', { rows });
    expect(res.status, res.raw.body).toBe(200);
    const [bySku, byName, unknown, capped, out, nothing] = res.data.lines;
    expect(bySku).toMatchObject({ row: 0, matched_by: 'sku', product_id: made[1]!.id, quantity: 4, unit_price: '101.00', line_total: '404.00', problem: null });
    expect(byName).toMatchObject({ row: 1, matched_by: 'name', product_id: made[0]!.id, product_name: 'Zafrani Basmati Rice 5kg', quantity: 2, unit_price: '118.00' });
    expect(unknown).toMatchObject({ matched_by: null, product_id: null, quantity: 0, cart_line: null, problem: { code: 'no_match', text: 'No product matches "SKU-999999".' } });
    expect(capped).toMatchObject({ quantity: 10, problem: { code: 'quantity_capped' } });
    expect(out).toMatchObject({ quantity: 0, problem: { code: 'out_of_stock' } });
    expect(nothing?.problem?.code).toBe('no_match');
    expect(res.data.total).toBe('1650.00'); // 404 + 236 + 1010
  });

  it('validates its rows: at most 500, quantities 1 to 9999, text present', async () => {
    const { owner } = await business();
    const many = Array.from({ length: QUICK_ORDER_MAX_ROWS + 1 }, () => ({ text: 'SKU-1', quantity: 1 }));
    for (const payload of [{ rows: many }, { rows: [] }, { rows: [{ text: 'a', quantity: 0 }] }, { rows: [{ text: ' ', quantity: 1 }] }, { rows: [{ text: 'a', quantity: 1.5 }] }]) {
      const res = await call(owner.headers, 'POST', '/api/quick-order', payload);
      expect(res.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.error).toBeTypeOf('string');
    }
    expect((await call(await guestHeaders(t.app), 'POST', '/api/quick-order', { rows: [{ text: 'a', quantity: 1 }] })).status).toBe(403);
  });
});

describe('order lists (issue 21)', () => {
  it('an Owner keeps a list, an Orderer reads it and orders from it, another business never sees it', async () => {
    const db = t.database.db;
    const { owner, orderer, approver } = await business();
    const [a, b2, c] = await makeProducts(db, 3, { stock: 100 });
    const created = await call<OrderList>(owner.headers, 'POST', '/api/order-lists', {
      name: 'Weekly staples',
      items: [
        { product_id: a!.id, quantity: 12 },
        { product_id: b2!.id, quantity: 3 },
      ],
    });
    expect(created.status, created.raw.body).toBe(200);
    expect(created.data).toMatchObject({ name: 'Weekly staples', item_count: 2, version: 0, total: '1770.00' });
    expect(created.data.items.map((i) => [i.product_id, i.wanted])).toEqual([[a!.id, 12], [b2!.id, 3]]);
    const id = created.data.id;

    // Same name in the same business (any case): 409. An Orderer may not create, change or delete.
    expect((await call(approver.headers, 'POST', '/api/order-lists', { name: 'WEEKLY STAPLES' })).status).toBe(409);
    for (const [method, url, payload] of [
      ['POST', '/api/order-lists', { name: 'Mine' }],
      ['PUT', `/api/order-lists/${id}`, { name: 'x', items: [], version: 0 }],
      ['DELETE', `/api/order-lists/${id}`, undefined],
    ] as const) {
      const res = await call(orderer.headers, method, url, payload);
      expect(res.status).toBe(403);
      expect(res.error).toBe(CANNOT_EDIT_LIST);
    }

    // The Orderer reads the lists and orders part of one at this week's quantities.
    const lists = await call<OrderListSummary[]>(orderer.headers, 'GET', '/api/order-lists');
    expect(lists.data.map((l) => l.name)).toEqual(['Weekly staples']);
    const part = await call<Proposal>(orderer.headers, 'POST', `/api/order-lists/${id}/cart`, { items: [{ product_id: b2!.id, quantity: 5 }] });
    expect(part.data.lines.map((l) => [l.product_id, l.quantity])).toEqual([[b2!.id, 5]]);
    const whole = await call<Proposal>(orderer.headers, 'POST', `/api/order-lists/${id}/cart`, {});
    expect(whole.data).toMatchObject({ total: '1770.00', limit: '1000.00', over_limit: true });
    expect((await call(orderer.headers, 'POST', `/api/order-lists/${id}/cart`, { items: [{ product_id: c!.id, quantity: 1 }] })).status).toBe(400);

    // The Approver changes it; a change made on the older version is refused.
    const changed = await call<OrderList>(approver.headers, 'PUT', `/api/order-lists/${id}`, { name: 'Weekly staples', items: [{ product_id: c!.id, quantity: 2 }, { product_id: a!.id, quantity: 1 }], version: 0 });
    expect(changed.status, changed.raw.body).toBe(200);
    expect(changed.data).toMatchObject({ version: 1, item_count: 2 });
    expect(changed.data.items.map((i) => i.product_id)).toEqual([c!.id, a!.id]);
    const stale = await call(owner.headers, 'PUT', `/api/order-lists/${id}`, { name: 'Weekly staples', items: [], version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.error).toBe(LIST_CHANGED);

    // Another business: 404 on every route, and its list of lists is its own.
    const other = await business();
    for (const [method, url, payload] of [
      ['GET', `/api/order-lists/${id}`, undefined],
      ['PUT', `/api/order-lists/${id}`, { name: 'x', items: [], version: 1 }],
      ['DELETE', `/api/order-lists/${id}`, undefined],
      ['POST', `/api/order-lists/${id}/cart`, {}],
    ] as const) {
      expect((await call(other.owner.headers, method, url, payload)).status, `${method} ${url}`).toBe(404);
    }
    expect((await call<OrderListSummary[]>(other.owner.headers, 'GET', '/api/order-lists')).data).toEqual([]);

    // Deleted by the Owner.
    expect((await call(owner.headers, 'DELETE', `/api/order-lists/${id}`)).status).toBe(200);
    expect((await call(owner.headers, 'GET', `/api/order-lists/${id}`)).status).toBe(404);
  });

  it('makes a list from a past order, and names a product the shop stopped selling', async () => {
    const db = t.database.db;
    const { owner } = await business();
    const [a, b2] = await makeProducts(db, 2, { stock: 100 });
    const order = await place(owner.headers, [
      { product_id: a!.id, quantity: 4 },
      { product_id: b2!.id, quantity: 6 },
    ]);
    const made = await call<OrderList>(owner.headers, 'POST', '/api/order-lists', { name: 'From my order', from_order_id: order.id });
    expect(made.status, made.raw.body).toBe(200);
    expect(made.data.items.map((i) => [i.product_id, i.wanted])).toEqual([[a!.id, 4], [b2!.id, 6]]);
    expect((await call(owner.headers, 'POST', '/api/order-lists', { name: 'Both', from_order_id: order.id, items: [] })).status).toBe(400);
    const other = await business();
    expect((await call(other.owner.headers, 'POST', '/api/order-lists', { name: 'Stolen', from_order_id: order.id })).status).toBe(404);

    // A list item whose product went: still on the list, named, nothing put in the cart.
    const [gone] = await makeProducts(db, 1);
    const withGone = await call<OrderList>(owner.headers, 'POST', '/api/order-lists', { name: 'Gone', items: [{ product_id: gone!.id, quantity: 2 }] });
    await db.delete(products).where(eq(products.id, gone!.id));
    const read = await call<OrderList>(owner.headers, 'GET', `/api/order-lists/${withGone.data.id}`);
    expect(read.data.items).toEqual([
      expect.objectContaining({ product_id: null, product_name: gone!.name, sku: gone!.sku, quantity: 0, cart_line: null, problem: { code: 'not_sold', text: `${gone!.name} is no longer sold.` } }),
    ]);
  });
});

describe('buy again (issue 21)', () => {
  it("lists the products the business orders most, from its own orders only, priced for it", async () => {
    const db = t.database.db;
    const { owner, orderer, business: b } = await business();
    const [often, twice, once] = await makeProducts(db, 3, { stock: 100 });
    await setCustomerPrice(db, b.id, often!.id, '90.00');
    await place(owner.headers, [{ product_id: often!.id, quantity: 2 }, { product_id: twice!.id, quantity: 1 }]);
    await place(orderer.headers, [{ product_id: often!.id, quantity: 4 }, { product_id: twice!.id, quantity: 3 }]);
    await place(owner.headers, [{ product_id: often!.id, quantity: 3 }, { product_id: once!.id, quantity: 1 }]);
    const other = await business();
    await place(other.owner.headers, [{ product_id: once!.id, quantity: 9 }]);

    const res = await call<BuyAgainProduct[]>(orderer.headers, 'GET', '/api/buy-again');
    expect(res.status, res.raw.body).toBe(200);
    expect(res.data.map((p) => [p.id, p.times_ordered, p.usual_quantity])).toEqual([
      [often!.id, 3, 3],
      [twice!.id, 2, 2],
      [once!.id, 1, 1],
    ]);
    expect(res.data[0]?.customer_specific_pricing).toBe('90.00');
    expect((await call<BuyAgainProduct[]>((await business()).owner.headers, 'GET', '/api/buy-again')).data).toEqual([]);
    expect((await call(await guestHeaders(t.app), 'GET', '/api/buy-again')).status).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents the new routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys((body(res) as unknown as { paths: Record<string, unknown> }).paths);
    for (const p of ['/api/orders/{id}/reorder', '/api/quick-order', '/api/order-lists', '/api/order-lists/{id}', '/api/order-lists/{id}/cart', '/api/buy-again']) {
      expect(paths).toContain(p);
    }
  });
});
