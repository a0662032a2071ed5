import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataUrl, registration, SVG_BYTES } from './accounts.ts';
import { signIn } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Issue 7, the abuse suite: hostile requests get a 4xx with an error text (or, for a search, a
// harmless answer), and the database is exactly as it was. Logs and answers never carry secrets.

const TABLES = ['orders', 'order_details', 'businesses', 'business_users', 'customer_prices', 'products', 'feedback', 'uploads', 'reset_codes', 'outbox', 'ledgers', 'invoices'];

let t: TestApp;
const logLines: string[] = [];
const answers: string[] = [];
let orderer: Record<string, string>;
let productId: number;

async function counts() {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const res = (await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] };
    out[table] = res.rows[0]?.n ?? -1;
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (line) => void logLines.push(line) }, demo: true });
  orderer = await signIn(t.app, 'orderer@demo.pk', 'Demo@12345');
  const list = await t.app.inject({ method: 'GET', url: '/api/custom_route/get_products_by_categories?limit=5&offset=0' });
  productId = (list.json() as { data: { products: { id: number }[] } }).data.products[0]?.id as number;
}, 60_000);
afterAll(() => t.close());

const json = (method: 'POST' | 'GET', url: string, payload?: unknown, headers: Record<string, string> = {}): InjectOptions => ({
  method,
  url,
  headers,
  ...(payload === undefined ? {} : { payload: payload as object }),
});

function nested(depth: number): string {
  return `{"payment_mode":"Cash","order_details":${'['.repeat(depth)}${']'.repeat(depth)}}`;
}

const unsignedToken = () =>
  `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ sub: '2', typ: 'Approver', bid: 1, iss: 'wholesale-shop' })).toString('base64url')}.`;

interface Case {
  name: string;
  request: () => InjectOptions;
  /** Allowed statuses; a 200 only where the input is normalised (searches). */
  allow: number[];
}

const cases = (): Case[] => [
  // Injection in query parameters: allowlisted names, bound values.
  { name: 'SQL in filter name', request: () => json('GET', "/api/custom_route/get_products_by_categories?filter=name'%3B%20drop%20table%20products%3B--&filterValue=1"), allow: [400] },
  { name: 'SQL in order', request: () => json('GET', '/api/custom_route/get_products_by_categories?order=price__DESC%3Bdrop%20table%20orders'), allow: [400] },
  { name: 'SQL in search', request: () => json('GET', "/api/custom_route/get_products_by_categories?search='%20OR%201%3D1%20--&limit=5"), allow: [200, 400] },
  { name: 'SQL in catalogue search', request: () => json('GET', "/api/catalogue/search?search=x'%3B%20delete%20from%20orders%3B--"), allow: [200, 400] },
  { name: 'price range overflow', request: () => json('GET', '/api/custom_route/get_products_by_categories?price=%401e309-2'), allow: [400] },
  { name: 'duplicated limit', request: () => json('GET', '/api/custom_route/get_products_by_categories?limit=1&limit=7001'), allow: [400] },
  { name: 'duplicated order filter', request: () => json('GET', '/api/read/Orders?filter=business_id&filter=business_user_id&filterValue=1&filterValue=2', undefined, orderer), allow: [400, 404] },
  { name: 'marketplace unknown city', request: () => json('GET', '/api/bmpl/products?city=Atlantis'), allow: [400] },
  { name: 'marketplace inverted price range', request: () => json('GET', '/api/bmpl/products?city=Lahore&min=900&max=10'), allow: [400] },
  // Type confusion and operators in bodies.
  { name: 'operator objects at sign-in', request: () => json('POST', '/api/auth/login', { email: { $gt: '' }, password: { $ne: null } }), allow: [400] },
  { name: 'quantity as a string', request: () => json('POST', '/api/write/Orders', { payment_mode: 'Cash', order_details: [{ product_id: productId, quantity: '1' }] }, orderer), allow: [400] },
  { name: 'quantity negative', request: () => json('POST', '/api/write/Orders', { payment_mode: 'Cash', order_details: [{ product_id: productId, quantity: -3 }] }, orderer), allow: [400] },
  { name: 'quantity zero', request: () => json('POST', '/api/write/Orders', { payment_mode: 'Cash', order_details: [{ product_id: productId, quantity: 0 }] }, orderer), allow: [400] },
  { name: 'quantity fractional', request: () => json('POST', '/api/write/Orders', { payment_mode: 'Cash', order_details: [{ product_id: productId, quantity: 1.5 }] }, orderer), allow: [400] },
  { name: 'quantity huge', request: () => json('POST', '/api/write/Orders', { payment_mode: 'Cash', order_details: [{ product_id: productId, quantity: 2 ** 53 }] }, orderer), allow: [400] },
  { name: 'quantity infinite', request: () => ({ method: 'POST', url: '/api/write/Orders', headers: { ...orderer, 'content-type': 'application/json' }, payload: `{"payment_mode":"Cash","order_details":[{"product_id":${productId},"quantity":1e400}]}` }), allow: [400] },
  { name: 'unknown product', request: () => json('POST', '/api/write/Orders', { payment_mode: 'Cash', order_details: [{ product_id: 2_000_000_000, quantity: 1 }] }, orderer), allow: [400, 404] },
  { name: 'no lines', request: () => json('POST', '/api/write/Orders', { payment_mode: 'Cash', order_details: [] }, orderer), allow: [400] },
  { name: 'payment mode outside the list', request: () => json('POST', '/api/write/Orders', { payment_mode: 'Bitcoin', order_details: [{ product_id: productId, quantity: 1 }] }, orderer), allow: [400] },
  { name: 'payment mode not allowed for the business', request: () => json('POST', '/api/write/Orders', { payment_mode: 'Credit', order_details: [{ product_id: productId, quantity: 1 }] }, orderer), allow: [400] },
  { name: "another business's id in the order", request: () => json('POST', '/api/write/Orders', { payment_mode: 'Cash', business_id: 2, order_details: [{ product_id: productId, quantity: 1 }] }, orderer), allow: [403] },
  { name: 'cart price with an id out of range', request: () => json('POST', '/api/cart/price', { ids: [2 ** 31] }, orderer), allow: [400] },
  // Mass assignment.
  { name: 'registration naming a role, a limit and credit', request: () => json('POST', '/api/auth/register', { ...registration(), type: 'Approver', limit: '9999999', payment_mode: 'Credit' }), allow: [400] },
  { name: 'feedback with extra fields', request: () => json('POST', '/api/public_route/app_feedback', { name: 'A', email: 'a@b.pk', mobile_no: '03001234567', type: 'Complaint', business_user_id: 1 }, orderer), allow: [400] },
  // Tokens.
  { name: 'unsigned token placing an order', request: () => json('POST', '/api/write/Orders', { payment_mode: 'Cash', order_details: [{ product_id: productId, quantity: 1 }] }, { authorization: `Bearer ${unsignedToken()}` }), allow: [401] },
  { name: 'altered token approving', request: () => json('POST', '/api/orders/1/status', { status: 'In Process' }, { authorization: `${orderer.authorization}x` }), allow: [401] },
  // Bodies.
  { name: 'deeply nested body', request: () => ({ method: 'POST', url: '/api/write/Orders', headers: { ...orderer, 'content-type': 'application/json' }, payload: nested(5000) }), allow: [400] },
  { name: 'oversized body', request: () => json('POST', '/api/public_route/app_feedback', { name: 'A', email: 'a@b.pk', mobile_no: '03001234567', type: 'Complaint', message: 'x'.repeat(2 * 1024 * 1024) }, orderer), allow: [413] },
  { name: 'wrong content type', request: () => ({ method: 'POST', url: '/api/write/Orders', headers: { ...orderer, 'content-type': 'text/plain' }, payload: 'payment_mode=Cash' }), allow: [400, 415] },
  { name: 'form-encoded body', request: () => ({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'step=Guest' }), allow: [415] },
  // Uploads that lie about their type.
  { name: 'SVG sent as a PNG', request: () => json('POST', '/api/auth/register', registration({}, { cnic_image: dataUrl(SVG_BYTES, 'image/png') })), allow: [400] },
  { name: 'malformed base64', request: () => json('POST', '/api/auth/register', registration({}, { cnic_image: 'data:image/png;base64,@@@not-base64@@@' })), allow: [400] },
];

describe('abuse suite', () => {
  it('refuses every hostile request with an error text and changes nothing in the database', async () => {
    const before = await counts();
    for (const c of cases()) {
      const res = await t.app.inject(c.request());
      answers.push(res.body);
      expect(c.allow, `${c.name}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      if (res.statusCode >= 400) expect((res.json() as { error?: unknown }).error, c.name).toBeTypeOf('string');
    }
    expect(await counts()).toEqual(before);
  });

  it('keeps markup in stored text as text', async () => {
    const name = '<img src=x onerror=alert(1)> Traders & Sons';
    const res = await t.app.inject(json('POST', '/api/auth/register', registration({ business_name: name })));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const user = (res.json() as { data: { user: { business_name: string } } }).data.user;
    expect(user.business_name).toBe(name);
  });

  it('never puts secrets in an answer or a log line', async () => {
    await t.app.inject(json('POST', '/api/auth/login', { email: 'orderer@demo.pk', password: 'Demo@12345' }));
    await t.app.inject(json('POST', '/api/auth/login', { email: 'orderer@demo.pk', password: 'Wrong@12345' }));
    await t.app.inject(json('GET', '/api/read/Business_Users/2', undefined, orderer));
    const token = (orderer.authorization ?? '').replace('Bearer ', '');
    const everything = [...answers, ...logLines].join('\n');
    expect(everything).not.toMatch(/scrypt\$|password_hash|passwordHash|code_hash/);
    expect(logLines.join('\n')).not.toContain('Demo@12345');
    expect(logLines.join('\n')).not.toContain('Wrong@12345');
    expect(logLines.join('\n')).not.toContain(token);
    expect(logLines.length).toBeGreaterThan(10);
  });
});
