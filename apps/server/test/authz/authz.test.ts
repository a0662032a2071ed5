import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.ts';
import { PUBLIC_READ_PREFIXES, ROWS } from './matrix.ts';
import { renderSecurityDoc } from './render.ts';
import { ACTORS, buildWorld, type World } from './world.ts';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
}, 120_000);
afterAll(() => t.close());

const isPublicRead = (method: string, url: string) => method === 'GET' && PUBLIC_READ_PREFIXES.some((p) => url.startsWith(p));

describe('authorization matrix (docs/security.md)', () => {
  it('has a row for every API route, and no row for a route that does not exist', () => {
    const routes = t.app.routeList.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs')).map((r) => `${r.method} ${r.url}`);
    const covered = new Set(ROWS.map((r) => r.route));
    const missing = routes.filter((r) => !covered.has(r) && !isPublicRead(r.split(' ')[0] as string, r.split(' ')[1] as string));
    expect(missing, 'routes without a row in apps/server/test/authz/matrix.ts').toEqual([]);
    expect([...covered].filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('docs/security.md is the printed matrix', () => {
    const doc = readFileSync(new URL('../../../../docs/security.md', import.meta.url), 'utf8');
    expect(doc).toBe(renderSecurityDoc());
  });

  for (const row of ROWS) {
    for (const actor of ACTORS) {
      it(`${row.route} · ${row.case} · ${actor} → ${row.expect[actor]}`, async () => {
        const res = await w.inject(actor, await row.request(w, actor));
        expect(res.statusCode, res.body.slice(0, 300)).toBe(row.expect[actor]);
        if (res.statusCode >= 400) expect((res.json() as { error?: string }).error).toBeTypeOf('string');
        expect(row.check?.(w, actor, res) ?? null).toBeNull();
      });
    }
  }

  it('lets every caller read the catalogue and marketplace, with no other business price', async () => {
    const reads = t.app.routeList.filter((r) => isPublicRead(r.method, r.url));
    expect(reads.length).toBeGreaterThan(5);
    const listing = await w.inject('guest', { method: 'GET', url: '/api/custom_route/get_products_by_categories?limit=7000&offset=0' });
    const guestProducts = (listing.json() as { data: { products: { customer_specific_pricing: string | null }[] } }).data.products;
    expect(guestProducts.every((p) => p.customer_specific_pricing === null)).toBe(true);
    const own = await w.inject('orderer', { method: 'GET', url: '/api/custom_route/get_products_by_categories?limit=7000&offset=0' });
    const other = await w.inject('otherBusiness', { method: 'GET', url: '/api/custom_route/get_products_by_categories?limit=7000&offset=0' });
    type P = { id: number; customer_specific_pricing: string | null };
    const ownPrices = new Map((own.json() as { data: { products: P[] } }).data.products.map((p) => [p.id, p.customer_specific_pricing]));
    const otherPrices = (other.json() as { data: { products: P[] } }).data.products;
    const ownLocked = [...ownPrices.values()].filter((v) => v !== null).length;
    expect(ownLocked).toBeGreaterThan(0);
    // A product locked for business 1 shows business 2 either nothing or business 2's own price, never business 1's.
    const leaks = otherPrices.filter((p) => p.customer_specific_pricing !== null && p.customer_specific_pricing === ownPrices.get(p.id));
    expect(leaks).toEqual([]);
    for (const route of reads.filter((r) => !r.url.includes(':'))) {
      for (const actor of ACTORS) {
        const res = await w.inject(actor, { method: 'GET', url: route.url });
        expect(res.statusCode, `${route.url} as ${actor}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        expect([200, 400], `${route.url} as ${actor}`).toContain(res.statusCode);
      }
    }
  });
});
