import { GUEST_USER } from '@shop/domain/account';
import { LoginInputSchema, MessageSchema, SessionSchema } from '@shop/domain/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import { requireRegistered } from '../../lib/auth-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { clientOf, LIMITS, rateLimiterFor } from '../../lib/rate-limit.ts';
import { accessToken, revokeSession, startSession } from '../../lib/sessions.ts';
import { authenticate, changePassword, CURRENT_PASSWORD_WRONG } from './auth.service.ts';
import { passwordChangedMail } from './password-changed.service.ts';
import { registerRoutes } from './register.routes.ts';
import { resetRoutes } from './reset.routes.ts';

export async function authRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limiter = rateLimiterFor(app, deps.config.REDIS_URL);

  /** Issue 14: the account's own address hears of every password change (sent after answering). */
  function mailPasswordChanged(request: FastifyRequest, email: string) {
    void deps.mailer
      .send(passwordChangedMail(email.trim().toLowerCase()))
      .catch((err: unknown) => request.log.error({ err: { message: (err as Error).message } }, 'password-changed mail failed'));
  }

  /** Failed password checks count per account and per client; at the limit even a right password waits. */
  async function guarded<T>(email: string, request: Parameters<typeof clientOf>[0], run: () => Promise<T>): Promise<T> {
    const account = email.trim().toLowerCase();
    await limiter.check(LIMITS.signInAccount, account);
    await limiter.check(LIMITS.signInClient, clientOf(request));
    try {
      const result = await run();
      await limiter.reset(LIMITS.signInAccount, account);
      return result;
    } catch (err) {
      if (err instanceof HttpError && (err.statusCode === 401 || err.message === CURRENT_PASSWORD_WRONG)) {
        await limiter.fail(LIMITS.signInAccount, account);
        await limiter.fail(LIMITS.signInClient, clientOf(request));
      }
      throw err;
    }
  }

  r.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Guest session ({step: "Guest"}), sign-in with email and password, or step ChangePassword (with the bearer token)',
        body: LoginInputSchema,
        response: { 200: z.object({ data: z.union([SessionSchema.extend({ message: z.string().optional() }), MessageSchema]) }) },
      },
    },
    async (request) => {
      const body = request.body;
      if ('step' in body && body.step === 'Guest') {
        const token = await deps.tokens.sign({ userId: 0, type: 'Guest', businessId: null });
        return { data: { token, user: GUEST_USER } };
      }
      if ('step' in body && body.step === 'ChangePassword') {
        // SPEC 6: guests have no password to change.
        const auth = requireRegistered(request, 'Please sign in to change your password.');
        const revoked = await guarded(body.email, request, () =>
          changePassword(deps.db, auth.userId, body.email, body.password, body.newPassword, auth.sid),
        );
        app.revocations.add(revoked);
        mailPasswordChanged(request, body.email);
        return { data: { message: 'Password changed successfully.' } };
      }
      const user = await guarded(body.email, request, () => authenticate(deps.db, body.email, body.password));
      const session = await startSession(deps.db, user.id);
      const token = await accessToken(deps.tokens, { userId: user.id, type: user.type, businessId: user.businessId }, session);
      return { data: { token, user } };
    },
  );

  r.post(
    '/api/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign Out: ends the session of the bearer token on every instance (a guest or stale token: nothing to end)',
        security: [{ bearer: [] }],
        response: { 200: z.object({ data: MessageSchema }) },
      },
    },
    async (request) => {
      const auth = request.auth;
      if (auth?.sid) app.revocations.add(await revokeSession(deps.db, auth.sid, auth.userId));
      return { data: { message: 'Signed out.' } };
    },
  );

  await registerRoutes(app, deps, limiter);
  await resetRoutes(app, deps, limiter);
}
