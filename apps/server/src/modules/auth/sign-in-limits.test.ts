import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lastMail } from '../../../test/accounts.ts';
import { makeUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';

// Issue 14 points 3 and 4. Every password check is counted here: the observable for "evaluated".
const hashes = vi.hoisted(() => ({ verified: 0 }));
vi.mock('../../lib/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/passwords.ts')>();
  return {
    ...real,
    verifyPassword: (password: string, stored: string) => {
      hashes.verified++;
      return real.verifyPassword(password, stored);
    },
  };
});

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The cookies a response sets, as a Cookie header for the browser's next request. */
const cookiesOf = (res: LightMyRequestResponse, previous = '') =>
  [previous, ...res.cookies.map((c) => `${c.name}=${c.value}`)].filter(Boolean).join('; ');

const login = (email: string, password: string, remoteAddress: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress, headers: cookie ? { cookie } : {} });
const reset = (payload: object, remoteAddress: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/resetPassword', payload, remoteAddress, headers: cookie ? { cookie } : {} });

describe('point 3: every attempt is counted before the password is hashed', () => {
  it('30 wrong sign-ins in parallel for one account: at most the limit are evaluated, the rest get 429 with Retry-After', async () => {
    const user = await makeUser(t.database.db);
    hashes.verified = 0;
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(user.email, 'Wrong@12345', `10.30.0.${i}`)));
    const statuses = answers.map((r) => r.statusCode);
    expect(hashes.verified).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
    const refused = answers.find((r) => r.statusCode === 429);
    expect(refused && body(refused).error).toBe(TOO_MANY);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('30 wrong sign-ins in parallel from one address over many accounts: at most 20 are evaluated', async () => {
    hashes.verified = 0;
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(`spray${i}@test.pk`, 'Wrong@12345', '10.31.0.1')));
    expect(hashes.verified).toBeLessThanOrEqual(20);
    expect(answers.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(10);
  });
});

describe('point 4: a stranger cannot keep the owner out', () => {
  it('after 50 failures from elsewhere, the owner signs in from a device that signed in before', async () => {
    const user = await makeUser(t.database.db);
    const first = await login(user.email, TEST_PASSWORD, '10.40.0.1');
    expect(first.statusCode).toBe(200);
    const device = cookiesOf(first);
    const cookie = first.cookies.find((c) => c.name.startsWith('sd_'));
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/auth' });
    // The attacker, from other addresses, fails 50 times (most are refused without a hash).
    for (let i = 0; i < 50; i++) expect([401, 429]).toContain((await login(user.email, `Guess@${i}xyz`, `10.41.${i}.1`)).statusCode);
    // Without the device cookie even the right password waits (the unknown-device counters are full) ...
    expect((await login(user.email, TEST_PASSWORD, '10.40.0.1')).statusCode).toBe(429);
    // ... with it, the owner gets in, and again.
    expect((await login(user.email, TEST_PASSWORD, '10.40.0.1', device)).statusCode).toBe(200);
    expect((await login(user.email, TEST_PASSWORD, '10.40.0.2', device)).statusCode).toBe(200);
    // The cookie is the account's: it does not open another account's counters, nor is a forged one taken.
    expect((await login(user.email, TEST_PASSWORD, '10.40.0.3', device.replace(/\.[^.;]+$/, '.forged'))).statusCode).toBe(429);
  });

  it("the device cookie does not skip the password, nor the client address's count", async () => {
    const user = await makeUser(t.database.db);
    const device = cookiesOf(await login(user.email, TEST_PASSWORD, '10.42.0.1'));
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await login(user.email, 'Wrong@12345', '10.42.0.2', device)).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('an owner on a new device gets in by resetting the password with the emailed code, which remembers that device', async () => {
    const user = await makeUser(t.database.db);
    for (let i = 0; i < 50; i++) await login(user.email, `Guess@${i}xyz`, `10.43.${i}.1`);
    const newDevice = '10.44.0.1';
    expect((await login(user.email, TEST_PASSWORD, newDevice)).statusCode).toBe(429);
    // The stranger also asks for codes for the email and guesses codes, from elsewhere.
    const asked = await reset({ step: 1, email: user.email }, newDevice);
    expect(asked.statusCode).toBe(200);
    const requester = cookiesOf(asked);
    const { code } = await lastMail(t.database.db, user.email);
    for (let i = 0; i < 3; i++) expect((await reset({ step: 1, email: user.email }, '10.45.0.1')).statusCode).toBe(200);
    expect((await reset({ step: 1, email: user.email }, '10.45.0.1')).statusCode).toBe(429);
    for (let i = 0; i < 8; i++) await reset({ step: 2, email: user.email, reset_code: `9${String(i).padStart(5, '0')}` }, `10.46.0.${i}`);
    // The owner's code still works from the browser that asked for it, and the new password signs in there.
    const step3 = await reset({ step: 3, email: user.email, reset_code: code, password: 'Monsoon#Tea42' }, newDevice, requester);
    expect(step3.statusCode, step3.body).toBe(200);
    const remembered = cookiesOf(step3, requester);
    expect((await login(user.email, 'Monsoon#Tea42', newDevice, remembered)).statusCode).toBe(200);
  });

  it("a stranger's wrong codes close the code only to strangers; the requester's browser has its own 5 tries", async () => {
    const user = await makeUser(t.database.db);
    const asked = await reset({ step: 1, email: user.email }, '10.47.0.1');
    const requester = cookiesOf(asked);
    const { code } = await lastMail(t.database.db, user.email);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) expect((await reset({ step: 2, email: user.email, reset_code: wrong }, `10.48.0.${i}`)).statusCode).toBe(400);
    // Closed to strangers now, even with the right code.
    expect((await reset({ step: 2, email: user.email, reset_code: code }, '10.48.1.1')).statusCode).toBe(400);
    expect((await reset({ step: 2, email: user.email, reset_code: code }, '10.47.0.1', requester)).statusCode).toBe(200);
    // The requester's own wrong tries are limited too: 5, then 429.
    const mine = [];
    for (let i = 0; i < 6; i++) mine.push((await reset({ step: 2, email: user.email, reset_code: wrong }, '10.47.0.1', requester)).statusCode);
    expect(mine).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('the same browser asking again gets a code that replaces its earlier one', async () => {
    const user = await makeUser(t.database.db);
    const asked = await reset({ step: 1, email: user.email }, '10.51.0.1');
    const requester = cookiesOf(asked);
    const first = (await lastMail(t.database.db, user.email)).code;
    const again = await reset({ step: 1, email: user.email }, '10.51.0.1', requester);
    // The mark (before the first dot) is kept; only its expiry and signature are new.
    expect(again.cookies[0]?.value.split('.')[0]).toBe(asked.cookies[0]?.value.split('.')[0]);
    const second = (await lastMail(t.database.db, user.email, 2)).code;
    if (first !== second) expect((await reset({ step: 2, email: user.email, reset_code: first }, '10.51.0.1', requester)).statusCode).toBe(400);
    expect((await reset({ step: 2, email: user.email, reset_code: second }, '10.51.0.1', requester)).statusCode).toBe(200);
  });

  it('the account-wide hourly budget of codes does not hold the owner on a remembered device', async () => {
    const user = await makeUser(t.database.db);
    const device = cookiesOf(await login(user.email, TEST_PASSWORD, '10.49.0.1'));
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await reset({ step: 1, email: user.email }, `10.50.0.${i}`)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await reset({ step: 1, email: user.email }, '10.49.0.1', device)).statusCode).toBe(200);
  });
});
