import type { BusinessType, Category, Facets, Product, ProductDetail, ProductPage } from '@shop/domain/catalogue';
import { gunzipSync } from 'node:zlib';
import { mergeInStockFirst } from '@shop/domain/listing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { productBusinessTypes, products } from '../../db/schema/catalogue.ts';

let t: TestApp;
let types: BusinessType[];
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  types = body<{ data: BusinessType[] }>(await t.app.inject({ method: 'GET', url: '/api/read/Business_Types' })).data;
}, 60_000);
afterAll(() => t.close());

const get = async <T>(url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: T }>(res).data;
};
const status = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  if (res.statusCode !== 200) expect(body(res).error).toMatch(/\w/);
  return res.statusCode;
};
const typeId = (name: string) => types.find((x) => x.name === name)?.id as number;
const search = (text: string, extra = '') => get<{ products: Product[] }>(`/api/catalogue/search?search=${encodeURIComponent(text)}${extra}`);

describe('reference data', () => {
  it('reads Brands, Categories (both parent spellings) and Business_Types', async () => {
    const brands = await get<Array<{ id: number; name: string }>>('/api/read/Brands');
    expect(brands.length).toBeGreaterThan(20);
    const categories = await get<Category[]>('/api/read/Categories');
    expect(categories.filter((c) => c.level === 1).map((c) => c.name)).toEqual(['Food', 'Non Food']);
    const child = categories.find((c) => c.level === 3) as Category;
    expect(child.parentId).toBe(child.parent_id);
    expect(categories.find((c) => c.id === child.parentId)?.level).toBe(2);
    expect(types.filter((x) => x.parentId === null).slice(0, 2).map((x) => x.name)).toEqual(['Retail', 'HoReCa']);
    expect(types.find((x) => x.name === 'Fast Food')?.parent_id).toBe(typeId('Restaurant'));
  });
});

describe('compressed answers', () => {
  it('sends the whole body when the client accepts gzip', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/read/Categories', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const json = JSON.parse(gunzipSync(res.rawPayload).toString()) as { data: Category[] };
    expect(json.data.length).toBeGreaterThan(10);
  });
});

describe('get_products_by_business', () => {
  it('lists the products offered to a leaf type, by businessTypeId or filterValue', async () => {
    const id = typeId('Kiryana Store');
    const linked = await t.database.db.select({ id: productBusinessTypes.productId }).from(productBusinessTypes).where(eq(productBusinessTypes.businessTypeId, id));
    const byId = mergeInStockFirst(await get<ProductPage>(`/api/custom_route/get_products_by_business?businessTypeId=${id}&limit=7000`));
    expect(new Set(byId.map((p) => p.id))).toEqual(new Set(linked.map((l) => l.id)));
    const byValue = mergeInStockFirst(await get<ProductPage>(`/api/custom_route/get_products_by_business?filterValue=${id}&offset=0&limit=7000`));
    expect(byValue.map((p) => p.id)).toEqual(byId.map((p) => p.id));
  });

  it('includes the sub-types of a parent type, and filters, sorts and pages like the category list', async () => {
    const restaurant = mergeInStockFirst(await get<ProductPage>(`/api/custom_route/get_products_by_business?businessTypeId=${typeId('Restaurant')}&limit=7000`));
    const fastFood = mergeInStockFirst(await get<ProductPage>(`/api/custom_route/get_products_by_business?businessTypeId=${typeId('Fast Food')}&limit=7000`));
    expect(restaurant.length).toBeGreaterThanOrEqual(fastFood.length);
    const fast = new Set(restaurant.map((p) => p.id));
    expect(fastFood.every((p) => fast.has(p.id))).toBe(true);
    const tier2 = fastFood[0]?.tier2Id as number;
    const page = await get<ProductPage>(`/api/custom_route/get_products_by_business?businessTypeId=${typeId('Fast Food')}&filter=tier2Id&filterValue=${tier2}&order=brand_name__ASC&limit=5`);
    expect(mergeInStockFirst(page).every((p) => p.tier2Id === tier2)).toBe(true);
    expect(mergeInStockFirst(page).length).toBeLessThanOrEqual(5);
  });

  it('refuses a missing, unknown or malformed business type with 400', async () => {
    expect(await status('/api/custom_route/get_products_by_business')).toBe(400);
    expect(await status('/api/custom_route/get_products_by_business?businessTypeId=999999')).toBe(400);
    expect(await status('/api/custom_route/get_products_by_business?filterValue=abc')).toBe(400);
    expect(await status('/api/custom_route/get_products_by_business?businessTypeId=-1')).toBe(400);
    expect(await status(`/api/custom_route/get_products_by_business?businessTypeId=${typeId('Hotel')}&order=drop`)).toBe(400);
  });
});

describe('search', () => {
  it('finds by words in any order, ranked, at most 30', async () => {
    const { products: hits } = await search('basmati rice');
    expect(hits.length).toBe(30);
    expect(hits.slice(0, 10).every((p) => /basmati/i.test(p.name) && /rice/i.test(p.name))).toBe(true);
    const reversed = await search('rice basmati');
    expect(reversed.products.slice(0, 10).every((p) => /basmati/i.test(p.name))).toBe(true);
    expect((await search('  basmati   rice ')).products.map((p) => p.id)).toEqual(hits.map((p) => p.id));
  });

  it('matches a last word still being typed, by the catalogue words it begins or as a prefix', async () => {
    // 'basm' begins a few catalogue words (expanded to them); 'b' begins many (kept as a tsquery prefix).
    const typing = await search('rice basm');
    expect(typing.products.length).toBeGreaterThan(0);
    expect(typing.products.every((p) => /\bbasm/i.test(p.name) && /\brice\b/i.test(p.name))).toBe(true);
    const short = await search('rice b');
    expect(short.products.length).toBeGreaterThan(0);
    expect(short.products.every((p) => /\brice\b/i.test(p.name) && /\bb/i.test(p.name))).toBe(true);
  });

  it('tolerates typos', async () => {
    const { products: hits } = await search('basmti rce');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.slice(0, 5).every((p) => /basmati/i.test(p.name) && /rice/i.test(p.name))).toBe(true);
    const swapped = await search('rcie basmait');
    expect(swapped.products.slice(0, 5).every((p) => /basmati/i.test(p.name) && /rice/i.test(p.name))).toBe(true);
  });

  it('answers nothing for empty text or words like no name, and treats quotes and SQL as text', async () => {
    expect((await search('   ')).products).toEqual([]);
    expect((await search('zqzqzqzq<xjxjxjxj')).products).toEqual([]);
    const page = await get<ProductPage>(`/api/custom_route/get_products_by_categories?search=${encodeURIComponent('zqzqzqzq<xjxjxjxj')}&order=price__ASC`);
    expect(mergeInStockFirst(page)).toEqual([]);
    for (const text of ["'", '"rice', "rice'); drop table products;--", '& | ! :*', '\\']) {
      const { products: hits } = await search(text);
      expect(hits.length).toBeLessThanOrEqual(30);
    }
  });

  it('refuses too long text and a limit above 30 with 400', async () => {
    expect(await status(`/api/catalogue/search?search=${'a'.repeat(10_000)}`)).toBe(400);
    expect(await status('/api/catalogue/search?search=rice&limit=31')).toBe(400);
    expect(await status('/api/catalogue/search')).toBe(400);
  });
});

describe('product detail', () => {
  it('answers the product with up to 16 related products of its deepest tier', async () => {
    const [withTier4] = await t.database.db.select().from(products).where(sql`${products.tier4Id} is not null`).limit(1);
    const detail = await get<ProductDetail>(`/api/catalogue/products/${withTier4?.id}`);
    expect(detail.product.id).toBe(withTier4?.id);
    expect(detail.related.length).toBeGreaterThan(0);
    expect(detail.related.length).toBeLessThanOrEqual(16);
    expect(detail.related.every((p) => p.tier4Id === withTier4?.tier4Id && p.id !== withTier4?.id)).toBe(true);
    const [noTier4] = await t.database.db.select().from(products).where(sql`${products.tier4Id} is null`).limit(1);
    const other = await get<ProductDetail>(`/api/catalogue/products/${noTier4?.id}`);
    expect(other.related.every((p) => p.tier3Id === noTier4?.tier3Id)).toBe(true);
  });

  it('counts a view in viewed_count', async () => {
    // A product no other test views, so no earlier view lands during this one.
    const [p] = await t.database.db.select().from(products).orderBy(sql`${products.id} desc`).limit(1);
    const before = p?.viewedCount as number;
    await get(`/api/catalogue/products/${p?.id}`);
    await get(`/api/catalogue/products/${p?.id}`);
    await expect
      .poll(async () => (await t.database.db.select().from(products).where(eq(products.id, p?.id as number)))[0]?.viewedCount, { timeout: 3000 })
      .toBe(before + 2);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect(await status('/api/catalogue/products/99999999')).toBe(404);
    expect(await status('/api/catalogue/products/abc')).toBe(400);
    expect(await status('/api/catalogue/products/0')).toBe(400);
  });
});

describe('facets', () => {
  it('gives the brands with counts and the price bounds of a listing, ignoring the brand and price filters', async () => {
    const categories = await get<Category[]>('/api/read/Categories');
    const food = categories.find((c) => c.name === 'Food')?.id as number;
    const facets = await get<Facets>(`/api/catalogue/facets?tierId=1&filterValue=${food}&brand=*X&price=@1-2`);
    const items = mergeInStockFirst(await get<ProductPage>(`/api/custom_route/get_products_by_categories?tierId=1&filterValue=${food}&limit=7000`));
    expect(facets.brands.reduce((n, b) => n + b.count, 0)).toBe(items.length);
    expect(facets.price.min).toBeLessThanOrEqual(facets.price.max);
    expect(await status('/api/catalogue/facets?filter=nope&filterValue=1')).toBe(400);
  });
});
