import type { MarketplaceProduct, MarketplaceProductDetail, MarketplaceSearchResult } from '@shop/domain/marketplace';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { marketplaceProductCities, marketplaceProducts } from '../../db/schema/marketplace.ts';

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

async function firstWhere(where: ReturnType<typeof sql> | ReturnType<typeof isNotNull>) {
  const [row] = await t.database.db
    .select({ id: marketplaceProducts.id, slug: marketplaceProducts.slug, name: marketplaceProducts.name })
    .from(marketplaceProducts)
    .innerJoin(marketplaceProductCities, eq(marketplaceProductCities.marketplaceProductId, marketplaceProducts.id))
    .where(where)
    .orderBy(marketplaceProducts.id)
    .limit(1);
  if (!row) throw new Error('no such seeded product');
  return row;
}

describe('product detail', () => {
  it('by id and by slug: the product with every city record', async () => {
    const row = await firstWhere(isNotNull(marketplaceProductCities.discountThreshold));
    const byId = await get<MarketplaceProductDetail>(`/api/bmpl/products/${row.id}`);
    const bySlug = await get<MarketplaceProductDetail>(`/api/bmpl/products/by-slug/${encodeURIComponent(row.slug)}`);
    expect(bySlug).toEqual(byId);
    expect(byId.name).toBe(row.name);
    expect(byId.category_slug).toMatch(/\w/);
    const withThreshold = byId.bmpl_products_city.find((r) => r.discount_threshold != null);
    expect(withThreshold?.discount_price).toMatch(/^\d+\.\d{2}$/);
    expect(withThreshold?.discount_description).toMatch(/Buy \d+ or more/);
  });

  it('by name in a URL segment (SPEC 2: hyphens to spaces, upper case)', async () => {
    const row = await firstWhere(sql`${marketplaceProducts.name} ~ '^[A-Za-z0-9 ]+$'`);
    const segment = row.name.toUpperCase().replace(/ /g, '_');
    const found = await get<MarketplaceProductDetail>(`/api/bmpl/products/by-slug/${encodeURIComponent(segment)}`);
    expect(found.id).toBe(row.id);
  });

  it('unknown, malformed, slashed and overlong addresses are 4xx', async () => {
    const cases = [
      ['/api/bmpl/products/999999', 404],
      ['/api/bmpl/products/abc', 400],
      ['/api/bmpl/products/by-slug/no-such-product', 404],
      ['/api/bmpl/products/by-slug/a%2Fb', 400],
      ['/api/bmpl/products/by-slug/%E0%A4%A', 400],
      // Fastify refuses path parameters over 100 characters itself.
      [`/api/bmpl/products/by-slug/${'x'.repeat(300)}`, 414],
      ['/api/bmpl/products/1/related?city=Nowhere', 400],
    ] as const;
    for (const [url, status] of cases) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(status);
      expect(body(res).error).toMatch(/\w/);
    }
  });

  it('related: up to 16 of the same lowest category, sold in the city, the product first', async () => {
    const row = await firstWhere(isNotNull(marketplaceProducts.tier3Id));
    const detail = await get<MarketplaceProductDetail>(`/api/bmpl/products/${row.id}`);
    const city = detail.bmpl_products_city[0]?.city as string;
    const related = await get<MarketplaceProduct[]>(`/api/bmpl/products/${row.id}/related?city=${city}`);
    expect(related[0]?.id).toBe(row.id);
    expect(related.length).toBeLessThanOrEqual(16);
    for (const p of related) {
      expect(p.city).toBe(city);
      if (detail.tier4_id != null) expect(p.tier4_id).toBe(detail.tier4_id);
      else expect(p.tier3_id).toBe(detail.tier3_id);
    }
  });

  it('related sample: at most 4 others of the same category in the city, drawn afresh on each call', async () => {
    // A product whose related category has more than 4 other products in its city.
    const [row] = await t.database.db.execute(sql`
      select p.id, ci.name as city from bmpl_products p
      join bmpl_product_cities c on c.bmpl_product_id = p.id join cities ci on ci.id = c.city_id
      where p.tier4_id is null and p.tier3_id is not null and (
        select count(*) from bmpl_products o join bmpl_product_cities oc on oc.bmpl_product_id = o.id and oc.city_id = c.city_id
        where o.tier3_id = p.tier3_id and o.tier4_id is null) > 12
      order by p.id limit 1`).then((r) => (r as unknown as { rows: Array<{ id: number; city: string }> }).rows);
    if (!row) throw new Error('no seeded category with more than 12 products in a city');
    const detail = await get<MarketplaceProductDetail>(`/api/bmpl/products/${row.id}`);
    const seen = new Set<number>();
    for (let i = 0; i < 10; i++) {
      const sample = await get<MarketplaceProduct[]>(`/api/bmpl/products/${row.id}/related-sample?city=${row.city}`);
      expect(sample).toHaveLength(4);
      expect(new Set(sample.map((p) => p.id)).size).toBe(4);
      for (const p of sample) {
        expect(p.id).not.toBe(row.id);
        expect(p.city).toBe(row.city);
        expect(p.tier3_id).toBe(detail.tier3_id);
        seen.add(p.id);
      }
    }
    // Ten draws of 4 from more than 12 are all the same 4 with a chance below 1 in 10^20.
    expect(seen.size).toBeGreaterThan(4);
    for (const [url, status] of [
      ['/api/bmpl/products/999999/related-sample', 404],
      [`/api/bmpl/products/${row.id}/related-sample?city=Nowhere`, 400],
      [`/api/bmpl/products/${row.id}/related-sample?count=9`, 400],
    ] as const) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(status);
      expect(body(res).error).toMatch(/\w/);
    }
  });
});

describe('city records carry what lists filter and sort on', () => {
  const stale = async () => {
    const [row] = await t.database.db.execute(sql`
      select count(*)::int as n from bmpl_product_cities c join bmpl_products p on p.id = c.bmpl_product_id
      where c.name is distinct from p.name or c.tier2_id is distinct from p.tier2_id or c.tier3_id is distinct from p.tier3_id
        or c.bmpl_brand_id is distinct from p.bmpl_brand_id or c.out_of_stock is distinct from (c.stock = 0)`)
      .then((r) => (r as unknown as { rows: Array<{ n: number }> }).rows);
    return row?.n;
  };

  it('copied from the product on insert and when the product changes, so search and lists follow a rename', async () => {
    expect(await stale()).toBe(0);
    const row = await firstWhere(isNotNull(marketplaceProducts.tier3Id));
    const detail = await get<MarketplaceProductDetail>(`/api/bmpl/products/${row.id}`);
    const city = detail.bmpl_products_city[0]?.city as string;
    await t.database.db.update(marketplaceProducts).set({ name: 'Zyxwv Renamed Product' }).where(eq(marketplaceProducts.id, row.id));
    try {
      expect(await stale()).toBe(0);
      const found = await get<MarketplaceSearchResult>(`/api/bmpl/search?search=zyxwv&city=${city}`);
      expect(found.products.map((p) => p.id)).toEqual([row.id]);
    } finally {
      await t.database.db.update(marketplaceProducts).set({ name: row.name }).where(eq(marketplaceProducts.id, row.id));
    }
    expect(await stale()).toBe(0);
  });
});

describe('search', () => {
  it('finds words in names, in the selected city only, with tier-3 categories and price range', async () => {
    const lahore = await get<MarketplaceSearchResult>('/api/bmpl/search?search=basmati-rice&city=Lahore&limit=200');
    expect(lahore.total).toBeGreaterThan(0);
    for (const p of lahore.products) {
      expect(p.name.toLowerCase()).toContain('basmati');
      expect(p.city).toBe('Lahore');
    }
    const tier3 = new Set(lahore.products.map((p) => p.tier3_id));
    expect(lahore.categories.map((c) => c.id).sort()).toEqual([...tier3].sort());
    const prices = lahore.products.map((p) => Number(p.price));
    expect(lahore.price).toEqual({ min: Math.floor(Math.min(...prices)), max: Math.ceil(Math.max(...prices)) });
  });

  it('the Category filter and price range narrow the results; the facets stay those of all matches', async () => {
    const all = await get<MarketplaceSearchResult>('/api/bmpl/search?search=rice&limit=200');
    const sub = all.categories[0]?.id as number;
    const narrowed = await get<MarketplaceSearchResult>(`/api/bmpl/search?search=rice&subcategory=${sub}&limit=200`);
    expect(narrowed.products.every((p) => p.tier3_id === sub)).toBe(true);
    expect(narrowed.categories).toEqual(all.categories);
    const cheap = await get<MarketplaceSearchResult>('/api/bmpl/search?search=rice&max=1000&limit=200');
    expect(cheap.products.every((p) => Number(p.price) <= 1000)).toBe(true);
  });

  it('a product sold elsewhere is not found in a city without a record', async () => {
    const [row] = await t.database.db.execute(sql`
      select p.id, p.name from bmpl_products p where not exists (
        select 1 from bmpl_product_cities c join cities ci on ci.id = c.city_id where c.bmpl_product_id = p.id and ci.name = 'Lahore')
      order by p.id limit 1`).then((r) => (r as unknown as { rows: Array<{ id: number; name: string }> }).rows);
    if (!row) throw new Error('every product is sold in Lahore');
    const lahore = await get<MarketplaceSearchResult>(`/api/bmpl/search?search=${encodeURIComponent(row.name)}&city=Lahore`);
    expect(lahore.products.map((p) => p.id)).not.toContain(row.id);
    const detail = await get<MarketplaceProductDetail>(`/api/bmpl/products/${row.id}`);
    const elsewhere = await get<MarketplaceSearchResult>(`/api/bmpl/search?search=${encodeURIComponent(row.name)}&city=${detail.bmpl_products_city[0]?.city}`);
    expect(elsewhere.products.map((p) => p.id)).toContain(row.id);
  });

  it('empty text finds nothing; wildcards are literal; bad input is a 4xx', async () => {
    expect(await get<MarketplaceSearchResult>('/api/bmpl/search?search=')).toEqual({ products: [], total: 0, categories: [], price: null });
    expect((await get<MarketplaceSearchResult>('/api/bmpl/search?search=%25%25')).total).toBe(0);
    expect((await get<MarketplaceSearchResult>('/api/bmpl/search?search=zzzqqq')).total).toBe(0);
    for (const url of ['/api/bmpl/search', '/api/bmpl/search?search=a&city=Rome', '/api/bmpl/search?search=a&min=9&max=1', `/api/bmpl/search?search=${'a'.repeat(200)}`]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(body(res).error).toMatch(/\w/);
    }
  });
});
