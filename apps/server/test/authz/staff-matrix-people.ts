import { STAFF_TEST_PASSWORD } from '../staff.ts';
import type { Row } from './row.ts';
import { get, staffOnly } from './staff-rows.ts';
import { isStaffActor } from './world.ts';

/** Signing in, staff accounts and the audit log (issue 16). */
export const STAFF_PEOPLE_ROWS: Row[] = [
  {
    route: 'POST /api/staff/auth/login',
    case: "a staff person's right email and password (a buyer token beside it is refused)",
    expect: { ...staffOnly(200), anonymous: 200 },
    request: (w) => ({ method: 'POST', url: '/api/staff/auth/login', payload: { email: w.staff.bystander.email, password: STAFF_TEST_PASSWORD } }),
  },
  {
    route: 'POST /api/staff/auth/login',
    case: "a buyer's email and password",
    expect: staffOnly(401),
    request: () => ({ method: 'POST', url: '/api/staff/auth/login', payload: { email: 'owner@demo.pk', password: 'Demo@12345' } }),
  },
  {
    route: 'POST /api/staff/auth/second-factor',
    case: 'own recovery code after the password (a new session)',
    expect: staffOnly(200),
    request: async (w, actor) => {
      if (!isStaffActor(actor)) return { method: 'POST', url: '/api/staff/auth/second-factor', payload: { code: 'ABCDE-FGHJK' } };
      const pending = await w.staff.pendingSecondFactor(actor);
      return { method: 'POST', url: '/api/staff/auth/second-factor', headers: pending.headers, payload: { code: pending.code } };
    },
  },
  {
    route: 'POST /api/staff/auth/logout',
    case: 'sign out (own session)',
    expect: staffOnly(200),
    request: async (w, actor) => ({ method: 'POST', url: '/api/staff/auth/logout', headers: isStaffActor(actor) ? await w.staff.freshSession(actor) : {} }),
  },
  {
    route: 'POST /api/staff/auth/logout',
    case: 'without the CSRF token',
    expect: staffOnly(403),
    request: () => ({ method: 'POST', url: '/api/staff/auth/logout', headers: { 'x-csrf-token': '' } }),
  },
  { route: 'GET /api/staff/auth/me', case: 'who am I, with roles', expect: staffOnly(200), request: get('/api/staff/auth/me') },
  {
    route: 'GET /api/staff/auth/session',
    case: 'who am I, or null when not signed in',
    expect: { ...staffOnly(200), anonymous: 200 },
    request: get('/api/staff/auth/session'),
    check: (_w, actor, res) => {
      if (res.statusCode !== 200) return null;
      const data = (res.json() as { data: { email: string } | null }).data;
      return isStaffActor(actor) === (data !== null) ? null : `answers ${JSON.stringify(data)?.slice(0, 80)}`;
    },
  },
  {
    route: 'POST /api/staff/auth/totp/start',
    case: 'start setting up the second factor when it is already set up',
    expect: staffOnly(409),
    request: () => ({ method: 'POST', url: '/api/staff/auth/totp/start' }),
  },
  {
    route: 'POST /api/staff/auth/totp/confirm',
    case: 'confirm a second factor when it is already set up',
    expect: staffOnly(409),
    request: () => ({ method: 'POST', url: '/api/staff/auth/totp/confirm', payload: { code: '123456' } }),
  },
  {
    route: 'GET /api/staff/auth/setup',
    case: 'a setup link that is not (or no longer) valid',
    expect: { ...staffOnly(404), anonymous: 404 },
    request: get('/api/staff/auth/setup?token=not-a-real-token-not-a-real-token'),
  },
  {
    route: 'POST /api/staff/auth/setup',
    case: 'choose a password through a link that is not valid',
    expect: { ...staffOnly(404), anonymous: 404 },
    request: () => ({ method: 'POST', url: '/api/staff/auth/setup', payload: { token: 'not-a-real-token-not-a-real-token', password: 'Chosen@12345' } }),
  },
  { route: 'GET /api/staff/accounts', case: 'list staff accounts', expect: staffOnly({ staffAdmin: 200 }), request: get('/api/staff/accounts') },
  // Issue 35: the first-run checklist on the Admin's start page.
  { route: 'GET /api/staff/go-live', case: 'what the shop still lacks before buyers can order', expect: staffOnly({ staffAdmin: 200 }), request: get('/api/staff/go-live') },
  {
    route: 'POST /api/staff/accounts',
    case: 'add a staff person (as Admin)',
    expect: staffOnly({ staffAdmin: 200 }),
    request: (_w, actor) => ({ method: 'POST', url: '/api/staff/accounts', payload: { email: `matrix-new-${actor.toLowerCase()}@staff.pk`, name: 'New Person', roles: ['Admin'] } }),
  },
  {
    route: 'PATCH /api/staff/accounts/:id',
    case: "change another person's roles",
    expect: staffOnly({ staffAdmin: 200 }),
    request: (w) => ({ method: 'PATCH', url: `/api/staff/accounts/${w.staff.bystander.staffId}`, payload: { roles: ['Catalogue', 'Order desk'] } }),
  },
  {
    route: 'PATCH /api/staff/accounts/:id',
    case: 'give oneself the Admin role',
    expect: staffOnly({ staffAdmin: 200 }),
    request: (w, actor) => ({ method: 'PATCH', url: `/api/staff/accounts/${isStaffActor(actor) ? w.staff.people[actor].staffId : w.staff.bystander.staffId}`, payload: { roles: ['Admin'] } }),
  },
  {
    route: 'POST /api/staff/accounts/:id/disable',
    case: 'disable another person',
    expect: staffOnly({ staffAdmin: 200 }),
    request: async (w) => ({ method: 'POST', url: `/api/staff/accounts/${await w.staff.throwaway()}/disable` }),
  },
  {
    route: 'POST /api/staff/accounts/:id/enable',
    case: 'enable another person',
    expect: staffOnly({ staffAdmin: 200 }),
    request: async (w) => ({ method: 'POST', url: `/api/staff/accounts/${await w.staff.throwaway()}/enable` }),
  },
  {
    route: 'POST /api/staff/accounts/:id/reset-second-factor',
    case: "reset another person's second factor",
    expect: staffOnly({ staffAdmin: 200 }),
    request: async (w) => ({ method: 'POST', url: `/api/staff/accounts/${await w.staff.throwaway()}/reset-second-factor` }),
  },
  {
    route: 'POST /api/staff/accounts/:id/unlock',
    case: "lift another person's sign-in lockout",
    expect: staffOnly({ staffAdmin: 200 }),
    request: async (w) => ({ method: 'POST', url: `/api/staff/accounts/${await w.staff.throwaway()}/unlock` }),
  },
  {
    route: 'POST /api/staff/accounts/:id/setup-link',
    case: 'a new password link for another person',
    expect: staffOnly({ staffAdmin: 200 }),
    request: async (w) => ({ method: 'POST', url: `/api/staff/accounts/${await w.staff.throwaway()}/setup-link` }),
  },
  { route: 'GET /api/staff/audit', case: 'read the audit log', expect: staffOnly({ staffAdmin: 200 }), request: get('/api/staff/audit') },
  { route: 'GET /api/staff/audit/export', case: 'export the audit log as CSV', expect: staffOnly({ staffAdmin: 200 }), request: get('/api/staff/audit/export') },
];
