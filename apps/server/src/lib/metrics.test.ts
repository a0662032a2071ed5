import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestHeaders, makeBusiness, makeUser, signIn } from '../../test/factories.ts';
import { makeProducts } from '../../test/order-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Issue 20: /metrics in Prometheus' format, for the operator's scraper only.
const token = 'metrics-token-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ metricsToken: token });
});
afterAll(() => t.close());

const scrape = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};
/** The value of one sample line, or undefined. */
const sample = (text: string, line: string) => {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
};

describe('/metrics', () => {
  it('is refused without the token, and not served at all without METRICS_TOKEN', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token-0123456788' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'The metrics need the METRICS_TOKEN bearer token.' });
    const without = await createTestApp({ shareDatabaseOf: t });
    try {
      expect((await without.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(404);
    } finally {
      await without.close();
    }
  });

  it('counts requests by route pattern, orders placed and refused, statements, the event loop and the copies', async () => {
    const [p] = await makeProducts(t.database.db, 1);
    const business = await makeBusiness(t.database.db, { paymentMode: 'Cash' });
    const user = await makeUser(t.database.db, { businessId: business.id, type: 'Owner' });
    const headers = await signIn(t.app, user.email);
    const before = await scrape();
    const placedBefore = sample(before, 'shop_orders_total{result="placed",status_code="200"}') ?? 0;
    const refusedBefore = sample(before, 'shop_orders_total{result="refused",status_code="403"}') ?? 0;

    const line = { product_id: p?.id, quantity: 1 };
    const placed = await t.app.inject({ method: 'POST', url: '/api/write/Orders', headers, payload: { payment_mode: 'Cash', order_details: [line] } });
    expect(placed.statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'POST', url: '/api/write/Orders', headers: await guestHeaders(t.app), payload: { payment_mode: 'Cash', order_details: [line] } });
    expect(refused.statusCode).toBe(403);
    await t.app.inject({ method: 'GET', url: '/api/read/Orders/123456' , headers });

    const after = await scrape();
    expect(sample(after, 'shop_orders_total{result="placed",status_code="200"}')).toBe(placedBefore + 1);
    expect(sample(after, 'shop_orders_total{result="refused",status_code="403"}')).toBe(refusedBefore + 1);
    // By the route's pattern, never the URL (an id in a label would make a series per order).
    expect(after).toContain('shop_http_request_duration_seconds_count{method="GET",route="/api/read/Orders/:id",status_code="');
    expect(after).not.toContain('route="/api/read/Orders/123456"');
    expect(sample(after, 'shop_db_query_duration_seconds_count')).toBeGreaterThan(sample(before, 'shop_db_query_duration_seconds_count') ?? 0);
    expect(after).toMatch(/shop_event_loop_delay_seconds\{stat="p99"\} [0-9.]+/);
    expect(sample(after, 'shop_copies_loaded')).toBe(1);
    expect(after).toContain('# TYPE shop_mails_total counter');
    if (t.database.kind === 'postgres') expect(after).toMatch(/shop_db_pool_connections\{state="total"\} [1-9]/);
  });
});
