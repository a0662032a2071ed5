import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, jsonRows, openDatabase } from '../src/db/client.ts';
import { createMailer } from '../src/lib/mailer.ts';
import { createTokenService } from '../src/lib/tokens.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { takenIn } from './taken-in.ts';

// Issue 15: a change of price or stock, written to the database by anyone (here a direct SQL update,
// as staff tools would), shows on every instance by itself, through every cache the instances keep
// (answers, the second-ask admission, the in-memory copies), once each has taken in a read of the
// change counters after it (test/taken-in.ts; how soon, 2 s, is bench/freshness.ts's budget). Two
// instances need one database they both reach: PostgreSQL (PGlite lives inside one process).
const url = process.env.TEST_DATABASE_URL;

interface Instance {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
}

/** An instance as production runs it: caches on, the copies loaded at start and following the counters. */
async function startInstance(target: string): Promise<Instance> {
  const database = await openDatabase({ url: target, poolSize: 10 });
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-fresh-'));
  const loaded = new Set<string>();
  let onLoaded = () => {};
  const app = await buildApp({
    db: database.db,
    dbKind: database.kind,
    tokens: createTokenService('test-secret-test-secret-test-secret-0123456789'),
    mailer: createMailer({ from: 'test@shop.local', db: database.db }),
    logger: {
      level: 'info',
      stream: {
        write(line: string) {
          const msg = (JSON.parse(line) as { msg?: string }).msg ?? '';
          if (msg.endsWith('index loaded')) {
            loaded.add(msg);
            onLoaded();
          }
        },
      },
    },
    config: { DATA_DIR: dataDir, TRUST_PROXY: 0, NODE_ENV: 'production', WEB_DIST: join(dataDir, 'no-web'), SEARCH_RATE_LIMIT: 0 },
  });
  await app.ready();
  // Both copies loaded, so the answers below come from them and not from the SQL used until then.
  await new Promise<void>((resolve) => {
    onLoaded = () => loaded.size >= 2 && resolve();
    onLoaded();
  });
  return { app, database, dataDir };
}

type Json = { data: Record<string, unknown> & Record<string, Array<Record<string, unknown>>> };
const get = async (app: FastifyInstance, path: string, headers: Record<string, string>) => {
  const res = await app.inject({ method: 'GET', url: path, headers });
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  return res.json() as Json;
};

if (!url) {
  describe('cache freshness across instances', () => {
    it.skip('needs TEST_DATABASE_URL (PostgreSQL): two instances cannot share one embedded PGlite database', () => {});
  });
}

describe.runIf(url)('a change of price or stock on two instances of one database', () => {
  let admin: pg.Client;
  let name = '';
  let a: Instance;
  let b: Instance;
  let headers: { guest: Record<string, string>; business: Record<string, string> };

  beforeAll(async () => {
    name = `shop_fresh_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const target = new URL(url as string);
    target.pathname = `/${name}`;
    const setup = await openDatabase({ url: target.toString() });
    await setup.migrate();
    await seedDemo(setup.db);
    await setup.close();
    [a, b] = await Promise.all([startInstance(target.toString()), startInstance(target.toString())]);
    const login = async (payload: object) => {
      const res = await a.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      return { authorization: `Bearer ${(res.json() as { data: { token: string } }).data.token}` };
    };
    headers = { guest: await login({ step: 'Guest' }), business: await login({ email: 'orderer@demo.pk', password: 'Demo@12345' }) };
  }, 120_000);

  afterAll(async () => {
    for (const i of [a, b]) {
      if (!i) continue;
      await i.app.close();
      await i.database.close();
      rmSync(i.dataDir, { recursive: true, force: true });
    }
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });

  it('shows the new price, locked price and stock on both instances by themselves in listings, search, details and the marketplace', async () => {
    const db = a.database.db;
    const rows = (q: ReturnType<typeof sql>) => jsonRows<Record<string, unknown>>(db, q);
    // A storefront product in stock, and one with a price locked for the orderer's business.
    const [product] = await rows(sql`select id, name, tier4_id from products where stock > 0 and tier4_id is not null order by id limit 1`);
    const [locked] = await rows(sql`select cp.product_id, cp.business_id from customer_prices cp join business_users bu on bu.business_id = cp.business_id
      where bu.email = 'orderer@demo.pk' order by cp.product_id limit 1`);
    // A marketplace city record in stock, of a category small enough to be listed on one page of 200.
    const [record] = await rows(sql`select c.bmpl_product_id as id, ci.name as city, c.tier2_id, p.name from bmpl_product_cities c
      join cities ci on ci.id = c.city_id join bmpl_products p on p.id = c.bmpl_product_id
      where c.stock > 0 and c.tier2_id is not null and (select count(*) from bmpl_product_cities o where o.city_id = c.city_id and o.tier2_id = c.tier2_id) <= 200
      order by c.bmpl_product_id limit 1`);
    expect(product && locked && record).toBeTruthy();
    const id = Number(product!.id);
    const lockedId = Number(locked!.product_id);
    const marketplaceId = Number(record!.id);
    const city = String(record!.city);
    const q = encodeURIComponent;

    type Read = { path: string; who: 'guest' | 'business'; pick(j: Json): Record<string, unknown> | undefined };
    const inList = (list: Array<Record<string, unknown>> | undefined, pid: number) => list?.find((p) => Number(p.id) === pid);
    const inPage = (j: Json, pid: number) => inList(j.data.products, pid) ?? inList(j.data.out_of_stock_products, pid);
    const reads: Record<string, Read> = {
      listing: { path: `/api/custom_route/get_products_by_categories?tierId=4&filterValue=${product!.tier4_id}&limit=1000`, who: 'guest', pick: (j) => inPage(j, id) },
      search: { path: `/api/catalogue/search?search=${q(String(product!.name))}`, who: 'guest', pick: (j) => inList(j.data.products, id) },
      detail: { path: `/api/catalogue/products/${id}`, who: 'guest', pick: (j) => j.data.product as unknown as Record<string, unknown> },
      'locked price in a detail': { path: `/api/catalogue/products/${lockedId}`, who: 'business', pick: (j) => j.data.product as unknown as Record<string, unknown> },
      'marketplace category page': {
        path: `/api/bmpl/products?city=${q(city)}&category=${record!.tier2_id}&limit=200`,
        who: 'guest',
        pick: (j) => inList(j.data.products, marketplaceId),
      },
      'marketplace product page': {
        path: `/api/bmpl/products/${marketplaceId}`,
        who: 'guest',
        pick: (j) => (j.data.bmpl_products_city as Array<Record<string, unknown>>).find((c) => c.city === city),
      },
      'marketplace search': { path: `/api/bmpl/search?city=${q(city)}&search=${q(String(record!.name))}&limit=100`, who: 'guest', pick: (j) => inList(j.data.products, marketplaceId) },
    };
    const read = async (i: Instance, r: Read) => {
      const found = r.pick(await get(i.app, r.path, headers[r.who]));
      if (!found) throw new Error(`${r.path}: the product is missing`);
      return found;
    };

    // Warm every cache on both instances: the answer caches keep a URL from its second request.
    for (const i of [a, b]) for (const r of Object.values(reads)) for (let n = 0; n < 3; n++) await read(i, r);

    // The control: a view count is not price or stock and stays cached (the counters do not see it),
    // so these answers do come from the caches. Each instance against its own cached answer: the two
    // were built at different moments, between which counted views may have reached the database.
    const viewedBefore = [await read(a, reads.detail!), await read(b, reads.detail!)].map((p) => p.viewed_count);
    await db.execute(sql`update products set viewed_count = viewed_count + 1000 where id = ${id}`);
    for (const [n, i] of [a, b].entries()) expect((await read(i, reads.detail!)).viewed_count).toBe(viewedBefore[n]);

    // Staff tools' writes: a price and a stock of each catalogue, a business's locked price.
    await db.execute(sql`update products set price = 987.65 where id = ${id}`);
    await db.execute(sql`update products set stock = 0 where id = ${id}`);
    await db.execute(sql`update customer_prices set price = 876.54 where product_id = ${lockedId} and business_id = ${locked!.business_id}`);
    await db.execute(sql`update bmpl_product_cities c set price = 765.43 from cities ci where ci.id = c.city_id and ci.name = ${city} and c.bmpl_product_id = ${marketplaceId}`);
    await db.execute(sql`update bmpl_product_cities c set stock = 0 from cities ci where ci.id = c.city_id and ci.name = ${city} and c.bmpl_product_id = ${marketplaceId}`);

    const fresh = (what: string, p: Record<string, unknown>) => {
      if (what === 'locked price in a detail') return Number(p.customer_specific_pricing) === 876.54;
      if (what.startsWith('marketplace')) return Number(p.price) === 765.43 && Number(p.stock) === 0;
      return Number(p.price) === 987.65 && Number(p.stock) === 0;
    };
    // No request in between: the instances must notice the change by themselves (a buyer's first
    // request after a quiet spell is as fresh as any). Every answer asked once both have taken in a
    // read of the counters after the writes is the new one.
    for (const i of [a, b]) await takenIn(i.database.db, 'the price and stock writes');
    const stale: string[] = [];
    for (const [n, i] of [a, b].entries()) {
      for (const [what, r] of Object.entries(reads)) if (!fresh(what, await read(i, r))) stale.push(`instance ${n + 1}: ${what}`);
    }
    expect(stale).toEqual([]);
  }, 60_000);
});
