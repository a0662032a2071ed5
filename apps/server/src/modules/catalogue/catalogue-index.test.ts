import { GUEST_VIEW } from './pricing.service.ts';
import type { ListingQuery, ProductPage } from '@shop/domain/catalogue';
import { LISTING_ORDERS, type ListingOrder } from '@shop/domain/listing';
import { compareSearchBy, SEARCH_RESULT_ORDER } from '@shop/domain/search-plan';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBusiness } from '../../../test/factories.ts';
import { openTestDatabase } from '../../../test/test-app.ts';
import type { Database } from '../../db/client.ts';
import { customerPrices } from '../../db/schema/business.ts';
import { catalogueVersions, categories, productBusinessTypes, products } from '../../db/schema/catalogue.ts';
import { businessTypes } from '../../db/schema/places.ts';
import { type CatalogueIndex, createCatalogueIndex } from './catalogue-index.ts';
import { similarity, trigramCodes } from './trigram-similarity.ts';
import { businessTypeWithDescendants, listProducts } from './listing.service.ts';
import { searchPlan } from './search-plan.ts';
import { searchProducts } from './search.service.ts';
import { createVocabularySource } from './vocabulary.ts';

// The in-memory index must answer every listing exactly as the SQL path does: the same rows in the
// same order, the same prices, the same totals and the same refusals. Each case runs both.

let database: Database;
let drop: () => Promise<void>;
let index: CatalogueIndex;
let lockedBusiness: number;
let plainBusiness: number;
let cats: { level: number; id: number }[];
let brandNames: string[];
let brandIds: number[];
let someIds: number[];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase(undefined, { demo: true }));
  index = createCatalogueIndex(database.db, { maxStaleMs: 0, fullReloadMs: 60_000 });
  const [top] = await database.db.execute<{ business_id: number }>(
    sql`select business_id from customer_prices group by business_id order by count(*) desc limit 1`,
  ).then((r) => (Array.isArray(r) ? r : (r as { rows: { business_id: number }[] }).rows));
  lockedBusiness = Number(top?.business_id);
  plainBusiness = (await makeBusiness(database.db)).id;
  cats = (await database.db.select({ level: categories.level, id: categories.id }).from(categories)).filter((_, i) => i % 3 === 0);
  const rows = await database.db.select({ brandName: products.brandName, brandId: products.brandId, id: products.id }).from(products);
  brandNames = [...new Set(rows.map((r) => r.brandName))].slice(0, 5);
  brandIds = [...new Set(rows.map((r) => r.brandId))].slice(0, 5);
  someIds = rows.filter((_, i) => i % 97 === 0).map((r) => r.id);
}, 120_000);
afterAll(() => drop());

async function both(query: Partial<ListingQuery>, businessId: number | null, businessTypeIds?: number[]) {
  const q = { offset: 0, limit: 40, ...query } as ListingQuery;
  const viaSql = await listProducts(database.db, q, { view: { businessId, cityId: null }, businessTypeIds });
  const viaIndex = await listProducts(database.db, q, { view: { businessId, cityId: null }, businessTypeIds, index });
  return { viaSql, viaIndex };
}

function same(a: ProductPage, b: ProductPage, label: string) {
  expect(b, label).toEqual(a);
}

const ORDERS: (ListingOrder | undefined)[] = [undefined, ...LISTING_ORDERS];

describe('the in-memory catalogue index answers as SQL does', () => {
  it('for every order, category level, page and caller', async () => {
    expect(lockedBusiness).toBeGreaterThan(0);
    let cases = 0;
    for (const businessId of [null, plainBusiness, lockedBusiness]) {
      for (const order of ORDERS) {
        for (const c of cats.slice(0, 6)) {
          for (const offset of [0, 40]) {
            const { viaSql, viaIndex } = await both({ tierId: c.level, filterValue: String(c.id), order, offset, withTotal: true }, businessId);
            same(viaSql, viaIndex, `tier ${c.level} ${c.id} ${order} ${offset} ${businessId}`);
            cases++;
          }
        }
        const { viaSql, viaIndex } = await both({ order, offset: 2300, limit: 200 }, businessId);
        same(viaSql, viaIndex, `all ${order} ${businessId}`);
      }
    }
    expect(cases).toBeGreaterThan(200);
  }, 120_000);

  it('for filters, include filters, brands, prices, sale and ids, alone and combined', async () => {
    const [c2, c3] = [cats.find((c) => c.level === 2)!, cats.find((c) => c.level === 3)!];
    const queries: Partial<ListingQuery>[] = [
      { filter: 'tier2Id', filterValue: `${c2.id}` },
      { filter: 'tier1Id', filterValue: cats.filter((c) => c.level === 1).map((c) => c.id).join(',') },
      { filter: 'tier3Id', filterValue: `${c3.id},${c3.id}` },
      { filter: 'brand_id', filterValue: `${brandIds[0]}` },
      { filter: 'brand_id', filterValue: brandIds.join(',') },
      { filter: 'brand_name', filterValue: ` ${brandNames[0]} ` },
      { filter: 'brand_name', filterValue: `*${brandNames[0]}*${brandNames[1]}` },
      { brand: `*${brandNames[2]}*${brandNames[3]}*no such brand` },
      { filter: 'price', filterValue: '@100-1000' },
      { price: '@0.5-250.75' },
      { price: '@1000-1000' },
      { filter: 'sale', filterValue: 'true' },
      { filter: 'sale', filterValue: 'false', price: '@0-500' },
      { filter: 'id', filterValue: someIds.join(',') },
      { filter: 'id', filterValue: '999999999' },
      { tierId: 2, filterValue: `${c2.id}`, includeFilter: 'sale', includeFilterValue: 'true' },
      { tierId: 2, filterValue: `${c2.id}`, includeFilter: 'brand_name', includeFilterValue: `*${brandNames[0]}`, price: '@0-3000' },
      { tierId: 0, filterValue: '1', includeFilter: 'price', includeFilterValue: '@200-400' },
      { tierId: 3, filterValue: `${c3.id}`, brand: `*${brandNames[0]}*${brandNames[1]}*${brandNames[2]}` },
    ];
    for (const businessId of [null, lockedBusiness]) {
      for (const query of queries) {
        for (const order of ['price__ASC', 'price__DESC', 'brand_name__DESC', undefined] as const) {
          for (const offset of [0, 7]) {
            const { viaSql, viaIndex } = await both({ ...query, order, offset, limit: 25, withTotal: true }, businessId);
            same(viaSql, viaIndex, `${JSON.stringify(query)} ${order} ${offset} ${businessId}`);
          }
        }
      }
    }
  }, 120_000);

  it('for business-type listings', async () => {
    const types = await database.db.select({ id: businessTypes.id }).from(businessTypes);
    for (const t of types.slice(0, 6)) {
      const ids = await businessTypeWithDescendants(database.db, t.id);
      for (const order of ['viewed_count__DESC', 'price__ASC'] as const) {
        const { viaSql, viaIndex } = await both({ order, withTotal: true }, lockedBusiness, ids);
        same(viaSql, viaIndex, `type ${t.id} ${order}`);
      }
    }
  }, 60_000);

  it('refuses bad input with the SQL path’s errors', async () => {
    for (const query of [
      { price: '@10-5' },
      { price: '@abc' },
      { filter: 'tier2Id', filterValue: '1;drop table products' },
      { filter: 'sale', filterValue: 'yes' },
      { tierId: 2 },
      { includeFilterValue: '3' },
      { brand: '***' },
    ] as Partial<ListingQuery>[]) {
      const q = { offset: 0, limit: 40, ...query } as ListingQuery;
      const viaSql = await listProducts(database.db, q, { view: GUEST_VIEW }).catch((e: Error) => e.message);
      const viaIndex = await listProducts(database.db, q, { view: GUEST_VIEW, index }).catch((e: Error) => e.message);
      expect(typeof viaSql, JSON.stringify(query)).toBe('string');
      expect(viaIndex).toBe(viaSql);
    }
  });
});

describe('the in-memory search answers as SQL does', () => {
  it('for typos, prefixes, word order, numbers, loose matches and nothing found, for each caller', async () => {
    const vocabulary = createVocabularySource(database.db);
    const names = (await database.db.select({ name: products.name }).from(products)).map((r) => r.name);
    const texts = [
      'rice', 'basmti rce', 'rice basmati', 'ric', 'r', 'tapal danedr', 'cookng oil', 'shan biryni', 'suger', 'chana dal',
      'dettol soap', 'ketchup', 'tea', 'milk 1', '2.5', 'kg', 'zzzz', 'xyzzy rice', 'rice xyzq', 'oil ghee tea', '  Rice  ',
      ...names.filter((_, i) => i % 211 === 0),
      ...names.filter((_, i) => i % 307 === 0).map((n) => n.slice(0, Math.max(3, n.length - 2))),
    ];
    let found = 0;
    for (const businessId of [null, lockedBusiness]) {
      for (const text of texts) {
        const viaSql = await searchProducts(database.db, { businessId, cityId: null }, text, 30, vocabulary);
        const viaIndex = await index.search(text, 30, { businessId, cityId: null }, vocabulary);
        expect(viaIndex, text).toEqual(viaSql);
        found += viaSql.length;
      }
    }
    expect(found).toBeGreaterThan(500);
  }, 120_000);

  it("both follow the dropdown's order declared in search-plan.ts (SEARCH_RESULT_ORDER), by the database's similarity", async () => {
    const vocabulary = createVocabularySource(database.db);
    let checked = 0;
    for (const text of ['rice', 'basmti rce', 'ric', 'tea', 'oil ghee tea', 'milk 1', 'chana dal', 'xyzzy rice']) {
      const viaSql = await searchProducts(database.db, GUEST_VIEW, text, 30, vocabulary);
      expect(await index.search(text, 30, GUEST_VIEW, vocabulary), text).toEqual(viaSql);
      if (viaSql.length < 2) continue;
      const plan = await searchPlan(text, vocabulary);
      const ranks = await database.db.execute<{ id: number; rank: number }>(
        sql`select id, similarity(${plan!.phrase}, name) as rank from products where id = any(${`{${viaSql.map((p) => p.id).join(',')}}`}::int[])`,
      ).then((r) => (Array.isArray(r) ? r : (r as { rows: { id: number; rank: number }[] }).rows));
      const rank = new Map(ranks.map((r) => [Number(r.id), Number(r.rank)]));
      const reference = compareSearchBy<(typeof viaSql)[number]>(SEARCH_RESULT_ORDER, (p, field) =>
        field === 'similarity' ? rank.get(p.id)! : field === 'out_of_stock' ? (p.stock === 0 ? 1 : 0) : field === 'id' ? p.id : Number.NaN,
      );
      expect([...viaSql].sort(reference).map((p) => p.id), text).toEqual(viaSql.map((p) => p.id));
      checked++;
    }
    expect(checked).toBeGreaterThan(4);
  });

  it('takes the shortest names first when thousands match', async () => {
    const [model] = await database.db.select().from(products).limit(1);
    const { id: _id, nameTsv: _tsv, createdAt: _c, ...fields } = model!;
    const bulk = Array.from({ length: 3000 }, (_, k) => ({ ...fields, name: `Bulkwidget ${'x'.repeat(k % 7)} ${k % 3 === 0 ? 'Pack Packet' : k % 2 ? 'Pack' : 'Box'} ${k}`, sku: `BULK-${k}`, stock: k % 5 }));
    for (let k = 0; k < bulk.length; k += 1000) await database.db.insert(products).values(bulk.slice(k, k + 1000));
    // Short names with two words of one prefix: found twice by the prefix's terms, listed once.
    await database.db.insert(products).values(Array.from({ length: 40 }, (_, k) => ({ ...fields, name: `Pack Packet ${k}`, sku: `PP-${k}`, stock: 3 })));
    const vocabulary = createVocabularySource(database.db);
    for (const text of ['bulkwidget', 'bulkwidgt pack', 'pack bulkw', 'bulkwidget xxx', 'bulkwidget pack', 'rice bulkwidget', 'bulkwidget pac', 'pac']) {
      const viaSql = await searchProducts(database.db, GUEST_VIEW, text, 30, vocabulary);
      expect(viaSql.length, text).toBe(30);
      expect(await index.search(text, 30, GUEST_VIEW, vocabulary), text).toEqual(viaSql);
    }
  }, 60_000);

  it('leaves names beyond ASCII to SQL (pg_trgm reads them by the database locale)', async () => {
    const vocabulary = createVocabularySource(database.db);
    const [hit] = await index.search('basmati rice', 30, GUEST_VIEW, vocabulary) ?? [];
    expect(hit).toBeDefined();
    await database.db.update(products).set({ name: `${hit!.name} چاول` }).where(eq(products.id, hit!.id));
    expect(await index.search('basmati rice', 30, GUEST_VIEW, vocabulary)).toBeNull();
    const withIndex = await searchProducts(database.db, GUEST_VIEW, 'basmati rice', 30, vocabulary, index);
    expect(withIndex).toEqual(await searchProducts(database.db, GUEST_VIEW, 'basmati rice', 30, vocabulary));
    expect(withIndex.some((p) => p.id === hit!.id)).toBe(true);
  });

  it('computes pg_trgm similarity as the database does', async () => {
    const pairs = [['basmati rice', 'Guard Basmati Rice 5kg'], ['tea', 'Tapal Danedar Tea 950g'], ['a', 'A-1 Ketchup'], ['x', 'y'], ['', 'rice'], ['zebra 0900 z9', 'Zebra09 00 Z 9z zz'], ['Super Kernel 1121', 'Guard Super Kernel Basmati Rice 1121 5 kg']];
    for (const [a, b] of pairs) {
      const rows = await database.db.execute<{ s: number }>(sql`select similarity(${a}, ${b}) as s`);
      const [row] = (Array.isArray(rows) ? rows : (rows as { rows: { s: number }[] }).rows) as { s: number }[];
      expect(similarity(trigramCodes(a!), trigramCodes(b!)), `${a} / ${b}`).toBe(Math.fround(Number(row?.s)));
    }
  });
});

describe('the index follows the database', () => {
  const first = async (query: Partial<ListingQuery>, businessId: number | null = null) => {
    const page = await listProducts(database.db, { offset: 0, limit: 40, ...query } as ListingQuery, { view: { businessId, cityId: null }, index });
    return [...page.products, ...page.out_of_stock_products];
  };
  const version = async (name: string) =>
    Number((await database.db.select().from(catalogueVersions).where(eq(catalogueVersions.name, name)))[0]?.version);

  it('sees a product changed, added or put out of stock by any writer at once', async () => {
    const [top] = await first({ order: 'price__DESC' });
    const before = await version('products');
    await database.db.update(products).set({ price: '999999.00', sale: false, stock: 50 }).where(eq(products.id, someIds[3]!));
    expect(await version('products')).toBe(before + 1);
    const [now] = await first({ order: 'price__DESC' });
    expect(now?.id).toBe(someIds[3]);
    expect(now?.id).not.toBe(top?.id);
    await database.db.update(products).set({ stock: 0 }).where(eq(products.id, someIds[3]!));
    expect((await first({ order: 'price__DESC' }))[0]?.id).not.toBe(someIds[3]);
  });

  it('sees a locked price added for a business, and only for that business', async () => {
    const target = someIds[5]!;
    await database.db.insert(customerPrices).values({ businessId: plainBusiness, productId: target, price: '1.00' });
    const mine = await first({ filter: 'id', filterValue: `${target}` }, plainBusiness);
    expect(mine[0]?.customer_specific_pricing).toBe('1.00');
    const guest = await first({ filter: 'id', filterValue: `${target}` }, null);
    expect(guest[0]?.customer_specific_pricing).toBeNull();
    const cheapest = await first({ order: 'price__ASC' }, plainBusiness);
    expect(cheapest.find((p) => p.stock > 0)?.id === target || cheapest.some((p) => p.id === target)).toBe(true);
  });

  it('does not reload for view counts alone, and does for a business type change', async () => {
    const before = await version('products');
    await database.db.update(products).set({ viewedCount: sql`${products.viewedCount} + 1` }).where(eq(products.id, someIds[1]!));
    expect(await version('products')).toBe(before);
    const typesBefore = await version('product_business_types');
    const [type] = await database.db.select({ id: businessTypes.id }).from(businessTypes).limit(1);
    await database.db.delete(productBusinessTypes).where(eq(productBusinessTypes.businessTypeId, type!.id));
    expect(await version('product_business_types')).toBe(typesBefore + 1);
    const page = await listProducts(database.db, { offset: 0, limit: 40 } as ListingQuery, { view: GUEST_VIEW, businessTypeIds: [type!.id], index });
    expect(page.products.length + page.out_of_stock_products.length).toBe(0);
  });
});
