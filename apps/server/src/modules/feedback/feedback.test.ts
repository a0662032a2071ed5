import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestHeaders, makeUser, signIn } from '../../../test/factories.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { feedback } from '../../db/schema/support.ts';

let t: TestApp;
let guest: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  guest = await guestHeaders(t.app);
});
afterAll(() => t.close());

let address = 0;
const send = (payload: object, headers: Record<string, string> = guest, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url: '/api/public_route/app_feedback', payload, headers, remoteAddress: remoteAddress ?? `10.11.0.${++address % 250}` });
const valid = { name: 'Ayesha Khan', email: 'ayesha@test.pk', mobile_no: '03001234567', type: 'Suggestion', subject: 'Faster delivery', message: 'Please deliver before noon.' };

describe('POST /api/public_route/app_feedback', () => {
  it('stores feedback from a guest session and answers the SPEC 8 text', async () => {
    const res = await send(valid);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = body<{ data: { id: number; message: string } }>(res);
    expect(data.message).toBe('Suggestion Request Submitted Successfully!');
    const [row] = await t.database.db.select().from(feedback).where(eq(feedback.id, data.id));
    expect(row).toMatchObject({ name: 'Ayesha Khan', email: 'ayesha@test.pk', mobileNo: '03001234567', type: 'Suggestion', businessUserId: null, subject: 'Faster delivery' });
  });

  it('records the signed-in sender from the token', async () => {
    const user = await makeUser(t.database.db);
    const res = await send({ ...valid, type: 'Account Deletion', subject: undefined, message: undefined }, await signIn(t.app, user.email));
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(feedback).where(eq(feedback.id, body<{ data: { id: number } }>(res).data.id));
    expect(row).toMatchObject({ businessUserId: user.id, type: 'Account Deletion', subject: '', message: '' });
  });

  it.each([
    [{ name: '', email: '', mobile_no: '', type: '' }, 'Name is required'],
    [{ email: '', mobile_no: '' }, 'Email is required'],
    [{ email: 'ayesha@', mobile_no: '' }, 'Email is invalid'],
    [{ mobile_no: '', type: '' }, 'Phone Number is required'],
    [{ mobile_no: '0300123456', type: '' }, 'Phone Number is invalid'],
    [{ type: '' }, 'Feedback Type is required'],
    [{ type: 'Praise' }, 'Feedback Type is invalid'],
  ])('checks in SPEC 5 order: %o -> %s', async (change, message) => {
    const before = (await t.database.db.select().from(feedback)).length;
    const res = await send({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(body(res).error).toBe(message);
    expect((await t.database.db.select().from(feedback)).length).toBe(before);
  });

  it('needs a session and refuses unknown fields', async () => {
    expect((await send(valid, {})).statusCode).toBe(401);
    expect((await send({ ...valid, business_user_id: 1 })).statusCode).toBe(400);
  });

  it('limits feedback per client address (10 in 15 minutes)', async () => {
    const codes = [];
    for (let i = 0; i < 11; i++) codes.push((await send(valid, guest, '10.12.0.1')).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
