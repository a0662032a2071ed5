import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });

describe('POST /api/auth/login', () => {
  it('opens a guest session', async () => {
    const res = await login({ step: 'Guest' });
    expect(res.statusCode).toBe(200);
    const { data } = body<{ data: { token: string; user: { type: string; name: string } } }>(res);
    expect(data.token.split('.')).toHaveLength(3);
    expect(data.user).toMatchObject({ type: 'Guest', name: 'Guest', businessId: null });
  });

  it('signs a registered user in with the user fields the storefront needs', async () => {
    const user = await makeUser(t.database.db, { type: 'Orderer', email: 'Buyer.One@Test.pk', limit: '50000' });
    const res = await login({ email: 'buyer.one@test.pk', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const { data } = body<{ data: { user: Record<string, unknown> } }>(res);
    expect(data.user).toMatchObject({
      id: user.id,
      type: 'Orderer',
      businessId: user.businessId,
      BusinessUserId: user.id,
      limit: '50000.00',
      help_no: '+92 300 1112223',
    });
    expect(JSON.stringify(data)).not.toMatch(/password|scrypt/i);
  });

  it('accepts the email in any letter case', async () => {
    await makeUser(t.database.db, { email: 'case@test.pk' });
    expect((await login({ email: 'CASE@Test.PK', password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('gives one message for an unknown email and a wrong password', async () => {
    await makeUser(t.database.db, { email: 'known@test.pk' });
    const wrongPassword = await login({ email: 'known@test.pk', password: 'not-the-password' });
    const unknownEmail = await login({ email: 'nobody@test.pk', password: 'not-the-password' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(body(wrongPassword)).toEqual(body(unknownEmail));
    expect(body(wrongPassword).error).toBe('Invalid email or password');
  });

  it('refuses a body that mixes in role fields', async () => {
    const res = await login({ email: 'known@test.pk', password: TEST_PASSWORD, type: 'Approver' });
    expect(res.statusCode).toBe(400);
  });
});

describe('bearer tokens', () => {
  const protectedUrl = '/api/health';

  it('refuses an altered token with 401', async () => {
    const { data } = body<{ data: { token: string } }>(await login({ step: 'Guest' }));
    const [h, p, s] = data.token.split('.');
    const payload = JSON.parse(Buffer.from(p as string, 'base64url').toString());
    payload.typ = 'Approver';
    const forged = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
    const res = await t.app.inject({ method: 'GET', url: protectedUrl, headers: { authorization: `Bearer ${forged}` } });
    expect(res.statusCode).toBe(401);
    expect(body(res).error).toBeTypeOf('string');
  });

  it('refuses an unsigned (alg none) token and one signed with another key', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const claims = Buffer.from(JSON.stringify({ sub: '1', typ: 'Owner', bid: 1, iss: 'wholesale-shop' })).toString('base64url');
    const unsigned = `${header}.${claims}.`;
    const otherKey = await new SignJWT({ typ: 'Owner', bid: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('wholesale-shop')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    for (const token of [unsigned, otherKey, 'garbage']) {
      const res = await t.app.inject({ method: 'GET', url: protectedUrl, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, token).toBe(401);
    }
  });

  it('lets sign-in work even with a stale token in the header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authorization: 'Bearer stale.token.here' },
      payload: { step: 'Guest' },
    });
    expect(res.statusCode).toBe(200);
  });
});
