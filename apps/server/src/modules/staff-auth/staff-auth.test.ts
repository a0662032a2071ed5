import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { makeStaff, sessionCookieOf, signInAs, signInStaff, STAFF_TEST_PASSWORD, totpCodeAt } from '../../../test/staff.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { staffRecoveryCodes } from '../../db/schema/staff.ts';
import { sha256 } from './staff-session.ts';
import { normalizeRecoveryCode } from './totp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password = STAFF_TEST_PASSWORD) => t.app.inject({ method: 'POST', url: '/api/staff/auth/login', payload: { email, password } });
const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/staff/auth/me', headers });
type LoginData = { data: { step: string; csrfToken: string; me?: { roles: string[]; capabilities: string[] } } };

describe('staff sign-in', () => {
  it('signs a person without the second factor in with the password alone, in an httpOnly Secure SameSite=Strict cookie', async () => {
    await makeStaff(t, { email: 'desk1@staff.pk', roles: ['Order desk'] });
    const res = await login('Desk1@Staff.pk');
    expect(res.statusCode).toBe(200);
    const { data } = body<LoginData>(res);
    expect(data.step).toBe('done');
    expect(data.me?.capabilities).toEqual(['orders.read', 'orders.write', 'businesses.read', 'prices.read', 'feedback.write']);
    const cookie = res.cookies.find((c) => c.name === 'staff_session');
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/staff' });
    const session = await t.app.inject({ method: 'GET', url: '/api/staff/auth/session', headers: { cookie: sessionCookieOf(res) } });
    expect(body<{ data: { email: string } }>(session).data.email).toBe('desk1@staff.pk');
    expect(body<{ data: null }>(await t.app.inject({ method: 'GET', url: '/api/staff/auth/session' })).data).toBeNull();
    const who = await me({ cookie: sessionCookieOf(res) });
    expect(who.statusCode).toBe(200);
    expect(body<{ data: { email: string; csrfToken: string } }>(who).data).toMatchObject({ email: 'desk1@staff.pk', csrfToken: data.csrfToken });
  });

  it('refuses a wrong password and an unknown email alike', async () => {
    await makeStaff(t, { email: 'desk2@staff.pk', roles: ['Order desk'] });
    const wrong = await login('desk2@staff.pk', 'Wrong@12345');
    const unknown = await login('nobody@staff.pk');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(body(wrong).error).toBe(body(unknown).error);
    expect(wrong.cookies.find((c) => c.name === 'staff_session')).toBeUndefined();
  });

  it('asks an Admin with TOTP for the code, and signs in only with a right one (never the same code twice)', async () => {
    const admin = await makeStaff(t, { email: 'admin1@staff.pk', roles: ['Admin'] });
    const res = await login(admin.email);
    const { data } = body<LoginData>(res);
    expect(data.step).toBe('totp');
    const pending = { cookie: sessionCookieOf(res), 'x-csrf-token': data.csrfToken };
    // Half signed in: no staff call yet.
    expect((await me(pending)).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/staff/auth/second-factor', headers: pending, payload: { code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    const code = await totpCodeAt(admin.totpSecret as string);
    const ok = await t.app.inject({ method: 'POST', url: '/api/staff/auth/second-factor', headers: pending, payload: { code } });
    expect(ok.statusCode, ok.body).toBe(200);
    const full = { cookie: sessionCookieOf(ok), 'x-csrf-token': body<LoginData>(ok).data.csrfToken };
    expect(full.cookie).not.toBe(pending.cookie);
    expect((await me(full)).statusCode).toBe(200);
    // The half-signed-in session was replaced.
    expect((await me(pending)).statusCode).toBe(401);
    // The same code again, in a new sign-in: refused (replay).
    const again = await login(admin.email);
    const replay = await t.app.inject({ method: 'POST', url: '/api/staff/auth/second-factor', headers: { cookie: sessionCookieOf(again), 'x-csrf-token': body<LoginData>(again).data.csrfToken }, payload: { code } });
    expect(replay.statusCode).toBe(400);
  });

  it('accepts each recovery code once', async () => {
    const admin = await makeStaff(t, { email: 'admin2@staff.pk', roles: ['Admin'] });
    await t.database.db.insert(staffRecoveryCodes).values({ staffId: admin.staffId, codeHash: sha256(normalizeRecoveryCode('ABCDE-FGHJK')) });
    const attempt = async (code: string) => {
      const res = await login(admin.email);
      return t.app.inject({ method: 'POST', url: '/api/staff/auth/second-factor', headers: { cookie: sessionCookieOf(res), 'x-csrf-token': body<LoginData>(res).data.csrfToken }, payload: { code } });
    };
    expect((await attempt('abcde-fghjk')).statusCode).toBe(200);
    expect((await attempt('ABCDE-FGHJK')).statusCode).toBe(400);
  });

  it('ends a session after 30 minutes without a request, and keeps a live one going', async () => {
    const s = await signInStaff(t, { email: 'idle@staff.pk', roles: ['Catalogue'] });
    await t.database.db.execute(sql`update staff_sessions set last_seen_at = now() - interval '29 minutes' where staff_id = ${s.staffId}`);
    expect((await me(s.headers)).statusCode).toBe(200);
    await t.database.db.execute(sql`update staff_sessions set last_seen_at = now() - interval '31 minutes' where staff_id = ${s.staffId}`);
    expect((await me(s.headers)).statusCode).toBe(401);
  });

  it('refuses a disabled person at once, on the very next request', async () => {
    const s = await signInStaff(t, { email: 'leaver@staff.pk', roles: ['Order desk'] });
    expect((await me(s.headers)).statusCode).toBe(200);
    await t.database.db.execute(sql`update staff_users set disabled_at = now() where id = ${s.staffId}`);
    expect((await me(s.headers)).statusCode).toBe(401);
    expect((await login(s.email)).statusCode).toBe(401);
  });

  it('signs out: the cookie no longer works', async () => {
    const s = await signInStaff(t, { email: 'out@staff.pk', roles: ['Finance'] });
    const res = await s.inject({ method: 'POST', url: '/api/staff/auth/logout' });
    expect(res.statusCode).toBe(200);
    expect((await me(s.headers)).statusCode).toBe(401);
  });
});

describe('staff CSRF and separation from buyers', () => {
  it('refuses a staff write without the CSRF token, or with another session\'s', async () => {
    const a = await signInStaff(t, { email: 'csrf-a@staff.pk', roles: ['Order desk'] });
    const b = await signInStaff(t, { email: 'csrf-b@staff.pk', roles: ['Order desk'] });
    const none = await t.app.inject({ method: 'POST', url: '/api/staff/auth/logout', headers: { cookie: a.cookie } });
    expect(none.statusCode).toBe(403);
    const foreign = await t.app.inject({ method: 'POST', url: '/api/staff/auth/logout', headers: { cookie: a.cookie, 'x-csrf-token': b.csrf } });
    expect(foreign.statusCode).toBe(403);
    expect((await me(a.headers)).statusCode).toBe(200);
  });

  it('refuses a buyer token on staff routes, even beside a staff cookie', async () => {
    await makeUser(t.database.db, { type: 'Owner', email: 'buyer@staff-test.pk' });
    const buyer = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'buyer@staff-test.pk', password: TEST_PASSWORD } });
    const token = body<{ data: { token: string } }>(buyer).data.token;
    expect((await me({ authorization: `Bearer ${token}` })).statusCode).toBe(401);
    const s = await signInStaff(t, { email: 'both@staff.pk', roles: ['Order desk'] });
    expect((await me({ ...s.headers, authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });

  it('gives a staff cookie nothing on buyer routes', async () => {
    const s = await signInStaff(t, { email: 'shopper@staff.pk', roles: ['Order desk'] });
    const res = await t.app.inject({ method: 'GET', url: '/api/read/Orders', headers: s.headers });
    expect(res.statusCode).toBe(401);
  });

  it('signs in through the helper for each role (Admin and Finance with the code)', async () => {
    for (const role of ['Admin', 'Order desk', 'Finance', 'Catalogue'] as const) {
      const s = await signInStaff(t, { email: `helper-${role.replace(' ', '')}@staff.pk`, roles: [role] });
      const res = await me(s.headers);
      expect(body<{ data: { roles: string[] } }>(res).data.roles).toEqual([role]);
    }
    const person = await makeStaff(t, { email: 'twice@staff.pk', roles: ['Finance'] });
    await signInAs(t, person);
    await signInAs(t, person);
  });
});
