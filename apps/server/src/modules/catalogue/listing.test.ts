import { type Product, type ProductPage, ProductPageSchema } from '@shop/domain/catalogue';
import { compareProducts, LISTING_ORDERS, mergeInStockFirst } from '@shop/domain/listing';
import { displayPrice } from '@shop/domain/pricing';
import { toPaisa } from '@shop/domain/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, signIn } from '../../../test/factories.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { customerPrices } from '../../db/schema/business.ts';
import { categories, products } from '../../db/schema/catalogue.ts';

let t: TestApp;
let food: number;
let nonFood: number;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  const tops = await t.database.db.select().from(categories).where(sql`${categories.level} = 1`);
  food = tops.find((c) => c.name === 'Food')?.id as number;
  nonFood = tops.find((c) => c.name === 'Non Food')?.id as number;
}, 60_000);
afterAll(() => t.close());

const URL_ = '/api/custom_route/get_products_by_categories';
async function list(query: Record<string, string | number>, headers: Record<string, string> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await t.app.inject({ method: 'GET', url: `${URL_}?${qs}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  const page = body<{ data: ProductPage }>(res).data;
  ProductPageSchema.parse(page);
  return page;
}
const all = (page: ProductPage) => mergeInStockFirst(page);

describe('get_products_by_categories', () => {
  it('answers a first page of 40 by default, in stock in products and out of stock after', async () => {
    const page = await list({});
    expect(all(page)).toHaveLength(40);
    expect(page.has_more).toBe(true);
    expect(page.products.every((p) => p.stock > 0)).toBe(true);
    expect(page.out_of_stock_products.every((p) => p.stock === 0)).toBe(true);
  });

  it('puts out-of-stock products after every in-stock one across pages', async () => {
    const page = await list({ limit: 7000 });
    const merged = all(page);
    expect(merged).toHaveLength(2400);
    expect(page.has_more).toBe(false);
    const firstOut = merged.findIndex((p) => p.stock === 0);
    expect(firstOut).toBeGreaterThan(0);
    expect(merged.slice(firstOut).every((p) => p.stock === 0)).toBe(true);
  });

  it('serves limit 7000 (SPEC 9) and refuses 7001', async () => {
    expect(all(await list({ limit: 7000, offset: 0 })).length).toBe(2400);
    const res = await t.app.inject({ method: 'GET', url: `${URL_}?limit=7001` });
    expect(res.statusCode).toBe(400);
    expect(body(res).error).toMatch(/limit/);
  });

  it('filters by tierId with a category id in filterValue, 0 meaning all', async () => {
    const foodPage = all(await list({ tierId: 1, filterValue: food, limit: 7000 }));
    const nonFoodPage = all(await list({ tierId: 1, filterValue: nonFood, limit: 7000 }));
    expect(foodPage.every((p) => p.tier1Id === food)).toBe(true);
    expect(nonFoodPage.every((p) => p.tier1Id === nonFood)).toBe(true);
    expect(foodPage.length + nonFoodPage.length).toBe(2400);
    expect(all(await list({ tierId: 0, filterValue: food, limit: 7000 }))).toHaveLength(2400);
    const tier2 = foodPage[0]?.tier2Id as number;
    const byTier2 = all(await list({ tierId: 2, filterValue: tier2, limit: 7000 }));
    expect(byTier2.length).toBeGreaterThan(0);
    expect(byTier2.every((p) => p.tier2Id === tier2)).toBe(true);
  });

  it('filters by each tier column and by several ids', async () => {
    const sample = all(await list({ limit: 7000 })).find((p) => p.tier4Id != null) as Product;
    for (const [filter, value] of [['tier2Id', sample.tier2Id], ['tier3Id', sample.tier3Id], ['tier4Id', sample.tier4Id]] as const) {
      const got = all(await list({ filter, filterValue: String(value), limit: 7000 }));
      expect(got.length).toBeGreaterThan(0);
      expect(got.every((p) => p[filter] === value)).toBe(true);
    }
    const two = all(await list({ filter: 'tier1Id', filterValue: `${food},${nonFood}`, limit: 7000 }));
    expect(two).toHaveLength(2400);
    const ids = all(await list({ filter: 'id', filterValue: `${sample.id}` }));
    expect(ids.map((p) => p.id)).toEqual([sample.id]);
  });

  it("filters brands written '*brand_name' (one or several), by brand param or filter", async () => {
    const brands = [...new Set(all(await list({ limit: 200 })).map((p) => p.brand_name))].slice(0, 2);
    const one = all(await list({ brand: `*${brands[0]}`, limit: 7000 }));
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((p) => p.brand_name === brands[0])).toBe(true);
    const both = all(await list({ brand: `*${brands[0]}*${brands[1]}`, limit: 7000 }));
    expect(new Set(both.map((p) => p.brand_name))).toEqual(new Set(brands));
    const viaFilter = all(await list({ filter: 'brand_name', filterValue: `*${brands[0]}`, limit: 7000 }));
    expect(viaFilter.map((p) => p.id)).toEqual(one.map((p) => p.id));
  });

  it("filters by displayed price with '@min-max', by price param or filter", async () => {
    const page = all(await list({ price: '@500-1000', limit: 7000 }));
    expect(page.length).toBeGreaterThan(10);
    for (const p of page) {
      expect(toPaisa(displayPrice(p))).toBeGreaterThanOrEqual(50_000);
      expect(toPaisa(displayPrice(p))).toBeLessThanOrEqual(100_000);
    }
    const viaFilter = all(await list({ filter: 'price', filterValue: '@500-1000', limit: 7000 }));
    expect(viaFilter.map((p) => p.id)).toEqual(page.map((p) => p.id));
  });

  it('combines category, includeFilter, brand, price, search and sort', async () => {
    const base = all(await list({ tierId: 1, filterValue: food, search: 'rice', limit: 7000 }));
    expect(base.length).toBeGreaterThan(0);
    expect(base.every((p) => p.tier1Id === food && /rice/i.test(p.name))).toBe(true);
    const brand = base[0]?.brand_name as string;
    const got = all(
      await list({ tierId: 1, filterValue: food, includeFilter: 'brand_name', includeFilterValue: brand, search: 'rice', price: '@0-250000', order: 'price__DESC', limit: 7000 }),
    );
    expect(got.length).toBeGreaterThan(0);
    expect(got.every((p) => p.brand_name === brand && p.tier1Id === food)).toBe(true);
    expect(got).toEqual([...got].sort(compareProducts('price__DESC')));
    const onSale = all(await list({ filter: 'sale', filterValue: 'true', limit: 7000 }));
    expect(onSale.length).toBeGreaterThan(0);
    expect(onSale.every((p) => p.sale)).toBe(true);
  });

  for (const order of LISTING_ORDERS) {
    it(`sorts by ${order} with out-of-stock last, the same as the domain rule`, async () => {
      const got = all(await list({ order, tierId: 1, filterValue: nonFood, limit: 7000 }));
      expect(got.map((p) => p.id)).toEqual([...got].sort(compareProducts(order)).map((p) => p.id));
    });
  }

  it('pages with offset and limit without overlap or gaps', async () => {
    const whole = all(await list({ order: 'viewed_count__DESC', limit: 120 })).map((p) => p.id);
    const pages: number[] = [];
    for (let offset = 0; offset < 120; offset += 40) {
      pages.push(...all(await list({ order: 'viewed_count__DESC', offset, limit: 40 })).map((p) => p.id));
    }
    expect(pages).toEqual(whole);
    const last = await list({ offset: 2390, limit: 40 });
    expect(all(last)).toHaveLength(10);
    expect(last.has_more).toBe(false);
  });

  it('counts the total on request', async () => {
    const page = await list({ tierId: 1, filterValue: food, withTotal: 'true', limit: 8 });
    const everything = all(await list({ tierId: 1, filterValue: food, limit: 7000 }));
    expect(page.total).toBe(everything.length);
  });

  it('refuses bad input with 400 and a readable error, never 500', async () => {
    const bad = [
      'filter=password&filterValue=1',
      'filter=tier1Id;drop table products&filterValue=1',
      'order=name',
      'order=price__ASC,id',
      'offset=-1',
      'offset=abc',
      'limit=0',
      'limit=-5',
      'limit=7001',
      'limit=abc',
      'price=@10-5',
      'price=@abc',
      'price=@1e309-2',
      'price=10-20',
      'filter=price&filterValue=@5',
      `search=${'a'.repeat(10_000)}`,
      'filter=tier1Id',
      'filter=tier1Id&filterValue=abc',
      "filter=tier1Id&filterValue=1 or 1=1",
      'tierId=9&filterValue=1',
      'tierId=2',
      'includeFilterValue=3',
      'filter=sale&filterValue=maybe',
      'brand=*',
      'withTotal=yes',
    ];
    for (const qs of bad) {
      const res = await t.app.inject({ method: 'GET', url: `${URL_}?${qs}` });
      expect(res.statusCode, qs).toBe(400);
      expect(body(res).error, qs).toMatch(/\w/);
      expect(res.body, qs).not.toMatch(/select |syntax error|stack/i);
    }
  });

  it('treats quotes and SQL in search as text', async () => {
    for (const search of ["'; drop table products; --", '" or 1=1 --', "basmati') union select 1--", '%_\\']) {
      const page = await list({ search });
      expect(all(page).length).toBeLessThanOrEqual(40);
    }
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(products);
    expect(row?.n).toBe(2400);
  });
});

describe('prices for the caller', () => {
  it("shows a business its own locked price, another business and guests never; sorts and filters on it", async () => {
    const [cheap] = await t.database.db.select().from(products).where(sql`${products.stock} > 0 and not ${products.sale} and ${products.price} > 2000`).limit(1);
    const target = cheap as typeof products.$inferSelect;
    const mine = await makeUser(t.database.db, { type: 'Owner' });
    const other = await makeUser(t.database.db, { type: 'Owner' });
    await t.database.db.insert(customerPrices).values({ businessId: mine.businessId, productId: target.id, price: '1.00' });
    const mineHeaders = await signIn(t.app, mine.email);
    const otherHeaders = await signIn(t.app, other.email);
    const query = { filter: 'id', filterValue: String(target.id) };
    expect(all(await list(query, mineHeaders))[0]?.customer_specific_pricing).toBe('1.00');
    expect(all(await list(query, otherHeaders))[0]?.customer_specific_pricing).toBeNull();
    expect(all(await list(query))[0]?.customer_specific_pricing).toBeNull();
    const tier = { tierId: 3, filterValue: String(target.tier3Id), order: 'price__ASC', limit: 7000 };
    expect(all(await list(tier, mineHeaders))[0]?.id).toBe(target.id);
    expect(all(await list(tier, otherHeaders))[0]?.id).not.toBe(target.id);
    expect(all(await list({ ...query, price: '@0-2' }, mineHeaders))).toHaveLength(1);
    expect(all(await list({ ...query, price: '@0-2' }, otherHeaders))).toHaveLength(0);
  });

  it('sorts a business with locked prices by the price it pays, both ways, page after page', async () => {
    const mine = await makeUser(t.database.db, { type: 'Owner' });
    const headers = await signIn(t.app, mine.email);
    const category = (await t.database.db.select({ id: products.tier2Id }).from(products).where(sql`${products.tier2Id} is not null`).limit(1))[0]?.id as number;
    const inCategory = await t.database.db.select().from(products).where(sql`${products.tier2Id} = ${category}`).orderBy(products.id);
    // More locked prices than a page holds, at both ends of the range and in the middle, on in-stock
    // and out-of-stock products, given in an order unrelated to their prices.
    const picks = inCategory.filter((_, i) => i % 7 === 3).slice(0, 12);
    const lockedPrices = ['999999.00', '1.00', '250.50', '1.00', '77.00', '5000.00', '12.25', '640.00', '3.00', '88888.00', '410.00', '2.00'];
    await t.database.db
      .insert(customerPrices)
      .values(picks.map((p, i) => ({ businessId: mine.businessId, productId: p.id, price: lockedPrices[i] as string })));
    for (const order of ['price__ASC', 'price__DESC'] as const) {
      const whole = all(await list({ tierId: 2, filterValue: category, order, limit: 7000 }, headers));
      expect(whole).toHaveLength(inCategory.length);
      // Out of stock last, then the displayed price (SPEC 9) in the asked direction, then id.
      const key = (p: Product) => toPaisa(displayPrice(p));
      for (let i = 1; i < whole.length; i++) {
        const [a, b] = [whole[i - 1] as Product, whole[i] as Product];
        const byStock = Number(a.stock === 0) - Number(b.stock === 0);
        const byPrice = order === 'price__ASC' ? key(a) - key(b) : key(b) - key(a);
        expect(byStock < 0 || (byStock === 0 && (byPrice < 0 || (byPrice === 0 && a.id < b.id))), `${order} at ${i}`).toBe(true);
      }
      expect(whole.filter((p) => p.customer_specific_pricing !== null)).toHaveLength(picks.length);
      // Pages of 3 put together are the whole list.
      const paged: Product[] = [];
      for (let offset = 0; offset < whole.length; offset += 3) paged.push(...all(await list({ tierId: 2, filterValue: category, order, offset, limit: 3 }, headers)));
      expect(paged.map((p) => p.id)).toEqual(whole.map((p) => p.id));
    }
  });
});
