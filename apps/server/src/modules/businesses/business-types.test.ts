import type { BusinessTypeProducts, StaffBusinessType } from '@shop/domain/business-types';
import type { BusinessType, ProductPage } from '@shop/domain/catalogue';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBusiness } from '../../../test/factories.ts';
import { makeProducts } from '../../../test/order-factories.ts';
import { type SignedInStaff, signInStaff } from '../../../test/staff.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { businesses } from '../../db/schema/business.ts';
import { auditLog } from '../../db/schema/staff.ts';

let t: TestApp;
let catalogue: SignedInStaff;
let finance: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  catalogue = await signInStaff(t, { email: 'types-catalogue@staff.pk', roles: ['Catalogue'] });
  finance = await signInStaff(t, { email: 'types-finance@staff.pk', roles: ['Finance'] });
});
afterAll(async () => t.close());

const picture = async () => {
  const bytes = await sharp({ create: { width: 640, height: 320, channels: 3, background: '#b45309' } }).png().toBuffer();
  const res = await catalogue.inject({ method: 'POST', url: '/api/staff/images/picture', headers: { 'content-type': 'image/png' }, payload: bytes });
  return body<{ data: { path: string } }>(res).data.path;
};
const add = (payload: Record<string, unknown>) => catalogue.inject({ method: 'POST', url: '/api/staff/business-types', payload });
const made = async (payload: Record<string, unknown>) => {
  const res = await add(payload);
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: StaffBusinessType }>(res).data;
};
const storefrontTypes = async () => body<{ data: BusinessType[] }>(await t.app.inject({ method: 'GET', url: '/api/read/Business_Types' })).data;
const signUpTypes = async () => body<{ data: { business_types: { id: number }[] } }>(await t.app.inject({ method: 'POST', url: '/api/auth/getSignUpPageData', payload: {} })).data.business_types.map((b) => b.id);
const audits = (id: number) => t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'business_type'), eq(auditLog.entityId, String(id))));

describe('business types in the back office (issue 35)', () => {
  it('a clerk adds a type with an uploaded picture under a parent; the storefront and sign-up show it; each write is audited', async () => {
    const image = await picture();
    const top = await made({ name: 'Hospitality', sort_order: 1 });
    const hotel = await made({ name: 'Guest House', image, parent_id: top.id, sort_order: 2 });
    expect(hotel).toMatchObject({ name: 'Guest House', image, parent_id: top.id, active: true, sub_types: 0, products: 0, businesses: 0 });
    expect((await storefrontTypes()).find((x) => x.id === hotel.id)).toMatchObject({ name: 'Guest House', image, parentId: top.id });
    expect(await signUpTypes()).toContain(hotel.id);
    // The picture is served from its address.
    expect((await t.app.inject({ method: 'GET', url: image })).statusCode).toBe(200);

    const renamed = await catalogue.inject({ method: 'PUT', url: `/api/staff/business-types/${hotel.id}`, payload: { name: 'Guest Houses', image, parent_id: top.id, sort_order: 3 } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const off = await catalogue.inject({ method: 'PUT', url: `/api/staff/business-types/${top.id}`, payload: { name: 'Hospitality', parent_id: null, sort_order: 1, active: false } });
    expect(off.statusCode, off.body).toBe(200);
    // An inactive type hides itself and the types below it, on the storefront and at sign-up.
    const shown = (await storefrontTypes()).map((x) => x.id);
    expect(shown).not.toContain(top.id);
    expect(shown).not.toContain(hotel.id);
    expect(await signUpTypes()).not.toContain(top.id);
    expect((await audits(hotel.id)).map((a) => a.action)).toEqual(['business_type.create', 'business_type.update']);
    expect((await audits(top.id)).map((a) => a.action)).toEqual(['business_type.create', 'business_type.update']);
    const [update] = (await audits(hotel.id)).filter((a) => a.action === 'business_type.update');
    expect([(update!.before as StaffBusinessType).name, (update!.after as StaffBusinessType).name]).toEqual(['Guest House', 'Guest Houses']);
  });

  it('refuses a duplicate name, a typed picture, a cycle, an unknown parent, and other roles (nothing changes)', async () => {
    const a = await made({ name: 'Wholesale Buyers', sort_order: 0 });
    const b = await made({ name: 'Cash and Carry', parent_id: a.id, sort_order: 0 });
    const before = (await catalogue.inject({ method: 'GET', url: '/api/staff/business-types' })).body;
    expect((await add({ name: 'wholesale buyers', sort_order: 0 })).statusCode).toBe(409);
    const typed = await add({ name: 'Typed Picture', image: '/etc/passwd', sort_order: 0 });
    expect(typed.statusCode).toBe(400);
    expect(body(typed).error).toMatch(/upload the picture first/);
    const lost = await add({ name: 'Lost Picture', image: '/api/images/t-000000000000-1280.webp', sort_order: 0 });
    expect(lost.statusCode).toBe(400);
    expect(body(lost).error).toMatch(/upload it again/);
    const cycle = await catalogue.inject({ method: 'PUT', url: `/api/staff/business-types/${a.id}`, payload: { name: 'Wholesale Buyers', parent_id: b.id, sort_order: 0 } });
    expect(cycle.statusCode).toBe(400);
    expect((await add({ name: 'Orphan', parent_id: 999_999, sort_order: 0 })).statusCode).toBe(400);
    expect((await finance.inject({ method: 'POST', url: '/api/staff/business-types', payload: { name: 'By Finance', sort_order: 0 } })).statusCode).toBe(403);
    expect((await catalogue.inject({ method: 'GET', url: '/api/staff/business-types' })).body).toBe(before);
    // The demo's drawn art stays savable (a demo type saved unchanged).
    expect((await add({ name: 'Drawn Art', image: '/storage/art/tile/retail.svg', sort_order: 0 })).statusCode).toBe(200);
  });

  it('a leaf type is offered a category’s products or picked ones; its storefront listing reads them; a parent takes none', async () => {
    const retail = await made({ name: 'Corner Shops', sort_order: 0 });
    const products = await makeProducts(t.database.db, 3);
    const categoryId = products[0]!.tier1Id;
    const offer = await catalogue.inject({ method: 'POST', url: `/api/staff/business-types/${retail.id}/products`, payload: { action: 'add', category_id: categoryId } });
    expect(offer.statusCode, offer.body).toBe(200);
    expect(body<{ data: { changed: number; total: number } }>(offer).data).toEqual({ changed: 3, total: 3 });
    const listing = async () =>
      body<{ data: ProductPage }>(await t.app.inject({ method: 'GET', url: `/api/custom_route/get_products_by_business?businessTypeId=${retail.id}&offset=0&limit=40` })).data.products.map((p) => p.id);
    expect((await listing()).sort()).toEqual(products.map((p) => p.id).sort());
    const away = await catalogue.inject({ method: 'POST', url: `/api/staff/business-types/${retail.id}/products`, payload: { action: 'remove', product_ids: [products[0]!.id] } });
    expect(body<{ data: { changed: number; total: number } }>(away).data).toEqual({ changed: 1, total: 2 });
    expect(await listing()).not.toContain(products[0]!.id);
    const list = body<{ data: BusinessTypeProducts }>(await catalogue.inject({ method: 'GET', url: `/api/staff/business-types/${retail.id}/products` })).data;
    expect(list.products.map((p) => p.id).sort()).toEqual([products[1]!.id, products[2]!.id].sort());
    expect((await audits(retail.id)).map((a) => a.action)).toEqual(['business_type.create', 'business_type.products.add', 'business_type.products.remove']);

    // A type with products of its own gets no sub-types; a type with sub-types is offered none.
    const under = await add({ name: 'Kiosks', parent_id: retail.id, sort_order: 0 });
    expect(under.statusCode).toBe(409);
    expect(body(under).error).toMatch(/Corner Shops is offered 2 products of its own/);
    const parent = await made({ name: 'Institutions', sort_order: 0 });
    await made({ name: 'Colleges', parent_id: parent.id, sort_order: 0 });
    const refused = await catalogue.inject({ method: 'POST', url: `/api/staff/business-types/${parent.id}/products`, payload: { action: 'add', product_ids: [products[1]!.id] } });
    expect(refused.statusCode).toBe(409);
  });

  it('deleting a type in use is refused with what uses it; deactivating it works; an unused one is deleted', async () => {
    const type = await made({ name: 'Bakeries', sort_order: 0 });
    const [product] = await makeProducts(t.database.db, 1);
    await catalogue.inject({ method: 'POST', url: `/api/staff/business-types/${type.id}/products`, payload: { action: 'add', product_ids: [product!.id] } });
    const business = await makeBusiness(t.database.db);
    await t.database.db.update(businesses).set({ businessTypeId: type.id }).where(eq(businesses.id, business.id));
    const refused = await catalogue.inject({ method: 'DELETE', url: `/api/staff/business-types/${type.id}` });
    expect(refused.statusCode).toBe(409);
    expect(body(refused).error).toBe('Bakeries cannot be deleted: 1 business and 1 product use it. Make it inactive instead (the shop then stops showing it).');
    expect((await storefrontTypes()).map((x) => x.id)).toContain(type.id);
    const off = await catalogue.inject({ method: 'PUT', url: `/api/staff/business-types/${type.id}`, payload: { name: 'Bakeries', parent_id: null, sort_order: 0, active: false } });
    expect(body<{ data: StaffBusinessType }>(off).data.active).toBe(false);
    expect((await storefrontTypes()).map((x) => x.id)).not.toContain(type.id);
    const listing = await t.app.inject({ method: 'GET', url: `/api/custom_route/get_products_by_business?businessTypeId=${type.id}&offset=0&limit=40` });
    expect(listing.statusCode).toBe(400);

    const spare = await made({ name: 'Spare Type', sort_order: 0 });
    const gone = await catalogue.inject({ method: 'DELETE', url: `/api/staff/business-types/${spare.id}` });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(body<{ data: StaffBusinessType[] }>(gone).data.map((x) => x.id)).not.toContain(spare.id);
    expect((await audits(spare.id)).map((a) => a.action)).toEqual(['business_type.create', 'business_type.delete']);
  });
});
