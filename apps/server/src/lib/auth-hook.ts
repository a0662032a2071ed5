import type { FastifyInstance } from 'fastify';
import { unauthorized } from './http-error.ts';
import type { TokenService } from './tokens.ts';

/**
 * Reads the Bearer token of every /api request. A token that is present but invalid (altered,
 * expired, unsigned) gets 401, so the storefront drops it and opens a new guest session (SPEC 4);
 * the sign-in calls themselves ignore a stale token.
 */
export function registerAuthHook(app: FastifyInstance, tokens: TokenService) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header || !request.url.startsWith('/api/')) return;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const claims = match?.[1] ? await tokens.verify(match[1]) : null;
    if (claims) {
      request.auth = claims;
      return;
    }
    if (request.url.startsWith('/api/auth/')) return;
    throw unauthorized('Your session has expired. Please sign in again.');
  });
}
