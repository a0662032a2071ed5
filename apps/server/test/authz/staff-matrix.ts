import type { InjectOptions } from 'fastify';
import { STAFF_TEST_PASSWORD } from '../staff.ts';
import type { Row } from './matrix.ts';
import { type Actor, isStaffActor } from './world.ts';

/**
 * Staff routes (issue 16) by every caller: buyers' tokens are refused on all of them (401), whatever
 * the token's type; staff people get what their roles allow. Rows for new /api/staff/ routes go here.
 */
const staffOnly = (staff: number | Partial<Record<Actor, number>>, others = 401): Record<Actor, number> => {
  const s = typeof staff === 'number' ? { staffAdmin: staff, staffDesk: staff, staffFinance: staff, staffCatalogue: staff } : staff;
  return { anonymous: others, guest: others, owner: others, orderer: others, approver: others, viewer: others, otherBusiness: others, staffAdmin: 403, staffDesk: 403, staffFinance: 403, staffCatalogue: 403, ...s };
};
const get = (url: string) => (): InjectOptions => ({ method: 'GET', url });

export const STAFF_ROWS: Row[] = [
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
];
