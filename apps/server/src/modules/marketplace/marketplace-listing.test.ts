import type { StaffCategory, StaffProductPage, CsvPreview } from '@shop/domain/catalogue-admin';
import type { MarketplaceProductDetail, MarketplaceProductPage, MarketplaceSearchResult, MarketplaceStrip } from '@shop/domain/marketplace';
import type { MarketplaceCandidate, MarketplaceCityProducts, MarketplaceListResult, MarketplaceOverview, MarketplaceUnlistResult } from '@shop/domain/marketplace-listing';
import type { StaffCity } from '@shop/domain/places';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInStaff, signInStaff } from '../../../test/staff.ts';
import { takenIn } from '../../../test/taken-in.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { jsonRows } from '../../db/client.ts';
import { auditLog } from '../../db/schema/staff.ts';
import { linkedCityRecords } from '../prices/city-price.service.ts';

// Issue 35: the marketplace's listing per city, in the back office (role Catalogue), from an empty
// shop (SEED=none) set up through the back office alone: the Admin's cities, the clerk's categories,
// brand and products (CSV), then products and a whole category listed in cities. The marketplace's
// API (as /bmpl reads it) shows a listed product in its city and not in another, at once on the
// instance that wrote and, once it has read the counters after the write, on a running instance with its in-memory copy.

let t: TestApp;
let running: TestApp;
let admin: SignedInStaff;
let clerk: SignedInStaff;
let desk: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  // A second instance on the same database, as a running server: its marketplace copy loaded at start
  // and following the change feed.
  running = await createTestApp({ shareDatabaseOf: t, nodeEnv: 'production' });
  admin = await signInStaff(t, { email: 'listing-admin@staff.pk', roles: ['Admin'] });
  clerk = await signInStaff(t, { email: 'listing-clerk@staff.pk', roles: ['Catalogue'] });
  desk = await signInStaff(t, { email: 'listing-desk@staff.pk', roles: ['Order desk'] });
}, 120_000);
afterAll(async () => {
  await running?.close();
  await t?.close();
});

const ok = <T>(res: { statusCode: number; body: string }, status = 200): T => {
  expect(res.statusCode, res.body.slice(0, 400)).toBe(status);
  return (JSON.parse(res.body) as { data: T }).data;
};
const errorOf = (res: { statusCode: number; body: string }, status: number) => {
  expect(res.statusCode, res.body.slice(0, 400)).toBe(status);
  const text = body<{ error: string }>(res as never).error;
  expect(text).toBeTypeOf('string');
  return text;
};
const list = (payload: Record<string, unknown>, who = clerk) => who.inject({ method: 'POST', url: '/api/staff/marketplace/listings', payload });
const unlist = (payload: Record<string, unknown>, who = clerk) => who.inject({ method: 'POST', url: '/api/staff/marketplace/listings/remove', payload });
const overview = async () => ok<MarketplaceOverview>(await clerk.inject({ method: 'GET', url: '/api/staff/marketplace' }));
const cityProducts = async (cityId: number, query = '') => ok<MarketplaceCityProducts>(await clerk.inject({ method: 'GET', url: `/api/staff/marketplace/cities/${cityId}/products${query}` }));
const audits = (cityId: number) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'marketplace_city'), eq(auditLog.entityId, String(cityId)))).orderBy(auditLog.id);
/** The marketplace rows: what a write must leave alone when it is refused. */
const marketplaceRows = async () =>
  (await jsonRows<{ n: string }>(t.database.db, sql`select (select count(*) from bmpl_products)::text || '/' || (select count(*) from bmpl_product_cities)::text as n`))[0]?.n;
/** A guest's view of a city's marketplace, as the /bmpl pages ask for it. */
const shown = async (app: TestApp, city: string) => {
  const res = await app.app.inject({ method: 'GET', url: `/api/bmpl/products?city=${encodeURIComponent(city)}&limit=200` });
  return ok<MarketplaceProductPage>(res).products;
};
const names = (products: readonly { name: string }[]) => products.map((p) => p.name).sort();
/**
 * The running instance's view of a city once it has taken in the writes so far (its copy and answers
 * follow the change counters, read once a second, by themselves: test/taken-in.ts), asked once; the
 * caller's expect says what it should show. The other cities are read
 * after this, from the same or a later copy.
 */
async function shownOnRunning(city: string): Promise<string[]> {
  await takenIn(t.database.db, `the listing in ${city}`);
  return names(await shown(running, city));
}

const cities: Record<string, StaffCity> = {};
const categoryId: Record<string, number> = {};
const productId: Record<string, number> = {};

/** The Admin's cities, the clerk's categories and brand, and six products by CSV: all through the back office. */
async function setUpShop() {
  for (const name of ['Sialkot', 'Multan']) {
    cities[name] = ok<StaffCity>(await admin.inject({ method: 'POST', url: '/api/staff/cities', payload: { name, active: true, delivery_days: [1, 4], cutoff_time: '17:00' } }));
  }
  const addCategory = async (name: string, parent: string | null) => {
    const all = ok<StaffCategory[]>(await clerk.inject({ method: 'POST', url: '/api/staff/catalogue/categories', payload: { name, parent_id: parent ? categoryId[parent] : null } }));
    const made = all.find((c) => c.name === name && c.parent_id === (parent ? categoryId[parent] : null));
    categoryId[name] = made!.id;
  };
  await addCategory('Food', null);
  await addCategory('Rice & Grains', 'Food');
  await addCategory('Basmati Rice', 'Rice & Grains');
  await addCategory('Drinks', 'Food');
  await addCategory('Non Food', null);
  await addCategory('Cleaning', 'Non Food');
  ok(await clerk.inject({ method: 'POST', url: '/api/staff/catalogue/brands', payload: { name: 'Kernel' } }));
  const csv = [
    'sku,name,brand,category,business_types,price,sale_price,tax,stock,active',
    'RICE-1,Kernel Super Basmati 5kg,Kernel,Food > Rice & Grains > Basmati Rice,,1180.00,,0.00,40,yes',
    'RICE-2,Kernel Sella Basmati 5kg,Kernel,Food > Rice & Grains > Basmati Rice,,1090.00,,0.00,25,yes',
    'RICE-3,Kernel Broken Rice 5kg,Kernel,Food > Rice & Grains,,640.00,,0.00,10,no',
    'DRINK-1,Kernel Mango Nectar 1L,Kernel,Food > Drinks,,236.00,,36.00,60,yes',
    'SOAP-1,Kernel Dish Soap 500ml,Kernel,Non Food > Cleaning,,177.00,,27.00,80,yes',
    'FOOD-1,Kernel Gift Box,Kernel,Food,,2500.00,,0.00,5,yes',
  ].join('\r\n');
  const preview = ok<CsvPreview>(await clerk.inject({ method: 'POST', url: '/api/staff/catalogue/imports/preview', payload: { file_name: 'day-one.csv', csv } }));
  ok(await clerk.inject({ method: 'POST', url: '/api/staff/catalogue/imports', payload: { file_name: 'day-one.csv', csv, fingerprint: preview.fingerprint } }));
  for (const sku of ['RICE-1', 'RICE-2', 'RICE-3', 'DRINK-1', 'SOAP-1', 'FOOD-1']) {
    const found = ok<StaffProductPage>(await clerk.inject({ method: 'GET', url: `/api/staff/catalogue/products?search=${sku}` }));
    productId[sku] = found.products.find((p) => p.sku === sku)!.id;
  }
}

describe('the marketplace listing per city on an empty shop (issue 35)', () => {
  it('starts with nothing listed, and tells the clerk when there is no Food category', async () => {
    const empty = await overview();
    expect(empty).toEqual({ top_category: null, cities: [], categories: [] });
    await setUpShop();
    const before = await overview();
    expect(before.top_category).toEqual({ id: categoryId.Food, name: 'Food' });
    expect(before.cities.map((c) => [c.name, c.listed, c.hidden, c.categories])).toEqual([
      ['Multan', 0, 0, 0],
      ['Sialkot', 0, 0, 0],
    ]);
    // The categories under Food, in tree order, with the active products listing each would list.
    expect(before.categories.map((c) => [c.path, c.products])).toEqual([
      ['Food', 4],
      ['Food > Rice & Grains', 2],
      ['Food > Rice & Grains > Basmati Rice', 2],
      ['Food > Drinks', 1],
    ]);
    expect(await shown(running, 'Sialkot')).toEqual([]);
  });

  it('lists a product in one city: the marketplace shows it there at once, at the price rule\'s price, and not in the other city; audited', async () => {
    // A Sialkot city price, set before the product is listed there: the new record shows it.
    ok(await clerk.inject({ method: 'POST', url: '/api/staff/prices', payload: { kind: 'city', city: 'Sialkot', product_id: productId['RICE-1'], price: '1150.00' } }));
    const result = ok<MarketplaceListResult>(await list({ city_ids: [cities.Sialkot!.id], product_ids: [productId['RICE-1']] }));
    expect(result).toEqual({ listed: 1, already: 0, skipped: [], skipped_total: 0 });

    // The instance that wrote answers from its copy at once (a test's instance reads the counters before
    // its copy answers): Sialkot's first list, category page, search and home strips have it, Multan's not.
    const sialkot = await shown(t, 'Sialkot');
    expect(sialkot.map((p) => p.name)).toEqual(['Kernel Super Basmati 5kg']);
    expect(sialkot[0]).toMatchObject({ city: 'Sialkot', price: '1150.00', bmpl_brand_name: 'Kernel', tier2_id: categoryId['Rice & Grains'], tier3_id: categoryId['Basmati Rice'], stock: 40 });
    expect(await shown(t, 'Multan')).toEqual([]);
    // Its record's price columns are the refresher's own (decision 019): nothing left to write.
    const records = await linkedCityRecords(t.database.db, [productId['RICE-1']!]);
    expect(records).toHaveLength(1);
    expect(records[0]!.now).toEqual(records[0]!.due);

    // The category page, the search and the home strips of Sialkot have it; the product page names Sialkot only.
    const category = ok<MarketplaceProductPage>(await t.app.inject({ method: 'GET', url: `/api/bmpl/products?city=Sialkot&category=${categoryId['Rice & Grains']}` }));
    expect(category.products.map((p) => p.name)).toEqual(['Kernel Super Basmati 5kg']);
    const search = ok<MarketplaceSearchResult>(await t.app.inject({ method: 'GET', url: '/api/bmpl/search?city=Sialkot&search=basmati' }));
    expect(search.total).toBe(1);
    const strips = ok<MarketplaceStrip[]>(await t.app.inject({ method: 'GET', url: '/api/bmpl/strips?city=Sialkot&limit=6' }));
    expect(strips.map((s) => [s.category.name, s.total])).toEqual([['Rice & Grains', 1]]);
    expect(ok<MarketplaceStrip[]>(await t.app.inject({ method: 'GET', url: '/api/bmpl/strips?city=Multan&limit=6' }))).toEqual([]);
    const detail = ok<MarketplaceProductDetail>(await t.app.inject({ method: 'GET', url: `/api/bmpl/products/${sialkot[0]!.id}` }));
    expect(detail.bmpl_products_city.map((r) => r.city)).toEqual(['Sialkot']);

    // A running instance's copy and kept answers follow the change feed (its counters read once a
    // second): it shows the product in Sialkot, at the same price, and not in Multan.
    expect(await shownOnRunning('Sialkot')).toEqual(['Kernel Super Basmati 5kg']);
    expect((await shown(running, 'Sialkot'))[0]).toMatchObject({ id: sialkot[0]!.id, price: '1150.00' });
    expect(await shown(running, 'Multan')).toEqual([]);

    const [entry] = await audits(cities.Sialkot!.id);
    expect(entry).toMatchObject({ action: 'marketplace.list', staffId: clerk.staffId, before: null });
    expect(entry!.after).toMatchObject({ city: 'Sialkot', category: null, listed: 1, skus: ['RICE-1'] });
  });

  it('lists the same product in a second city reusing its marketplace product, with that city\'s price; listing it again changes nothing', async () => {
    const result = ok<MarketplaceListResult>(await list({ city_ids: [cities.Sialkot!.id, cities.Multan!.id], product_ids: [productId['RICE-1']] }));
    expect(result).toMatchObject({ listed: 1, already: 1 });
    expect(await shownOnRunning('Multan')).toEqual(['Kernel Super Basmati 5kg']);
    const [multan] = await shown(running, 'Multan');
    // Multan has no city price: the product's own.
    expect(multan).toMatchObject({ price: '1180.00', city: 'Multan' });
    expect(multan!.id).toBe((await shown(running, 'Sialkot'))[0]!.id);
    const marketplaceProducts = await jsonRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from bmpl_products where product_id = ${productId['RICE-1']}`);
    expect(marketplaceProducts[0]?.n).toBe(1);

    const rows = await marketplaceRows();
    const again = ok<MarketplaceListResult>(await list({ city_ids: [cities.Multan!.id], product_ids: [productId['RICE-1']] }));
    expect(again).toMatchObject({ listed: 0, already: 1 });
    expect(await marketplaceRows()).toBe(rows);
    // Nothing listed, nothing audited: Multan has one entry (the listing above).
    expect((await audits(cities.Multan!.id)).map((a) => a.action)).toEqual(['marketplace.list']);
  });

  it('finds storefront products to list with the cities each is listed in and why one cannot be', async () => {
    const found = ok<MarketplaceCandidate[]>(await clerk.inject({ method: 'GET', url: '/api/staff/marketplace/candidates?search=kernel&limit=20' }));
    const bySku = new Map(found.map((c) => [c.sku, c]));
    expect(bySku.get('RICE-1')).toMatchObject({ listed_city_ids: [cities.Multan!.id, cities.Sialkot!.id].sort((a, b) => a - b), refusal: null, category: 'Food > Rice & Grains > Basmati Rice' });
    expect(bySku.get('RICE-2')).toMatchObject({ listed_city_ids: [], refusal: null });
    expect(bySku.get('RICE-3')?.refusal).toMatch(/inactive/);
    expect(bySku.get('SOAP-1')?.refusal).toMatch(/not under Food/);
    expect(bySku.get('FOOD-1')?.refusal).toMatch(/in Food itself/);
    expect((await clerk.inject({ method: 'GET', url: '/api/staff/marketplace/candidates?search=' })).statusCode).toBe(400);
  });

  it('refuses bad input with its reason and changes nothing', async () => {
    const rows = await marketplaceRows();
    const auditCount = (await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'marketplace_city'))).length;
    expect(errorOf(await list({ city_ids: [cities.Sialkot!.id], product_ids: [productId['RICE-3']] }), 400)).toBe(
      'Kernel Broken Rice 5kg is inactive: make it active on its product page first (the marketplace never shows an inactive product).',
    );
    // One inactive product among good ones: none is listed.
    expect(errorOf(await list({ city_ids: [cities.Multan!.id], product_ids: [productId['RICE-2'], productId['RICE-3']] }), 400)).toContain('Kernel Broken Rice 5kg is inactive');
    expect(errorOf(await list({ city_ids: [cities.Sialkot!.id], product_ids: [productId['SOAP-1']] }), 400)).toContain('is not under Food');
    expect(errorOf(await list({ city_ids: [cities.Sialkot!.id], product_ids: [productId['FOOD-1']] }), 400)).toContain('is in Food itself');
    expect(errorOf(await list({ city_ids: [cities.Sialkot!.id], category_id: categoryId.Cleaning }), 400)).toContain('is not under Food');
    expect(errorOf(await list({ city_ids: [cities.Sialkot!.id], product_ids: [999_999] }), 404)).toBe('There is no product 999999.');
    expect(errorOf(await list({ city_ids: [cities.Sialkot!.id, 999_998], product_ids: [productId['RICE-2']] }), 404)).toBe('There is no city 999998.');
    expect(errorOf(await list({ city_ids: [cities.Sialkot!.id], category_id: 999_997 }), 404)).toBe('There is no such category.');
    expect(await list({ city_ids: [], product_ids: [productId['RICE-2']] }).then((r) => r.statusCode)).toBe(400);
    expect(await list({ city_ids: [cities.Sialkot!.id], product_ids: [productId['RICE-2']], category_id: categoryId.Drinks }).then((r) => r.statusCode)).toBe(400);
    expect(errorOf(await unlist({ city_ids: [cities.Sialkot!.id], marketplace_product_ids: [999_996] }), 404)).toBe('There is no marketplace product 999996.');
    expect(errorOf(await unlist({ city_ids: [999_995], category_id: categoryId.Food }), 404)).toBe('There is no city 999995.');
    expect(errorOf(await clerk.inject({ method: 'GET', url: '/api/staff/marketplace/cities/999994/products' }), 404)).toBe('There is no such city.');
    // Other roles are refused: the Order desk reads nothing here, the Admin keeps cities, not the marketplace.
    expect((await list({ city_ids: [cities.Sialkot!.id], product_ids: [productId['RICE-2']] }, desk)).statusCode).toBe(403);
    expect((await list({ city_ids: [cities.Sialkot!.id], product_ids: [productId['RICE-2']] }, admin)).statusCode).toBe(403);
    expect((await desk.inject({ method: 'GET', url: '/api/staff/marketplace' })).statusCode).toBe(403);
    expect(await marketplaceRows()).toBe(rows);
    expect((await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'marketplace_city'))).length).toBe(auditCount);
  });

  it('lists a whole category in a city in one action, leaving out an inactive product with its reason; the overview counts per city', async () => {
    const result = ok<MarketplaceListResult>(await list({ city_ids: [cities.Multan!.id], category_id: categoryId.Food }));
    // Food: RICE-1 (already there), RICE-2 and DRINK-1 listed; RICE-3 (inactive) and FOOD-1 (in Food itself) left out.
    expect(result.listed).toBe(2);
    expect(result.already).toBe(1);
    expect(result.skipped_total).toBe(2);
    expect(result.skipped.map((s) => s.name).sort()).toEqual(['Kernel Broken Rice 5kg', 'Kernel Gift Box']);
    const three = ['Kernel Mango Nectar 1L', 'Kernel Sella Basmati 5kg', 'Kernel Super Basmati 5kg'];
    expect(await shownOnRunning('Multan')).toEqual(three);
    expect(names(await shown(running, 'Sialkot'))).toEqual(['Kernel Super Basmati 5kg']);
    const [, entry] = await audits(cities.Multan!.id);
    expect(entry!.after).toMatchObject({ category: 'Food', listed: 2, skus: ['RICE-2', 'DRINK-1'], left_out: 2 });

    const now = await overview();
    expect(now.cities.map((c) => [c.name, c.listed, c.categories])).toEqual([
      ['Multan', 3, 2],
      ['Sialkot', 1, 1],
    ]);
    const listed = (path: string) => now.categories.find((c) => c.path === path)?.listed;
    expect(listed('Food')).toEqual({ [cities.Multan!.id]: 3, [cities.Sialkot!.id]: 1 });
    expect(listed('Food > Drinks')).toEqual({ [cities.Multan!.id]: 1 });
    expect(listed('Food > Rice & Grains > Basmati Rice')).toEqual({ [cities.Multan!.id]: 2, [cities.Sialkot!.id]: 1 });

    // A city's listed products, by name, with SKU, category and the price shown; by SKU or words of the name.
    const page = await cityProducts(cities.Multan!.id);
    expect(page.total).toBe(3);
    expect(page.products.map((p) => [p.sku, p.category, p.price, p.shown])).toEqual([
      ['DRINK-1', 'Food > Drinks', '236.00', true],
      ['RICE-2', 'Food > Rice & Grains > Basmati Rice', '1090.00', true],
      ['RICE-1', 'Food > Rice & Grains > Basmati Rice', '1180.00', true],
    ]);
    expect((await cityProducts(cities.Multan!.id, '?search=rice-2')).products.map((p) => p.sku)).toEqual(['RICE-2']);
    expect((await cityProducts(cities.Multan!.id, '?search=sella%20basmati')).products.map((p) => p.sku)).toEqual(['RICE-2']);
    expect((await cityProducts(cities.Multan!.id, `?category_id=${categoryId.Drinks}`)).products.map((p) => p.sku)).toEqual(['DRINK-1']);
  });

  it('a product made inactive stays listed but hidden; active again it is back', async () => {
    ok(await clerk.inject({ method: 'PATCH', url: `/api/staff/catalogue/products/${productId['DRINK-1']}`, payload: { active: false } }));
    expect(await shownOnRunning('Multan')).toEqual(['Kernel Sella Basmati 5kg', 'Kernel Super Basmati 5kg']);
    const multan = (await overview()).cities.find((c) => c.name === 'Multan');
    expect(multan).toMatchObject({ listed: 2, hidden: 1, categories: 1 });
    expect((await cityProducts(cities.Multan!.id, '?search=DRINK-1')).products[0]).toMatchObject({ shown: false });
    ok(await clerk.inject({ method: 'PATCH', url: `/api/staff/catalogue/products/${productId['DRINK-1']}`, payload: { active: true } }));
    expect(await shownOnRunning('Multan')).toContain('Kernel Mango Nectar 1L');
  });

  it('takes a product out of one city (its record deleted, the other city keeps it), then a whole category; audited', async () => {
    const [rice] = (await cityProducts(cities.Sialkot!.id, '?search=RICE-1')).products;
    const out = ok<MarketplaceUnlistResult>(await unlist({ city_ids: [cities.Sialkot!.id], marketplace_product_ids: [rice!.marketplace_product_id] }));
    expect(out).toEqual({ removed: 1 });
    expect(await shownOnRunning('Sialkot')).toEqual([]);
    expect(names(await shown(running, 'Multan'))).toContain('Kernel Super Basmati 5kg');
    // The marketplace product stays: its page says where it is sold now; listing it again reuses it.
    const detail = ok<MarketplaceProductDetail>(await t.app.inject({ method: 'GET', url: `/api/bmpl/products/${rice!.marketplace_product_id}` }));
    expect(detail.bmpl_products_city.map((r) => r.city)).toEqual(['Multan']);
    const last = (await audits(cities.Sialkot!.id)).at(-1);
    expect(last).toMatchObject({ action: 'marketplace.unlist', after: null });
    expect(last!.before).toMatchObject({ city: 'Sialkot', removed: 1, products: ['RICE-1'] });

    const gone = ok<MarketplaceUnlistResult>(await unlist({ city_ids: [cities.Multan!.id], category_id: categoryId['Rice & Grains'] }));
    expect(gone).toEqual({ removed: 2 });
    expect(await shownOnRunning('Multan')).toEqual(['Kernel Mango Nectar 1L']);
    expect((await audits(cities.Multan!.id)).at(-1)!.before).toMatchObject({ category: 'Food > Rice & Grains', removed: 2 });

    const relisted = ok<MarketplaceListResult>(await list({ city_ids: [cities.Sialkot!.id], product_ids: [productId['RICE-1']] }));
    expect(relisted.listed).toBe(1);
    expect(await shownOnRunning('Sialkot')).toEqual(['Kernel Super Basmati 5kg']);
    expect((await shown(running, 'Sialkot'))[0]).toMatchObject({ id: rice!.marketplace_product_id, price: '1150.00' });
  });
});

describe('the marketplace listing on the demo data (issue 35)', () => {
  let demo: TestApp;
  let demoClerk: SignedInStaff;
  beforeAll(async () => {
    demo = await createTestApp({ demo: true });
    demoClerk = await signInStaff(demo, { email: 'listing-demo@staff.pk', roles: ['Catalogue'] });
  }, 180_000);
  afterAll(async () => demo?.close());

  it('lists a Food storefront product the marketplace did not sell in Karachi only; it shows in Karachi and not in Lahore', async () => {
    const [p] = await jsonRows<{ id: number; name: string }>(
      demo.database.db,
      sql`select p.id, p.name from products p join categories c on c.id = p.tier1_id
          where c.name = 'Food' and c.level = 1 and p.active and p.tier2_id is not null and p.stock > 0
            and not exists (select 1 from bmpl_products b where b.product_id = p.id)
          order by p.id limit 1`,
    );
    expect(p).toBeDefined();
    const cityId = async (name: string) => (await jsonRows<{ id: number }>(demo.database.db, sql`select id from cities where name = ${name}`))[0]!.id;
    const karachi = await cityId('Karachi');
    const lahore = await cityId('Lahore');
    const before = ok<MarketplaceOverview>(await demoClerk.inject({ method: 'GET', url: '/api/staff/marketplace' }));
    const result = ok<MarketplaceListResult>(await demoClerk.inject({ method: 'POST', url: '/api/staff/marketplace/listings', payload: { city_ids: [karachi], product_ids: [p!.id] } }));
    expect(result).toMatchObject({ listed: 1, already: 0 });
    const search = async (city: string) =>
      ok<MarketplaceSearchResult>(await demo.app.inject({ method: 'GET', url: `/api/bmpl/search?city=${city}&search=${encodeURIComponent(p!.name)}&limit=200` })).products.map((x) => x.name);
    expect(await search('Karachi')).toContain(p!.name);
    expect(await search('Lahore')).not.toContain(p!.name);
    const after = ok<MarketplaceOverview>(await demoClerk.inject({ method: 'GET', url: '/api/staff/marketplace' }));
    const listedIn = (o: MarketplaceOverview, id: number) => o.cities.find((c) => c.id === id)!.listed;
    expect(listedIn(after, karachi)).toBe(listedIn(before, karachi) + 1);
    expect(listedIn(after, lahore)).toBe(listedIn(before, lahore));
    const records = await linkedCityRecords(demo.database.db, [p!.id]);
    expect(records.map((r) => r.now)).toEqual(records.map((r) => r.due));
  });
});
