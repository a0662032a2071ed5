import type { Order } from '@shop/domain/orders';
import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../../../test/demo-app.ts';
import { body } from '../../../test/test-app.ts';

const demo = useDemoApp();
const { h, me, get } = demo;

describe('GET /api/read/Orders scoping (SPEC 6)', () => {
  // The demo Orderer has an order in every status, the order desk's Arrange and Shipping included.
  it('an Orderer sees only their own orders, with lines', async () => {
    const res = await get(`/api/read/Orders?filter=business_user_id&filterValue=${me.orderer?.id}`, h.orderer as never);
    const list = body<{ data: Order[] }>(res).data;
    expect(list.length).toBeGreaterThan(3);
    expect(list.every((o) => o.business_user_id === me.orderer?.id)).toBe(true);
    expect(list.every((o) => o.order_details.length > 0)).toBe(true);
    expect(new Set(list.map((o) => o.status))).toEqual(new Set(['Pending', 'In Process', 'Arrange', 'Shipping', 'Delivered', 'Rejected']));
  });

  it("an Approver sees the business's orders, and filters by status", async () => {
    const res = await get(`/api/read/Orders?filter=business_id&filterValue=${me.approver?.businessId}&status=Pending`, h.approver as never);
    const list = body<{ data: Order[] }>(res).data;
    expect(list.length).toBe(2);
    expect(list.every((o) => o.status === 'Pending' && o.business_id === me.approver?.businessId)).toBe(true);
  });

  it("a filter naming another business or user is 404, and the scope never widens", async () => {
    expect((await get(`/api/read/Orders?filter=business_id&filterValue=${me.credit?.businessId}`, h.orderer as never)).statusCode).toBe(404);
    expect((await get(`/api/read/Orders?filter=business_user_id&filterValue=${me.credit?.id}`, h.orderer as never)).statusCode).toBe(404);
    // An Owner asking for the whole business still gets only their own (the demo Owner's one order of last week).
    const res = await get(`/api/read/Orders?filter=business_id&filterValue=${me.orderer?.businessId}`, h.owner as never);
    expect(body<{ data: Order[] }>(res).data.map((o) => o.business_user_id)).toEqual([me.owner?.id]);
  });

  it("an order of another business is 404 by id", async () => {
    const credit = body<{ data: Order[] }>(await get('/api/read/Orders', h.credit as never)).data;
    const id = credit[0]?.id;
    expect((await get(`/api/read/Orders/${id}`, h.credit as never)).statusCode).toBe(200);
    expect((await get(`/api/read/Orders/${id}`, h.approver as never)).statusCode).toBe(404);
    expect((await get(`/api/read/Orders/${id}`, h.orderer as never)).statusCode).toBe(404);
  });

  it('Guests get 403 and callers without a token 401', async () => {
    expect((await get('/api/read/Orders', h.guest as never)).statusCode).toBe(403);
    expect((await demo.t.app.inject({ method: 'GET', url: '/api/read/Orders' })).statusCode).toBe(401);
  });
});

describe('POST /api/cart/price', () => {
  it("answers today's prices for the caller's business, list prices for a Guest", async () => {
    const ordered = body<{ data: Order[] }>(await get('/api/read/Orders', h.orderer as never)).data;
    const ids = ordered.flatMap((o) => o.order_details.map((d) => d.product_id)).slice(0, 5);
    const res = await demo.t.app.inject({ method: 'POST', url: '/api/cart/price', headers: h.orderer, payload: { ids: [...ids, 2_000_000_000] } });
    const priced = body<{ data: { id: number; unit_price: string; stock: number }[] }>(res).data;
    expect(priced.map((p) => p.id)).toEqual([...new Set(ids)]);
    expect(priced.every((p) => /^\d+\.\d{2}$/.test(p.unit_price))).toBe(true);
    const guest = await demo.t.app.inject({ method: 'POST', url: '/api/cart/price', headers: h.guest, payload: { ids } });
    expect(guest.statusCode).toBe(200);
    const bad = await demo.t.app.inject({ method: 'POST', url: '/api/cart/price', headers: h.guest, payload: { ids: ['x'] } });
    expect(bad.statusCode).toBe(400);
  });
});
