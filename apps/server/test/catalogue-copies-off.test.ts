import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MarketplaceProductPage } from '@shop/domain/marketplace';
import type { ProductPage } from '@shop/domain/catalogue';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueReadsFor } from '../src/app-deps.ts';
import { buildApp } from '../src/app.ts';
import { parseConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { marketplaceProductCities } from '../src/db/schema/marketplace.ts';
import { categories, products } from '../src/db/schema/catalogue.ts';
import { createMailer } from '../src/lib/mailer.ts';
import { createTokenService } from '../src/lib/tokens.ts';
import { openTestDatabase } from './test-app.ts';

// CATALOGUE_COPIES=off (docs/decisions/011-catalogue-copies.md): every listing and search of the
// storefront and the marketplace is a statement, no copy is loaded, and a write shows on the next read.

let database: Database;
let drop: () => Promise<void>;
let app: FastifyInstance;
let dataDir: string;
const statements: string[] = [];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase((q) => statements.push(q), { demo: true }));
  dataDir = mkdtempSync(join(tmpdir(), 'shop-copies-off-'));
  const config = parseConfig({ NODE_ENV: 'test', CATALOGUE_COPIES: 'off' });
  app = await buildApp({
    db: database.db,
    dbKind: database.kind,
    tokens: createTokenService('test-secret-test-secret-test-secret-0123456789'),
    mailer: createMailer({ from: 'test@shop.local', db: database.db }),
    config: { ...config, DATA_DIR: dataDir, WEB_DIST: join(dataDir, 'no-web') },
  });
  await app.ready();
}, 180_000);

afterAll(async () => {
  await app?.close();
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The statements one request runs. */
async function statementsOf(url: string) {
  const from = statements.length;
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return { body: res.json() as { data: unknown }, run: statements.slice(from) };
}

// The copies' loads: the storefront's reads every product's lexemes, the marketplace's every product in id order.
const isCopyLoad = (q: string) => q.includes('tsvector_to_array') || /from bmpl_products p where p\.id > /.test(q);

describe('CATALOGUE_COPIES=off', () => {
  it('is parsed from the environment, on by default', () => {
    expect(parseConfig({}).CATALOGUE_COPIES).toBe('on');
    expect(catalogueReadsFor(parseConfig({ CATALOGUE_COPIES: 'off' })).copies).toBe(false);
    expect(() => parseConfig({ CATALOGUE_COPIES: 'maybe' })).toThrow(/CATALOGUE_COPIES/);
  });

  it('answers every storefront listing and search with a statement and shows a price change on the next read', async () => {
    const [cat] = await database.db.select({ id: categories.id, level: categories.level }).from(categories).where(eq(categories.level, 1)).limit(1);
    const url = `/api/custom_route/get_products_by_categories?tierId=1&filterValue=${cat!.id}&order=price__DESC&limit=5`;
    for (let i = 0; i < 2; i++) {
      const { run } = await statementsOf(url);
      expect(run.some((q) => /from "products"/.test(q) && /order by/i.test(q)), `read ${i + 1} ran the listing's statement`).toBe(true);
    }
    const search = await statementsOf('/api/catalogue/search?search=rice&limit=5');
    expect(search.run.some((q) => q.includes('similarity('))).toBe(true);

    // The cheapest in-stock product of the category becomes the dearest: first at once.
    const [cheapest] = await database.db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.tier1Id} = ${cat!.id} and ${products.stock} > 0`)
      .orderBy(products.price)
      .limit(1);
    await database.db.update(products).set({ price: '999999.00', sale: false }).where(eq(products.id, cheapest!.id));
    const after = (await statementsOf(url)).body.data as ProductPage;
    expect(after.products[0]).toMatchObject({ id: cheapest!.id, price: '999999.00' });
    expect(statements.some(isCopyLoad), 'no copy was loaded').toBe(false);
  }, 60_000);

  it('finds quick order rows by name through the SQL search too (issue 21)', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'owner@demo.pk', password: 'Demo@12345' } });
    const authorization = `Bearer ${(login.json() as { data: { token: string } }).data.token}`;
    statements.length = 0;
    const res = await app.inject({
      method: 'POST',
      url: '/api/quick-order',
      headers: { authorization },
      payload: { rows: [{ text: 'basmti rice', quantity: 2 }, { text: 'SKU-000001', quantity: 1 }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const lines = (res.json() as { data: { lines: { matched_by: string | null; product_name: string }[] } }).data.lines;
    expect(lines.map((l) => l.matched_by)).toEqual(['name', 'sku']);
    expect(lines[0]?.product_name).toMatch(/basmati rice/i);
    expect(statements.some((q) => q.includes('similarity('))).toBe(true);
    expect(statements.some(isCopyLoad), 'no copy was loaded').toBe(false);
  }, 60_000);

  it('answers marketplace lists from SQL and shows a price change on the next read', async () => {
    const url = '/api/bmpl/products?sort=price_desc&limit=5';
    const first = await statementsOf(url);
    expect(first.run.some((q) => /bmpl_product_cities/.test(q))).toBe(true);
    const page = first.body.data as MarketplaceProductPage;
    const last = page.products[page.products.length - 1]!;
    await database.db.update(marketplaceProductCities).set({ price: '888888.00', stock: 7 }).where(sql`${marketplaceProductCities.marketplaceProductId} = ${last.id}`);
    const after = (await statementsOf(url)).body.data as MarketplaceProductPage;
    expect(after.products[0]).toMatchObject({ id: last.id, price: '888888.00' });
    expect(statements.some(isCopyLoad), 'no copy was loaded').toBe(false);
  }, 60_000);
});
