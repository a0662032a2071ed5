import { RegisterInputSchema, RegisterResultSchema, SignUpPageDataSchema } from '@shop/domain/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireSession } from '../../lib/auth-context.ts';
import { unauthorized } from '../../lib/http-error.ts';
import { accessToken, liveSession, startSession } from '../../lib/sessions.ts';
import type { KnownDevices } from '../../lib/known-device.ts';
import { clientOf, LIMITS, type RateLimiter } from '../../lib/rate-limit.ts';
import { REGISTER_BODY_LIMIT } from '../uploads/uploads.service.ts';
import { findSessionUser } from './auth.service.ts';
import { addDocuments, registerBusiness, signUpPageData } from './register.service.ts';
import { issueResetCode, resetMail } from './reset.service.ts';

export async function registerRoutes(app: FastifyInstance, deps: AppDeps, limiter: RateLimiter, devices: KnownDevices) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * The registrant's session: a new one at step 1 (24 h at most until the welcome code is used,
   * lib/sessions.ts), the caller's own at step 2 (a fresh token of it, not a second session).
   */
  async function session(userId: number, sid?: string) {
    const user = await findSessionUser(deps.db, userId);
    if (!user) throw new Error('registered user not found');
    const live = sid ? await liveSession(deps.db, sid, userId) : await startSession(deps.db, userId);
    if (!live) throw unauthorized('Your session has expired. Please sign in again.');
    const token = await accessToken(deps.tokens, { userId: user.id, type: user.type, businessId: user.businessId }, live);
    return { token, user };
  }

  r.post(
    '/api/auth/register',
    {
      // Only this route takes documents, so only it gets a body limit above the app's 1 MiB.
      bodyLimit: REGISTER_BODY_LIMIT,
      schema: {
        tags: ['auth'],
        summary: 'Registration: step 1 creates the business and its Owner (documents optional); step 2 adds documents',
        body: RegisterInputSchema,
        response: { 200: z.object({ data: RegisterResultSchema }) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.step === 2) {
        const auth = requireSession(request);
        const count = await addDocuments(deps.db, deps.files ?? deps.config.DATA_DIR, auth, body.business_id, body.business_users[0] ?? {});
        return { data: { result: { id: body.business_id, documents: count }, ...(await session(auth.userId, auth.sid)), message: 'Documents uploaded.' } };
      }
      await limiter.take(LIMITS.registerClient, clientOf(request), reply);
      const created = await registerBusiness(deps.db, deps.files ?? deps.config.DATA_DIR, body);
      const out = await session(created.userId);
      // SPEC 9: sign-up sends an OTP to the email; here it lets the Owner choose a password. This
      // browser is the code's requester, so a stranger's guesses cannot close the code to it.
      const mark = devices.markRequester(request, reply, out.user.email);
      void issueResetCode(deps.db, created.userId, mark)
        .then((code) => deps.mailer.send(resetMail(out.user.email, code, true)))
        .catch((err: unknown) => request.log.error({ err: { message: (err as Error).message } }, 'welcome mail failed'));
      return {
        data: {
          result: { id: created.businessId, documents: created.documents },
          ...out,
          message: 'Your account has been created. We have emailed you a code to choose your password.',
        },
      };
    },
  );

  r.post(
    '/api/auth/getSignUpPageData',
    {
      schema: {
        tags: ['auth'],
        summary: 'Business types, cities and areas for sign-up step 2',
        response: { 200: z.object({ data: SignUpPageDataSchema }) },
      },
    },
    async () => ({ data: await signUpPageData(deps.db) }),
  );
}
