import type { StaffBrand, StaffCategory } from '@shop/domain/catalogue-admin';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestHeaders } from '../../../test/factories.ts';
import { signInStaff } from '../../../test/staff.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { jsonRows } from '../../db/client.ts';
import { auditLog } from '../../db/schema/staff.ts';

let t: TestApp;
let cat: Record<string, string>;
let finance: Record<string, string>;
let guest: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  cat = (await signInStaff(t, { email: 'cat-tree@staff.pk', roles: ['Catalogue'] })).headers;
  finance = (await signInStaff(t, { email: 'fin-tree@staff.pk', roles: ['Finance'] })).headers;
  guest = await guestHeaders(t.app);
}, 120_000);
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers = cat) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const ok = <T>(res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return (res.json() as { data: T }).data;
};
const audit = (entity: string, id: number) => t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id)))).orderBy(auditLog.id);

describe('category pictures (issue 35)', () => {
  it('sets an uploaded picture, audited, which buyers then see; a typed or missing address is refused and changes nothing', async () => {
    const { default: sharp } = await import('sharp');
    const bytes = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#15803d' } }).png().toBuffer();
    const upload = await t.app.inject({ method: 'POST', url: '/api/staff/images/picture', headers: { ...cat, 'content-type': 'image/png' }, payload: bytes });
    const image = body<{ data: { path: string } }>(upload).data.path;
    const food = ok<StaffCategory[]>(await call('GET', '/api/staff/catalogue/categories')).find((c) => c.level === 1 && c.name === 'Food')!;
    const put = (payload: object, headers = cat) => t.app.inject({ method: 'PUT', url: `/api/staff/catalogue/categories/${food.id}/picture`, headers, payload });
    expect((await put({ image: '/etc/passwd' })).statusCode).toBe(400);
    const lost = await put({ image: '/api/images/t-000000000000-640.webp' });
    expect(lost.statusCode).toBe(400);
    expect(body(lost).error).toBe('The picture was not found; upload it again.');
    expect((await put({ image }, finance)).statusCode).toBe(403);
    expect(ok<StaffCategory[]>(await call('GET', '/api/staff/catalogue/categories')).find((c) => c.id === food.id)?.image).not.toBe(image);
    const set = ok<StaffCategory[]>(await put({ image }));
    expect(set.find((c) => c.id === food.id)?.image).toBe(image);
    expect((await audit('category', food.id)).filter((e) => e.action === 'category.picture')).toHaveLength(1);
    const shown = body<{ data: { id: number; image: string | null }[] }>(await t.app.inject({ method: 'GET', url: '/api/read/Categories', headers: guest })).data;
    expect(shown.find((c) => c.id === food.id)?.image).toBe(image);
  });
});

describe('categories (issue 19)', () => {
  it('adds a category under a parent, renames it with its slug and marketplace address kept, and reorders siblings', async () => {
    const before = ok<StaffCategory[]>(await call('GET', '/api/staff/catalogue/categories'));
    const rice = before.find((c) => c.level === 2 && c.name === 'Rice & Grains')!;
    const added = ok<StaffCategory[]>(await call('POST', '/api/staff/catalogue/categories', { name: 'Brown Rice', parent_id: rice.id }));
    const brown = added.find((c) => c.name === 'Brown Rice')!;
    expect(brown).toMatchObject({ slug: 'brown-rice', level: 3, parent_id: rice.id, path: 'Food > Rice & Grains > Brown Rice' });
    const siblings = added.filter((c) => c.parent_id === rice.id);
    expect(siblings.at(-1)?.id).toBe(brown.id);
    expect((await call('POST', '/api/staff/catalogue/categories', { name: 'brown rice', parent_id: rice.id })).statusCode).toBe(409);

    // Renamed: the slug stays, and the marketplace finds the category by its old address and by its new name.
    const renamed = ok<StaffCategory[]>(await call('PATCH', `/api/staff/catalogue/categories/${rice.id}`, { name: 'Rice, Grains & Pulses' }));
    expect(renamed.find((c) => c.id === rice.id)).toMatchObject({ name: 'Rice, Grains & Pulses', slug: rice.slug });
    const resolved = await call('GET', `/api/bmpl/categories/resolve?category=${encodeURIComponent(rice.slug)}&subcategory=brown-rice`, undefined, guest);
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(body<{ data: { category: { id: number; name: string }; subcategory: { id: number } } }>(resolved).data).toMatchObject({ category: { id: rice.id, name: 'Rice, Grains & Pulses' }, subcategory: { id: brown.id } });

    // Up one place, twice: the order the menus show.
    ok(await call('POST', `/api/staff/catalogue/categories/${brown.id}/move`, { direction: 'up' }));
    const moved = ok<StaffCategory[]>(await call('POST', `/api/staff/catalogue/categories/${brown.id}/move`, { direction: 'up' }));
    const order = moved.filter((c) => c.parent_id === rice.id).map((c) => c.id);
    expect(order.indexOf(brown.id)).toBe(siblings.length - 3);
    expect((await call('POST', `/api/staff/catalogue/categories/${order[0]}/move`, { direction: 'up' })).statusCode).toBe(400);
    expect((await audit('category', brown.id)).map((e) => e.action)).toEqual(['category.create', 'category.move', 'category.move']);
    expect((await audit('category', rice.id)).map((e) => [e.action, e.before, e.after])).toEqual([['category.rename', { name: 'Rice & Grains' }, { name: 'Rice, Grains & Pulses' }]]);
  });

  it('refuses a fifth level, an unknown parent, and staff without the Catalogue role', async () => {
    const all = ok<StaffCategory[]>(await call('GET', '/api/staff/catalogue/categories'));
    const deepest = all.find((c) => c.level === 4)!;
    const res = await call('POST', '/api/staff/catalogue/categories', { name: 'Too Deep', parent_id: deepest.id });
    expect(res.statusCode).toBe(400);
    expect(body(res).error).toMatch(/4 levels deep at most/);
    expect((await call('POST', '/api/staff/catalogue/categories', { name: 'Orphan', parent_id: 999999 })).statusCode).toBe(400);
    expect((await call('POST', '/api/staff/catalogue/categories', { name: 'Nope', parent_id: null }, finance)).statusCode).toBe(403);
  });
});

describe('brands (issue 19)', () => {
  it('adds, renames (products show the new name) and merges two brands (products move, the brand goes)', async () => {
    const brands = ok<StaffBrand[]>(await call('GET', '/api/staff/catalogue/brands'));
    const withBoth = await jsonRows<{ id: number }>(t.database.db, sql`select b.id from brands b where exists (select 1 from bmpl_products m where m.bmpl_brand_id = b.id) order by b.id limit 2`);
    const [a, b] = withBoth.map((x) => brands.find((y) => y.id === x.id)!);
    expect(a && b).toBeTruthy();
    const made = ok<StaffBrand[]>(await call('POST', '/api/staff/catalogue/brands', { name: 'Sunrise Foods' }));
    expect(made.find((x) => x.name === 'Sunrise Foods')).toMatchObject({ products: 0 });
    expect((await call('POST', '/api/staff/catalogue/brands', { name: 'sunrise foods' })).statusCode).toBe(409);

    ok(await call('PATCH', `/api/staff/catalogue/brands/${a!.id}`, { name: `${a!.name} Renamed` }));
    const [p] = await jsonRows<{ id: number }>(t.database.db, sql`select id from products where brand_id = ${a!.id} and active limit 1`);
    const shown = body<{ data: { product: { brand_name: string } } }>(await call('GET', `/api/catalogue/products/${p!.id}`, undefined, guest)).data.product;
    expect(shown.brand_name).toBe(`${a!.name} Renamed`);
    expect((await call('PATCH', `/api/staff/catalogue/brands/${a!.id}`, { name: b!.name })).statusCode).toBe(409);

    const merged = ok<StaffBrand[]>(await call('POST', `/api/staff/catalogue/brands/${a!.id}/merge`, { into_id: b!.id }));
    expect(merged.find((x) => x.id === a!.id)).toBeUndefined();
    expect(merged.find((x) => x.id === b!.id)).toMatchObject({ products: a!.products + b!.products, marketplace_products: a!.marketplace_products + b!.marketplace_products });
    const moved = body<{ data: { product: { brand_id: number; brand_name: string } } }>(await call('GET', `/api/catalogue/products/${p!.id}`, undefined, guest)).data.product;
    expect(moved).toMatchObject({ brand_id: b!.id, brand_name: b!.name });
    const [left] = await jsonRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from bmpl_products where bmpl_brand_id = ${a!.id}`);
    expect(left?.n).toBe(0);
    expect((await audit('brand', a!.id)).map((e) => e.action)).toEqual(['brand.rename', 'brand.merge']);
    expect((await call('POST', `/api/staff/catalogue/brands/${b!.id}/merge`, { into_id: b!.id })).statusCode).toBe(400);
  });
});
