import type { CatalogueBatch, CsvPreview, StaffProduct, StaffProductPage } from '@shop/domain/catalogue-admin';
import { CSV_HAS_ERRORS, CSV_STALE_PREVIEW } from '@shop/domain/catalogue-admin';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestHeaders, makeBusiness, makeUser, signIn } from '../../../test/factories.ts';
import { newKey } from '../../../test/order-factories.ts';
import { signInStaff } from '../../../test/staff.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { jsonRows } from '../../db/client.ts';
import { products } from '../../db/schema/catalogue.ts';
import { auditLog } from '../../db/schema/staff.ts';

let t: TestApp;
let cat: Record<string, string>;
let desk: Record<string, string>;
let guest: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  cat = (await signInStaff(t, { email: 'cat-admin@staff.pk', roles: ['Catalogue'] })).headers;
  desk = (await signInStaff(t, { email: 'desk-cat@staff.pk', roles: ['Order desk'] })).headers;
  guest = await guestHeaders(t.app);
}, 120_000);
afterAll(async () => t.close());

const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const data = <T>(res: { statusCode: number; body: string; json(): unknown }, status = 200) => {
  expect(res.statusCode, res.body.slice(0, 400)).toBe(status);
  return (res.json() as { data: T }).data;
};
const staffProduct = async (id: number) => data<StaffProduct>(await inject('GET', `/api/staff/catalogue/products/${id}`, cat));
const edit = (id: number, payload: object, headers = cat) => inject('PATCH', `/api/staff/catalogue/products/${id}`, headers, payload);
const storefront = async (id: number) => inject('GET', `/api/catalogue/products/${id}`, guest);
const preview = (csv: string, file_name = 'prices.csv') => inject('POST', '/api/staff/catalogue/imports/preview', cat, { file_name, csv });
const apply = (csv: string, fingerprint: string, file_name = 'prices.csv') => inject('POST', '/api/staff/catalogue/imports', cat, { file_name, csv, fingerprint });

/** A storefront product sold in the marketplace too, in stock, not on sale anywhere. */
async function linkedProduct() {
  const [row] = await jsonRows<{ id: number; bmpl_id: number }>(
    t.database.db,
    sql`select p.id, b.id as bmpl_id from products p join bmpl_products b on b.product_id = p.id
        where p.stock > 0 and not p.sale and p.active and not exists (select 1 from bmpl_product_cities c where c.bmpl_product_id = b.id and c.sale)
          and not exists (select 1 from catalogue_batch_rows r where r.product_id = p.id)
        order by p.id desc limit 1 offset ${Math.floor(Math.random() * 50)}`,
  );
  if (!row) throw new Error('no linked product in the demo data');
  return row;
}

describe('one product (issue 19)', () => {
  it('a Catalogue person finds a product by SKU and by name; the Order desk is refused', async () => {
    const [p] = await t.database.db.select().from(products).limit(1);
    const bySku = data<StaffProductPage>(await inject('GET', `/api/staff/catalogue/products?search=${encodeURIComponent(p!.sku)}`, cat));
    expect(bySku.products[0]?.id).toBe(p!.id);
    const byName = data<StaffProductPage>(await inject('GET', `/api/staff/catalogue/products?search=${encodeURIComponent(p!.name.split(' ')[0]!)}&limit=200`, cat));
    expect(byName.products.some((x) => x.id === p!.id)).toBe(true);
    expect((await inject('GET', '/api/staff/catalogue/products', desk)).statusCode).toBe(403);
    expect((await edit(p!.id, { stock: 5 }, desk)).statusCode).toBe(403);
    expect((await inject('GET', '/api/staff/catalogue/products', guest)).statusCode).toBe(401);
  });

  it('an edit of price, sale price, tax, stock and name shows on the storefront and in the marketplace, audited with before and after', async () => {
    const { id, bmpl_id } = await linkedProduct();
    const before = await staffProduct(id);
    const cities = await jsonRows<{ city: string }>(t.database.db, sql`select c.name as city from bmpl_product_cities pc join cities c on c.id = pc.city_id where pc.bmpl_product_id = ${bmpl_id} order by c.name`);
    // Decision 019: one of its cities gets a city price of its own (the staff's prices screen); others may have one from the demo.
    const added = await inject('POST', '/api/staff/prices', cat, { kind: 'city', city: cities[0]!.city, product_id: id, price: '77.70' });
    expect(added.statusCode, added.body).toBe(200);
    const cityPrices = new Map(
      (
        await jsonRows<{ city: string; price: string }>(
          t.database.db,
          sql`select c.name as city, x.price::text as price from city_prices x join cities c on c.id = x.city_id
            where x.product_id = ${id} and x.starts_at <= now() and (x.ends_at is null or x.ends_at > now())`,
        )
      ).map((r) => [r.city, r.price]),
    );
    expect(cityPrices.get(cities[0]!.city)).toBe('77.70');
    const newPrice = (Number(before.price) + 100).toFixed(2);
    const after = data<StaffProduct>(await edit(id, { name: `${before.name} Family Pack`, price: newPrice, tax: '10', stock: 77 }));
    expect(after).toMatchObject({ name: `${before.name} Family Pack`, price: newPrice, tax: '10.00', sell_price: (Number(newPrice) - 10).toFixed(2), stock: 77 });

    const shown = body<{ data: { product: { name: string; price: string; stock: number } } }>(await storefront(id)).data.product;
    expect(shown).toMatchObject({ name: `${before.name} Family Pack`, price: newPrice, stock: 77 });
    // The marketplace product sold as it: the new name; the list price edit moves every city without a
    // city price to the new list price and leaves the cities with one at their own.
    const market = body<{ data: { name: string; bmpl_products_city: { city: string; price: string }[] } }>(await inject('GET', `/api/bmpl/products/${bmpl_id}`, guest)).data;
    expect(market.name).toBe(`${before.name} Family Pack`);
    const cityAfter = await jsonRows<{ city: string; price: string }>(t.database.db, sql`select c.name as city, pc.price::text as price from bmpl_product_cities pc join cities c on c.id = pc.city_id where pc.bmpl_product_id = ${bmpl_id} order by c.name`);
    expect(cityAfter).toEqual(cities.map(({ city }) => ({ city, price: cityPrices.get(city) ?? newPrice })));
    expect(cityAfter.some((c) => c.price === newPrice) || cityPrices.size === cities.length).toBe(true);
    expect(market.bmpl_products_city.map((c) => [c.city, Number(c.price)]).sort()).toEqual(cityAfter.map((c) => [c.city, Number(c.price)]).sort());

    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(id)))).orderBy(sql`${auditLog.id} desc`).limit(1);
    expect(entry?.action).toBe('product.edit');
    expect(entry?.before).toMatchObject({ price: before.price, stock: before.stock });
    expect(entry?.after).toMatchObject({ price: newPrice, stock: 77 });

    // Off sale and on sale again.
    expect(data<StaffProduct>(await edit(id, { sale_price: '50' })).sale).toBe(true);
    expect(body<{ data: { product: { sale: boolean; sale_price: string } } }>(await storefront(id)).data.product).toMatchObject({ sale: true, sale_price: '50.00' });
    expect(data<StaffProduct>(await edit(id, { sale_price: null })).sale).toBe(false);
  });

  it("a renamed product's marketplace address follows the new name, and its old address still leads to it (SPEC 2 slug rule)", async () => {
    const { id, bmpl_id } = await linkedProduct();
    const bySlug = async (slug: string) => inject('GET', `/api/bmpl/products/by-slug/${encodeURIComponent(slug)}`, guest);
    const old = body<{ data: { slug: string } }>(await inject('GET', `/api/bmpl/products/${bmpl_id}`, guest)).data.slug;
    data(await edit(id, { name: 'Renamed Super Basmati & Sella Rice 5 kg' }));
    const moved = body<{ data: { id: number; slug: string; name: string } }>(await bySlug(old)).data;
    expect(moved).toMatchObject({ id: bmpl_id, slug: 'renamed-super-basmati-&-sella-rice-5-kg', name: 'Renamed Super Basmati & Sella Rice 5 kg' });
    expect(body<{ data: { id: number } }>(await bySlug(moved.slug)).data.id).toBe(bmpl_id);
    // Renamed again: both earlier addresses lead to it; back to an earlier name, that address is its own.
    data(await edit(id, { name: 'Renamed Again Rice' }));
    expect(body<{ data: { slug: string } }>(await bySlug(old)).data.slug).toBe('renamed-again-rice');
    expect(body<{ data: { slug: string } }>(await bySlug(moved.slug)).data.slug).toBe('renamed-again-rice');
    expect((await bySlug('no-such-product-anywhere')).statusCode).toBe(404);
  });

  it('refuses bad values with a reason and changes nothing', async () => {
    const { id } = await linkedProduct();
    const before = await staffProduct(id);
    const cases: [object, RegExp][] = [
      [{ sale_price: String(Number(before.price) + 1) }, /sale price .* must be below the price/],
      [{ tax: String(Number(before.price) + 1) }, /tax .* must not be more than the price/],
      [{ price: '-5' }, /price/],
      [{ price: '12.345' }, /price/],
      [{ stock: 1.5 }, /stock/],
      [{ brand_id: 999999 }, /no such brand/],
      [{ category_id: 999999 }, /no such category/],
      [{ name: '   ' }, /name/],
      [{}, /Nothing to change/],
      [{ sku: 'X' }, /sku|Unrecognized/i],
    ];
    for (const [payload, reason] of cases) {
      const res = await edit(id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).error, JSON.stringify(payload)).toMatch(reason);
    }
    expect(await staffProduct(id)).toEqual(before);
    expect((await edit(999999, { stock: 1 })).statusCode).toBe(404);
  });

  it('an inactive product is not listed, searched, shown or sold; active again, it is', async () => {
    const { id } = await linkedProduct();
    const p = await staffProduct(id);
    const listing = `/api/custom_route/get_products_by_categories?tierId=${p.tier4Id ? 4 : 3}&filterValue=${p.tier4Id ?? p.tier3Id}&limit=1000`;
    const listed = async () => {
      const page = body<{ data: { products: { id: number }[]; out_of_stock_products: { id: number }[] } }>(await inject('GET', listing, guest)).data;
      return [...page.products, ...page.out_of_stock_products].some((x) => x.id === id);
    };
    const searched = async () =>
      body<{ data: { products: { id: number }[] } }>(await inject('GET', `/api/catalogue/search?search=${encodeURIComponent(p.name)}`, guest)).data.products.some((x) => x.id === id);
    expect(await listed()).toBe(true);
    expect(await searched()).toBe(true);

    data(await edit(id, { active: false }));
    expect(await listed()).toBe(false);
    expect(await searched()).toBe(false);
    expect((await storefront(id)).statusCode).toBe(404);
    const business = await makeBusiness(t.database.db);
    const user = await makeUser(t.database.db, { businessId: business.id, type: 'Owner' });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/write/Orders',
      headers: { ...(await signIn(t.app, user.email)), 'idempotency-key': newKey() },
      payload: { payment_mode: 'Cash', order_details: [{ product_id: id, quantity: 1 }] },
    });
    expect(order.statusCode).toBe(400);

    data(await edit(id, { active: true }));
    expect(await listed()).toBe(true);
    expect((await storefront(id)).statusCode).toBe(200);
  });
});

describe('the CSV file (issue 19)', () => {
  const exportCsv = async (kind = 'catalogue') => {
    const res = await inject('GET', `/api/staff/catalogue/export.csv?kind=${kind}`, cat);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    return res.body;
  };
  const lines = (csv: string) => csv.split('\r\n').filter(Boolean);
  const rowOf = async (id: number) => {
    const p = await staffProduct(id);
    return { p, line: lines(await exportCsv()).find((l) => l.startsWith(`${p.sku},`)) as string };
  };

  it('an export read back changes nothing (the whole catalogue, and the stock file)', async () => {
    const csv = await exportCsv();
    expect(lines(csv)[0]).toBe('sku,name,brand,category,business_types,price,sale_price,tax,stock,active');
    const p = data<CsvPreview>(await preview(csv));
    expect(p.errors).toEqual([]);
    expect(p.changed).toEqual([]);
    expect(p.new_rows).toEqual([]);
    expect(p.unchanged).toBe(lines(csv).length - 1);
    const stock = await exportCsv('stock');
    expect(lines(stock)[0]).toBe('sku,stock');
    const s = data<CsvPreview>(await preview(stock));
    expect([s.kind, s.changed.length, s.errors.length, s.unchanged]).toEqual(['stock', 0, 0, lines(stock).length - 1]);
  });

  it('previews new, changed (old → new), unchanged and bad rows by line; applies only a clean file; undoes by a reverse batch', async () => {
    const a = await rowOf((await linkedProduct()).id);
    let b = await rowOf((await linkedProduct()).id);
    while (b.p.id === a.p.id) b = await rowOf((await linkedProduct()).id);
    const header = 'sku,name,brand,category,business_types,price,sale_price,tax,stock,active';
    const cells = (line: string) => line.split(',');
    // a: price changed (the columns are simple enough in the demo data to edit by splitting, checked here).
    expect(cells(a.line)).toHaveLength(10);
    const aCells = cells(a.line);
    const newPrice = (Number(a.p.price) + 25).toFixed(2);
    aCells[5] = newPrice.replace(/\.00$/, '');
    const newSku = `NEW-${Date.now()}`;
    const newRow = `${newSku},Fresh Test Dates 500g,${a.p.brand_name},"${a.p.category_path}",,450,,0,12,yes`;
    const bad = [
      `${newSku}-2,,${a.p.brand_name},"${a.p.category_path}",,450,,0,12,yes`,
      `${newSku}-3,Something,No Such Brand Ltd,"${a.p.category_path}",,450,,0,12,yes`,
      `${newSku}-4,Something,${a.p.brand_name},"${a.p.category_path}",,4x0,500,0,twelve,maybe`,
    ];
    const file = [header, aCells.join(','), b.line, newRow, ...bad].join('\n');
    const p = data<CsvPreview>(await preview(file));
    expect(p.changed).toEqual([{ line: 2, sku: a.p.sku, name: a.p.name, product_id: a.p.id, changes: [{ field: 'price', old: a.p.price, new: newPrice }] }]);
    expect(p.unchanged).toBe(1);
    expect(p.new_rows).toEqual([{ line: 4, sku: newSku, name: 'Fresh Test Dates 500g' }]);
    expect(p.errors.map((e) => e.line)).toEqual([5, 6, 7]);
    expect(p.errors[0]?.reasons).toEqual(['The name is empty.']);
    expect(p.errors[1]?.reasons[0]).toMatch(/There is no brand "No Such Brand Ltd"/);
    expect(p.errors[2]?.reasons).toEqual([
      'The stock "twelve" is not a whole number of pieces (0 or more).',
      'The price "4x0" is not an amount in rupees (like 1250 or 1250.50).',
      'Active must be yes or no, not "maybe".',
    ]);
    // With bad rows nothing is applied.
    const refused = await apply(file, p.fingerprint);
    expect(refused.statusCode).toBe(400);
    expect(body(refused).error).toBe(CSV_HAS_ERRORS);
    expect((await staffProduct(a.p.id)).price).toBe(a.p.price);

    const fixed = [header, aCells.join(','), b.line, newRow].join('\n');
    const clean = data<CsvPreview>(await preview(fixed));
    expect(clean.errors).toEqual([]);
    // Something changes between preview and apply: refused, the person previews again.
    data(await edit(b.p.id, { stock: b.p.stock + 1 }));
    const stale = await apply(fixed.replace(b.line, b.line), clean.fingerprint);
    expect(stale.statusCode).toBe(409);
    expect(body(stale).error).toBe(CSV_STALE_PREVIEW);
    const again = data<CsvPreview>(await preview(fixed));
    expect(again.changed.map((c) => c.sku)).toEqual([a.p.sku, b.p.sku]);
    const done = data<{ batch_id: number; created: number; updated: number }>(await apply(fixed, again.fingerprint, 'fixed.csv'));
    expect([done.created, done.updated]).toEqual([1, 2]);
    expect((await staffProduct(a.p.id)).price).toBe(newPrice);
    const made = data<StaffProductPage>(await inject('GET', `/api/staff/catalogue/products?search=${newSku}`, cat)).products[0];
    expect(made).toMatchObject({ sku: newSku, name: 'Fresh Test Dates 500g', price: '450.00', stock: 12, active: true, category_path: a.p.category_path });
    expect((await storefront(made!.id)).statusCode).toBe(200);
    // One audit entry for the batch.
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'catalogue_batch'), eq(auditLog.entityId, String(done.batch_id))));
    expect(audit.map((e) => e.action)).toEqual(['catalogue.import']);
    expect(audit[0]?.after).toMatchObject({ file_name: 'fixed.csv', created: 1, updated: 2 });

    // Undo: the earlier values back, the new product inactive; a second undo is refused.
    const undo = data<{ batch_id: number }>(await inject('POST', `/api/staff/catalogue/imports/${done.batch_id}/undo`, cat));
    expect((await staffProduct(a.p.id)).price).toBe(a.p.price);
    expect((await staffProduct(b.p.id)).stock).toBe(b.p.stock + 1);
    expect((await staffProduct(made!.id)).active).toBe(false);
    expect((await storefront(made!.id)).statusCode).toBe(404);
    expect((await inject('POST', `/api/staff/catalogue/imports/${done.batch_id}/undo`, cat)).statusCode).toBe(409);
    const batches = data<CatalogueBatch[]>(await inject('GET', '/api/staff/catalogue/imports', cat));
    expect(batches.find((x) => x.id === done.batch_id)).toMatchObject({ kind: 'import', undone_by: undo.batch_id, created: 1, updated: 2 });
    expect(batches.find((x) => x.id === undo.batch_id)).toMatchObject({ kind: 'undo', undoes: done.batch_id });
    // The batch's rows cannot be changed or removed.
    await expect(t.database.db.execute(sql`delete from catalogue_batch_rows where batch_id = ${done.batch_id}`)).rejects.toThrow();
  });

  it('an undo is refused when a product changed again since the import', async () => {
    const a = await rowOf((await linkedProduct()).id);
    const file = `sku,stock\n${a.p.sku},${a.p.stock + 3}\n`;
    const p = data<CsvPreview>(await preview(file, 'stock.csv'));
    expect(p.changed[0]?.changes).toEqual([{ field: 'stock', old: String(a.p.stock), new: String(a.p.stock + 3) }]);
    const done = data<{ batch_id: number }>(await apply(file, p.fingerprint, 'stock.csv'));
    data(await edit(a.p.id, { stock: 1 }));
    const res = await inject('POST', `/api/staff/catalogue/imports/${done.batch_id}/undo`, cat);
    expect(res.statusCode).toBe(409);
    expect(body(res).error).toContain(a.p.sku);
    expect((await staffProduct(a.p.id)).stock).toBe(1);
  });

  it('the stock file changes stock only, and cannot make products', async () => {
    const a = await rowOf((await linkedProduct()).id);
    const file = `SKU, Stock\n${a.p.sku},0\nNO-SUCH-SKU,5\n${a.p.sku},3\n`;
    const p = data<CsvPreview>(await preview(file));
    expect(p.kind).toBe('stock');
    expect(p.changed).toHaveLength(1);
    expect(p.errors).toEqual([
      { line: 3, sku: 'NO-SUCH-SKU', reasons: ['There is no product with SKU NO-SUCH-SKU (a stock file only changes stock).'] },
      { line: 4, sku: a.p.sku, reasons: [`The SKU ${a.p.sku} is also on line 2; a file names each product once.`] },
    ]);
  });

  it('refuses a file whose columns are wrong, or that is not CSV, as a whole', async () => {
    const res = await preview('sku,name,price\nA,B,1\n');
    expect(res.statusCode).toBe(400);
    expect(body(res).error).toMatch(/missing columns brand, category, business_types, sale_price, tax, stock, active/);
    const quotes = await preview('sku,stock\n"A,1\n');
    expect(quotes.statusCode).toBe(400);
    expect(body(quotes).error).toMatch(/could not be read as CSV/);
    expect((await inject('POST', '/api/staff/catalogue/imports/preview', desk, { file_name: 'x.csv', csv: 'sku,stock\n' })).statusCode).toBe(403);
  });
});

describe('product images (issue 19)', () => {
  it('an uploaded photo is served in three widths as WebP and AVIF; the product and its marketplace product show it', async () => {
    const sharp = (await import('sharp')).default;
    const { id, bmpl_id } = await linkedProduct();
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c08040' } }).jpeg().toBuffer();
    const res = await t.app.inject({ method: 'POST', url: `/api/staff/catalogue/products/${id}/image`, headers: { ...cat, 'content-type': 'image/jpeg' }, payload: photo });
    const product = data<StaffProduct>(res);
    expect(product.url_name).toMatch(/^\/api\/product-images\/p\d+-[0-9a-f]{12}-640\.webp$/);
    const { productImageSources } = await import('@shop/domain/product-images');
    const sources = productImageSources(product.url_name)!;
    for (const [format, set] of Object.entries(sources)) {
      for (const entry of set.split(', ')) {
        const [url, w] = entry.split(' ');
        const img = await t.app.inject({ method: 'GET', url: url! });
        expect(img.statusCode).toBe(200);
        expect(img.headers['content-type']).toBe(`image/${format}`);
        expect(img.headers['cache-control']).toContain('immutable');
        const meta = await sharp(img.rawPayload).metadata();
        expect(`${meta.width}w`).toBe(w);
      }
    }
    expect(body<{ data: { product: { url_name: string } } }>(await storefront(id)).data.product.url_name).toBe(product.url_name);
    expect(body<{ data: { url_name: string } }>(await inject('GET', `/api/bmpl/products/${bmpl_id}`, guest)).data.url_name).toBe(product.url_name);
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(id)), eq(auditLog.action, 'product.image')));
    expect(entry?.after).toEqual({ url_name: product.url_name });
  });

  it('refuses what is not a photo, and staff without the Catalogue role', async () => {
    const { id } = await linkedProduct();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const bad = await t.app.inject({ method: 'POST', url: `/api/staff/catalogue/products/${id}/image`, headers: { ...cat, 'content-type': 'image/png' }, payload: svg });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).error).toMatch(/PNG, JPEG or WebP/);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/catalogue/products/${id}/image`, headers: { ...desk, 'content-type': 'image/png' }, payload: png })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/product-images/..%2F..%2Fetc-640.webp' })).statusCode).toBe(404);
  });
});
