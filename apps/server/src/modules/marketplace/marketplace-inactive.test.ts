import type { MarketplaceFacets, MarketplaceProductDetail, MarketplaceProductPage, MarketplaceSearchResult, MarketplaceStrip } from '@shop/domain/marketplace';
import { marketplaceProductPath } from '@shop/domain/marketplace-rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBusiness, makeUser, signIn } from '../../../test/factories.ts';
import { newKey } from '../../../test/order-factories.ts';
import { signInStaff } from '../../../test/staff.ts';
import { takenIn } from '../../../test/taken-in.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { jsonRows } from '../../db/client.ts';

// Issue 19: a product staff make inactive (products.active) leaves the marketplace too: its lists,
// search, category pages, product page (not found) and sitemap; active again, it is back. The edit
// is made on one instance; two others on the same database answer as running servers do (change
// counters followed once a second, nobody asking in between), one from its in-memory copy
// (CATALOGUE_COPIES on, loaded at start), one from SQL only (CATALOGUE_COPIES=off), once they have
// taken in a read of the counters after the edit (test/taken-in.ts; the 2 s budget is bench/freshness.ts's).

let memory: TestApp;
let sqlOnly: TestApp;
let running: TestApp;
beforeAll(async () => {
  memory = await createTestApp({ demo: true });
  sqlOnly = await createTestApp({ shareDatabaseOf: memory, nodeEnv: 'production', catalogueCopies: 'off' });
  running = await createTestApp({ shareDatabaseOf: memory, nodeEnv: 'production' });
  for (let i = 0; i < 600 && !running.app.copies.every((c) => c.loaded); i++) await new Promise((r) => setTimeout(r, 100));
  expect(running.app.copies.every((c) => c.loaded)).toBe(true);
}, 180_000);
afterAll(async () => {
  await running?.close();
  await sqlOnly?.close();
  await memory?.close();
});

interface Picked {
  id: number;
  bmpl_id: number;
  city: string;
  tier2_id: number;
  tier3_id: number;
  brand_id: number;
  name: string;
  slug: string;
  /** Its canonical path as the sitemap writes it. */
  path: string;
}

/** A storefront product sold in the marketplace, in a category small enough for one page of 200. */
async function pick(): Promise<Picked> {
  const [p] = await jsonRows<Omit<Picked, 'path'>>(
    memory.database.db,
    sql`select p.id, b.id as bmpl_id, ci.name as city, c.tier2_id, c.tier3_id, c.bmpl_brand_id as brand_id, b.name, b.slug
        from products p join bmpl_products b on b.product_id = p.id join bmpl_product_cities c on c.bmpl_product_id = b.id
        join cities ci on ci.id = c.city_id
        where p.active and p.stock > 0 and c.tier3_id is not null
          and (select count(*) from bmpl_product_cities o where o.city_id = c.city_id and o.tier2_id = c.tier2_id) <= 200
        order by p.id desc limit 1`,
  );
  if (!p) throw new Error('no marketplace product sold as a storefront product in the demo data');
  const detail = await memory.app.inject({ method: 'GET', url: `/api/bmpl/products/${p.bmpl_id}` });
  return { ...p, path: marketplaceProductPath((detail.json() as { data: MarketplaceProductDetail }).data).replace(/&/g, '&amp;') };
}

/** What a guest sees of the product in the marketplace of one instance. */
async function seen(t: TestApp, p: Picked) {
  const get = async <T>(url: string, status = 200) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { host: 'shop.example.pk' } });
    if (res.statusCode !== status) return { status: res.statusCode, data: null as T | null, body: res.body };
    return { status: res.statusCode, data: status === 200 ? (res.json() as { data: T }).data : null, body: res.body };
  };
  const city = encodeURIComponent(p.city);
  const has = (page: { data: { products: { id: number }[] } | null }) => page.data?.products.some((x) => x.id === p.bmpl_id) ?? false;
  const category = await get<MarketplaceProductPage>(`/api/bmpl/products?city=${city}&category=${p.tier2_id}&limit=200`);
  const sub = await get<MarketplaceProductPage>(`/api/bmpl/products?city=${city}&category=${p.tier2_id}&subcategory=${p.tier3_id}&sort=price_desc&limit=200`);
  const search = await get<MarketplaceSearchResult>(`/api/bmpl/search?city=${city}&search=${encodeURIComponent(p.name)}&limit=200`);
  const strips = await get<MarketplaceStrip[]>(`/api/bmpl/strips?city=${city}&limit=6`);
  const facets = await get<MarketplaceFacets>(`/api/bmpl/facets?city=${city}&category=${p.tier2_id}`);
  const byId = await t.app.inject({ method: 'GET', url: `/api/bmpl/products/${p.bmpl_id}` });
  const bySlug = await t.app.inject({ method: 'GET', url: `/api/bmpl/products/by-slug/${encodeURIComponent(p.slug)}` });
  const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'shop.example.pk' } });
  return {
    'category page': has(category),
    'subcategory page': has(sub),
    'category total': category.data?.total,
    search: has(search),
    'home strip total': strips.data?.find((s) => s.category.id === p.tier2_id)?.total,
    'brand count': facets.data?.brands.find((b) => b.id === p.brand_id)?.count ?? 0,
    'product by id': byId.statusCode,
    'product by address': bySlug.statusCode,
    sitemap: sitemap.body.includes(`<loc>http://shop.example.pk${p.path}</loc>`),
  };
}

describe('a product made inactive leaves the marketplace (issue 19)', () => {
  it('on every instance by itself (in-memory copy and SQL only), and comes back when active again; the order refuses it', async () => {
    const p = await pick();
    const instances = { 'in-memory copy': running, 'CATALOGUE_COPIES=off': sqlOnly } as const;
    const cat = await signInStaff(memory, { email: 'cat-inactive@staff.pk', roles: ['Catalogue'] });

    // Active: everywhere (each read twice, so the answer caches hold it).
    const before: Record<string, Awaited<ReturnType<typeof seen>>> = {};
    for (const [name, t] of Object.entries(instances)) {
      await seen(t, p);
      before[name] = await seen(t, p);
      expect(before[name], name).toMatchObject({ 'category page': true, 'subcategory page': true, search: true, 'product by id': 200, 'product by address': 200, sitemap: true });
    }
    const shown = before['in-memory copy']!;
    expect(before['CATALOGUE_COPIES=off']).toEqual(shown);
    const gone = {
      'category page': false,
      'subcategory page': false,
      'category total': (shown['category total'] as number) - 1,
      search: false,
      'home strip total': (shown['home strip total'] as number) - 1,
      'brand count': shown['brand count'] - 1,
      'product by id': 404,
      'product by address': 404,
      sitemap: false,
    };

    const off = await cat.inject({ method: 'PATCH', url: `/api/staff/catalogue/products/${p.id}`, payload: { active: false } });
    expect(off.statusCode, off.body).toBe(200);
    // The instances notice by themselves: nobody asks them until they have read the counters.
    await takenIn(memory.database.db, 'the product made inactive');
    expect(await seen(running, p)).toEqual(gone);
    expect(await seen(sqlOnly, p)).toEqual(gone);

    // The storefront product cannot be ordered (the marketplace has no cart: its products are bought as this one).
    const business = await makeBusiness(memory.database.db);
    const user = await makeUser(memory.database.db, { businessId: business.id, type: 'Owner' });
    const order = await memory.app.inject({
      method: 'POST',
      url: '/api/write/Orders',
      headers: { ...(await signIn(memory.app, user.email)), 'idempotency-key': newKey() },
      payload: { payment_mode: 'Cash', order_details: [{ product_id: p.id, quantity: 1 }] },
    });
    expect(order.statusCode, order.body).toBe(400);
    expect((order.json() as { error: string }).error).toBeTruthy();

    const on = await cat.inject({ method: 'PATCH', url: `/api/staff/catalogue/products/${p.id}`, payload: { active: true } });
    expect(on.statusCode, on.body).toBe(200);
    await takenIn(memory.database.db, 'the product made active again');
    expect(await seen(running, p)).toEqual(shown);
    expect(await seen(sqlOnly, p)).toEqual(shown);
  }, 120_000);

  it('the database keeps the flag whoever writes: any statement that makes a product inactive takes its marketplace product and city records with it; a direct write of the flag is overruled', async () => {
    const p = await pick();
    const db = memory.database.db;
    await db.execute(sql`update products set active = false where id = ${p.id}`);
    const [copied] = await jsonRows<{ product: boolean; records: boolean[] }>(
      db,
      sql`select b.active as product, (select array_agg(c.active) from bmpl_product_cities c where c.bmpl_product_id = b.id) as records
          from bmpl_products b where b.id = ${p.bmpl_id}`,
    );
    expect(copied).toEqual({ product: false, records: expect.arrayContaining([false]) });
    expect(copied!.records.every((a) => a === false)).toBe(true);
    // A writer setting the flag itself is overruled by the product's own.
    await db.execute(sql`update bmpl_products set active = true where id = ${p.bmpl_id}`);
    const [still] = await jsonRows<{ active: boolean }>(db, sql`select active from bmpl_products where id = ${p.bmpl_id}`);
    expect(still!.active).toBe(false);
    await db.execute(sql`update products set active = true where id = ${p.id}`);
    const [back] = await jsonRows<{ n: number }>(db, sql`select count(*)::int as n from bmpl_product_cities where bmpl_product_id = ${p.bmpl_id} and not active`);
    expect(back!.n).toBe(0);
  });
});
