import type { ListQuery, SearchQuery } from '@shop/domain/marketplace';
import { marketplaceConditions } from '@shop/domain/marketplace-filters';
import { MARKETPLACE_SORT_VALUES } from '@shop/domain/marketplace-rules';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.ts';
import type { Database } from '../../db/client.ts';
import { marketplaceProductCities, marketplaceProducts } from '../../db/schema/marketplace.ts';
import { TtlCache } from './marketplace.cache.ts';
import type { MarketplaceContext } from './marketplace.service.ts';
import { categoryTree, productById, productBySlug } from './marketplace.service.ts';
import { type MarketplaceIndex, createMarketplaceIndex } from './marketplace-index.ts';
import { listProducts, searchProducts } from './marketplace-lists.service.ts';

// The marketplace in memory must answer every category page and search exactly as the SQL does.
// Each case runs both, with nothing cached between calls.

let database: Database;
let drop: () => Promise<void>;
let index: MarketplaceIndex;
const CITIES = ['Lahore', 'Islamabad', 'Multan', 'Faisalabad', 'Karachi'];
const SORTS = [undefined, ...MARKETPLACE_SORT_VALUES];

const viaSql = (): MarketplaceContext => ({ db: database.db, cache: new TtlCache(0, 10) });
const viaIndex = (): MarketplaceContext => ({ db: database.db, cache: new TtlCache(0, 10), index });

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase(undefined, { demo: true }));
  index = createMarketplaceIndex(database.db, { maxStaleMs: 0, fullReloadMs: 60_000 });
}, 120_000);
afterAll(() => drop());

async function sameList(q: Partial<ListQuery>) {
  const query = { offset: 0, limit: 40, ...q } as ListQuery;
  const a = await listProducts(viaSql(), query);
  const b = await listProducts(viaIndex(), query);
  expect(b, JSON.stringify(q)).toEqual(a);
  return a;
}

async function sameSearch(q: Partial<SearchQuery>) {
  const query = { offset: 0, limit: 40, ...q } as SearchQuery;
  const a = await searchProducts(viaSql(), query);
  const b = await searchProducts(viaIndex(), query);
  expect(b, JSON.stringify(q)).toEqual(a);
  return a;
}

describe('the marketplace in memory answers as SQL does', () => {
  it('category pages: every city, sort, category, subcategory and page', async () => {
    const tree = await categoryTree(viaSql());
    let products = 0;
    // Every city with every sort; the category pages of each pair in turn (every category meets every
    // city and every sort over the pairs, not all three at once: the property-based tests beside this
    // one try random combinations).
    let pair = 0;
    for (const city of CITIES) {
      for (const sort of SORTS) {
        products += (await sameList({ city, sort })).products.length;
        await sameList({ city, sort, offset: 35, limit: 200 });
        const c = tree[pair++ % Math.min(4, tree.length)];
        if (!c) continue;
        await sameList({ city, sort, category: String(c.id) });
        const sub = c.children[0];
        if (sub) await sameList({ city, sort, category: String(c.id), subcategory: String(sub.id), offset: 3, limit: 7 });
      }
    }
    expect(products).toBeGreaterThan(500);
  }, 120_000);

  it('category pages with brands and price ranges', async () => {
    const tree = await categoryTree(viaSql());
    const brandRows = await database.db.selectDistinct({ id: marketplaceProducts.brandId }).from(marketplaceProducts).limit(6);
    const brands = brandRows.map((b) => b.id);
    for (const c of tree.slice(0, 3)) {
      for (const sort of ['price_asc', 'brand_desc', undefined] as const) {
        await sameList({ city: 'Lahore', sort, category: String(c.id), brands: brands.slice(0, 3).join(',') });
        await sameList({ city: 'Karachi', sort, category: String(c.id), min: '100', max: '1500.50' });
        await sameList({ city: 'Multan', sort, category: String(c.id), min: '250' });
        await sameList({ city: 'Multan', sort, max: '99.99', brands: brands.join(',') });
        await sameList({ city: 'Islamabad', sort, category: String(c.id), subcategory: String(c.children[1]?.id ?? c.children[0]?.id), min: '0', max: '999999' });
      }
    }
  }, 120_000);

  it('searches: words in any case, several words, hyphens, prices, subcategory, sorts and pages', async () => {
    const names = (await database.db.select({ name: marketplaceProducts.name }).from(marketplaceProducts)).map((r) => r.name);
    const words = [...new Set(names.flatMap((n) => n.split(/\s+/)).filter((w) => w.length > 2))].slice(0, 40);
    const texts = ['rice', 'RICE', 'Basmati-Rice', 'oil ghee', 'a', 'zzzz', '50%', 'rice_', ' tea ', ...words.filter((_, i) => i % 4 === 0)];
    let found = 0;
    // Each text with every sort in one city (the three take turns) and unsorted in the other two.
    for (const [i, search] of texts.entries()) {
      for (const [j, city] of CITIES.slice(0, 3).entries()) {
        for (const sort of j === i % 3 ? SORTS : [undefined]) {
          const result = await sameSearch({ city, search, sort });
          found += result.products.length;
          if (result.categories[0]) await sameSearch({ city, search, sort, subcategory: String(result.categories[0].id), offset: 1, limit: 5 });
        }
        await sameSearch({ city, search, min: '100', max: '2000' });
      }
    }
    expect(found).toBeGreaterThan(200);
  }, 120_000);

  it('leaves words beyond ASCII to SQL', async () => {
    expect(await index.search(1, marketplaceConditions({ words: ['چاول'] }), [], undefined)).toBeNull();
    await sameSearch({ city: 'Lahore', search: 'چاول' });
  });
});

describe('the marketplace in memory follows the database', () => {
  it('sees a price, a stock and a name change at once', async () => {
    const [record] = await database.db.select().from(marketplaceProductCities).limit(1);
    const lahore = { city: undefined, sort: 'price_desc' as const };
    await database.db.update(marketplaceProductCities).set({ price: '987654.00', stock: 9 }).where(eq(marketplaceProductCities.id, record!.id));
    const [cityName] = await database.db.execute<{ name: string }>(sql`select name from cities where id = ${record!.cityId}`).then((r) =>
      Array.isArray(r) ? r : (r as { rows: { name: string }[] }).rows,
    );
    const page = await sameList({ ...lahore, city: cityName!.name });
    expect(page.products[0]?.id).toBe(record!.marketplaceProductId);
    await database.db.update(marketplaceProducts).set({ name: 'Zzyzx Special Mango Pulp' }).where(eq(marketplaceProducts.id, record!.marketplaceProductId));
    const result = await sameSearch({ city: cityName!.name, search: 'zzyzx' });
    expect(result.products.map((p) => p.id)).toEqual([record!.marketplaceProductId]);
  });
});

describe('product pages from memory answer as SQL does (issue 41)', () => {
  it('products by id and by slug, an unknown id and slug', async () => {
    // Every fifth product (by id): both paths run four statements a product, and all 600 took over a minute on a loaded machine.
    const all = (await database.db.select({ id: marketplaceProducts.id, slug: marketplaceProducts.slug }).from(marketplaceProducts).orderBy(marketplaceProducts.id)).filter((_, n) => n % 5 === 0);
    let fromCopy = 0;
    const outcome = async <T>(run: () => Promise<T>) => run().then((ok) => ({ ok }), (err: Error) => ({ error: err.message }));
    for (const p of all) {
      const a = await outcome(() => productById(viaSql(), p.id));
      const b = await outcome(() => productById(viaIndex(), p.id));
      expect(b, `id ${p.id}`).toEqual(a);
      expect(await outcome(() => productBySlug(viaIndex(), p.slug)), `slug ${p.slug}`).toEqual(await outcome(() => productBySlug(viaSql(), p.slug)));
      if ('ok' in b) fromCopy++;
    }
    expect(fromCopy).toBeGreaterThan(60);
    for (const find of [() => productById(viaIndex(), 99_999_999), () => productBySlug(viaIndex(), 'no-such-product-anywhere')]) {
      await expect(find()).rejects.toThrow(/There is no marketplace product/);
    }
  });
});
