import type { FastifyRequest } from 'fastify';
import type { UserType } from '@shop/domain/constants';
import { forbidden, unauthorized } from './http-error.ts';
import type { AuthClaims } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Verified token claims, or null when no token was sent. */
    auth: AuthClaims | null;
  }
}

/** Any session, guest included. */
export function requireSession(request: FastifyRequest): AuthClaims {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export interface RegisteredClaims extends AuthClaims {
  businessId: number;
}

/** A registered user (not a guest). Guests get 403 with `message`. */
export function requireRegistered(request: FastifyRequest, message = 'Please sign in to continue.'): RegisteredClaims {
  const auth = requireSession(request);
  if (auth.type === 'Guest' || auth.userId <= 0 || auth.businessId == null) throw forbidden(message);
  return auth as RegisteredClaims;
}

export function hasType(auth: AuthClaims | null, ...types: UserType[]): boolean {
  return auth != null && types.includes(auth.type);
}
