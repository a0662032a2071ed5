import { GUEST_USER } from '@shop/domain/guest-user';
import { LoginInputSchema, MessageSchema, SessionSchema } from '@shop/domain/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireRegistered } from '../../lib/auth-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { createKnownDevices } from '../../lib/known-device.ts';
import { clientOf, type Limit, LIMITS, rateLimiterOf } from '../../lib/rate-limit.ts';
import { accessToken, revokeSession, startSession } from '../../lib/sessions.ts';
import { authenticate, changePassword, CURRENT_PASSWORD_WRONG } from './auth.service.ts';
import { passwordChangedMail } from './password-changed.service.ts';
import { registerRoutes } from './register.routes.ts';
import { resetRoutes } from './reset.routes.ts';

export async function authRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limiter = rateLimiterOf(app);
  const devices = createKnownDevices(deps.tokens);

  /** Issue 14: the account's own address hears of every password change (sent after answering). */
  function mailPasswordChanged(request: FastifyRequest, email: string) {
    void deps.mailer
      .send(passwordChangedMail(email.trim().toLowerCase()))
      .catch((err: unknown) => request.log.error({ err: { message: (err as Error).message } }, 'password-changed mail failed'));
  }

  /**
   * Issue 14 points 3 and 4. Every attempt is counted before the password is hashed, so parallel wrong
   * guesses cannot all be evaluated; a success gives its attempts back. The client address is always
   * counted; the account's counters (growing tiers) only count attempts from devices that have not
   * signed in to it, so a stranger elsewhere can fill them without keeping the owner out.
   */
  async function guarded<T>(limits: [Limit, string][], reply: FastifyReply, run: () => Promise<T>): Promise<T> {
    const held: { release(): Promise<void> }[] = [];
    for (const [limit, subject] of limits) held.push(await limiter.reserve(limit, subject, reply));
    try {
      const result = await run();
      await Promise.all(held.map((h) => h.release()));
      return result;
    } catch (err) {
      const wrongPassword = err instanceof HttpError && (err.statusCode === 401 || err.message === CURRENT_PASSWORD_WRONG);
      if (!wrongPassword) await Promise.all(held.map((h) => h.release()));
      throw err;
    }
  }

  function signInLimits(request: FastifyRequest, email: string): [Limit, string][] {
    const account = email.trim().toLowerCase();
    const limits: [Limit, string][] = [[LIMITS.signInClient, clientOf(request)]];
    if (!devices.isKnown(request, account)) {
      for (const tier of [LIMITS.signInAccountShort, LIMITS.signInAccountHour, LIMITS.signInAccountDay]) limits.push([tier, account]);
    }
    return limits;
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
    async (request, reply) => {
      const body = request.body;
      if ('step' in body && body.step === 'Guest') {
        const token = await deps.tokens.sign({ userId: 0, type: 'Guest', businessId: null });
        return { data: { token, user: GUEST_USER } };
      }
      if ('step' in body && body.step === 'ChangePassword') {
        // SPEC 6: guests have no password to change.
        const auth = requireRegistered(request, 'Please sign in to change your password.');
        const limits: [Limit, string][] = [
          [LIMITS.signInClient, clientOf(request)],
          [LIMITS.changePasswordAccount, String(auth.userId)],
        ];
        const revoked = await guarded(limits, reply, () =>
          changePassword(deps.db, auth.userId, body.email, body.password, body.newPassword, auth.sid),
        );
        app.revocations.add(revoked);
        mailPasswordChanged(request, body.email);
        return { data: { message: 'Password changed successfully.' } };
      }
      const user = await guarded(signInLimits(request, body.email), reply, () => authenticate(deps.db, body.email, body.password));
      devices.remember(reply, user.email);
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

  await registerRoutes(app, deps, limiter, devices);
  await resetRoutes(app, deps, limiter, devices);
}
