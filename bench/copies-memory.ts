// Issue 17: what the in-memory copies hold at 100,000 products, and what a page or a search on them
// costs, in process (no HTTP, no answer cache): two checkouts compared side by side in the same minutes.
//   node --expose-gc --import tsx bench/copies-memory.ts storefront /tmp/data-catalogue-bench [ROOT]
//   node --expose-gc --import tsx bench/copies-memory.ts marketplace /tmp/data-marketplace-bench [ROOT]
//   DATABASE_URL=postgres://... node --expose-gc --import tsx bench/copies-memory.ts storefront - [ROOT]   (PostgreSQL)
// ROOT is the checkout whose copy is measured (default: this one), e.g. a clone of main for "before".
// Prints the heap and resident size after a full garbage collection with the database open and
// before the copy's load, and again with the copy loaded (the difference is the copy's), then the
// median time per request of fixed pages and searches over several rounds. Run each checkout on its
// own process: PGlite's memory is counted in both columns alike.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { marketplaceConditions } from '@shop/domain/marketplace-filters';
import { GUEST_VIEW } from '../apps/server/src/modules/catalogue/pricing.service.ts';

const [which = 'storefront', dir = '/tmp/data-catalogue-bench', rootArg = '.'] = process.argv.slice(2);
const root = resolve(rootArg);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const mod = <T>(path: string): Promise<T> => import(join(root, 'apps/server/src', path));

const { openDatabase } = await mod<typeof import('../apps/server/src/db/client.ts')>('db/client.ts');
const url = process.env.DATABASE_URL;
const database = await openDatabase(dir === '-' && url ? { url, poolSize: 2 } : { dataDir: join(resolve(dir), 'pglite') });
// No migration: the data folder is made by the builders above, and an older checkout refuses a newer database.
const db = database.db;

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const memory = () => {
  gc();
  gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, heapTotal: m.heapTotal, rss: m.rss, buffers: m.arrayBuffers };
};
const show = (label: string, m: ReturnType<typeof memory>) => console.log(`${label.padEnd(24)} heap ${mb(m.heap)} MB (of ${mb(m.heapTotal)}), array buffers ${mb(m.buffers)} MB, resident ${mb(m.rss)} MB`);

/**
 * Median CPU microseconds (user + system, this process's) per request, each round calling every case
 * once: on a machine others load, wall time measures their work more than ours.
 */
async function time(name: string, cases: (() => Promise<unknown>)[], rounds = 60) {
  for (const c of cases) await c();
  const per: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const started = process.cpuUsage();
    for (const c of cases) await c();
    const used = process.cpuUsage(started);
    per.push((used.user + used.system) / cases.length);
  }
  per.sort((a, b) => a - b);
  console.log(`${name.padEnd(40)} median ${per[per.length >> 1]!.toFixed(0)}, least ${per[0]!.toFixed(0)} µs CPU per request (${cases.length} requests x ${rounds} rounds)`);
}

const before = memory();
show('database open', before);
const loadStarted = performance.now();
if (which === 'storefront') {
  const { createCatalogueIndex } = await mod<typeof import('../apps/server/src/modules/catalogue/catalogue-index.ts')>('modules/catalogue/catalogue-index.ts');
  const index = createCatalogueIndex(db, { maxStaleMs: 60_000, fullReloadMs: Number.POSITIVE_INFINITY });
  await index.warm();
  console.log(`load ${(performance.now() - loadStarted).toFixed(0)} ms`);
  const after = memory();
  show('storefront copy loaded', after);
  console.log(`the copy: heap +${mb(after.heap - before.heap)} MB, array buffers +${mb(after.buffers - before.buffers)} MB, resident +${mb(after.rss - before.rss)} MB`);
  const { sql } = await import('drizzle-orm');
  const some = (await db.execute(sql`select tier1_id, tier2_id, brand_id, brand_name from products where active order by id limit 5`)) as unknown as
    | { rows: { tier1_id: number; tier2_id: number; brand_id: number; brand_name: string }[] }
    | { tier1_id: number; tier2_id: number; brand_id: number; brand_name: string }[];
  const [a, b] = Array.isArray(some) ? some : some.rows;
  const guest = { view: GUEST_VIEW };
  const page = (q: object) => () => index.page({ offset: 0, limit: 40, ...q }, guest);
  await time('listing: every order, first page', ['default', 'price__ASC', 'price__DESC', 'brand_name__ASC', 'add_to_cart_count__DESC'].map((o) => page(o === 'default' ? {} : { order: o })));
  await time('listing: category, brand, deep page', [
    page({ filter: 'tier1Id', filterValue: String(a!.tier1_id), withTotal: true }),
    page({ filter: 'tier2Id', filterValue: String(b!.tier2_id), order: 'price__ASC' }),
    page({ filter: 'brand_id', filterValue: String(a!.brand_id) }),
    page({ offset: 4000, order: 'brand_name__DESC' }),
  ]);
  await time('listing: price range, brands, totals', [
    page({ price: '@100-900', withTotal: true }),
    page({ brand: `*${a!.brand_name}*${b!.brand_name}`, order: 'price__DESC' }),
    page({ filter: 'tier1Id', filterValue: String(b!.tier1_id), price: '@0-500', withTotal: true }),
  ]);
  await time('search: words, prefixes, typos', ['rice', 'basmati rice', 'sugr', 'tea', 'oil 5', 'chick', 'milk powder'].map((t) => () => index.search(t, 30, GUEST_VIEW)));
} else {
  // A checkout from before decision 022 names the module bmpl (modules/bmpl/bmpl-index.ts, createBmplIndex).
  const renamed = existsSync(join(root, 'apps/server/src/modules/marketplace'));
  const file = (name: string) => (renamed ? `modules/marketplace/marketplace${name}` : `modules/bmpl/bmpl${name}`);
  type IndexModule = typeof import('../apps/server/src/modules/marketplace/marketplace-index.ts');
  const indexModule = await mod<IndexModule & { createBmplIndex?: IndexModule['createMarketplaceIndex'] }>(file('-index.ts'));
  const createMarketplaceIndex = indexModule.createMarketplaceIndex ?? indexModule.createBmplIndex!;
  const { categoryIndex } = await mod<typeof import('../apps/server/src/modules/marketplace/marketplace.service.ts')>(file('.service.ts'));
  const { TtlCache } = await mod<typeof import('../apps/server/src/modules/marketplace/marketplace.cache.ts')>(file('.cache.ts'));
  const index = createMarketplaceIndex(db, { maxStaleMs: 60_000, fullReloadMs: Number.POSITIVE_INFINITY });
  await index.warm();
  console.log(`load ${(performance.now() - loadStarted).toFixed(0)} ms`);
  const after = memory();
  show('marketplace copy loaded', after);
  console.log(`the copy: heap +${mb(after.heap - before.heap)} MB, array buffers +${mb(after.buffers - before.buffers)} MB, resident +${mb(after.rss - before.rss)} MB`);
  const { sql } = await import('drizzle-orm');
  const cityRows = (await db.execute(sql`select id, name from cities where name = 'Lahore'`)) as unknown as { rows: { id: number; name: string }[] } | { id: number; name: string }[];
  const lahore = (Array.isArray(cityRows) ? cityRows : cityRows.rows)[0]!;
  const categories = await categoryIndex({ db, cache: new TtlCache(60_000, 10) });
  const where = { cityId: lahore.id, city: lahore.name, categories };
  const tier2 = categories.level2[0]?.id ?? null;
  await time('list: every sort, first page', [undefined, 'price_asc', 'price_desc', 'brand_asc'].map((s) => () => index.list(where, null, [], s as never, 0, 40)));
  await time('list: category, price range, deep page', [
    () => index.list(where, tier2, marketplaceConditions({ tier2 }), undefined, 0, 40),
    () => index.list(where, null, marketplaceConditions({ min: '100', max: '900' }), 'price_asc', 0, 40),
    () => index.list(where, null, [], 'brand_asc', 4000, 40),
  ]);
  await time('search: words', [['rice'], ['basmati', 'rice'], ['tea'], ['oil'], ['milk']].map((w) => () => index.search(lahore.id, marketplaceConditions({ words: w }), [], undefined)));
}
await database.close();
process.exit(0);
