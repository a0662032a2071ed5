import type { AreaCsvPreview, PublicCities, StaffArea, StaffCity } from '@shop/domain/places';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBusiness } from '../../../test/factories.ts';
import { type SignedInStaff, signInStaff } from '../../../test/staff.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { businesses } from '../../db/schema/business.ts';
import { areas } from '../../db/schema/places.ts';
import { auditLog } from '../../db/schema/staff.ts';

let t: TestApp;
let admin: SignedInStaff;
let catalogue: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInStaff(t, { email: 'places-admin@staff.pk', roles: ['Admin'] });
  catalogue = await signInStaff(t, { email: 'places-catalogue@staff.pk', roles: ['Catalogue'] });
});
afterAll(async () => t.close());

const city = (name: string, extra: Record<string, unknown> = {}) => ({ name, active: true, delivery_days: [1, 3, 5], cutoff_time: '17:30', ...extra });
const addCity = async (name: string, extra: Record<string, unknown> = {}) => {
  const res = await admin.inject({ method: 'POST', url: '/api/staff/cities', payload: city(name, extra) });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: StaffCity }>(res).data;
};
const publicCities = async () => body<{ data: PublicCities }>(await t.app.inject({ method: 'GET', url: '/api/cities' })).data;
const signUpCities = async () =>
  body<{ data: { cities: { id: number; name: string; delivery_days: number[]; cutoff_time: string }[]; areas: { id: number; city_id: number }[] } }>(
    await t.app.inject({ method: 'POST', url: '/api/auth/getSignUpPageData', payload: {} }),
  ).data;
const preview = (csv: string) => admin.inject({ method: 'POST', url: '/api/staff/areas/imports/preview', payload: { file_name: 'areas.csv', csv } });
const apply = (csv: string, fingerprint: string) => admin.inject({ method: 'POST', url: '/api/staff/areas/imports', payload: { file_name: 'areas.csv', csv, fingerprint } });
const areaCount = async () => Number((await t.database.db.execute(sql`select count(*)::int as n from areas`) as unknown as { rows: { n: number }[] }).rows?.[0]?.n ?? 0);
const areasOf = async (cityId: number) => body<{ data: StaffArea[] }>(await admin.inject({ method: 'GET', url: `/api/staff/cities/${cityId}/areas` })).data;
const audits = (entity: string, id: string) => t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id)));

describe('cities and areas in the back office (issue 35)', () => {
  it('an empty shop has no city; the Admin adds one and buyers see it with its deliveries, from the database', async () => {
    expect(await publicCities()).toEqual({ cities: [], default_city: null });
    const closed = await t.app.inject({ method: 'GET', url: '/api/bmpl/products?city=Lahore' });
    expect(closed.statusCode).toBe(400);

    const sialkot = await addCity('Sialkot');
    expect(sialkot).toMatchObject({ name: 'Sialkot', active: true, delivery_days: [1, 3, 5], cutoff_time: '17:30', areas: 0, businesses: 0 });
    expect(await publicCities()).toEqual({ cities: [{ id: sialkot.id, name: 'Sialkot', delivery_days: [1, 3, 5], cutoff_time: '17:30' }], default_city: 'Sialkot' });
    expect((await signUpCities()).cities).toEqual([{ id: sialkot.id, name: 'Sialkot', delivery_days: [1, 3, 5], cutoff_time: '17:30' }]);
    // The marketplace takes the database's cities: the new one by name (any capitals), an unknown one is refused with the choices.
    const open = await t.app.inject({ method: 'GET', url: '/api/bmpl/products?city=sialkot' });
    expect(open.statusCode, open.body).toBe(200);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/bmpl/products?city=Lahore' });
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).error).toContain('Sialkot');

    const changed = await admin.inject({ method: 'PUT', url: `/api/staff/cities/${sialkot.id}`, payload: city('Sialkot', { delivery_days: [6, 2], cutoff_time: '16:00' }) });
    expect(body<{ data: StaffCity }>(changed).data).toMatchObject({ delivery_days: [2, 6], cutoff_time: '16:00' });
    const entries = await audits('city', String(sialkot.id));
    expect(entries.map((a) => a.action)).toEqual(['city.create', 'city.update']);
    expect(entries[1]?.before).toMatchObject({ delivery_days: [1, 3, 5], cutoff_time: '17:30' });
    expect(entries[1]?.after).toMatchObject({ delivery_days: [2, 6], cutoff_time: '16:00' });
  });

  it('refuses bad input, a second city of one name, and other roles; nothing changes', async () => {
    const before = (await admin.inject({ method: 'GET', url: '/api/staff/cities' })).body;
    for (const bad of [city('X'), city('Gujrat', { delivery_days: [] }), city('Gujrat', { delivery_days: [8] }), city('Gujrat', { cutoff_time: '25:00' }), city('Gu,jrat')]) {
      const res = await admin.inject({ method: 'POST', url: '/api/staff/cities', payload: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await admin.inject({ method: 'POST', url: '/api/staff/cities', payload: city('SIALKOT') })).statusCode).toBe(409);
    expect((await catalogue.inject({ method: 'POST', url: '/api/staff/cities', payload: city('Gujrat') })).statusCode).toBe(403);
    expect((await catalogue.inject({ method: 'GET', url: '/api/staff/cities' })).statusCode).toBe(403);
    expect((await admin.inject({ method: 'GET', url: '/api/staff/cities' })).body).toBe(before);
  });

  it('an areas CSV with wrong columns, duplicates, unknown cities or a broken encoding gets line-numbered reasons and changes nothing', async () => {
    await addCity('Sargodha');
    const n = await areaCount();
    const header = await preview('town,area,store\r\nSargodha,Satellite Town,1\r\n');
    expect(header.statusCode).toBe(400);
    expect(body(header).error).toMatch(/^Line 1 \(the header\): unknown columns "town", "store"; missing columns city, store_id/);

    const csv = [
      'city,area,store_id,active',
      'Sargodha,Satellite Town,701,yes',
      'Sargodha,satellite town,702,yes',
      'Peshawar,Hayatabad,801,yes',
      'Sargodha,Cantt,seven,maybe',
      'Sargodha,Bl\uFFFDck 5,703,yes',
      'Sargodha,University Road,704',
    ].join('\r\n');
    const res = await preview(csv);
    expect(res.statusCode, res.body).toBe(200);
    const p = body<{ data: AreaCsvPreview }>(res).data;
    expect(p.errors.map((e) => e.line)).toEqual([3, 4, 5, 6]);
    expect(p.errors[0]?.reasons[0]).toContain('also on line 2');
    expect(p.errors[1]?.reasons[0]).toContain('no city named "Peshawar"');
    expect(p.errors[2]?.reasons).toEqual(['store_id must be a whole number above 0 (not "seven").', 'active must be yes or no (not "maybe").']);
    expect(p.errors[3]?.reasons[0]).toContain('not UTF-8');
    expect(p.new_rows.map((r) => r.line)).toEqual([2, 7]);
    // Nothing changed, and a file with errors is not applied.
    expect(await areaCount()).toBe(n);
    const refused = await apply(csv, p.fingerprint);
    expect(refused.statusCode).toBe(400);
    expect(await areaCount()).toBe(n);
  });

  it('applies a previewed file as one audited change; the export reads back unchanged; a stale preview is refused', async () => {
    const multan = await addCity('Bahawalpur');
    const csv = 'city,area,store_id\nBahawalpur,Model Town A,501\nbahawalpur,Satellite Town,502\nBahawalpur,Cantt,503\n';
    const p = body<{ data: AreaCsvPreview }>(await preview(csv)).data;
    expect(p).toMatchObject({ rows: 3, unchanged: 0, errors: [], changed: [] });
    const res = await apply(csv, p.fingerprint);
    expect(body(res).data).toEqual({ created: 3, updated: 0 });
    expect((await areasOf(multan.id)).map((a) => [a.name, a.store_id, a.active])).toEqual([
      ['Cantt', 503, true],
      ['Model Town A', 501, true],
      ['Satellite Town', 502, true],
    ]);
    const [entry] = await audits('areas', String(multan.id));
    expect(entry).toMatchObject({ action: 'areas.import', staffId: admin.staffId });
    expect(entry?.after).toMatchObject({ file_name: 'areas.csv', created: 3, updated: 0 });
    // The areas are offered at sign-up.
    expect((await signUpCities()).areas.filter((a) => a.city_id === multan.id)).toHaveLength(3);

    const exported = await admin.inject({ method: 'GET', url: `/api/staff/areas/export.csv?city_id=${multan.id}` });
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.body).toBe('city,area,store_id,active\r\nBahawalpur,Cantt,503,yes\r\nBahawalpur,Model Town A,501,yes\r\nBahawalpur,Satellite Town,502,yes\r\n');
    const again = body<{ data: AreaCsvPreview }>(await preview(exported.body)).data;
    expect(again).toMatchObject({ rows: 3, unchanged: 3, new_rows: [], changed: [], errors: [] });

    const edited = exported.body.replace('Cantt,503,yes', 'Cantt,509,no');
    const change = body<{ data: AreaCsvPreview }>(await preview(edited)).data;
    expect(change.changed).toEqual([{ line: 2, city: 'Bahawalpur', area: 'Cantt', changes: [{ field: 'store_id', old: '503', new: '509' }, { field: 'active', old: 'yes', new: 'no' }] }]);
    // Someone changes the areas between the preview and the apply: the apply is refused.
    await t.database.db.update(areas).set({ storeId: 600 }).where(and(eq(areas.cityId, multan.id), eq(areas.name, 'Cantt')));
    expect((await apply(edited, change.fingerprint)).statusCode).toBe(409);
    const fresh = body<{ data: AreaCsvPreview }>(await preview(edited)).data;
    expect(body(await apply(edited, fresh.fingerprint)).data).toEqual({ created: 0, updated: 1 });
    // An inactive area is no longer offered at sign-up.
    expect((await signUpCities()).areas.filter((a) => a.city_id === multan.id)).toHaveLength(2);
  });

  it('refuses to delete a city or an area in use, naming what uses it; an unused one is deleted (audited); an inactive city is not offered', async () => {
    const jhelum = await addCity('Jhelum');
    const add = await admin.inject({ method: 'POST', url: `/api/staff/cities/${jhelum.id}/areas`, payload: { name: 'GT Road', store_id: 301, active: true } });
    const area = body<{ data: StaffArea }>(add).data;
    const business = await makeBusiness(t.database.db);
    await t.database.db.update(businesses).set({ cityId: jhelum.id, areaId: area.id }).where(eq(businesses.id, business.id));

    const refused = await admin.inject({ method: 'DELETE', url: `/api/staff/cities/${jhelum.id}` });
    expect(refused.statusCode).toBe(409);
    expect(body(refused).error).toBe('Jhelum is in use (1 area, 1 business): make it inactive instead, and it is no longer offered.');
    const areaRefused = await admin.inject({ method: 'DELETE', url: `/api/staff/cities/${jhelum.id}/areas/${area.id}` });
    expect(areaRefused.statusCode).toBe(409);
    expect(body(areaRefused).error).toContain('1 business');
    expect((await publicCities()).cities.map((c) => c.name)).toContain('Jhelum');

    const off = await admin.inject({ method: 'PUT', url: `/api/staff/cities/${jhelum.id}`, payload: city('Jhelum', { active: false }) });
    expect(off.statusCode).toBe(200);
    expect((await publicCities()).cities.map((c) => c.name)).not.toContain('Jhelum');
    expect((await signUpCities()).cities.map((c) => c.name)).not.toContain('Jhelum');

    const spare = await addCity('Okara');
    const gone = await admin.inject({ method: 'DELETE', url: `/api/staff/cities/${spare.id}` });
    expect(gone.statusCode).toBe(200);
    expect(body<{ data: StaffCity[] }>(gone).data.map((c) => c.name)).not.toContain('Okara');
    expect((await audits('city', String(spare.id))).map((a) => a.action)).toEqual(['city.create', 'city.delete']);
  });
});
