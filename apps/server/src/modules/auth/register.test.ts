import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataUrl, JPEG_BYTES, lastMail, makePlaces, PNG_BYTES, register, registration, SVG_BYTES, WEBP_BYTES } from '../../../test/accounts.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { businesses, businessUsers, uploads } from '../../db/schema/business.ts';

let t: TestApp;
let places: Awaited<ReturnType<typeof makePlaces>>;
beforeAll(async () => {
  t = await createTestApp();
  places = await makePlaces(t.database.db);
});
afterAll(() => t.close());

type Result = { data: { result: { id: number; documents: number }; token: string; user: Record<string, unknown> } };
const count = async (table: typeof businesses | typeof businessUsers | typeof uploads) => (await t.database.db.select().from(table)).length;
const storedFiles = () => {
  try {
    return readdirSync(join(t.dataDir, 'uploads')).length;
  } catch {
    return 0;
  }
};

describe('POST /api/auth/register', () => {
  it('creates the business and its Owner, returns the business id, token and user', async () => {
    const payload = registration(
      { business_type_id: places.retail.id, business_sub_type_id: places.kiryana.id },
      { city_id: places.lahore.id, area_id: places.gulberg.id, store_id: 999, latitude: 31.5, longitude: 74.3 },
    );
    const res = await register(t.app, payload);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = body<Result>(res);
    expect(data.result.id).toBeGreaterThan(0);
    expect(data.token.split('.')).toHaveLength(3);
    expect(data.user).toMatchObject({ type: 'Owner', businessId: data.result.id, business_name: payload.business_name, city: 'Lahore', limit: '0.00' });
    const [business] = await t.database.db.select().from(businesses).where(eq(businesses.id, data.result.id));
    // The server takes the store from the area, not the client's store_id.
    expect(business).toMatchObject({ paymentMode: 'Cash', creditLimit: '0.00', storeId: 101, businessTypeId: places.retail.id, businessSubTypeId: places.kiryana.id });
    // The token works on a protected call.
    const me = await t.app.inject({ method: 'GET', url: '/api/uploads', headers: { authorization: `Bearer ${data.token}` } });
    expect(me.statusCode).toBe(200);
    expect(JSON.stringify(data)).not.toMatch(/scrypt|password_?hash|"password"/i);
  });

  it('accepts Skip and Upload Later (all optional values empty)', async () => {
    const res = await register(t.app, registration());
    expect(res.statusCode, res.body).toBe(200);
    expect(body<Result>(res).data.result.documents).toBe(0);
  });

  it('emails a code with which the new Owner chooses a password and then signs in', async () => {
    const payload = registration();
    const email = payload.business_users[0]?.email as string;
    expect((await register(t.app, payload)).statusCode).toBe(200);
    const mail = await lastMail(t.database.db, email);
    expect(mail.subject).toBe('Welcome: choose your password');
    expect(mail.code).toMatch(/^\d{6}$/);
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/resetPassword', payload: { step: 3, email, reset_code: Number(mail.code), password: 'MyNew@Pass1' } });
    expect(reset.statusCode, reset.body).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'MyNew@Pass1' } });
    expect(login.statusCode).toBe(200);
  });

  it.each([
    ['business name of 8 characters', { business_name: 'Abc Shop' }, {}, 'Business name must be longer than 8 characters.'],
    ['customer name under 8', {}, { name: 'Aslam K' }, 'Customer name must be at least 8 characters.'],
    ['phone of 11 characters', {}, { mobile_no: '92300123456' }, 'Phone number must be 12 digits starting with 92.'],
    ['phone not starting 92', {}, { mobile_no: '030012345678' }, 'Phone number must be 12 digits starting with 92.'],
    ['phone with letters', {}, { mobile_no: '92300123456x' }, 'Phone number must be 12 digits starting with 92.'],
    ['email without ending', {}, { email: 'owner@shop' }, 'Please enter a valid email address.'],
    ['area of another city', {}, { city_id: 'lahore', area_id: 1 }, null],
  ])('refuses %s', async (_what, overrides, user, message) => {
    const before = await count(businesses);
    const res = await register(t.app, registration(overrides, user));
    expect(res.statusCode).toBe(400);
    if (message) expect(body(res).error).toBe(message);
    expect(await count(businesses)).toBe(before);
  });

  it('refuses an area outside the chosen city and a sub type of another type', async () => {
    const a = await register(t.app, registration({}, { city_id: places.karachi.id, area_id: places.gulberg.id }));
    expect(a.statusCode).toBe(400);
    expect(body(a).error).toBe('The Area is not in the chosen City.');
    const b = await register(t.app, registration({ business_type_id: places.retail.id, business_sub_type_id: places.hotel.id }));
    expect(b.statusCode).toBe(400);
    expect(body(b).error).toBe('The Sub Business Type does not belong to the Business Type.');
  });

  it('refuses a second account for the same email in any letter case, keeping one', async () => {
    const first = registration({}, { email: 'Same.Owner@Test.pk' });
    expect((await register(t.app, first)).statusCode).toBe(200);
    const again = await register(t.app, registration({}, { email: 'SAME.owner@test.PK' }));
    expect(again.statusCode).toBe(409);
    expect(body(again).error).toBe('An account with this email already exists. Please sign in or reset your password.');
    const rows = await t.database.db.select().from(businessUsers).where(eq(businessUsers.email, 'same.owner@test.pk'));
    expect(rows).toHaveLength(1);
  });

  it('keeps one account when the same email registers twice at the same moment', async () => {
    const email = `race-${Date.now()}@test.pk`;
    const results = await Promise.all([register(t.app, registration({}, { email })), register(t.app, registration({}, { email }))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.database.db.select().from(businessUsers).where(eq(businessUsers.email, email))).toHaveLength(1);
  });

  it.each([
    ['type', { type: 'Approver' }, {}],
    ['payment_mode', { payment_mode: 'Credit' }, {}],
    ['businessId', { businessId: 1 }, {}],
    ['limit on the user', {}, { limit: '9999999' }],
    ['type on the user', {}, { type: 'Approver' }],
    ['credit_limit', { credit_limit: 100000 }, {}],
  ])('mass assignment of %s changes nothing: 400 and no account', async (_what, overrides, user) => {
    const before = await count(businessUsers);
    const res = await register(t.app, registration(overrides, user));
    expect(res.statusCode).toBe(400);
    expect(await count(businessUsers)).toBe(before);
  });

  it('refuses a registration token-less document step and one for another business', async () => {
    const own = body<Result>(await register(t.app, registration())).data;
    const other = body<Result>(await register(t.app, registration())).data;
    const docs = { business_users: [{ cnic_image: dataUrl(PNG_BYTES) }] };
    const noToken = await register(t.app, { step: 2, business_id: own.result.id, ...docs });
    expect(noToken.statusCode).toBe(401);
    const wrong = await register(t.app, { step: 2, business_id: other.result.id, ...docs }, { authorization: `Bearer ${own.token}` });
    expect(wrong.statusCode).toBe(403);
    const ok = await register(t.app, { step: 2, business_id: own.result.id, ...docs }, { authorization: `Bearer ${own.token}` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(body<Result>(ok).data.result).toEqual({ id: own.result.id, documents: 1 });
    expect(body<Result>(ok).data.user.type).toBe('Owner');
  });

  it('limits registrations per client address', async () => {
    const codes: number[] = [];
    // Refused attempts count too: a bad body still costs the server its decoding.
    for (let i = 0; i < 5; i++) codes.push((await register(t.app, registration({}, { email: 'bad' }), {}, '10.200.0.1')).statusCode);
    for (let i = 0; i < 16; i++) codes.push((await register(t.app, registration(), {}, '10.200.0.1')).statusCode);
    expect(codes.slice(0, 5).every((c) => c === 400)).toBe(true);
    expect(codes.slice(5, 20).every((c) => c === 200)).toBe(true);
    expect(codes[20]).toBe(429);
    // Another address is not affected.
    expect((await register(t.app, registration(), {}, '10.200.0.2')).statusCode).toBe(200);
  });
});

describe('registration documents', () => {
  const withDocs = (docs: Record<string, string>) => registration({}, docs);

  it('stores PNG, JPEG and WebP by their bytes under server-made names, served to the business only', async () => {
    const res = await register(
      t.app,
      withDocs({ cnic_image: dataUrl(PNG_BYTES), cnic_back_image: dataUrl(JPEG_BYTES, 'image/jpeg'), ntn_certificate_image: dataUrl(WEBP_BYTES, 'application/octet-stream'), invoice_image: '', business_card_image: '' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { data } = body<Result>(res);
    expect(data.result.documents).toBe(3);
    const auth = { authorization: `Bearer ${data.token}` };
    const list = body<{ data: { id: number; kind: string; contentType: string }[] }>(await t.app.inject({ method: 'GET', url: '/api/uploads', headers: auth })).data;
    expect(list.map((d) => [d.kind, d.contentType])).toEqual([
      ['cnic_image', 'image/png'],
      ['cnic_back_image', 'image/jpeg'],
      ['ntn_certificate_image', 'image/webp'],
    ]);
    const rows = await t.database.db.select().from(uploads).where(eq(uploads.businessId, data.result.id));
    for (const r of rows) expect(r.fileName).toMatch(/^[0-9a-f]{32}\.(png|jpg|webp)$/);
    const file = await t.app.inject({ method: 'GET', url: `/api/uploads/${list[0]?.id}`, headers: auth });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG_BYTES)).toBe(true);

    const stranger = body<Result>(await register(t.app, registration())).data;
    const other = await t.app.inject({ method: 'GET', url: `/api/uploads/${list[0]?.id}`, headers: { authorization: `Bearer ${stranger.token}` } });
    expect(other.statusCode).toBe(404);
    const guest = body<{ data: { token: string } }>(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { step: 'Guest' } })).data.token;
    expect((await t.app.inject({ method: 'GET', url: `/api/uploads/${list[0]?.id}`, headers: { authorization: `Bearer ${guest}` } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/uploads/${list[0]?.id}` })).statusCode).toBe(401);
  });

  it.each([
    ['an SVG named as PNG', dataUrl(SVG_BYTES, 'image/png'), 'CNIC front must be a PNG, JPEG or WebP image.'],
    ['a text file', dataUrl(Buffer.from('hello, not an image at all')), 'CNIC front must be a PNG, JPEG or WebP image.'],
    ['malformed base64', 'data:image/png;base64,iVBOR!!w0KGgo', 'CNIC front is not valid base64.'],
    ['base64 of a wrong length', 'data:image/png;base64,iVBORw0KGgoAA', 'CNIC front is not valid base64.'],
    ['a plain string, no data URL', PNG_BYTES.toString('base64'), 'CNIC front must be an image sent as a data URL.'],
    ['a file over 2 MB', dataUrl(Buffer.concat([PNG_BYTES, Buffer.alloc(2 * 1024 * 1024)])), 'CNIC front is larger than 2 MB.'],
  ])('refuses %s with 400 and stores nothing', async (_what, value, message) => {
    const [users, files, docs] = [await count(businessUsers), storedFiles(), await count(uploads)];
    // A good document beside the bad one is not stored either.
    const res = await register(t.app, withDocs({ cnic_image: value, business_card_image: dataUrl(PNG_BYTES) }));
    expect(res.statusCode).toBe(400);
    expect(body(res).error).toBe(message);
    expect([await count(businessUsers), storedFiles(), await count(uploads)]).toEqual([users, files, docs]);
  });

  it('refuses documents over 8 MB in all, and a body over the route limit with 413', async () => {
    const big = dataUrl(Buffer.concat([PNG_BYTES, Buffer.alloc(1650 * 1024)]));
    const files = storedFiles();
    const all = { cnic_image: big, cnic_back_image: big, ntn_certificate_image: big, invoice_image: big, business_card_image: big };
    const res = await register(t.app, withDocs(all));
    expect(res.statusCode).toBe(400);
    expect(body(res).error).toBe('The documents together are larger than 8 MB.');
    const huge = dataUrl(Buffer.concat([PNG_BYTES, Buffer.alloc(1990 * 1024)]));
    const tooLarge = await register(t.app, withDocs({ ...all, cnic_image: huge, cnic_back_image: huge, ntn_certificate_image: huge }));
    expect(tooLarge.statusCode).toBe(413);
    expect(body(tooLarge).error).toBe('The request body is too large.');
    expect(storedFiles()).toBe(files);
  });

  it('keeps the 1 MiB body limit on other routes', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.pk', password: 'x'.repeat(2 * 1024 * 1024) } });
    expect(res.statusCode).toBe(413);
  });
});

describe('POST /api/auth/getSignUpPageData', () => {
  it('gives business types with parents, cities and areas with their store', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/getSignUpPageData' });
    expect(res.statusCode).toBe(200);
    const { data } = body<{ data: { business_types: { id: number; parent_id: number | null }[]; cities: unknown[]; areas: unknown[] } }>(res);
    expect(data.business_types).toContainEqual(expect.objectContaining({ id: places.kiryana.id, name: 'Kiryana Store', parent_id: places.retail.id, parentId: places.retail.id }));
    // Issue 35: each city with its delivery days and cut-off time (the columns' defaults here).
    expect(data.cities).toContainEqual({ id: places.lahore.id, name: 'Lahore', delivery_days: [1, 2, 3, 4, 5, 6], cutoff_time: '18:00' });
    expect(data.areas).toContainEqual({ id: places.gulberg.id, name: 'Gulberg', parentId: places.lahore.id, city_id: places.lahore.id, store_id: 101 });
  });
});
