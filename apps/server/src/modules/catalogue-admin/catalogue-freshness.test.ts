import type { StaffProduct } from '@shop/domain/catalogue-admin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestHeaders } from '../../../test/factories.ts';
import { signInStaff } from '../../../test/staff.ts';
import { takenIn } from '../../../test/taken-in.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { jsonRows } from '../../db/client.ts';

// Issue 19: a staff edit shows in the storefront's and the marketplace's answers, through the
// in-memory copies and answer caches as a running server keeps them (copies loaded at start,
// following the change counters once a second), with nobody asking in between. On PostgreSQL
// (TEST_DATABASE_URL) the edit is made on one instance and read on another; on the embedded database
// (one process) on the same one. The test waits until the instances have taken in a read of the
// counters after the edit (test/taken-in.ts), not for 2 s: that budget is bench/freshness.ts's.
const loads: { name: string; ms: number; products?: number }[] = [];
const logStream = {
  write(line: string) {
    const entry = JSON.parse(line) as { msg?: string; ms?: number; products?: number };
    if (entry.msg?.endsWith('index loaded') && typeof entry.ms === 'number') loads.push({ name: entry.msg, ms: entry.ms, products: entry.products });
  },
};

let seeded: TestApp;
let writer: TestApp;
let reader: TestApp;
beforeAll(async () => {
  seeded = await createTestApp({ demo: true });
  writer = await createTestApp({ nodeEnv: 'production', shareDatabaseOf: seeded, logStream });
  reader = process.env.TEST_DATABASE_URL ? await createTestApp({ nodeEnv: 'production', shareDatabaseOf: seeded, logStream }) : writer;
  // Both copies (storefront and marketplace) of each instance loaded.
  const wanted = reader === writer ? 2 : 4;
  for (let i = 0; i < 600 && loads.length < wanted; i++) await new Promise((r) => setTimeout(r, 100));
}, 180_000);
afterAll(async () => {
  if (reader !== writer) await reader?.close();
  await writer?.close();
  await seeded?.close();
});

describe('a staff edit on the storefront and in the marketplace (issue 19)', () => {
  it('shows in listings, search, details and the marketplace on every instance once they have read the counters, nobody asking', async () => {
    const cat = await signInStaff(writer, { email: 'cat-fresh@staff.pk', roles: ['Catalogue'] });
    const guest = await guestHeaders(reader.app);
    const [p] = await jsonRows<{ id: number; bmpl_id: number; city: string; tier2_id: number; tier4_id: number | null; tier3_id: number; name: string }>(
      seeded.database.db,
      sql`select p.id, b.id as bmpl_id, ci.name as city, c.tier2_id, p.tier3_id, p.tier4_id, b.name from products p
          join bmpl_products b on b.product_id = p.id join bmpl_product_cities c on c.bmpl_product_id = b.id join cities ci on ci.id = c.city_id
          where p.stock > 0 and not p.sale and not c.sale and c.stock > 0
            and (select count(*) from bmpl_product_cities o where o.city_id = c.city_id and o.tier2_id = c.tier2_id) <= 200
          order by p.id limit 1`,
    );
    expect(p).toBeTruthy();
    const q = encodeURIComponent;
    type Found = { id: number; price: string; name: string };
    const pick = (list: Found[] | undefined, id: number) => list?.find((x) => Number(x.id) === id);
    const reads: Record<string, { path: string; pick: (d: Record<string, unknown>) => Found | undefined }> = {
      'storefront listing': {
        path: `/api/custom_route/get_products_by_categories?tierId=${p!.tier4_id ? 4 : 3}&filterValue=${p!.tier4_id ?? p!.tier3_id}&limit=1000`,
        pick: (d) => pick(d.products as Found[], p!.id),
      },
      'storefront search': { path: `/api/catalogue/search?search=${q(p!.name)}`, pick: (d) => pick(d.products as Found[], p!.id) },
      'storefront detail': { path: `/api/catalogue/products/${p!.id}`, pick: (d) => d.product as Found },
      'marketplace category page': { path: `/api/bmpl/products?city=${q(p!.city)}&category=${p!.tier2_id}&limit=200`, pick: (d) => pick(d.products as Found[], p!.bmpl_id) },
      'marketplace product page': {
        path: `/api/bmpl/products/${p!.bmpl_id}`,
        pick: (d) => ({ id: p!.bmpl_id, name: d.name as string, price: (d.bmpl_products_city as { city: string; price: string }[]).find((c) => c.city === p!.city)!.price }),
      },
    };
    const read = async (what: string) => {
      const r = reads[what]!;
      const res = await reader.app.inject({ method: 'GET', url: r.path, headers: guest });
      expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(200);
      const found = r.pick((res.json() as { data: Record<string, unknown> }).data);
      if (!found) throw new Error(`${what}: the product is missing`);
      return found;
    };
    // Warm every cache (answer caches keep a URL from its second request).
    const before: Record<string, Found> = {};
    for (const what of Object.keys(reads)) for (let n = 0; n < 3; n++) before[what] = await read(what);

    const staff = (await cat.inject({ method: 'GET', url: `/api/staff/catalogue/products/${p!.id}` })).json() as { data: StaffProduct };
    const newPrice = (Number(staff.data.price) + 111).toFixed(2);
    const res = await cat.inject({ method: 'PATCH', url: `/api/staff/catalogue/products/${p!.id}`, payload: { price: newPrice } });
    expect(res.statusCode, res.body).toBe(200);

    // Every answer once the instances have taken in a read of the counters after the edit is the new
    // one (nobody asks in between: the instances notice by themselves).
    const ms = await takenIn(reader.database.db, 'the price edit');
    const stale: string[] = [];
    for (const what of Object.keys(reads)) {
      const now = await read(what);
      const expected = what.startsWith('marketplace') ? (Number(before[what]!.price) + 111).toFixed(2) : newPrice;
      if (Number(now.price).toFixed(2) !== expected) stale.push(`${what}: ${now.price}, not ${expected}`);
    }
    expect(stale).toEqual([]);
    // For the report: how long a whole copy's load took (each edit reloads the copy it touches).
    console.info(`taken in after ${ms} ms; copy loads (ms): ${loads.map((l) => `${l.name} ${l.ms}${l.products ? ` (${l.products} products)` : ''}`).join('; ')}`);
  }, 60_000);
});
