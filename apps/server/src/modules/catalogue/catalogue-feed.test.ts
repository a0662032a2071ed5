import { GUEST_VIEW } from './pricing.service.ts';
import type { ListingQuery } from '@shop/domain/catalogue';
import { LISTING_ORDERS } from '@shop/domain/listing';
import { fromPaisa } from '@shop/domain/money';
import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeListingFrame } from '../../../test/listing-fixture.ts';
import { openTestDatabase } from '../../../test/test-app.ts';
import type { Database } from '../../db/client.ts';
import { customerPrices } from '../../db/schema/business.ts';
import { catalogueChanges, productBusinessTypes, products } from '../../db/schema/catalogue.ts';
import { type CatalogueIndex, createCatalogueIndex } from './catalogue-index.ts';
import { listProducts } from './listing.service.ts';
import { searchProducts } from './search.service.ts';

// Property-based differential test of the change feed (migration 0021, docs/decisions/011): one copy
// lives through random sequences of edits (price, sale, sale price, stock to and from zero, name,
// brand, category, active flag, locked prices, inserts, deletes, one statement over several rows) and
// takes each by patching the rows that moved; after every edit it must answer exactly what a copy
// loaded afresh and what SQL answer: the same pages in the same order, with the same prices, totals
// and search results. It must never have loaded whole after its first load. Runs on PGlite and
// (TEST_DATABASE_URL) PostgreSQL; FEED_RUNS and FEED_SEED widen or replay a run.

let database: Database;
let drop: () => Promise<void>;
let cats: { id: number; level: number }[];
let brandRows: { id: number; name: string }[];
let lockedBusiness: number;
let plainBusiness: number;
let typeId: number;
let patched: CatalogueIndex;
const counts = { loads: 0, patches: 0, patchedRows: 0 };
let serial = 0;

const BRAND_NAMES = ['apple', 'Apple Co', 'Zeta', 'zeta foods', 'Émile', 'Mango 2', 'mango 10'];
const WORDS = ['rice', 'basmati', 'sugar', 'green', 'tea', 'oil', 'soap', 'milk'];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const db = database.db;
  ({ cats, brandRows, lockedBusiness, plainBusiness, typeId } = await makeListingFrame(db, BRAND_NAMES, 'Feed type'));
  patched = createCatalogueIndex(db, {
    maxStaleMs: 0,
    fullReloadMs: 60 * 60_000,
    onLoad: () => counts.loads++,
    onPatch: ({ rows }) => {
      counts.patches++;
      counts.patchedRows += rows;
    },
  });
}, 120_000);
afterAll(() => drop?.());

const paisa = (max: number) => fc.integer({ min: 0, max });
const nameArb = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
const placeArb = fc.nat(5);
const stockArb = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5 }));
const productArb = fc.record({
  name: nameArb,
  price: paisa(60_000),
  sale: fc.boolean(),
  salePrice: fc.option(paisa(60_000), { nil: null }),
  stock: stockArb,
  brand: fc.nat(BRAND_NAMES.length - 1),
  place: placeArb,
  addToCart: fc.nat(4),
  locked: fc.option(fc.integer({ min: 1, max: 60_000 }), { nil: null }),
  offered: fc.boolean(),
});
type ProductSpec = typeof productArb extends fc.Arbitrary<infer T> ? T : never;

const at = fc.nat(1_000);
const editArb = fc.oneof(
  fc.record({ kind: fc.constant('price' as const), at, price: paisa(60_000) }),
  fc.record({ kind: fc.constant('sale' as const), at, sale: fc.boolean(), salePrice: fc.option(paisa(60_000), { nil: null }) }),
  fc.record({ kind: fc.constant('stock' as const), at, stock: stockArb }),
  fc.record({ kind: fc.constant('name' as const), at, name: nameArb }),
  fc.record({ kind: fc.constant('brand' as const), at, brand: fc.nat(BRAND_NAMES.length - 1) }),
  fc.record({ kind: fc.constant('place' as const), at, place: placeArb }),
  fc.record({ kind: fc.constant('active' as const), at, active: fc.boolean() }),
  fc.record({ kind: fc.constant('locked' as const), at, price: fc.option(fc.integer({ min: 1, max: 60_000 }), { nil: null }) }),
  fc.record({ kind: fc.constant('insert' as const), product: productArb }),
  fc.record({ kind: fc.constant('delete' as const), at }),
  // One statement over several rows: every product of a brand out of stock, or back in.
  fc.record({ kind: fc.constant('brandStock' as const), brand: fc.nat(BRAND_NAMES.length - 1), stock: stockArb }),
);
type Edit = typeof editArb extends fc.Arbitrary<infer T> ? T : never;

function place(n: number) {
  const c = cats[n]!;
  const tiers = { tier1Id: cats[0]!.id, tier2Id: null as number | null, tier3Id: null as number | null, tier4Id: null as number | null };
  if (c.level >= 2) tiers.tier2Id = c.level === 2 ? c.id : n === 3 || n === 5 ? cats[1]!.id : cats[2]!.id;
  if (c.level >= 3) tiers.tier3Id = c.level === 3 ? c.id : cats[3]!.id;
  if (c.level === 4) tiers.tier4Id = c.id;
  return tiers;
}

async function insertProducts(list: readonly ProductSpec[]): Promise<number[]> {
  if (list.length === 0) return [];
  const db = database.db;
  const rows = await db
    .insert(products)
    .values(
      list.map((p) => {
        serial++;
        return {
          name: `${p.name} ${serial}`,
          urlName: 'x.png',
          url: 'x.png',
          price: fromPaisa(p.price),
          sale: p.sale,
          salePrice: p.salePrice === null ? null : fromPaisa(p.salePrice),
          stock: p.stock,
          sku: `F-${serial}`,
          code: `F${serial}`,
          brandId: brandRows[p.brand]!.id,
          brandName: brandRows[p.brand]!.name,
          sellPrice: fromPaisa(p.price),
          addToCartCount: p.addToCart,
          ...place(p.place),
        };
      }),
    )
    .returning({ id: products.id });
  const ids = rows.map((r) => r.id);
  const locked = list.flatMap((p, i) => (p.locked === null ? [] : [{ businessId: lockedBusiness, productId: ids[i]!, price: fromPaisa(p.locked) }]));
  if (locked.length) await db.insert(customerPrices).values(locked);
  const offered = list.flatMap((p, i) => (p.offered ? [{ productId: ids[i]!, businessTypeId: typeId }] : []));
  if (offered.length) await db.insert(productBusinessTypes).values(offered);
  return ids;
}

async function replaceCatalogue(list: readonly ProductSpec[]): Promise<number[]> {
  const db = database.db;
  await db.delete(customerPrices);
  await db.delete(products);
  return insertProducts(list);
}

/** Applies one edit to the product at `at` (modulo the products there are); answers the ids after it. */
async function applyEdit(ids: number[], edit: Edit): Promise<number[]> {
  const db = database.db;
  if (edit.kind === 'insert') return [...ids, ...(await insertProducts([edit.product]))];
  if (edit.kind === 'brandStock') {
    await db.update(products).set({ stock: edit.stock }).where(eq(products.brandId, brandRows[edit.brand]!.id));
    return ids;
  }
  if (ids.length === 0) return ids;
  const id = ids[edit.at % ids.length]!;
  const one = eq(products.id, id);
  switch (edit.kind) {
    case 'price':
      await db.update(products).set({ price: fromPaisa(edit.price) }).where(one);
      break;
    case 'sale':
      await db.update(products).set({ sale: edit.sale, salePrice: edit.salePrice === null ? null : fromPaisa(edit.salePrice) }).where(one);
      break;
    case 'stock':
      await db.update(products).set({ stock: edit.stock }).where(one);
      break;
    case 'name':
      serial++;
      await db.update(products).set({ name: `${edit.name} ${serial}` }).where(one);
      break;
    case 'brand':
      await db.update(products).set({ brandId: brandRows[edit.brand]!.id, brandName: brandRows[edit.brand]!.name }).where(one);
      break;
    case 'place':
      await db.update(products).set(place(edit.place)).where(one);
      break;
    case 'active':
      await db.update(products).set({ active: edit.active }).where(one);
      break;
    case 'locked':
      await db.delete(customerPrices).where(and(eq(customerPrices.businessId, lockedBusiness), eq(customerPrices.productId, id)));
      if (edit.price !== null) await db.insert(customerPrices).values({ businessId: lockedBusiness, productId: id, price: fromPaisa(edit.price) });
      break;
    case 'delete':
      await db.delete(customerPrices).where(eq(customerPrices.productId, id));
      await db.delete(products).where(one);
      return ids.filter((x) => x !== id);
  }
  return ids;
}

const rupees = fc.integer({ min: 0, max: 70_000 }).map((p) => fromPaisa(p));
const queryArb = fc
  .record({
    filter: fc.oneof(
      fc.constant({}),
      fc.record({ tierId: fc.constantFrom(1, 2, 3, 4), filterValue: fc.nat(5).map(String) }),
      fc.record({ filter: fc.constantFrom('tier2Id', 'tier3Id', 'tier4Id' as const), filterValue: fc.nat(5).map(String) }),
      fc.record({ filter: fc.constant('brand_id' as const), filterValue: fc.nat(BRAND_NAMES.length - 1).map(String) }),
      fc.record({ filter: fc.constant('brand_name' as const), filterValue: fc.constantFrom(...BRAND_NAMES) }),
      fc.record({ filter: fc.constant('price' as const), filterValue: fc.tuple(rupees, rupees).map(([a, b]) => `@${a}-${b}`) }),
      fc.record({ filter: fc.constant('sale' as const), filterValue: fc.constantFrom('true', 'false') }),
    ),
    order: fc.option(fc.constantFrom(...LISTING_ORDERS), { nil: undefined }),
    offset: fc.nat(8),
    limit: fc.integer({ min: 1, max: 12 }),
    withTotal: fc.boolean(),
    caller: fc.constantFrom<'guest' | 'locked' | 'plain'>('guest', 'locked', 'plain'),
    offered: fc.boolean(),
  })
  .map(({ filter, caller, offered, ...rest }) => ({ query: { ...rest, ...filter } as ListingQuery, caller, offered }));
const searchArb = fc.oneof(
  fc.constantFrom(...WORDS),
  fc.constantFrom(...WORDS).map((w) => w.slice(0, 3)),
  fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...WORDS)).map(([a, b]) => `${a} ${b}`),
  // A typo: the search's tolerance decides.
  fc.constantFrom('basmatti', 'suger', 'gren tea'),
);

async function outcome<T>(run: () => Promise<T>): Promise<{ ok: T } | { error: string }> {
  try {
    return { ok: await run() };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

/** The query with its category and brand positions turned into this catalogue's ids. */
function withIds(query: ListingQuery): ListingQuery {
  const q = { ...query };
  if (q.filter === 'brand_id') q.filterValue = String(brandRows[Number(q.filterValue)]!.id);
  else if (q.filter?.startsWith('tier') || q.tierId) q.filterValue = String(cats[Number(q.filterValue)]!.id);
  return q;
}

/** After an edit: the patched copy, a copy loaded now, and SQL give the same answers. */
async function compareAll(queries: { query: ListingQuery; caller: string; offered: boolean }[], texts: string[], label: string) {
  const db = database.db;
  const fresh = createCatalogueIndex(db, { maxStaleMs: 0, fullReloadMs: 60 * 60_000 });
  for (const { query: raw, caller, offered } of queries) {
    const query = withIds(raw);
    const businessId = caller === 'guest' ? null : caller === 'locked' ? lockedBusiness : plainBusiness;
    const scope = { view: { businessId, cityId: null }, businessTypeIds: offered ? [typeId] : undefined };
    const direct = await outcome(() => patched.page(query, scope));
    expect('ok' in direct ? direct.ok : direct.error, 'the patched copy answered').not.toBeNull();
    const viaPatched = await outcome(() => listProducts(db, query, { ...scope, index: patched }));
    const viaFresh = await outcome(() => listProducts(db, query, { ...scope, index: fresh }));
    const viaSql = await outcome(() => listProducts(db, query, scope));
    const what = `${label} ${JSON.stringify({ query, caller, offered })}`;
    expect(viaPatched, `${what}: patched against fresh`).toEqual(viaFresh);
    expect(viaPatched, `${what}: patched against SQL`).toEqual(viaSql);
  }
  for (const text of texts) {
    for (const businessId of [null, lockedBusiness]) {
      const direct = await patched.search(text, 30, { businessId, cityId: null });
      expect(direct, `search ${text}: the patched copy answered`).not.toBeNull();
      const viaPatched = await searchProducts(db, { businessId, cityId: null }, text, 30, undefined, patched);
      const viaFresh = await searchProducts(db, { businessId, cityId: null }, text, 30, undefined, fresh);
      const viaSql = await searchProducts(db, { businessId, cityId: null }, text, 30);
      expect(viaPatched, `${label} search ${text}: patched against fresh`).toEqual(viaFresh);
      expect(viaPatched, `${label} search ${text}: patched against SQL`).toEqual(viaSql);
    }
  }
}

describe('the change feed: a patched copy answers what a fresh copy and SQL answer', () => {
  it('after every edit of random sequences of edits, without ever loading whole again', async () => {
    const runs = Number(process.env.FEED_RUNS ?? 20);
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(productArb, { minLength: 0, maxLength: 16 }),
        fc.array(fc.tuple(editArb, fc.array(queryArb, { minLength: 2, maxLength: 2 }), searchArb), { minLength: 1, maxLength: 8 }),
        async (list, edits) => {
          let ids = await replaceCatalogue(list);
          await compareAll([], [], 'start');
          for (const [n, [edit, queries, text]] of edits.entries()) {
            ids = await applyEdit(ids, edit);
            await compareAll(queries, [text], `after edit ${n} ${JSON.stringify(edit)} of ${JSON.stringify(list)}`);
            steps++;
          }
        },
      ),
      { numRuns: runs, seed: process.env.FEED_SEED ? Number(process.env.FEED_SEED) : undefined },
    );
    expect(steps).toBeGreaterThan(runs);
    // Loaded once (its first use); every later change was patched in (an edit of locked prices, or
    // one that changes nothing, has nothing to patch).
    expect(counts.loads).toBe(1);
    expect(counts.patches).toBeGreaterThan(steps / 3);
  }, 600_000);

  // The batched view counts (every 2 s under traffic) are not worth a patch: viewed_count and the
  // "Most Viewed" order follow them at the next full reload, as before the feed.
  it('a view count alone logs nothing and patches nothing', async () => {
    const [row] = await insertProducts([{ name: 'tea', price: 100, sale: false, salePrice: null, stock: 1, brand: 0, place: 0, addToCart: 0, locked: null, offered: false }]);
    await compareAll([], ['tea'], 'insert');
    const before = await database.db.$count(catalogueChanges);
    const patches = counts.patches;
    await database.db.update(products).set({ viewedCount: sql`${products.viewedCount} + 1` }).where(eq(products.id, row!));
    expect(await patched.search('tea', 30, GUEST_VIEW)).not.toBeNull();
    expect(await database.db.$count(catalogueChanges)).toBe(before);
    expect(counts.patches).toBe(patches);
  });

  it('loads whole when a statement changed more rows than the log keeps, and answers the same', async () => {
    const loads = counts.loads;
    const many = Array.from({ length: 1_001 }, (_, i) => ({ name: WORDS[i % WORDS.length]!, price: 100 + i, sale: false, salePrice: null, stock: i % 3, brand: i % 7, place: i % 6, addToCart: 0, locked: null, offered: false }));
    const ids = await insertProducts(many);
    await compareAll([{ query: { offset: 0, limit: 20, withTotal: true } as ListingQuery, caller: 'guest', offered: false }], ['rice'], 'import');
    expect(counts.loads).toBe(loads + 1);
    // A single edit after it is patched again.
    const patches = counts.patches;
    await database.db.update(products).set({ stock: 0 }).where(inArray(products.id, ids.slice(0, 3)));
    await compareAll([{ query: { offset: 0, limit: 20, withTotal: true, order: 'price__ASC' } as ListingQuery, caller: 'guest', offered: false }], ['rice'], 'after import');
    expect(counts.patches).toBe(patches + 1);
    expect(counts.loads).toBe(loads + 1);
  }, 120_000);
});
