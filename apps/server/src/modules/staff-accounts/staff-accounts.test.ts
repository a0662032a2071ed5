import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieOf, signInStaff, totpCodeAt } from '../../../test/staff.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { auditLog } from '../../db/schema/staff.ts';
import { createMailer } from '../../lib/mailer.ts';
import { createTokenService } from '../../lib/tokens.ts';
import { runStaffCommand } from '../../cli/staff-commands.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Link = { data: { account: { id: number; roles: string[] }; setupUrl: string } };
type Step = { data: { step: string; csrfToken: string } };
const tokenOf = (setupUrl: string) => new URL(setupUrl, 'http://x').searchParams.get('token') as string;
const auditRows = (action: string, entityId: string | number) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));

/** Through the one-time link: choose the password; enrol when the roles require it. */
async function acceptInvitation(setupUrl: string, password = 'Chosen@12345') {
  const res = await t.app.inject({ method: 'POST', url: '/api/staff/auth/setup', payload: { token: tokenOf(setupUrl), password } });
  expect(res.statusCode, res.body).toBe(200);
  return { res, cookie: sessionCookieOf(res), data: body<Step>(res).data };
}

describe('staff accounts (Admin)', () => {
  it('invites a person, who chooses a password through the one-time link and is signed in', async () => {
    const admin = await signInStaff(t, { email: 'boss@staff.pk', roles: ['Admin'] });
    const res = await admin.inject({ method: 'POST', url: '/api/staff/accounts', payload: { email: 'New.Desk@Staff.pk', name: 'New Desk', roles: ['Order desk'] } });
    expect(res.statusCode, res.body).toBe(200);
    const link = body<Link>(res).data;
    expect(link.setupUrl).toMatch(/^\/staff\/setup\?token=[\w-]{43}$/);
    const info = await t.app.inject({ method: 'GET', url: `/api/staff/auth/setup?token=${tokenOf(link.setupUrl)}` });
    expect(body<{ data: unknown }>(info).data).toEqual({ email: 'new.desk@staff.pk', name: 'New Desk', totpRequired: false });
    const short = await t.app.inject({ method: 'POST', url: '/api/staff/auth/setup', payload: { token: tokenOf(link.setupUrl), password: 'short' } });
    expect(short.statusCode).toBe(400);
    const accepted = await acceptInvitation(link.setupUrl);
    expect(accepted.data.step).toBe('done');
    // The link is used up.
    const again = await t.app.inject({ method: 'POST', url: '/api/staff/auth/setup', payload: { token: tokenOf(link.setupUrl), password: 'Another@12345' } });
    expect(again.statusCode).toBe(404);
    const created = await auditRows('staff.create', link.account.id);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ staffId: admin.staffId, before: null, after: { email: 'new.desk@staff.pk', roles: ['Order desk'] } });
  });

  it('makes a new Finance person enrol the second factor (QR code, ten recovery codes) before any other call', async () => {
    const admin = await signInStaff(t, { email: 'boss2@staff.pk', roles: ['Admin'] });
    const link = body<Link>(await admin.inject({ method: 'POST', url: '/api/staff/accounts', payload: { email: 'money@staff.pk', name: 'Money Person', roles: ['Finance'] } })).data;
    const { cookie, data } = await acceptInvitation(link.setupUrl);
    expect(data.step).toBe('enrol');
    const headers = { cookie, 'x-csrf-token': data.csrfToken };
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/auth/me', headers })).statusCode).toBe(403);
    const start = await t.app.inject({ method: 'POST', url: '/api/staff/auth/totp/start', headers });
    expect(start.statusCode, start.body).toBe(200);
    const enrol = body<{ data: { secret: string; otpauthUrl: string; qrSvg: string } }>(start).data;
    expect(enrol.qrSvg).toContain('<svg');
    expect(enrol.otpauthUrl).toContain(`secret=${enrol.secret}`);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/staff/auth/totp/confirm', headers, payload: { code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    const ok = await t.app.inject({ method: 'POST', url: '/api/staff/auth/totp/confirm', headers, payload: { code: await totpCodeAt(enrol.secret) } });
    expect(ok.statusCode, ok.body).toBe(200);
    const done = body<{ data: { recoveryCodes: string[]; me: { csrfToken: string; totpEnabled: boolean } } }>(ok).data;
    expect(done.recoveryCodes).toHaveLength(10);
    expect(new Set(done.recoveryCodes).size).toBe(10);
    expect(done.me.totpEnabled).toBe(true);
    const full = { cookie: sessionCookieOf(ok), 'x-csrf-token': done.me.csrfToken };
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/auth/me', headers: full })).statusCode).toBe(200);
    expect(await auditRows('staff.enrol_second_factor', link.account.id)).toHaveLength(1);
  });

  it('refuses staff accounts and the audit log to every role but Admin', async () => {
    for (const role of ['Order desk', 'Finance', 'Catalogue'] as const) {
      const s = await signInStaff(t, { email: `not-admin-${role.replace(' ', '')}@staff.pk`, roles: [role] });
      expect((await s.inject({ method: 'GET', url: '/api/staff/accounts' })).statusCode).toBe(403);
      expect((await s.inject({ method: 'GET', url: '/api/staff/audit' })).statusCode).toBe(403);
      expect((await s.inject({ method: 'POST', url: '/api/staff/accounts', payload: { email: `x-${role.length}@staff.pk`, name: 'Sneaky', roles: ['Admin'] } })).statusCode).toBe(403);
    }
  });

  it('changes roles, disables (ending the sessions at once) and enables, each audited with before and after', async () => {
    const admin = await signInStaff(t, { email: 'boss3@staff.pk', roles: ['Admin'] });
    const desk = await signInStaff(t, { email: 'worker@staff.pk', roles: ['Order desk'] });
    const roles = await admin.inject({ method: 'PATCH', url: `/api/staff/accounts/${desk.staffId}`, payload: { roles: ['Order desk', 'Catalogue'] } });
    expect(body<{ data: { roles: string[] } }>(roles).data.roles).toEqual(['Order desk', 'Catalogue']);
    const [entry] = await auditRows('staff.update', desk.staffId);
    expect(entry).toMatchObject({ before: { roles: ['Order desk'] }, after: { roles: ['Order desk', 'Catalogue'] } });
    // An empty change (found by the fuzzer: it answered 500) changes nothing and writes no audit entry.
    const nothing = await admin.inject({ method: 'PATCH', url: `/api/staff/accounts/${desk.staffId}`, payload: {} });
    expect(nothing.statusCode).toBe(200);
    expect(body<{ data: { roles: string[] } }>(nothing).data.roles).toEqual(['Order desk', 'Catalogue']);
    expect(await auditRows('staff.update', desk.staffId)).toHaveLength(1);

    expect((await desk.inject({ method: 'GET', url: '/api/staff/auth/me' })).statusCode).toBe(200);
    const off = await admin.inject({ method: 'POST', url: `/api/staff/accounts/${desk.staffId}/disable` });
    expect(body<{ data: { disabled: boolean } }>(off).data.disabled).toBe(true);
    expect((await desk.inject({ method: 'GET', url: '/api/staff/auth/me' })).statusCode).toBe(401);
    expect((await auditRows('staff.disable', desk.staffId))[0]).toMatchObject({ before: { disabled: false }, after: { disabled: true } });
    await admin.inject({ method: 'POST', url: `/api/staff/accounts/${desk.staffId}/enable` });
    // Enabling does not bring the ended session back; signing in again works.
    expect((await desk.inject({ method: 'GET', url: '/api/staff/auth/me' })).statusCode).toBe(401);
    const back = await t.app.inject({ method: 'POST', url: '/api/staff/auth/login', payload: { email: desk.email, password: desk.password } });
    expect(back.statusCode).toBe(200);
  });

  it('never lets the last Admin go, nor an Admin disable themselves', async () => {
    const fresh = await createTestApp();
    try {
      const only = await signInStaff(fresh, { email: 'only@staff.pk', roles: ['Admin'] });
      expect((await only.inject({ method: 'POST', url: `/api/staff/accounts/${only.staffId}/disable` })).statusCode).toBe(400);
      const demote = await only.inject({ method: 'PATCH', url: `/api/staff/accounts/${only.staffId}`, payload: { roles: ['Finance'] } });
      expect(demote.statusCode).toBe(409);
    } finally {
      await fresh.close();
    }
  });

  it('resets a person\'s second factor: sessions end, recovery codes go, enrolment is asked again', async () => {
    const admin = await signInStaff(t, { email: 'boss4@staff.pk', roles: ['Admin'] });
    const other = await signInStaff(t, { email: 'lost-phone@staff.pk', roles: ['Admin'] });
    const res = await admin.inject({ method: 'POST', url: `/api/staff/accounts/${other.staffId}/reset-second-factor` });
    expect(body<{ data: { totpEnabled: boolean } }>(res).data.totpEnabled).toBe(false);
    expect((await other.inject({ method: 'GET', url: '/api/staff/auth/me' })).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/staff/auth/login', payload: { email: other.email, password: other.password } });
    expect(body<Step>(login).data.step).toBe('enrol');
  });
});

describe('disabling on every instance', () => {
  it('refuses the disabled person on a second server instance at once', async () => {
    // A second instance: its own connection pool to the same PostgreSQL database when there is
    // one (TEST_DATABASE_URL), else another app on the same embedded database.
    let second: Database | null = null;
    if (t.databaseUrl) second = await openDatabase({ url: t.databaseUrl, poolSize: 4 });
    const db = second?.db ?? t.database.db;
    const other: FastifyInstance = await buildApp({
      db,
      dbKind: second?.kind ?? t.database.kind,
      tokens: createTokenService('test-secret-test-secret-test-secret-0123456789'),
      mailer: createMailer({ from: 'test@shop.local', db }),
      config: { DATA_DIR: t.dataDir, TRUST_PROXY: 0, NODE_ENV: 'test', WEB_DIST: join(t.dataDir, 'no-web') },
    });
    try {
      const admin = await signInStaff(t, { email: 'boss5@staff.pk', roles: ['Admin'] });
      const desk = await signInStaff(t, { email: 'elsewhere@staff.pk', roles: ['Order desk'] });
      const meThere = () => other.inject({ method: 'GET', url: '/api/staff/auth/me', headers: desk.headers });
      expect((await meThere()).statusCode).toBe(200);
      await admin.inject({ method: 'POST', url: `/api/staff/accounts/${desk.staffId}/disable` });
      expect((await meThere()).statusCode).toBe(401);
    } finally {
      await other.close();
      await second?.close();
    }
  });
});

describe('the command line', () => {
  it('makes the first Admin and prints a one-time link to choose a password and enrol', async () => {
    const out = await runStaffCommand(t.database.db, ['--email', 'First.Admin@staff.pk', '--role', 'Admin', '--name', 'First Admin'], 'https://shop.example.pk');
    const url = /https:\/\/shop\.example\.pk\/staff\/setup\?token=[\w-]+/.exec(out)?.[0];
    expect(url, out).toBeTruthy();
    const { data } = await acceptInvitation(url as string);
    expect(data.step).toBe('enrol');
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'staff.create')).orderBy(auditLog.id);
    expect(row).toBeDefined();
    await expect(runStaffCommand(t.database.db, ['--email', 'x@staff.pk', '--role', 'Boss'], 'http://x')).rejects.toThrow(/Unknown role/);
  });

  it('resets the second factor of an Admin who lost it and prints a new link', async () => {
    const admin = await signInStaff(t, { email: 'last-one@staff.pk', roles: ['Admin'] });
    const out = await runStaffCommand(t.database.db, ['reset-second-factor', '--email', admin.email], 'http://localhost:3000');
    expect(out).toMatch(/http:\/\/localhost:3000\/staff\/setup\?token=/);
    expect((await admin.inject({ method: 'GET', url: '/api/staff/auth/me' })).statusCode).toBe(401);
    const [entry] = await auditRows('staff.reset_second_factor', admin.staffId);
    expect(entry).toMatchObject({ staffId: null, ip: 'cli' });
  });
});
