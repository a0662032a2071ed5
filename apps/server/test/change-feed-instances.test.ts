import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogueReads, catalogueReadsFor } from '../src/app-deps.ts';
import { buildApp } from '../src/app.ts';
import { type Database, jsonRows, openDatabase } from '../src/db/client.ts';
import { createMailer } from '../src/lib/mailer.ts';
import { createTokenService } from '../src/lib/tokens.ts';
import { openTestDatabase } from './test-app.ts';

// Issue 17, the change feed (migration 0021): an edit of a product made on one instance shows on the
// others within 2 s, taken in by patching their copies, never by loading them whole again. Instance
// B follows as production does (the counters every second, and LISTEN); instance C reads the counters
// only once a minute, so only the NOTIFY can bring the change to it in time. Two instances need one
// database they both reach: PostgreSQL (PGlite lives inside one process).
const url = process.env.TEST_DATABASE_URL;
const BOUND_MS = 2_000;

interface Instance {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  loads: number;
  patches: number;
  /** When each patch was done, and how long it took. */
  patched: { at: number; ms: number }[];
}

async function startInstance(target: string, reads: CatalogueReads): Promise<Instance> {
  const database = await openDatabase({ url: target, poolSize: 10 });
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-feed-'));
  let onLoaded = () => {};
  const instance = { database, dataDir, loads: 0, patches: 0, patched: [] } as unknown as Instance;
  instance.app = await buildApp({
    db: database.db,
    dbKind: database.kind,
    listen: database.listen,
    catalogueReads: reads,
    tokens: createTokenService('test-secret-test-secret-test-secret-0123456789'),
    mailer: createMailer({ from: 'test@shop.local', db: database.db }),
    logger: {
      level: 'info',
      stream: {
        write(line: string) {
          const entry = JSON.parse(line) as { msg?: string; ms?: number };
          const msg = entry.msg ?? '';
          if (msg === 'catalogue index loaded') {
            instance.loads++;
            onLoaded();
          }
          if (msg === 'catalogue index patched') {
            instance.patches++;
            instance.patched.push({ at: Date.now(), ms: entry.ms ?? 0 });
          }
        },
      },
    },
    config: { DATA_DIR: dataDir, TRUST_PROXY: 0, NODE_ENV: 'production', WEB_DIST: join(dataDir, 'no-web'), SEARCH_RATE_LIMIT: 0 },
  });
  await instance.app.ready();
  await new Promise<void>((resolve) => {
    onLoaded = () => instance.loads >= 1 && resolve();
    onLoaded();
  });
  return instance;
}

type Page = { data: { products: Array<{ id: number; price: string }>; out_of_stock_products: Array<{ id: number; price: string }> } };

if (!url) {
  describe('the change feed across instances', () => {
    it.skip('needs TEST_DATABASE_URL (PostgreSQL): two instances cannot share one embedded PGlite database', () => {});
  });
}

describe.runIf(url)('the change feed across instances', () => {
  let made: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  const instances: Instance[] = [];
  let guest: Record<string, string>;

  beforeAll(async () => {
    // A database of its own with the demo data (copied from the run's template), shared by the instances.
    made = await openTestDatabase(undefined, { demo: true });
    const target = new URL(made.url as string);
    const production = catalogueReadsFor({ NODE_ENV: 'production' });
    instances.push(
      ...(await Promise.all([
        startInstance(target.toString(), production),
        startInstance(target.toString(), production),
        // Counters read once a minute: only a NOTIFY brings a change within the bound.
        startInstance(target.toString(), { ...production, followMs: 60_000 }),
      ])),
    );
    const res = await instances[0]!.app.inject({ method: 'POST', url: '/api/auth/login', payload: { step: 'Guest' } });
    guest = { authorization: `Bearer ${(res.json() as { data: { token: string } }).data.token}` };
  }, 180_000);

  afterAll(async () => {
    for (const i of instances) {
      await i.app.close();
      await i.database.close();
      rmSync(i.dataDir, { recursive: true, force: true });
    }
    await made?.drop();
  });

  it('an edit of one product on one instance shows on the others within 2 s, patched in, with no full reload', async () => {
    const [a, b, c] = instances as [Instance, Instance, Instance];
    const [product] = await jsonRows<{ id: number }>(a.database.db, sql`select id from products where active and stock > 0 order by id limit 1`);
    // The product's own page of its category listing (the copy answers it; the answer cache keeps it).
    const path = `/api/custom_route/get_products_by_categories?filter=id&filterValue=${product!.id}&limit=1`;
    const priceOn = async (i: Instance) => {
      const res = await i.app.inject({ method: 'GET', url: path, headers: guest });
      const page = res.json() as Page;
      return [...page.data.products, ...page.data.out_of_stock_products].find((p) => p.id === product!.id)?.price;
    };
    // Every answer cache warm (a URL is kept from its second request).
    for (const i of instances) for (let n = 0; n < 3; n++) expect(await priceOn(i)).toBeDefined();
    const loadsBefore = instances.map((i) => i.loads);

    for (const [round, price] of ['1234.56', '2345.67', '3456.78'].entries()) {
      // The edit, as staff make it: through the catalogue-admin's writes on instance A's database.
      await a.database.db.execute(sql`update products set price = ${price} where id = ${product!.id}`);
      const changed = Date.now();
      const seenAt = await Promise.all(
        [b, c].map(async (i) => {
          while (Date.now() - changed < 5_000) {
            if ((await priceOn(i)) === price) return Date.now() - changed;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          return Number.POSITIVE_INFINITY;
        }),
      );
      const patchedAt = [b, c].map((i) => i.patched.find((p) => p.at >= changed));
      console.info(
        `round ${round}: the edit reached instance B after ${seenAt[0]} ms (patched after ${(patchedAt[0]?.at ?? Number.NaN) - changed} ms, the patch ${patchedAt[0]?.ms} ms), instance C (NOTIFY only) after ${seenAt[1]} ms (patched after ${(patchedAt[1]?.at ?? Number.NaN) - changed} ms, the patch ${patchedAt[1]?.ms} ms)`,
      );
      for (const ms of seenAt) expect(ms).toBeLessThanOrEqual(BOUND_MS);
    }
    // Taken in by patches: no instance loaded its copy whole again.
    expect(instances.map((i) => i.loads)).toEqual(loadsBefore);
    for (const i of [b, c]) expect(i.patches).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
