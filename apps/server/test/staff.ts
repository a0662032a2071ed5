// Staff people for API tests (issue 16): made in the database, signed in through the real routes.
import { STAFF_CSRF_HEADER, type StaffRole, staffRequiresTotp } from '@shop/domain/staff';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { generate, generateSecret } from 'otplib';
import { staffUsers } from '../src/db/schema/staff.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import type { TestApp } from './test-app.ts';

export const STAFF_TEST_PASSWORD = 'Staff@12345';

export interface SignedInStaff {
  staffId: number;
  email: string;
  password: string;
  roles: StaffRole[];
  /** Base32 secret, when the person has the second factor. */
  totpSecret: string | null;
  /** The value of the Cookie header. */
  cookie: string;
  csrf: string;
  /** Both headers, ready for inject: `{ ...req, headers: s.headers }`. */
  headers: Record<string, string>;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** The code an authenticator app shows now (or at `epoch`, in seconds). */
export const totpCodeAt = (secret: string, epoch = Math.floor(Date.now() / 1000)): Promise<string> => generate({ secret, epoch });

/** The session cookie from a response's Set-Cookie, as a Cookie header value. */
export function sessionCookieOf(res: LightMyRequestResponse): string {
  const set = res.cookies.find((c) => c.name === 'staff_session');
  if (!set) throw new Error(`no staff_session cookie in ${res.statusCode} ${res.body.slice(0, 200)}`);
  return `staff_session=${set.value}`;
}

/** A staff person in the database, with a password, and with the second factor when `totp` (default: as the roles require). */
export async function makeStaff(t: TestApp, options: { email: string; roles: StaffRole[]; name?: string; totp?: boolean; password?: string }) {
  const email = options.email.toLowerCase();
  const totp = options.totp ?? staffRequiresTotp(options.roles);
  const secret = totp ? generateSecret() : null;
  const [row] = await t.database.db
    .insert(staffUsers)
    .values({
      email,
      name: options.name ?? email.split('@')[0] ?? 'Staff',
      roles: options.roles,
      passwordHash: await hashPassword(options.password ?? STAFF_TEST_PASSWORD),
      totpSecret: secret,
      totpEnabledAt: secret ? new Date().toISOString() : null,
    })
    .returning();
  if (!row) throw new Error('staff not made');
  return { staffId: row.id, email, password: options.password ?? STAFF_TEST_PASSWORD, roles: options.roles, totpSecret: secret };
}

/** A code the server has not seen yet for this person (the next time step if the current one was used). */
export async function freshTotpCode(t: TestApp, staffId: number, secret: string): Promise<string> {
  const [row] = await t.database.db.select({ last: staffUsers.totpLastStep }).from(staffUsers).where(eq(staffUsers.id, staffId));
  const now = Math.floor(Date.now() / 1000);
  const step = Math.floor(now / 30);
  return totpCodeAt(secret, row?.last != null && row.last >= step ? (row.last + 1) * 30 : now);
}

/** Signs in an existing person through POST /api/staff/auth/login (and /second-factor). */
export async function signInAs(t: TestApp, person: { staffId: number; email: string; password: string; roles: StaffRole[]; totpSecret: string | null }): Promise<SignedInStaff> {
  const login = await t.app.inject({ method: 'POST', url: '/api/staff/auth/login', payload: { email: person.email, password: person.password } });
  if (login.statusCode !== 200) throw new Error(`staff login ${login.statusCode}: ${login.body}`);
  let cookie = sessionCookieOf(login);
  let data = (login.json() as { data: { step: string; csrfToken: string } }).data;
  if (data.step === 'totp' && person.totpSecret) {
    const code = await freshTotpCode(t, person.staffId, person.totpSecret);
    const res = await t.app.inject({ method: 'POST', url: '/api/staff/auth/second-factor', headers: { cookie, [STAFF_CSRF_HEADER]: data.csrfToken }, payload: { code } });
    if (res.statusCode !== 200) throw new Error(`staff second factor ${res.statusCode}: ${res.body}`);
    cookie = sessionCookieOf(res);
    data = (res.json() as { data: { step: string; csrfToken: string } }).data;
  }
  if (data.step !== 'done') throw new Error(`staff sign-in stopped at step ${data.step}`);
  const headers = { cookie, [STAFF_CSRF_HEADER]: data.csrfToken };
  return { ...person, cookie, csrf: data.csrfToken, headers, inject: (o) => t.app.inject({ ...o, headers: { ...headers, ...(o.headers as Record<string, string> | undefined) } }) };
}

/**
 * A new staff person with `roles`, signed in as a person does: password, then (Admin and Finance
 * require it) the TOTP code an authenticator app would show for their secret. Pass the TestApp of
 * createTestApp().
 */
export async function signInStaff(t: TestApp, options: { email: string; roles: StaffRole[]; name?: string; totp?: boolean }): Promise<SignedInStaff> {
  return signInAs(t, await makeStaff(t, options));
}
