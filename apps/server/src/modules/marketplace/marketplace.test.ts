import type { MarketplaceCategory, MarketplaceCategoryTree, MarketplaceProduct, MarketplaceProductDetail, MarketplaceProductPage, MarketplaceResolvedCategory } from '@shop/domain/marketplace';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { marketplaceProductCities, marketplaceProducts } from '../../db/schema/marketplace.ts';
import { cities } from '../../db/schema/places.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
}, 60_000);
afterAll(() => t.close());

const get = async <T>(url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  return body<{ data: T }>(res).data;
};

/** The city record of a product straight from the database. */
async function dbRecord(productId: number, city: string) {
  const [row] = await t.database.db
    .select({ price: marketplaceProductCities.price, stock: marketplaceProductCities.stock })
    .from(marketplaceProductCities)
    .innerJoin(cities, eq(cities.id, marketplaceProductCities.cityId))
    .where(and(eq(marketplaceProductCities.marketplaceProductId, productId), eq(cities.name, city)));
  return row ?? null;
}

/** A product sold in some cities only (the seed sells about a quarter in two or three). */
async function partlySoldProduct() {
  const [row] = await t.database.db
    .select({ id: marketplaceProducts.id, slug: marketplaceProducts.slug, name: marketplaceProducts.name, n: sql<number>`count(*)::int` })
    .from(marketplaceProducts)
    .innerJoin(marketplaceProductCities, eq(marketplaceProductCities.marketplaceProductId, marketplaceProducts.id))
    .groupBy(marketplaceProducts.id)
    .having(sql`count(*) < 5`)
    .orderBy(marketplaceProducts.id)
    .limit(1);
  if (!row) throw new Error('seed has no partly sold product');
  const detail = await get<MarketplaceProductDetail>(`/api/bmpl/products/${row.id}`);
  const sold = detail.bmpl_products_city.map((r) => r.city);
  const missing = ['Lahore', 'Islamabad', 'Multan', 'Faisalabad', 'Karachi'].find((c) => !sold.includes(c)) as string;
  return { ...row, sold, missing };
}

describe('categories', () => {
  it('the tree has Food level-2 categories, each with level-3 children', async () => {
    const tree = await get<MarketplaceCategoryTree[]>('/api/bmpl/categories/tree');
    expect(tree.map((c) => c.name)).toContain('Rice & Grains');
    expect(tree.map((c) => c.name)).not.toContain('Cleaning');
    for (const c of tree) {
      expect(c.level).toBe(2);
      for (const child of c.children) expect([child.level, child.parent_id]).toEqual([3, c.id]);
    }
  });

  it('lists by level and by parent; an unknown parent is a 404, a bad level a 400', async () => {
    const level2 = await get<MarketplaceCategory[]>('/api/bmpl/categories?level=2');
    const rice = level2.find((c) => c.name === 'Rice & Grains') as MarketplaceCategory;
    const children = await get<MarketplaceCategory[]>(`/api/bmpl/categories?level=3&parent_id=${rice.id}`);
    expect(children.length).toBeGreaterThan(1);
    expect(children.every((c) => c.parent_id === rice.id)).toBe(true);
    expect((await t.app.inject(`/api/bmpl/categories?parent_id=999999`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/bmpl/categories?level=7`)).statusCode).toBe(400);
  });

  it('resolves URL segments by the slug rule, by name and without punctuation', async () => {
    for (const seg of ['rice-&-grains', 'RICE_&_GRAINS', 'rice-grains']) {
      const r = await get<MarketplaceResolvedCategory>(`/api/bmpl/categories/resolve?category=${encodeURIComponent(seg)}`);
      expect(r.category.name).toBe('Rice & Grains');
      expect(r.subcategory).toBeNull();
      expect(r.subcategories.map((c) => c.name)).toContain('Basmati Rice');
    }
    const r = await get<MarketplaceResolvedCategory>('/api/bmpl/categories/resolve?category=rice-%26-grains&subcategory=basmati-rice');
    expect(r.subcategory?.name).toBe('Basmati Rice');
  });

  it('unknown, malformed and overlong segments are 4xx with an error text', async () => {
    const cases = [
      ['/api/bmpl/categories/resolve?category=no-such-thing', 404],
      ['/api/bmpl/categories/resolve?category=rice-grains&subcategory=cola', 404],
      ['/api/bmpl/categories/resolve?category=rice%2Fgrains', 404],
      [`/api/bmpl/categories/resolve?category=${'a'.repeat(500)}`, 400],
      ['/api/bmpl/categories/resolve', 400],
    ] as const;
    for (const [url, status] of cases) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(status);
      expect(body(res).error).toMatch(/\w/);
    }
  });
});

describe('banners', () => {
  it('Bmpl_Banners has desktop and mobile images; several names in one call', async () => {
    const list = await get<Array<{ name: string; is_mobile: boolean }>>('/api/bmpl/banners?name=Bmpl_Banners');
    expect(list.every((b) => b.name === 'Bmpl_Banners')).toBe(true);
    expect(list.some((b) => b.is_mobile) && list.some((b) => !b.is_mobile)).toBe(true);
    const all = await get<Array<{ name: string }>>('/api/bmpl/banners?name=Bmpl_Banners,Bmpl_Featured,Bmpl_Popular');
    expect(all.filter((b) => b.name === 'Bmpl_Featured')).toHaveLength(6);
    expect(all.filter((b) => b.name === 'Bmpl_Popular')).toHaveLength(6);
    expect((await t.app.inject('/api/bmpl/banners?name=x;drop')).statusCode).toBe(400);
  });
});

describe('home strips', () => {
  it('one call returns every category strip of the city, at the city prices, in a bounded number of statements', async () => {
    t.queries.reset();
    const strips = await get<Array<{ category: MarketplaceCategory; products: MarketplaceProduct[]; total: number }>>('/api/bmpl/strips?city=Karachi&limit=6');
    expect(t.queries.count).toBeLessThanOrEqual(4);
    expect(strips.length).toBeGreaterThan(5);
    for (const s of strips.slice(0, 3)) {
      expect(s.products.length).toBeLessThanOrEqual(6);
      expect(s.total).toBeGreaterThanOrEqual(s.products.length);
      for (const p of s.products) {
        expect(p.tier2_id).toBe(s.category.id);
        expect(p.city).toBe('Karachi');
        expect(Number(p.price)).toBe(Number((await dbRecord(p.id, 'Karachi'))?.price));
      }
    }
  });
});

describe('prepared answers', () => {
  it('a repeated list is served without SQL, compressed as asked, identical to the plain answer', async () => {
    const url = '/api/bmpl/products?city=Islamabad&limit=40&sort=price_desc';
    // Kept from its second request (a URL asked once is not kept).
    await t.app.inject(url);
    const plain = await t.app.inject(url);
    t.queries.reset();
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    const gzip = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(t.queries.count).toBe(0);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(body<{ data: MarketplaceProductPage }>(plain).data.products).toHaveLength(40);
  });
});

describe('product lists', () => {
  let rice: MarketplaceCategory;
  beforeAll(async () => {
    rice = (await get<MarketplaceResolvedCategory>('/api/bmpl/categories/resolve?category=rice-grains')).category;
  });

  it('lists a category in a city with that city prices only', async () => {
    for (const city of ['Lahore', 'Multan']) {
      const page = await get<MarketplaceProductPage>(`/api/bmpl/products?city=${city}&category=${rice.id}&limit=200`);
      expect(page.total).toBe(page.products.length);
      expect(page.total).toBeGreaterThan(5);
      for (const p of page.products) {
        expect(p.tier2_id).toBe(rice.id);
        const record = await dbRecord(p.id, city);
        expect(record, `${p.name} is sold in ${city}`).not.toBeNull();
        expect(Number(p.price)).toBe(Number(record?.price));
      }
    }
  });

  it('a product not sold in a city is not listed there', async () => {
    const p = await partlySoldProduct();
    const inCity = await get<MarketplaceProductPage>(`/api/bmpl/products?city=${p.sold[0]}&limit=200&offset=0&category=${(await get<MarketplaceProductDetail>(`/api/bmpl/products/${p.id}`)).tier2_id}`);
    const elsewhere = await get<MarketplaceProductPage>(`/api/bmpl/products?city=${p.missing}&limit=200&category=${(await get<MarketplaceProductDetail>(`/api/bmpl/products/${p.id}`)).tier2_id}`);
    expect(inCity.products.map((x) => x.id)).toContain(p.id);
    expect(elsewhere.products.map((x) => x.id)).not.toContain(p.id);
  });

  it('sorts by price and name with out-of-stock last, and filters by brands and price', async () => {
    const up = await get<MarketplaceProductPage>(`/api/bmpl/products?category=${rice.id}&sort=price_asc&limit=200`);
    const inStock = up.products.filter((p) => p.stock > 0);
    expect(up.products.slice(0, inStock.length)).toEqual(inStock);
    const prices = inStock.map((p) => Number(p.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const za = await get<MarketplaceProductPage>(`/api/bmpl/products?category=${rice.id}&sort=brand_desc&limit=200`);
    const az = await get<MarketplaceProductPage>(`/api/bmpl/products?category=${rice.id}&sort=brand_asc&limit=200`);
    const names = (page: MarketplaceProductPage) => page.products.filter((p) => p.stock > 0).map((p) => p.name);
    expect(names(za)).toEqual([...names(az)].reverse());
    expect(names(az)[0]?.localeCompare(names(az).at(-1) ?? '')).toBeLessThan(0);

    const brand = up.products[0]?.bmpl_brand_id as number;
    const byBrand = await get<MarketplaceProductPage>(`/api/bmpl/products?category=${rice.id}&brands=${brand}&limit=200`);
    expect(byBrand.products.length).toBeGreaterThan(0);
    expect(byBrand.products.every((p) => p.bmpl_brand_id === brand)).toBe(true);

    const ranged = await get<MarketplaceProductPage>(`/api/bmpl/products?category=${rice.id}&min=1000&max=5000&limit=200`);
    expect(ranged.products.every((p) => Number(p.price) >= 1000 && Number(p.price) <= 5000)).toBe(true);
    expect(ranged.total).toBeLessThan(up.total);
  });

  it('pages: offset past the end gives no products and the true total', async () => {
    const first = await get<MarketplaceProductPage>(`/api/bmpl/products?category=${rice.id}&limit=5`);
    expect(first.products).toHaveLength(5);
    const past = await get<MarketplaceProductPage>(`/api/bmpl/products?category=${rice.id}&offset=5000`);
    expect(past).toEqual({ products: [], total: first.total });
  });

  it('facets give the brands and price range of the category in the city', async () => {
    const facets = await get<{ brands: Array<{ id: number; count: number }>; price: { min: number; max: number } }>(`/api/bmpl/facets?city=Lahore&category=${rice.id}`);
    const all = await get<MarketplaceProductPage>(`/api/bmpl/products?city=Lahore&category=${rice.id}&limit=200`);
    expect(facets.brands.reduce((n, b) => n + b.count, 0)).toBe(all.total);
    const prices = all.products.map((p) => Number(p.price));
    expect(facets.price.min).toBe(Math.floor(Math.min(...prices)));
    expect(facets.price.max).toBe(Math.ceil(Math.max(...prices)));
  });

  it('bad input is a 4xx with a readable error, never a 500', async () => {
    const cases = [
      ['/api/bmpl/products?city=Paris', 400, /Unknown city/],
      ['/api/bmpl/products?city=%00', 400, /city/i],
      [`/api/bmpl/products?category=${rice.id}&min=5000&max=10`, 400, /inverted/],
      ['/api/bmpl/products?min=abc', 400, /min/],
      ['/api/bmpl/products?brands=999999', 400, /Unknown brand/],
      ['/api/bmpl/products?brands=1;2', 400, /brands/],
      ['/api/bmpl/products?category=999999', 404, /no marketplace category/],
      ['/api/bmpl/products?category=-1', 400, /category/],
      ['/api/bmpl/products?sort=random', 400, /sort/],
      ['/api/bmpl/products?limit=100000', 400, /limit/],
      ['/api/bmpl/products?unknown=1', 400, /unknown|Unrecognized/i],
      ['/api/bmpl/facets?city=Atlantis', 400, /Unknown city/],
      ['/api/bmpl/strips?city=Atlantis', 400, /Unknown city/],
    ] as const;
    for (const [url, status, text] of cases) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(status);
      expect(body(res).error, url).toMatch(text);
    }
  });

  it('a subcategory of another category is refused', async () => {
    const tree = await get<MarketplaceCategoryTree[]>('/api/bmpl/categories/tree');
    const otherSub = tree.find((c) => c.id !== rice.id)?.children[0] as MarketplaceCategory;
    const res = await t.app.inject(`/api/bmpl/products?category=${rice.id}&subcategory=${otherSub.id}`);
    expect(res.statusCode).toBe(400);
  });
});
