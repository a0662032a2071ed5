import { STAFF_CSRF_HEADER, type StaffCapability, staffCan, staffRequiresTotp } from '@shop/domain/staff';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { forbidden, unauthorized } from '../../lib/http-error.ts';
import { csrfMatches, loadSession, readSessionToken, type StaffPrincipal, type StaffSessionState, type StaffStage } from './staff-session.ts';

export type { StaffPrincipal };

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff session of a /api/staff/ request, or null. Never set on any other route. */
    staffSession: StaffSessionState | null;
  }
}

export const STAFF_PREFIX = '/api/staff/';
export const SIGNED_OUT = 'Please sign in to the back office.';
export const SET_UP_SECOND_FACTOR = 'Set up two-factor sign-in before using the back office.';
export const NOT_ALLOWED = 'Your role does not allow this.';
export const CSRF_REFUSED = 'This request is missing its security token. Reload the page and try again.';
export const BUYER_TOKEN_REFUSED = 'Staff routes do not accept a shop sign-in.';
export const ORIGIN_REFUSED = 'This request came from another site. Open the back office at its own address and try again.';

/**
 * Issue 37, the second line after the CSRF token: a browser names the page that sends a write in
 * Origin (and Sec-Fetch-Site); a staff write is taken only from the back office's own host. A client
 * that is no browser sends neither, and the token alone decides.
 */
export function fromOwnSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

/** Calls that start a session (they have none yet to derive a token from): JSON only, see below. */
const CSRF_EXEMPT = new Set(['/api/staff/auth/login', '/api/staff/auth/setup']);

/**
 * The signed-in staff person allowed `capability`: 401 without a live signed-in session, 403 when
 * the second factor is still to be set up, or when no role of theirs allows it.
 */
export function requireStaff(request: FastifyRequest, capability: StaffCapability): StaffPrincipal {
  const principal = requireStaffSignedIn(request);
  if (!staffCan(principal.roles, capability)) throw forbidden(NOT_ALLOWED);
  return principal;
}

/** Any signed-in staff person, whatever their roles (sign-out, "me"). */
export function requireStaffSignedIn(request: FastifyRequest): StaffPrincipal {
  const s = request.staffSession;
  if (!s) throw unauthorized(SIGNED_OUT);
  if (s.stage === 'enrol') throw forbidden(SET_UP_SECOND_FACTOR);
  if (s.stage !== 'full') throw unauthorized(SIGNED_OUT);
  // A role that requires the second factor may have been granted since sign-in: no further calls
  // until it is set up (the session itself proved only a password).
  if (staffRequiresTotp(s.principal.roles) && !s.totpEnabled) throw forbidden(SET_UP_SECOND_FACTOR);
  return s.principal;
}

/** A session at one of `stages` (the second-factor and enrolment steps). */
export function requireStaffStage(request: FastifyRequest, ...stages: StaffStage[]): StaffSessionState {
  const s = request.staffSession;
  if (!s || !stages.includes(s.stage)) throw unauthorized(SIGNED_OUT);
  return s;
}

/**
 * One hook for every /api/staff/ route, wherever it is registered: refuses buyer tokens, loads the
 * session from its cookie, and requires the session's CSRF token on every call that is not a GET.
 * The login and setup calls have no session yet; they are safe from cross-site posting because
 * they accept only application/json bodies (a cross-site form cannot send one without a CORS
 * preflight, which this server never grants), and the cookie is SameSite=Strict besides.
 */
export function registerStaffAuthHook(app: FastifyInstance, db: Db) {
  app.decorateRequest('staffSession', null);
  const guard = async (request: FastifyRequest) => {
    if (request.headers.authorization) throw unauthorized(BUYER_TOKEN_REFUSED);
    const token = readSessionToken(request);
    request.staffSession = token ? await loadSession(db, token) : null;
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const path = request.url.split('?')[0] ?? '';
    if (!CSRF_EXEMPT.has(path)) {
      if (!request.staffSession) throw unauthorized(SIGNED_OUT);
      const given = request.headers[STAFF_CSRF_HEADER];
      if (!csrfMatches(request.staffSession.csrfToken, typeof given === 'string' ? given : undefined)) throw forbidden(CSRF_REFUSED);
    }
    if (!fromOwnSite(request)) throw forbidden(ORIGIN_REFUSED);
  };
  // Outside /api/staff/ no promise is made.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith(STAFF_PREFIX)) return done();
    guard(request).then(() => done(), done);
  });
}
