import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, DbKind } from '../db/client.ts';
import { accessRefusal } from './auth-context.ts';
import { unauthorized } from './http-error.ts';
import { type RevocationWatch, watchRevocations } from './session-revocations.ts';
import { accessToken, liveSession } from './sessions.ts';
import type { TokenService, VerifiedClaims } from './tokens.ts';

/** The response header that carries a renewed access token; the web's api client stores it. */
export const RENEWED_TOKEN_HEADER = 'x-session-token';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's knowledge of revoked sessions (routes add what they revoke at once). */
    revocations: RevocationWatch;
  }
}

/**
 * Reads the Bearer token of every /api request. A token that is present but invalid (altered,
 * expired, unsigned, or of a revoked session) gets 401, so the storefront drops it and opens a new
 * guest session (SPEC 4); the sign-in calls themselves ignore a stale token.
 *
 * A registered user's token carries its session id: the revocation check is a lookup in this
 * instance's set (lib/session-revocations.ts). Past half its 15-minute life, the session row is
 * read and, if live, a fresh token goes back in RENEWED_TOKEN_HEADER: active users stay signed in.
 */
export function registerAuthHook(app: FastifyInstance, deps: { tokens: TokenService; db: Db; dbKind: DbKind }) {
  const watch = watchRevocations(deps.db, deps.dbKind, (err) =>
    app.log.warn({ cause: err instanceof Error ? err.message : String(err) }, 'listening for revoked sessions failed; retrying'),
  );
  app.decorate('revocations', watch);
  app.addHook('onReady', async () => watch.ready);
  app.addHook('onClose', async () => watch.close());

  async function check(claims: VerifiedClaims | null, setHeader: (token: string) => void): Promise<VerifiedClaims | null> {
    if (!claims || claims.type === 'Guest') return claims;
    // A registered token without a session (made before sessions existed) cannot be revoked: refused.
    if (!claims.sid || watch.isRevoked(claims.sid)) return null;
    if (Date.now() - claims.issuedAt < (claims.expiresAt - claims.issuedAt) / 2) return claims;
    const session = await liveSession(deps.db, claims.sid, claims.userId);
    if (!session) return null;
    setHeader(await accessToken(deps.tokens, claims, session));
    return claims;
  }

  app.addHook('onSend', (_request, reply, payload, done) => {
    // A response carrying a token is never kept by a shared cache, whatever its route said.
    if (reply.hasHeader(RENEWED_TOKEN_HEADER)) reply.header('cache-control', 'private, no-store');
    done(null, payload);
  });

  app.decorateRequest('auth', null);
  const authenticate = async (request: FastifyRequest, reply: FastifyReply, header: string) => {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const verified = match?.[1] ? await deps.tokens.verify(match[1]) : null;
    const claims = await check(verified, (token) => reply.header(RENEWED_TOKEN_HEADER, token));
    if (claims) {
      request.auth = claims;
      return;
    }
    if (request.url.startsWith('/api/auth/')) return;
    throw unauthorized('Your session has expired. Please sign in again.');
  };
  // A guest's request (no token) passes without a promise; a signed-in one is checked. A route that
  // needs a session (its `access` option) refuses a request without one here, before its body is read.
  app.addHook('onRequest', (request, reply, done) => {
    const access = request.routeOptions.config.access;
    const header = request.headers.authorization;
    const refusal = () => (access && accessRefusal(access, request.auth)) || undefined;
    if (!header || !request.url.startsWith('/api/')) return done(refusal());
    authenticate(request, reply, header).then(() => done(refusal()), done);
  });
}
