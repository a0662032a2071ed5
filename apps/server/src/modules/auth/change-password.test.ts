import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestHeaders, makeUser, signIn, TEST_PASSWORD } from '../../../test/factories.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const change = (payload: object, headers: Record<string, string> = {}, remoteAddress = '10.3.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { step: 'ChangePassword', ...payload }, headers, remoteAddress });

describe('POST /api/auth/login step ChangePassword', () => {
  it('changes the signed-in user own password with the current one', async () => {
    const user = await makeUser(t.database.db);
    const auth = await signIn(t.app, user.email);
    const res = await change({ email: user.email, password: TEST_PASSWORD, newPassword: 'Changed@123' }, auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toEqual({ data: { message: 'Password changed successfully.' } });
    await expect(signIn(t.app, user.email, 'Changed@123')).resolves.toBeTruthy();
    await expect(signIn(t.app, user.email, TEST_PASSWORD)).rejects.toThrow(/401/);
  });

  it("answers SPEC 5's message when the new password equals the current one", async () => {
    const user = await makeUser(t.database.db);
    const res = await change({ email: user.email, password: TEST_PASSWORD, newPassword: TEST_PASSWORD }, await signIn(t.app, user.email));
    expect(res.statusCode).toBe(400);
    expect(body(res).error).toBe('New password must be different than current password.');
  });

  it('refuses a wrong current password, a short new one, no token, a guest and another user', async () => {
    const user = await makeUser(t.database.db);
    const other = await makeUser(t.database.db);
    const auth = await signIn(t.app, user.email);
    const wrong = await change({ email: user.email, password: 'Wrong@1234', newPassword: 'Changed@123' }, auth);
    expect([wrong.statusCode, body(wrong).error]).toEqual([400, 'Current password is incorrect.']);
    expect((await change({ email: user.email, password: TEST_PASSWORD, newPassword: 'short' }, auth)).statusCode).toBe(400);
    expect((await change({ email: user.email, password: TEST_PASSWORD, newPassword: 'Changed@123' })).statusCode).toBe(401);
    expect((await change({ email: user.email, password: TEST_PASSWORD, newPassword: 'Changed@123' }, await guestHeaders(t.app))).statusCode).toBe(403);
    const otherRes = await change({ email: other.email, password: TEST_PASSWORD, newPassword: 'Changed@123' }, auth);
    expect(otherRes.statusCode).toBe(403);
    // Nothing changed.
    await expect(signIn(t.app, user.email)).resolves.toBeTruthy();
    await expect(signIn(t.app, other.email)).resolves.toBeTruthy();
  });
});

describe('Change Password refuses weak new passwords (issue 14 point 5)', () => {
  it('answers why for a common password, the email name and the business name, and keeps the old one', async () => {
    const user = await makeUser(t.database.db);
    const auth = await signIn(t.app, user.email);
    const name = user.email.split('@')[0] ?? '';
    const cases: [string, string][] = [
      ['password', 'This password is too common and easy to guess. Please choose another one.'],
      ['admin123', 'This password is too common and easy to guess. Please choose another one.'],
      [`${name}!2024`, 'Your password must not contain your email name. Please choose another one.'],
    ];
    for (const [newPassword, message] of cases) {
      const res = await change({ email: user.email, password: TEST_PASSWORD, newPassword }, auth);
      expect([res.statusCode, body(res).error], newPassword).toEqual([400, message]);
    }
    await expect(signIn(t.app, user.email)).resolves.toBeTruthy();
    const ok = await change({ email: user.email, password: TEST_PASSWORD, newPassword: 'Demo@12345' }, auth);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('sign-in rate limits', () => {
  const login = (email: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress, headers });

  it('after 5 wrong passwords for an account, even the right one waits, from any address', async () => {
    const user = await makeUser(t.database.db);
    for (let i = 0; i < 5; i++) expect((await login(user.email, 'Wrong@1234', `10.4.0.${i}`)).statusCode).toBe(401);
    const blocked = await login(user.email.toUpperCase(), TEST_PASSWORD, '10.4.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(body(blocked).error).toBe('Too many attempts. Please wait a few minutes and try again.');
  });

  it('successes are not counted, and a device that signed in is not held by the account count', async () => {
    const user = await makeUser(t.database.db);
    for (let i = 0; i < 6; i++) expect((await login(user.email, TEST_PASSWORD, `10.5.0.${i}`)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(user.email, 'Wrong@1234', `10.5.1.${i}`)).statusCode).toBe(401);
    const signedIn = await login(user.email, TEST_PASSWORD, '10.5.2.1');
    expect(signedIn.statusCode).toBe(200);
    const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    // Past the account's 5 failures, from the remembered device: still evaluated, and the right one gets in.
    for (let i = 0; i < 6; i++) expect((await login(user.email, 'Wrong@1234', '10.5.2.1', { cookie })).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD, '10.5.2.1', { cookie })).statusCode).toBe(200);
    // Elsewhere, the account's count holds only the unknown devices' failures: one more, then it waits.
    expect((await login(user.email, 'Wrong@1234', '10.5.3.1')).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD, '10.5.3.2')).statusCode).toBe(429);
  });

  it('after 20 failures from one client it is refused there, and a spoofed X-Forwarded-For does not help', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await login(`unknown${i}@test.pk`, 'Wrong@1234', '10.2.0.1', { 'x-forwarded-for': `198.51.100.${i}` });
      expect(res.statusCode).toBe(401);
    }
    const user = await makeUser(t.database.db);
    expect((await login(user.email, TEST_PASSWORD, '10.2.0.1', { 'x-forwarded-for': '198.51.100.200' })).statusCode).toBe(429);
    expect((await login(user.email, TEST_PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });
});

describe('behind a trusted proxy (TRUST_PROXY=1)', () => {
  it('counts by the address the proxy reports', async () => {
    const proxied = await (await import('../../../test/test-app.ts')).createTestApp({ trustProxy: 1 });
    try {
      const login = (ip: string, email: string) =>
        proxied.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Wrong@1234' }, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': ip } });
      for (let i = 0; i < 20; i++) expect((await login('203.0.113.7', `p${i}@test.pk`)).statusCode).toBe(401);
      expect((await login('203.0.113.7', 'fresh@test.pk')).statusCode).toBe(429);
      // Another client behind the same proxy has its own count.
      expect((await login('203.0.113.8', 'fresh@test.pk')).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});
