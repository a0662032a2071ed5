import type { StaffRole } from '@shop/domain/staff';
import { STAFF_CSRF_HEADER } from '@shop/domain/staff';
import type { InjectOptions } from 'fastify';
import { staffRecoveryCodes } from '../../src/db/schema/staff.ts';
import { sha256 } from '../../src/modules/staff-auth/staff-session.ts';
import { normalizeRecoveryCode } from '../../src/modules/staff-auth/totp.ts';
import { makeStaff, sessionCookieOf, signInAs, STAFF_TEST_PASSWORD } from '../staff.ts';
import type { TestApp } from '../test-app.ts';
import type { StaffActor } from './actors.ts';

const ROLE_OF: Record<StaffActor, StaffRole> = { staffAdmin: 'Admin', staffDesk: 'Order desk', staffFinance: 'Finance', staffCatalogue: 'Catalogue' };

export interface StaffWorld {
  headers: Record<StaffActor, Record<string, string>>;
  people: Record<StaffActor, { staffId: number; email: string }>;
  /** A person no matrix cell signs in as: the object of account changes. */
  bystander: { staffId: number; email: string };
  /** A new staff person (Catalogue), the object of a cell that disables or resets someone. */
  throwaway(): Promise<number>;
  /** A new signed-in session of `actor` (for cells that end a session), as headers. */
  freshSession(actor: StaffActor): Promise<Record<string, string>>;
  /** A new half-signed-in session (password given, code awaited) and an unused recovery code. */
  pendingSecondFactor(actor: StaffActor): Promise<{ headers: Record<string, string>; code: string }>;
}

/**
 * One staff person per role, each with the second factor (offered to Order desk and Catalogue, and
 * taken here so every staff cell goes through the same steps) and recovery codes for the cells
 * that sign in again (a TOTP code is good once per 30 s).
 */
export async function buildStaffWorld(t: TestApp): Promise<StaffWorld> {
  const people = {} as StaffWorld['people'];
  const headers = {} as StaffWorld['headers'];
  const codes = new Map<StaffActor, string[]>();
  for (const [actor, role] of Object.entries(ROLE_OF) as [StaffActor, StaffRole][]) {
    const person = await makeStaff(t, { email: `matrix-${actor.toLowerCase()}@staff.pk`, roles: [role], totp: true });
    const mine = Array.from({ length: 10 }, (_, i) => `${actor.slice(5, 10).toUpperCase().padEnd(5, 'X')}-${String(i).padStart(5, '0')}`);
    await t.database.db.insert(staffRecoveryCodes).values(mine.map((c) => ({ staffId: person.staffId, codeHash: sha256(normalizeRecoveryCode(c)) })));
    codes.set(actor, mine);
    people[actor] = { staffId: person.staffId, email: person.email };
    headers[actor] = (await signInAs(t, person)).headers;
  }
  const bystander = await makeStaff(t, { email: 'matrix-bystander@staff.pk', roles: ['Catalogue'] });

  const login = async (actor: StaffActor) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/staff/auth/login', payload: { email: people[actor].email, password: STAFF_TEST_PASSWORD } } satisfies InjectOptions);
    return { cookie: sessionCookieOf(res), [STAFF_CSRF_HEADER]: (res.json() as { data: { csrfToken: string } }).data.csrfToken };
  };
  const nextCode = (actor: StaffActor) => {
    const code = codes.get(actor)?.shift();
    if (!code) throw new Error(`no recovery code left for ${actor}`);
    return code;
  };
  let made = 0;
  return {
    headers,
    people,
    async throwaway() {
      made++;
      return (await makeStaff(t, { email: `matrix-object-${made}@staff.pk`, roles: ['Catalogue'] })).staffId;
    },
    bystander: { staffId: bystander.staffId, email: bystander.email },
    async pendingSecondFactor(actor) {
      return { headers: await login(actor), code: nextCode(actor) };
    },
    async freshSession(actor) {
      const pending = await login(actor);
      const res = await t.app.inject({ method: 'POST', url: '/api/staff/auth/second-factor', headers: pending, payload: { code: nextCode(actor) } });
      if (res.statusCode !== 200) throw new Error(`fresh staff session ${res.statusCode}: ${res.body}`);
      return { cookie: sessionCookieOf(res), [STAFF_CSRF_HEADER]: (res.json() as { data: { csrfToken: string } }).data.csrfToken };
    },
  };
}
