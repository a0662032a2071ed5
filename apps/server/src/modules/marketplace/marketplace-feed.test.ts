import type { ListQuery, SearchQuery } from '@shop/domain/marketplace';
import { MARKETPLACE_SORT_VALUES } from '@shop/domain/marketplace-rules';
import { fromPaisa } from '@shop/domain/money';
import { and, asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.ts';
import type { Database } from '../../db/client.ts';
import { marketplaceProductCities, marketplaceProducts } from '../../db/schema/marketplace.ts';
import { cities } from '../../db/schema/places.ts';
import { TtlCache } from './marketplace.cache.ts';
import { type MarketplaceContext, categoryTree } from './marketplace.service.ts';
import { type MarketplaceIndex, createMarketplaceIndex } from './marketplace-index.ts';
import { listProducts, searchProducts } from './marketplace-lists.service.ts';

// Property-based differential test of the marketplace's change feed (migration 0024, docs/decisions/011):
// one copy lives through random sequences of edits of the demo marketplace (a city's price, sale and
// sale price, stock to and from zero, a product's name and subcategory, a city record removed or
// added, a new product in several cities, one statement over every record of a city) and takes each
// by patching the products that moved; after every edit its category pages and searches must equal a
// copy loaded afresh and SQL. It must never load whole after its first load. Runs on PGlite and
// (TEST_DATABASE_URL) PostgreSQL; FEED_RUNS and FEED_SEED widen or replay a run.

let database: Database;
let drop: () => Promise<void>;
let patched: MarketplaceIndex;
const counts = { loads: 0, patches: 0 };
let productIds: number[];
let cityRows: { id: number; name: string }[];
let tree: { id: number; children: { id: number }[] }[];
let serial = 0;
const WORDS = ['rice', 'basmati', 'sugar', 'green', 'tea', 'oil', 'mango'];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase(undefined, { demo: true }));
  const db = database.db;
  productIds = (await db.select({ id: marketplaceProducts.id }).from(marketplaceProducts).orderBy(asc(marketplaceProducts.id))).map((r) => r.id);
  cityRows = await db.select({ id: cities.id, name: cities.name }).from(cities).orderBy(asc(cities.id));
  tree = await categoryTree({ db, cache: new TtlCache(0, 10) });
  patched = createMarketplaceIndex(db, {
    maxStaleMs: 0,
    fullReloadMs: 60 * 60_000,
    onLoad: () => counts.loads++,
    onPatch: () => counts.patches++,
  });
}, 120_000);
afterAll(() => drop?.());

const at = fc.nat(100_000);
const money = fc.integer({ min: 1, max: 500_000 }).map(fromPaisa);
const editArb = fc.oneof(
  fc.record({ kind: fc.constant('price' as const), at, price: money }),
  fc.record({ kind: fc.constant('sale' as const), at, sale: fc.boolean(), salePrice: fc.option(money, { nil: null }) }),
  fc.record({ kind: fc.constant('stock' as const), at, stock: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 9 })) }),
  fc.record({ kind: fc.constant('name' as const), at, words: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }) }),
  fc.record({ kind: fc.constant('subcategory' as const), at, pick: fc.nat(50) }),
  fc.record({ kind: fc.constant('removeRecord' as const), at }),
  fc.record({ kind: fc.constant('addRecord' as const), at, city: fc.nat(10), price: money }),
  fc.record({ kind: fc.constant('newProduct' as const), words: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }), price: money, cityCount: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('cityStock' as const), city: fc.nat(10), stock: fc.oneof(fc.constant(0), fc.constant(5)) }),
);
type Edit = typeof editArb extends fc.Arbitrary<infer T> ? T : never;

async function someRecord(n: number) {
  const [count] = await database.db.select({ n: sql<number>`count(*)::int` }).from(marketplaceProductCities);
  const [row] = await database.db
    .select()
    .from(marketplaceProductCities)
    .orderBy(asc(marketplaceProductCities.id))
    .offset(n % Math.max(1, count!.n))
    .limit(1);
  return row;
}

async function applyEdit(edit: Edit) {
  const db = database.db;
  if (edit.kind === 'newProduct') {
    serial++;
    const category = tree[serial % tree.length]!;
    const [template] = await db.select().from(marketplaceProducts).where(eq(marketplaceProducts.tier2Id, category.id)).limit(1);
    if (!template) return;
    const [made] = await db
      .insert(marketplaceProducts)
      .values({
        name: `${edit.words.join(' ')} ${serial}`,
        slug: `feed-${serial}`,
        urlName: 'x.png',
        tier1Id: template.tier1Id,
        tier2Id: template.tier2Id,
        tier3Id: template.tier3Id,
        brandId: template.brandId,
        brandName: template.brandName,
      })
      .returning({ id: marketplaceProducts.id });
    productIds.push(made!.id);
    await db.insert(marketplaceProductCities).values(
      cityRows.slice(0, edit.cityCount).map((c) => ({ marketplaceProductId: made!.id, cityId: c.id, price: edit.price, sellPrice: edit.price, stock: 3 })),
    );
    return;
  }
  if (edit.kind === 'cityStock') {
    await db.update(marketplaceProductCities).set({ stock: edit.stock }).where(eq(marketplaceProductCities.cityId, cityRows[edit.city % cityRows.length]!.id));
    return;
  }
  if (edit.kind === 'name' || edit.kind === 'subcategory' || edit.kind === 'addRecord') {
    const id = productIds[edit.at % productIds.length]!;
    if (edit.kind === 'name') {
      serial++;
      await db.update(marketplaceProducts).set({ name: `${edit.words.join(' ')} ${serial}` }).where(eq(marketplaceProducts.id, id));
    } else if (edit.kind === 'subcategory') {
      const [p] = await db.select({ tier2Id: marketplaceProducts.tier2Id }).from(marketplaceProducts).where(eq(marketplaceProducts.id, id));
      const children = tree.find((c) => c.id === p!.tier2Id)?.children ?? [];
      const child = children.length ? children[edit.pick % children.length]!.id : null;
      await db.update(marketplaceProducts).set({ tier3Id: child }).where(eq(marketplaceProducts.id, id));
    } else {
      const city = cityRows[edit.city % cityRows.length]!;
      const [there] = await db
        .select({ id: marketplaceProductCities.id })
        .from(marketplaceProductCities)
        .where(and(eq(marketplaceProductCities.marketplaceProductId, id), eq(marketplaceProductCities.cityId, city.id)));
      if (!there) await db.insert(marketplaceProductCities).values({ marketplaceProductId: id, cityId: city.id, price: edit.price, sellPrice: edit.price, stock: 2 });
    }
    return;
  }
  const record = await someRecord(edit.at);
  if (!record) return;
  const one = eq(marketplaceProductCities.id, record.id);
  switch (edit.kind) {
    case 'price':
      await db.update(marketplaceProductCities).set({ price: edit.price }).where(one);
      break;
    case 'sale':
      await db.update(marketplaceProductCities).set({ sale: edit.sale, salePrice: edit.salePrice }).where(one);
      break;
    case 'stock':
      await db.update(marketplaceProductCities).set({ stock: edit.stock }).where(one);
      break;
    case 'removeRecord':
      await db.delete(marketplaceProductCities).where(one);
      break;
  }
}

const listArb = fc.record({
  city: fc.nat(10),
  sort: fc.option(fc.constantFrom(...MARKETPLACE_SORT_VALUES), { nil: undefined }),
  category: fc.option(fc.nat(20), { nil: undefined }),
  sub: fc.option(fc.nat(20), { nil: undefined }),
  range: fc.option(fc.tuple(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 3000 })), { nil: undefined }),
  offset: fc.nat(30),
  limit: fc.integer({ min: 1, max: 40 }),
});
const searchArb = fc.record({
  city: fc.nat(10),
  words: fc.array(fc.constantFrom(...WORDS, 'ric', 'a'), { minLength: 1, maxLength: 2 }),
  sort: fc.option(fc.constantFrom(...MARKETPLACE_SORT_VALUES), { nil: undefined }),
  offset: fc.nat(5),
});

async function outcome<T>(run: () => Promise<T>): Promise<{ ok: T } | { error: string }> {
  try {
    return { ok: await run() };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

async function compareAll(lists: (typeof listArb extends fc.Arbitrary<infer T> ? T : never)[], searches: (typeof searchArb extends fc.Arbitrary<infer T> ? T : never)[], label: string) {
  const db = database.db;
  const fresh = createMarketplaceIndex(db, { maxStaleMs: 0, fullReloadMs: 60 * 60_000 });
  const via = (index?: MarketplaceIndex): MarketplaceContext => ({ db, cache: new TtlCache(0, 10), index });
  const run = async <Q, R>(what: string, q: Q, call: (ctx: MarketplaceContext, q: Q) => Promise<R>) => {
    const a = await outcome(() => call(via(patched), q));
    const b = await outcome(() => call(via(fresh), q));
    const c = await outcome(() => call(via(), q));
    expect(a, `${label} ${what} ${JSON.stringify(q)}: patched against fresh`).toEqual(b);
    expect(a, `${label} ${what} ${JSON.stringify(q)}: patched against SQL`).toEqual(c);
  };
  for (const l of lists) {
    const category = l.category === undefined ? undefined : tree[l.category % tree.length];
    const sub = category && l.sub !== undefined && category.children.length ? category.children[l.sub % category.children.length] : undefined;
    const q: ListQuery = {
      city: cityRows[l.city % cityRows.length]!.name,
      sort: l.sort,
      offset: l.offset,
      limit: l.limit,
      ...(category ? { category: String(category.id) } : {}),
      ...(sub ? { subcategory: String(sub.id) } : {}),
      ...(l.range ? { min: String(Math.min(...l.range)), max: String(Math.max(...l.range)) } : {}),
    };
    await run('list', q, listProducts);
  }
  for (const s of searches) {
    const q = { city: cityRows[s.city % cityRows.length]!.name, search: s.words.join(' '), sort: s.sort, offset: s.offset, limit: 20 } as SearchQuery;
    await run('search', q, searchProducts);
  }
}

describe('the marketplace change feed: a patched copy answers what a fresh copy and SQL answer', () => {
  it('after every edit of random sequences of edits, without ever loading whole again', async () => {
    const runs = Number(process.env.FEED_RUNS ?? 12);
    let steps = 0;
    await compareAll([], [], 'start');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(editArb, fc.array(listArb, { minLength: 2, maxLength: 2 }), searchArb), { minLength: 1, maxLength: 6 }), async (edits) => {
        for (const [n, [edit, lists, search]] of edits.entries()) {
          await applyEdit(edit);
          await compareAll(lists, [search], `after edit ${n} ${JSON.stringify(edit)}`);
          steps++;
        }
      }),
      { numRuns: runs, seed: process.env.FEED_SEED ? Number(process.env.FEED_SEED) : undefined },
    );
    expect(steps).toBeGreaterThan(runs);
    expect(counts.loads).toBe(1);
    expect(counts.patches).toBeGreaterThan(steps / 2);
  }, 600_000);
});
