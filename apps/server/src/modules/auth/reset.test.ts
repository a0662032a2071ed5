import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMail } from '../../../test/accounts.ts';
import { makeUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { businesses, businessUsers } from '../../db/schema/business.ts';
import { outbox, resetCodes } from '../../db/schema/support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let address = 0;
const reset = (payload: object, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/resetPassword', payload, remoteAddress: remoteAddress ?? `10.9.0.${++address % 250}` });
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: `10.8.0.${++address % 250}` });

async function userWithCode() {
  const user = await makeUser(t.database.db);
  expect((await reset({ step: 1, email: user.email })).statusCode).toBe(200);
  const mail = await lastMail(t.database.db, user.email);
  return { user, code: mail.code };
}

describe('POST /api/auth/resetPassword', () => {
  it('step 1 answers the same whether or not the email has an account, and mails only a real one', async () => {
    const user = await makeUser(t.database.db);
    const known = await reset({ step: 1, email: user.email.toUpperCase() });
    const unknown = await reset({ step: 1, email: 'nobody-here@test.pk' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(body(known)).toEqual(body(unknown));
    const mail = await lastMail(t.database.db, user.email);
    expect(mail.subject).toBe('Your password reset code');
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.recipient, 'nobody-here@test.pk'))).toHaveLength(0);
    // Stored hashed: the clear code is nowhere in the table.
    const [row] = await t.database.db.select().from(resetCodes).where(eq(resetCodes.businessUserId, user.id));
    expect(row?.codeHash).not.toContain(mail.code);
  });

  it('steps 2 and 3 with the code (sent as a number) set the new password, once', async () => {
    const { user, code } = await userWithCode();
    const step2 = await reset({ step: 2, email: user.email, reset_code: Number(code) });
    expect(step2.statusCode, step2.body).toBe(200);
    const step3 = await reset({ step: 3, email: user.email, reset_code: Number(code), password: 'Fresh@Pass9' });
    expect(step3.statusCode).toBe(200);
    expect((await login(user.email, 'Fresh@Pass9')).statusCode).toBe(200);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    // Single use.
    const again = await reset({ step: 3, email: user.email, reset_code: Number(code), password: 'Other@Pass9' });
    expect(again.statusCode).toBe(400);
    expect(body(again).error).toBe('The code is wrong or has expired. Please request a new code.');
  });

  it('step 3 refuses a common password or one holding the business name, says why, and keeps the code usable (issue 14 point 5)', async () => {
    const { user, code } = await userWithCode();
    for (const [password, message] of [
      ['12345678', 'This password is too common and easy to guess. Please choose another one.'],
      ['password', 'This password is too common and easy to guess. Please choose another one.'],
    ]) {
      const res = await reset({ step: 3, email: user.email, reset_code: code, password });
      expect([res.statusCode, body(res).error], password).toEqual([400, message]);
    }
    const [biz] = await t.database.db.select({ name: businesses.name }).from(businesses).innerJoin(businessUsers, eq(businessUsers.businessId, businesses.id)).where(eq(businessUsers.id, user.id));
    const withBusiness = await reset({ step: 3, email: user.email, reset_code: code, password: `${biz?.name ?? ''}#77` });
    expect(body(withBusiness).error).toBe('Your password must not contain your business name. Please choose another one.');
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await reset({ step: 3, email: user.email, reset_code: code, password: 'Demo@12345' })).statusCode).toBe(200);
    expect((await login(user.email, 'Demo@12345')).statusCode).toBe(200);
  });

  it('a code with a leading zero still works when sent as a number', async () => {
    const user = await makeUser(t.database.db);
    const { issueResetCode } = await import('./reset.service.ts');
    let code = '';
    for (let i = 0; i < 200 && !code.startsWith('0'); i++) code = await issueResetCode(t.database.db, user.id);
    if (!code.startsWith('0')) return; // one chance in 10^9 of no leading zero in 200 draws
    expect((await reset({ step: 2, email: user.email, reset_code: Number(code) })).statusCode).toBe(200);
  });

  it('a wrong code is refused, and the fifth wrong try burns the code', async () => {
    const { user, code } = await userWithCode();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      const res = await reset({ step: 2, email: user.email, reset_code: wrong });
      expect(res.statusCode).toBe(400);
    }
    const right = await reset({ step: 2, email: user.email, reset_code: code });
    expect(right.statusCode).toBe(400);
  });

  it('an expired code is refused', async () => {
    const { user, code } = await userWithCode();
    await t.database.db.update(resetCodes).set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where(eq(resetCodes.businessUserId, user.id));
    expect((await reset({ step: 2, email: user.email, reset_code: code })).statusCode).toBe(400);
  });

  it('a new code replaces the earlier one', async () => {
    const { user, code: first } = await userWithCode();
    expect((await reset({ step: 1, email: user.email })).statusCode).toBe(200);
    const second = await lastMail(t.database.db, user.email, 2);
    if (second.code === first) return;
    expect((await reset({ step: 2, email: user.email, reset_code: first })).statusCode).toBe(400);
    expect((await reset({ step: 2, email: user.email, reset_code: second.code })).statusCode).toBe(200);
  });

  it('refuses a short password at step 3 and malformed steps', async () => {
    const { user, code } = await userWithCode();
    expect((await reset({ step: 3, email: user.email, reset_code: code, password: 'short' })).statusCode).toBe(400);
    expect((await reset({ step: 2, email: user.email, reset_code: '12345' })).statusCode).toBe(400);
    expect((await reset({ step: 4, email: user.email })).statusCode).toBe(400);
    expect((await reset({ step: 1, email: 'not-an-email' })).statusCode).toBe(400);
  });

  it('limits code requests per account from one address (3), and per account from everywhere (10 an hour)', async () => {
    const user = await makeUser(t.database.db);
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await reset({ step: 1, email: user.email }, '10.7.0.1')).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    for (let i = 0; i < 7; i++) expect((await reset({ step: 1, email: user.email }, `10.7.1.${i}`)).statusCode).toBe(200);
    const over = await reset({ step: 1, email: user.email }, '10.7.0.9');
    expect(body(over).error).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits wrong codes per client, and a spoofed X-Forwarded-For does not reset the count', async () => {
    const codes = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/resetPassword',
        payload: { step: 2, email: `someone${i}@test.pk`, reset_code: '000000' },
        remoteAddress: '10.6.0.1',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 20).every((c) => c === 400)).toBe(true);
    expect(codes[20]).toBe(429);
  });
});
