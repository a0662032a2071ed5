import type { MarketplaceProduct, MarketplaceProductDetail, MarketplaceProductPage } from '@shop/domain/marketplace';
import type { PricedProduct } from '@shop/domain/orders';
import type { PriceCheck, StaffPrice } from '@shop/domain/prices';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBusiness, makeUser, signIn } from '../../../test/factories.ts';
import { type SignedInStaff, signInStaff } from '../../../test/staff.ts';
import { takenIn } from '../../../test/taken-in.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { jsonRows } from '../../db/client.ts';
import { businesses } from '../../db/schema/business.ts';
import { cityPrices } from '../../db/schema/prices-content.ts';
import { refreshMarketplacePrices } from './city-price.service.ts';

// Decision 019: city_prices (with quantity_prices) is the one record of what a product costs in a
// city; the marketplace's city records of a storefront product follow it, on the same request, on a
// second running instance once it has read the change counters (test/taken-in.ts), and when a scheduled
// price starts without a write. How soon is bench/freshness.ts's budget (2 s), not this test's.

let t: TestApp;
/** A second instance on the same database, running as production does (copies, counters every second, the boundary clock). */
let other: TestApp;
let staff: SignedInStaff;
let buyer: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  other = await createTestApp({ nodeEnv: 'production', shareDatabaseOf: t });
  staff = await signInStaff(t, { email: 'city-price@staff.pk', roles: ['Catalogue', 'Order desk'] });
  // A Lahore business without locked prices: the cart charges it Lahore's prices.
  const business = await makeBusiness(t.database.db);
  const [lahore] = await jsonRows<{ id: number }>(t.database.db, sql`select id from cities where name = 'Lahore'`);
  await t.database.db.update(businesses).set({ cityId: lahore!.id }).where(eq(businesses.id, business.id));
  const owner = await makeUser(t.database.db, { businessId: business.id, type: 'Owner' });
  buyer = await signIn(t.app, owner.email);
}, 120_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
});

interface Linked {
  id: number;
  bmpl_id: number;
  name: string;
  slug: string;
  tier2_id: number;
  brand_id: number;
  price: string;
  cities: string[];
}

const taken = new Set<number>();
/** A storefront product sold in the marketplace in Lahore and at least one other city, with no Lahore city price or threshold yet, not on sale. */
async function linkedProduct(): Promise<Linked> {
  const rows = await jsonRows<Linked>(
    t.database.db,
    sql`select p.id, b.id as bmpl_id, b.name, b.slug, b.tier2_id, b.bmpl_brand_id as brand_id, p.price::text as price,
          (select array_agg(c.name order by c.name) from bmpl_product_cities pc join cities c on c.id = pc.city_id where pc.bmpl_product_id = b.id) as cities
        from products p join bmpl_products b on b.product_id = p.id
        where p.active and not p.sale and p.price >= 100
          and not exists (select 1 from city_prices x join cities c on c.id = x.city_id where x.product_id = p.id and c.name = 'Lahore')
          and not exists (select 1 from quantity_prices x join cities c on c.id = x.city_id where x.product_id = p.id and c.name = 'Lahore')
          and exists (select 1 from bmpl_product_cities pc join cities c on c.id = pc.city_id where pc.bmpl_product_id = b.id and c.name = 'Lahore')
          and (select count(*) from bmpl_product_cities pc where pc.bmpl_product_id = b.id) >= 2
        order by p.id limit 40`,
  );
  const row = rows.find((r) => !taken.has(r.id));
  if (!row) {
    const counts = await jsonRows(t.database.db, sql`select (select count(*) from bmpl_products where product_id is not null) as linked, (select count(*) from city_prices) as city_prices,
      (select count(*) from quantity_prices) as quantity_prices, (select count(*) from products where active and not sale and price >= 100) as plain`);
    throw new Error(`no linked product left in the demo data: ${rows.length} rows, ${JSON.stringify(counts)}`);
  }
  taken.add(row.id);
  return row;
}

const add = async (payload: Record<string, unknown>) => {
  const res = await staff.inject({ method: 'POST', url: '/api/staff/prices', payload });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: StaffPrice }>(res).data;
};
const end = async (kind: 'city' | 'quantity', id: number) => {
  const res = await staff.inject({ method: 'POST', url: `/api/staff/prices/${kind}/${id}/end`, payload: {} });
  expect(res.statusCode, res.body).toBe(200);
};
const check = async (productId: number, city: string, quantity: number) => {
  const res = await staff.inject({ method: 'POST', url: '/api/staff/prices/check', payload: { product_id: productId, city, quantity } });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: PriceCheck }>(res).data;
};
const cartPrice = async (id: number, quantity: number) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/cart/price', headers: buyer, payload: { ids: [id], quantities: [quantity] } });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: PricedProduct[] }>(res).data[0]!;
};

type Shown = Pick<MarketplaceProduct, 'price' | 'sale' | 'sale_price' | 'discount_threshold' | 'discount_price' | 'original_price'>;
const pick = (r: Shown): Shown => ({
  price: r.price,
  sale: r.sale,
  sale_price: r.sale_price,
  discount_threshold: r.discount_threshold,
  discount_price: r.discount_price,
  original_price: r.original_price,
});

/** What an instance's marketplace shows for the product in Lahore: its product page, its category page and a search for its name. */
async function shownInLahore(app: TestApp, p: Linked): Promise<{ page: Shown; category: Shown; search: Shown }> {
  const get = async <T>(url: string) => {
    const res = await app.app.inject({ method: 'GET', url });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    return body<{ data: T }>(res).data;
  };
  const detail = await get<MarketplaceProductDetail>(`/api/bmpl/products/${p.bmpl_id}`);
  const record = detail.bmpl_products_city.find((c) => c.city === 'Lahore');
  const listed = await get<MarketplaceProductPage>(`/api/bmpl/products?city=Lahore&category=${p.tier2_id}&brands=${p.brand_id}&limit=200`);
  const found = await get<MarketplaceProductPage>(`/api/bmpl/search?city=Lahore&search=${encodeURIComponent(p.name)}&limit=200`);
  const inList = (page: MarketplaceProductPage) => page.products.find((x) => x.slug === p.slug);
  expect(record, 'the product page has a Lahore record').toBeDefined();
  expect(inList(listed), 'the category page lists it').toBeDefined();
  expect(inList(found), 'the search finds it').toBeDefined();
  return { page: pick(record!), category: pick(inList(listed)!), search: pick(inList(found)!) };
}

const everywhere = (shown: Shown) => ({ page: shown, category: shown, search: shown });

/** Once the running instance has taken in a read of the counters after the writes so far (nobody asking it meanwhile), it shows `expected` everywhere. */
async function follows(app: TestApp, p: Linked, expected: Shown) {
  await takenIn(app.database.db);
  expect(await shownInLahore(app, p)).toEqual(everywhere(expected));
}
/** The marketplace's change counter (bmpl_product_cities). */
const marketplaceCounter = async () => Number((await jsonRows<{ version: string }>(t.database.db, sql`select version::text from catalogue_versions where name = 'bmpl_product_cities'`))[0]?.version);

const plain = (price: string): Shown => ({ price, sale: false, sale_price: null, discount_threshold: null, discount_price: null, original_price: null });

describe('the marketplace shows the city prices the cart charges (decision 019)', () => {
  it('adding and ending a city price and a threshold changes the product page, category page and search at once, and on another instance by itself', async () => {
    const p = await linkedProduct();
    // The other instance has loaded its copies.
    await follows(other, p, (await shownInLahore(t, p)).page);

    const city = await add({ kind: 'city', city: 'Lahore', product_id: p.id, price: '93.40' });
    expect(await shownInLahore(t, p)).toEqual(everywhere(plain('93.40')));
    await follows(other, p, plain('93.40'));

    const threshold = await add({ kind: 'quantity', city: 'Lahore', product_id: p.id, min_quantity: 12, price: '90.10' });
    const withThreshold: Shown = { ...plain('93.40'), discount_threshold: 12, discount_price: '90.10', original_price: '93.40' };
    expect(await shownInLahore(t, p)).toEqual(everywhere(withThreshold));
    await follows(other, p, withThreshold);

    await end('quantity', threshold.id);
    expect(await shownInLahore(t, p)).toEqual(everywhere(plain('93.40')));
    await follows(other, p, plain('93.40'));

    await end('city', city.id);
    const listPrice = plain(p.price);
    expect(await shownInLahore(t, p)).toEqual(everywhere(listPrice));
    await follows(other, p, listPrice);
  });

  it("the marketplace's x1 and threshold prices equal the price check and the cart for the same product, city and quantity", async () => {
    const p = await linkedProduct();
    const second = p.cities.find((c) => c !== 'Lahore')!;
    await add({ kind: 'city', city: 'Lahore', product_id: p.id, price: (Number(p.price) * 0.97).toFixed(2) });
    await add({ kind: 'quantity', city: 'Lahore', product_id: p.id, min_quantity: 6, price: (Number(p.price) * 0.99).toFixed(2) });
    await add({ kind: 'quantity', city: 'Lahore', product_id: p.id, min_quantity: 24, price: (Number(p.price) * 0.9).toFixed(2) });
    await add({ kind: 'quantity', city: second, product_id: p.id, min_quantity: 10, price: (Number(p.price) * 0.95).toFixed(2) });
    const detail = body<{ data: MarketplaceProductDetail }>(await t.app.inject({ method: 'GET', url: `/api/bmpl/products/${p.bmpl_id}` })).data;
    for (const record of detail.bmpl_products_city) {
      const one = await check(p.id, record.city, 1);
      expect(record.sale ? record.sale_price : record.price, record.city).toBe(one.unit_price);
      // The threshold shown is the first that lowers the price: 6 in Lahore is dearer than its city price.
      if (record.city === 'Lahore') expect(record.discount_threshold).toBe(24);
      if (record.city === second) expect(record.discount_threshold).not.toBeNull();
      if (record.discount_threshold != null) {
        expect(record.original_price).toBe(one.unit_price);
        expect(record.discount_price).toBe((await check(p.id, record.city, record.discount_threshold)).unit_price);
      }
    }
    const lahore = detail.bmpl_products_city.find((c) => c.city === 'Lahore')!;
    expect((await cartPrice(p.id, 1)).unit_price).toBe(lahore.price);
    expect((await cartPrice(p.id, 24)).unit_price).toBe(lahore.discount_price);
    expect((await cartPrice(p.id, 23)).unit_price).toBe(lahore.price);
  });

  it('a city price scheduled to start shows in the marketplace without a write, once its start has passed', async () => {
    const p = await linkedProduct();
    await follows(other, p, (await shownInLahore(t, p)).page);
    const [lahore] = await jsonRows<{ id: number }>(t.database.db, sql`select id from cities where name = 'Lahore'`);
    // Three seconds ahead: time for the look below, which three requests take, however loaded the machine.
    const startsAt = Date.now() + 3_000;
    await t.database.db.insert(cityPrices).values({ productId: p.id, cityId: lahore!.id, price: '91.20', startsAt: new Date(startsAt).toISOString() });
    const added = await marketplaceCounter();
    expect((await shownInLahore(other, p)).page.price).toBe(p.price);
    // The running instance's clock of the schedule writes the city records once the start has passed
    // (nobody writes meanwhile): the marketplace counter moves. Counted, not timed.
    let moved = added;
    for (let i = 0; i < 450 && moved === added; i++) {
      await new Promise((r) => setTimeout(r, 100));
      moved = await marketplaceCounter();
    }
    expect(moved, 'the schedule moved the marketplace counter').toBeGreaterThan(added);
    expect(Date.now()).toBeGreaterThanOrEqual(startsAt);
    await follows(other, p, plain('91.20'));
  });

  it('the refresher writes only records whose shown price changed: the marketplace counter moves only then', async () => {
    const p = await linkedProduct();
    const counter = async () => (await jsonRows<{ version: string }>(t.database.db, sql`select version::text from catalogue_versions where name = 'bmpl_product_cities'`))[0]?.version;
    await add({ kind: 'city', city: 'Lahore', product_id: p.id, price: '95.50' });
    const before = await counter();
    expect(await t.database.db.transaction((tx) => refreshMarketplacePrices(tx, [p.id]))).toBe(0);
    expect(await counter()).toBe(before);
    await t.database.db.execute(sql`update bmpl_product_cities set price = 1 where bmpl_product_id = ${p.bmpl_id}`);
    const moved = await counter();
    expect(await t.database.db.transaction((tx) => refreshMarketplacePrices(tx, [p.id]))).toBe(p.cities.length);
    expect(await counter()).not.toBe(moved);
    expect((await shownInLahore(t, p)).page.price).toBe('95.50');
  });
});
