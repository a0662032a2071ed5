import { STAFF_CSRF_HEADER, STAFF_LOCKED, STAFF_LOCKOUT_FAILURES } from '@shop/domain/staff';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lastMail } from '../../../test/accounts.ts';
import { makeStaff, sessionCookieOf, signInStaff, STAFF_TEST_PASSWORD } from '../../../test/staff.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditLog, staffUsers } from '../../db/schema/staff.ts';
import { ORIGIN_REFUSED } from './staff-auth.guard.ts';

// Issue 37: staff sign-in at least as hard to abuse as the buyers'. Each test fails on the code
// before it: no known-browser exemption, one 5-minute tier for codes, no lockout, a setup link that
// left old sessions alive, and no Origin check.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The cookies a response sets, as the browser's Cookie header for its next request. */
const cookiesOf = (res: LightMyRequestResponse, previous = '') => [previous, ...res.cookies.filter((c) => c.value).map((c) => `${c.name}=${c.value}`)].filter(Boolean).join('; ');
/** The browser's remembered-device cookie alone (what it keeps after its session ended). */
const deviceCookieOf = (res: LightMyRequestResponse) => res.cookies.filter((c) => c.name !== 'staff_session').map((c) => `${c.name}=${c.value}`).join('; ');

const login = (email: string, password: string, remoteAddress: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/staff/auth/login', payload: { email, password }, remoteAddress, headers: cookie ? { cookie } : {} });
const secondFactor = (res: LightMyRequestResponse, code: string, remoteAddress: string, device = '') =>
  t.app.inject({
    method: 'POST',
    url: '/api/staff/auth/second-factor',
    remoteAddress,
    headers: { cookie: [sessionCookieOf(res), device].filter(Boolean).join('; '), [STAFF_CSRF_HEADER]: body<{ data: { csrfToken: string } }>(res).data.csrfToken },
    payload: { code },
  });
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/staff/auth/me', headers: { cookie } });
const person = async (email: string) => (await t.database.db.select().from(staffUsers).where(eq(staffUsers.email, email)))[0];

describe('a stranger cannot lock a person out of their own browser', () => {
  it('after failures from elsewhere have closed the door to other browsers, the right password from the usual browser signs in', async () => {
    const p = await makeStaff(t, { email: 'usual@staff.pk', roles: ['Order desk'] });
    const first = await login(p.email, p.password, '10.40.0.1');
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first);
    expect(device).toMatch(/^stsd_/);
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) answers.push((await login(p.email, 'Wrong@12345', `10.41.0.${i}`)).statusCode);
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.slice(5)).toEqual([429, 429, 429]);
    // Another browser, even with the right password: held.
    expect((await login(p.email, p.password, '10.40.0.1')).statusCode).toBe(429);
    // The usual browser: in.
    const mine = await login(p.email, p.password, '10.40.0.1', device);
    expect(mine.statusCode, mine.body).toBe(200);
    // A buyer's remembered-device cookie for the same email is no staff one.
    expect((await login(p.email, p.password, '10.40.0.1', device.replace(/^stsd_/, 'sd_'))).statusCode).toBe(429);
  });
});

describe('second-factor guesses meet growing limits', () => {
  it('five wrong codes wait out 5 minutes, but twenty in the hour wait out the hour', async () => {
    const admin = await makeStaff(t, { email: 'guessed@staff.pk', roles: ['Admin'] });
    const evaluated: number[] = [];
    // The clock moves on (the embedded database's clock too: its half-signed-in session then ends, so
    // each round signs in with the password again, as the attacker holding it would).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      // Five 6-minute rounds of six guesses each.
      for (let round = 0; round < 5; round++) {
        const res = await login(admin.email, admin.password, '10.42.0.1');
        expect(body<{ data: { step: string } }>(res).data.step).toBe('totp');
        for (let i = 0; i < 6; i++) {
          const answer = await secondFactor(res, '000000', `10.43.${round}.${i}`);
          if (answer.statusCode === 400) evaluated.push(round);
          else expect(answer.statusCode).toBe(429);
        }
        vi.setSystemTime(Date.now() + 6 * 60_000);
      }
    } finally {
      vi.useRealTimers();
    }
    // Rounds 0 to 3 get five each (20 in the hour); round 4 gets none. Before issue 37: 25.
    expect(evaluated.length).toBe(20);
    expect(evaluated.filter((r) => r === 4)).toEqual([]);
    expect((await person(admin.email))?.failedSignIns).toBe(20);
  });
});

describe(`a lockout after ${STAFF_LOCKOUT_FAILURES} failures in a row`, () => {
  it('locks other browsers out, tells the person by mail, audits it; the known browser still signs in; an Admin unlocks', async () => {
    const p = await makeStaff(t, { email: 'locked@staff.pk', roles: ['Catalogue'] });
    const device = deviceCookieOf(await login(p.email, p.password, '10.44.0.1'));
    await t.database.db.update(staffUsers).set({ failedSignIns: STAFF_LOCKOUT_FAILURES - 1 }).where(eq(staffUsers.email, p.email));
    expect((await login(p.email, 'Wrong@12345', '10.45.0.1')).statusCode).toBe(401);
    expect(await person(p.email)).toMatchObject({ lockedScope: 'unknown', failedSignIns: STAFF_LOCKOUT_FAILURES });
    const mail = await lastMail(t.database.db, p.email);
    expect(mail.subject).toBe('Your back-office account was locked');
    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'staff.lock'), eq(auditLog.entityId, String(p.staffId))));
    expect(entries).toHaveLength(1);
    // The right password from another browser: refused, whatever the password (no oracle), and not counted.
    const refused = await login(p.email, p.password, '10.46.0.1');
    expect(refused.statusCode).toBe(403);
    expect(body(refused).error).toBe(STAFF_LOCKED);
    expect(body(await login(p.email, 'Other@12345', '10.46.0.2')).error).toBe(STAFF_LOCKED);
    expect((await person(p.email))?.failedSignIns).toBe(STAFF_LOCKOUT_FAILURES);
    // The person's own browser: in (the lock stays for the others).
    expect((await login(p.email, p.password, '10.44.0.1', device)).statusCode).toBe(200);
    expect((await person(p.email))?.lockedScope).toBe('unknown');

    const admin = await signInStaff(t, { email: 'unlocker@staff.pk', roles: ['Admin'] });
    const list = body<{ data: { email: string; locked: string | null }[] }>(await admin.inject({ method: 'GET', url: '/api/staff/accounts' })).data;
    expect(list.find((a) => a.email === p.email)?.locked).toBe('unknown');
    const unlocked = await admin.inject({ method: 'POST', url: `/api/staff/accounts/${p.staffId}/unlock` });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(body<{ data: { locked: string | null; failedSignIns: number } }>(unlocked).data).toMatchObject({ locked: null, failedSignIns: 0 });
    expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'staff.unlock'), eq(auditLog.entityId, String(p.staffId))))).toHaveLength(1);
    expect((await login(p.email, p.password, '10.46.0.3')).statusCode).toBe(200);
    // Only an Admin unlocks.
    const desk = await signInStaff(t, { email: 'not-admin@staff.pk', roles: ['Order desk'] });
    expect((await desk.inject({ method: 'POST', url: `/api/staff/accounts/${p.staffId}/unlock` })).statusCode).toBe(403);
  });

  it("locks every browser when the person's own browser fails that often, and counts second-factor failures too", async () => {
    const admin = await makeStaff(t, { email: 'own-fail@staff.pk', roles: ['Finance'] });
    const first = await login(admin.email, admin.password, '10.47.0.1');
    // Not yet known: the browser is remembered once the second factor is proved.
    expect(deviceCookieOf(first)).toBe('');
    await t.database.db.update(staffUsers).set({ failedSignIns: STAFF_LOCKOUT_FAILURES - 1 }).where(eq(staffUsers.email, admin.email));
    expect((await secondFactor(first, '000000', '10.47.0.1')).statusCode).toBe(400);
    expect((await person(admin.email))?.lockedScope).toBe('unknown');
    await t.database.db.execute(sql`update staff_users set locked_scope = null, locked_at = null, failed_sign_ins = 0, failed_known_sign_ins = ${STAFF_LOCKOUT_FAILURES - 1} where email = ${admin.email}`);
    // Its own remembered browser (a device cookie from an earlier full sign-in): a failure there locks everywhere.
    const device = await (async () => {
      const { generate } = await import('otplib');
      const again = await login(admin.email, admin.password, '10.47.0.1');
      const ok = await secondFactor(again, await generate({ secret: admin.totpSecret as string }), '10.47.0.1');
      expect(ok.statusCode, ok.body).toBe(200);
      return deviceCookieOf(ok);
    })();
    // The success cleared the counts: set them again to one short.
    await t.database.db.update(staffUsers).set({ failedKnownSignIns: STAFF_LOCKOUT_FAILURES - 1 }).where(eq(staffUsers.email, admin.email));
    expect((await login(admin.email, 'Wrong@12345', '10.47.0.1', device)).statusCode).toBe(401);
    expect((await person(admin.email))?.lockedScope).toBe('all');
    expect(body(await login(admin.email, admin.password, '10.47.0.1', device)).error).toBe(STAFF_LOCKED);
  });
});

describe('a password chosen through a setup link', () => {
  it('ends every session opened with the old password, and lifts a lockout', async () => {
    const s = await signInStaff(t, { email: 'forgot@staff.pk', roles: ['Order desk'] });
    expect((await me(s.cookie)).statusCode).toBe(200);
    await t.database.db.update(staffUsers).set({ lockedAt: sql`now()`, lockedScope: 'all', failedKnownSignIns: STAFF_LOCKOUT_FAILURES }).where(eq(staffUsers.id, s.staffId));
    const admin = await signInStaff(t, { email: 'linker@staff.pk', roles: ['Admin'] });
    const link = await admin.inject({ method: 'POST', url: `/api/staff/accounts/${s.staffId}/setup-link` });
    const token = new URL(body<{ data: { setupUrl: string } }>(link).data.setupUrl, 'http://x').searchParams.get('token');
    const chosen = await t.app.inject({ method: 'POST', url: '/api/staff/auth/setup', payload: { token, password: 'Fresh-Pass-2026!' } });
    expect(chosen.statusCode, chosen.body).toBe(200);
    // The old session: over (200 before issue 37). The new one works.
    expect((await me(s.cookie)).statusCode).toBe(401);
    expect((await me(cookiesOf(chosen))).statusCode).toBe(200);
    expect(await person(s.email)).toMatchObject({ lockedScope: null, failedSignIns: 0, failedKnownSignIns: 0 });
    expect((await login(s.email, STAFF_TEST_PASSWORD, '10.48.0.1')).statusCode).toBe(401);
  });
});

describe('the Origin header, a second line after the CSRF token', () => {
  it('refuses a staff write that a browser says comes from another site, and takes one from the back office itself', async () => {
    const s = await signInStaff(t, { email: 'origin@staff.pk', roles: ['Order desk'] });
    const write = (headers: Record<string, string>) => s.inject({ method: 'POST', url: '/api/staff/auth/logout', headers: { host: 'shop.example.pk', ...headers } });
    const foreign = await write({ origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(body(foreign).error).toBe(ORIGIN_REFUSED);
    expect((await write({ origin: 'null' })).statusCode).toBe(403);
    expect((await write({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await me(s.cookie)).statusCode).toBe(200);
    // The sign-in itself (no session, no token yet) is guarded the same way.
    const p = await makeStaff(t, { email: 'origin-login@staff.pk', roles: ['Order desk'] });
    const signIn = await t.app.inject({ method: 'POST', url: '/api/staff/auth/login', headers: { host: 'shop.example.pk', origin: 'https://evil.example' }, payload: { email: p.email, password: p.password } });
    expect(signIn.statusCode).toBe(403);
    expect((await write({ origin: 'https://shop.example.pk', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });
});
