import type { FastifyRequest } from 'fastify';
import type { UserType } from '@shop/domain/constants';
import { forbidden, unauthorized } from './http-error.ts';
import type { AuthClaims } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Verified token claims, or null when no token was sent. */
    auth: AuthClaims | null;
  }
  interface FastifyContextConfig {
    /** Issue 37: who may call the route, checked when the request arrives, before its body is read. */
    access?: RouteAccess;
  }
}

/** Any session (guest included), or a registered user (refused to guests with `registered`, the route's message). */
export type RouteAccess = { session: true } | { registered: string };

/**
 * Route options of a route that needs a session: lib/auth-hook.ts refuses a request without one as it
 * arrives (401, or 403 to a guest with the route's message), so no body of a stranger's is read or
 * parsed; the handler's requireSession / requireRegistered still decide, with the same answers.
 */
export const sessionRoute = { access: { session: true } } satisfies { access: RouteAccess };
export const registeredRoute = (message = SIGN_IN): { access: RouteAccess } => ({ access: { registered: message } });

const SIGN_IN = 'Please sign in to continue.';

/** The refusal of `access` to `auth`, or null when it may go on. */
export function accessRefusal(access: RouteAccess, auth: AuthClaims | null): Error | null {
  if (!auth) return unauthorized();
  if ('registered' in access && isGuest(auth)) return forbidden(access.registered);
  return null;
}

const isGuest = (auth: AuthClaims) => auth.type === 'Guest' || auth.userId <= 0 || auth.businessId == null;

/** Any session, guest included. */
export function requireSession(request: FastifyRequest): AuthClaims {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export interface RegisteredClaims extends AuthClaims {
  businessId: number;
}

/** A registered user (not a guest). Guests get 403 with `message`. */
export function requireRegistered(request: FastifyRequest, message = SIGN_IN): RegisteredClaims {
  const auth = requireSession(request);
  if (isGuest(auth)) throw forbidden(message);
  return auth as RegisteredClaims;
}

export function hasType(auth: AuthClaims | null, ...types: UserType[]): boolean {
  return auth != null && types.includes(auth.type);
}
