import type { Product } from '@shop/domain/catalogue';
import { displayPrice } from '@shop/domain/pricing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRows } from '../src/db/client.ts';
import { businesses, customerPrices } from '../src/db/schema/business.ts';
import { productBusinessTypes } from '../src/db/schema/catalogue.ts';
import { businessTypes } from '../src/db/schema/places.ts';
import { cityPrices, quantityPrices } from '../src/db/schema/prices-content.ts';
import { priceProducts } from '../src/modules/catalogue/pricing.service.ts';
import { guestHeaders, makeBusiness, makeUser, signIn } from './factories.ts';
import { body, createTestApp, type TestApp } from './test-app.ts';

// Issue 36: one price for one buyer, everywhere. Two businesses in two cities (one with a locked price)
// and guests who chose either city or none ask every storefront route that shows a price, on an
// instance that keeps answers as a running server does, cold and then warm, interleaved: each sees
// the price its cart charges (priceProducts, through cartUnitPrice), never another's.

let t: TestApp;
/** A second instance on the same database, keeping answers and copies as production does. */
let warm: TestApp;
interface Buyer {
  name: string;
  headers: Record<string, string>;
  businessId: number | null;
  cityId: number | null;
  /** The guest's chosen city, sent as ?city=. */
  city?: string;
}
let buyers: Buyer[];
let x: { id: number; name: string; tier: number };
let y: { id: number; name: string };
let typeId: number;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  warm = await createTestApp({ nodeEnv: 'production', shareDatabaseOf: t });
  const db = t.database.db;
  const [lahore] = await jsonRows<{ id: number }>(db, sql`select id from cities where name = 'Lahore'`);
  const [karachi] = await jsonRows<{ id: number }>(db, sql`select id from cities where name = 'Karachi'`);
  // Two products of one category, in stock, not on sale, without city prices yet.
  const picked = await jsonRows<{ id: number; name: string; tier: number }>(
    db,
    sql`select p.id, p.name, p.tier2_id as tier from products p
        where p.active and p.stock > 0 and not p.sale and p.price >= 200 and p.tier2_id is not null
          and not exists (select 1 from city_prices c where c.product_id = p.id)
          and not exists (select 1 from quantity_prices q where q.product_id = p.id)
          and not exists (select 1 from customer_prices q where q.product_id = p.id)
          and (select count(*) from products o where o.tier2_id = p.tier2_id and o.active) >= 2
        order by p.tier2_id, p.id limit 2`,
  );
  x = picked[0]!;
  y = picked[1]!;
  const [listX] = await jsonRows<{ price: string }>(db, sql`select price::text as price from products where id = ${x.id}`);
  const less = (by: number) => (Number(listX!.price) - by).toFixed(2);
  // Lahore and Karachi each have their own price of X; Lahore a threshold on Y.
  await db.insert(cityPrices).values([
    { productId: x.id, cityId: lahore!.id, price: less(15) },
    { productId: x.id, cityId: karachi!.id, price: less(25) },
  ]);
  await db.insert(quantityPrices).values({ productId: y.id, cityId: lahore!.id, minQuantity: 12, unitPrice: '100.00' });
  // A Lahore business with a locked price of X, and a Karachi business without.
  const locked = await makeBusiness(db);
  const plain = await makeBusiness(db);
  await db.update(businesses).set({ cityId: lahore!.id }).where(eq(businesses.id, locked.id));
  await db.update(businesses).set({ cityId: karachi!.id }).where(eq(businesses.id, plain.id));
  await db.insert(customerPrices).values({ businessId: locked.id, productId: x.id, price: less(40) });
  const [type] = await db.insert(businessTypes).values({ name: 'One price type' }).returning();
  typeId = type!.id;
  await db.insert(productBusinessTypes).values([x, y].map((p) => ({ productId: p.id, businessTypeId: typeId })));
  const lockedUser = await makeUser(db, { businessId: locked.id, type: 'Owner' });
  const plainUser = await makeUser(db, { businessId: plain.id, type: 'Owner' });
  buyers = [
    { name: 'Lahore business with a locked price', headers: await signIn(t.app, lockedUser.email), businessId: locked.id, cityId: lahore!.id },
    { name: 'Karachi business', headers: await signIn(t.app, plainUser.email), businessId: plain.id, cityId: karachi!.id },
    { name: 'guest in Lahore', headers: await guestHeaders(t.app), businessId: null, cityId: lahore!.id, city: 'Lahore' },
    { name: 'guest in Karachi', headers: await guestHeaders(t.app), businessId: null, cityId: karachi!.id, city: 'Karachi' },
    { name: 'guest without a city', headers: await guestHeaders(t.app), businessId: null, cityId: null },
  ];
}, 180_000);
afterAll(async () => {
  await warm?.close();
  await t?.close();
});

/** Every route that shows a price, with the rows it answers. */
function routes(b: Buyer): { route: string; url: string; rows: (data: unknown) => Product[] }[] {
  const city = b.city ? `&city=${encodeURIComponent(b.city)}` : '';
  const page = (d: unknown) => {
    const p = d as { products: Product[]; out_of_stock_products: Product[] };
    return [...p.products, ...p.out_of_stock_products];
  };
  return [
    { route: 'listing by ids', url: `/api/custom_route/get_products_by_categories?filter=id&filterValue=${x.id},${y.id}${city}`, rows: page },
    { route: 'listing by price', url: `/api/custom_route/get_products_by_categories?filter=id&filterValue=${x.id},${y.id}&order=price__ASC${city}`, rows: page },
    { route: 'category listing', url: `/api/custom_route/get_products_by_categories?tierId=2&filterValue=${x.tier}&limit=200${city}`, rows: page },
    { route: 'business type listing', url: `/api/custom_route/get_products_by_business?businessTypeId=${typeId}${city}`, rows: page },
    { route: 'search', url: `/api/catalogue/search?search=${encodeURIComponent(x.name)}${city}`, rows: (d) => (d as { products: Product[] }).products },
    {
      route: 'product page',
      url: `/api/catalogue/products/${y.id}?x=1${city}`,
      rows: (d) => {
        const detail = d as { product: Product; related: Product[] };
        return [detail.product, ...detail.related];
      },
    },
  ];
}

async function expectOwnPrices(app: TestApp, b: Buyer, label: string) {
  for (const r of routes(b)) {
    const res = await app.app.inject({ method: 'GET', url: r.url, headers: b.headers });
    expect(res.statusCode, `${label} ${b.name} ${r.route}`).toBe(200);
    const rows = r.rows(body<{ data: unknown }>(res).data).filter((p) => p.id === x.id || p.id === y.id);
    expect(rows.length, `${label} ${b.name} ${r.route}: X or Y listed`).toBeGreaterThan(0);
    const charged = await priceProducts(t.database.db, b.businessId, [x.id, y.id], { cityId: b.cityId });
    for (const p of rows) {
      expect(displayPrice(p), `${label} ${b.name} ${r.route} product ${p.id}`).toBe(charged.get(p.id)!.unit_price);
      expect(p.quantity_prices, `${label} ${b.name} ${r.route} product ${p.id}`).toEqual(charged.get(p.id)!.quantity_prices);
    }
  }
}

describe('one price for one buyer on every listing route (issue 36)', () => {
  it('each buyer sees its own prices, cold and warm, on an instance that keeps answers', async () => {
    for (const label of ['cold', 'warm', 'warm again']) {
      for (const b of buyers) await expectOwnPrices(warm, b, label);
    }
    for (const b of buyers) await expectOwnPrices(t, b, 'test instance');
  });

  it('the five buyers are shown four different prices of X, and the Lahore threshold only in Lahore', async () => {
    const shown = new Map<string, string>();
    for (const b of buyers) {
      const city = b.city ? `&city=${b.city}` : '';
      const res = await warm.app.inject({ method: 'GET', url: `/api/custom_route/get_products_by_categories?filter=id&filterValue=${x.id},${y.id}${city}`, headers: b.headers });
      const rows = body<{ data: { products: Product[] } }>(res).data.products;
      shown.set(b.name, displayPrice(rows.find((p) => p.id === x.id)!));
      const tiers = rows.find((p) => p.id === y.id)!.quantity_prices;
      expect(tiers.length > 0, b.name).toBe(b.cityId === buyers[0]!.cityId);
    }
    // Locked (Lahore), Karachi, Lahore, Karachi, list: the two Karachi buyers share theirs, nobody else does.
    expect(new Set(shown.values()).size).toBe(4);
    expect(shown.get('Karachi business')).toBe(shown.get('guest in Karachi'));
  });

  it('the cart charges each buyer what its listings showed: a guest in the city it chose, a business in its own whatever it sends', async () => {
    for (const b of buyers) {
      // A business's own city decides; what it sends is ignored (Karachi for the Lahore one, Lahore for the Karachi one).
      const sent = b.city ?? (b.businessId == null ? undefined : b.cityId === buyers[0]!.cityId ? 'Karachi' : 'Lahore');
      const res = await t.app.inject({ method: 'POST', url: '/api/cart/price', headers: b.headers, payload: { ids: [x.id, y.id], ...(sent ? { city: sent } : {}) } });
      expect(res.statusCode, b.name).toBe(200);
      const charged = await priceProducts(t.database.db, b.businessId, [x.id, y.id], { cityId: b.cityId });
      for (const p of body<{ data: { id: number; unit_price: string }[] }>(res).data) expect(p.unit_price, `${b.name} ${p.id}`).toBe(charged.get(p.id)!.unit_price);
    }
    const bad = await t.app.inject({ method: 'POST', url: '/api/cart/price', headers: buyers[2]!.headers, payload: { ids: [x.id], city: 'Atlantis' } });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).error).toBe('There is no such city.');
  });

  it('quick order proposes a line at the price the cart charges for its quantity (a Buy More Pay Less price at 12)', async () => {
    const [sku] = await jsonRows<{ sku: string }>(t.database.db, sql`select sku from products where id = ${y.id}`);
    for (const quantity of [1, 11, 12, 30]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/quick-order', headers: buyers[0]!.headers, payload: { rows: [{ text: sku!.sku, quantity }] } });
      expect(res.statusCode).toBe(200);
      const [line] = body<{ data: { lines: { unit_price: string; quantity: number; cart_line: { unit_price: string } | null }[] } }>(res).data.lines;
      const charged = await priceProducts(t.database.db, buyers[0]!.businessId, [y.id], { cityId: buyers[0]!.cityId, quantities: new Map([[y.id, line!.quantity]]) });
      expect(line!.unit_price, `at ${quantity}`).toBe(charged.get(y.id)!.unit_price);
      expect(line!.cart_line?.unit_price, `at ${quantity}`).toBe(charged.get(y.id)!.unit_price);
    }
  });

  it('a city that is not an active one is refused with a reason', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/custom_route/get_products_by_categories?city=Atlantis`, headers: buyers[2]!.headers });
    expect(res.statusCode).toBe(400);
    expect(body(res).error).toBe('There is no such city.');
  });
});

describe('the marketplace shows a business its locked prices in its own city (issue 36)', () => {
  it('in lists, search and the product page; never to others or in another city', async () => {
    const db = t.database.db;
    // A demo product Demo Kiryana Traders (Lahore) has a locked price for, listed in Lahore's marketplace and in another city's.
    const [row] = await jsonRows<{ bmpl_id: number; name: string; tier2: number; locked: string; other: string }>(
      db,
      sql`select b.id as bmpl_id, b.name, b.tier2_id as tier2, cp.price::text as locked,
            (select c.name from bmpl_product_cities pc join cities c on c.id = pc.city_id where pc.bmpl_product_id = b.id and c.name <> 'Lahore' limit 1) as other
          from customer_prices cp join businesses bz on bz.id = cp.business_id and bz.name = 'Demo Kiryana Traders'
          join bmpl_products b on b.product_id = cp.product_id and b.active
          where cp.starts_at <= now() and (cp.ends_at is null or cp.ends_at > now())
            and exists (select 1 from bmpl_product_cities pc join cities c on c.id = pc.city_id where pc.bmpl_product_id = b.id and c.name = 'Lahore')
            and exists (select 1 from bmpl_product_cities pc join cities c on c.id = pc.city_id where pc.bmpl_product_id = b.id and c.name <> 'Lahore')
          order by b.id limit 1`,
    );
    expect(row, 'the demo has a locked-price product in the marketplace').toBeDefined();
    const owner = await signIn(t.app, 'owner@demo.pk', 'Demo@12345');
    const guest = await guestHeaders(t.app);
    const find = async (app: TestApp, headers: Record<string, string>, url: string) => {
      const res = await app.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      const data = body<{ data: unknown }>(res).data as { products?: { bmpl_product_id: number; price: string; customer_specific_pricing: string | null; discount_threshold: number | null }[] };
      const rows = Array.isArray(data) ? (data as typeof data.products)! : data.products!;
      return rows.find((p) => p.bmpl_product_id === row!.bmpl_id);
    };
    const list = (city: string) => `/api/bmpl/products?city=${encodeURIComponent(city)}&category=${row!.tier2}&limit=200`;
    const search = (city: string) => `/api/bmpl/search?city=${encodeURIComponent(city)}&search=${encodeURIComponent(row!.name)}`;
    for (const app of [warm, t]) {
      for (const label of ['cold', 'warm']) {
        for (const url of [list('Lahore'), search('Lahore')]) {
          const own = await find(app, owner, url);
          expect(own?.price, `${label} ${url}`).toBe(row!.locked);
          expect(own?.customer_specific_pricing, `${label} ${url}`).toBe(row!.locked);
          expect(own?.discount_threshold, `${label} ${url}`).toBeNull();
          // A guest in Lahore asking the same URL gets the city's price for everyone.
          const public_ = await find(app, guest, url);
          expect(public_?.customer_specific_pricing, `${label} guest ${url}`).toBeNull();
        }
        // The same business in another city's marketplace: that city's price, not its locked one.
        const elsewhere = await find(app, owner, list(row!.other));
        expect(elsewhere?.customer_specific_pricing, `${label} ${row!.other}`).toBeNull();
      }
      const detail = body<{ data: { bmpl_products_city: { city: string; price: string }[] } }>(
        await app.app.inject({ method: 'GET', url: `/api/bmpl/products/${row!.bmpl_id}`, headers: owner }),
      ).data;
      expect(detail.bmpl_products_city.find((r) => r.city === 'Lahore')?.price).toBe(row!.locked);
      const guestDetail = body<{ data: { bmpl_products_city: { city: string; price: string }[] } }>(
        await app.app.inject({ method: 'GET', url: `/api/bmpl/products/${row!.bmpl_id}`, headers: guest }),
      ).data;
      expect(guestDetail.bmpl_products_city.find((r) => r.city === 'Lahore')?.price).not.toBe(row!.locked);
    }
  });
});
