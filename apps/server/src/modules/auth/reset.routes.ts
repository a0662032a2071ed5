import { MessageSchema, ResetPasswordInputSchema } from '@shop/domain/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import { HttpError } from '../../lib/http-error.ts';
import { clientOf, LIMITS, type RateLimiter } from '../../lib/rate-limit.ts';
import { passwordChangedMail } from './password-changed.service.ts';
import { CODE_SENT, normaliseCode, requestResetCode, verifyResetCode } from './reset.service.ts';

export async function resetRoutes(app: FastifyInstance, deps: AppDeps, limiter: RateLimiter) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/auth/resetPassword',
    {
      schema: {
        tags: ['auth'],
        summary: 'Password reset: {email, step 1} emails a code; {email, reset_code, step 2} checks it; step 3 adds the new password',
        body: ResetPasswordInputSchema,
        response: { 200: z.object({ data: MessageSchema }) },
      },
    },
    async (request) => {
      const body = request.body;
      const client = clientOf(request);
      if (body.step === 1) {
        // Counted whether or not the email has an account, so a 429 tells nothing either.
        await limiter.consume(LIMITS.resetClient, client);
        await limiter.consume(LIMITS.resetAccount, body.email);
        await requestResetCode(deps.db, deps.mailer, body.email, (err) =>
          request.log.error({ err: { message: (err as Error).message } }, 'reset code mail failed'),
        );
        return { data: { message: CODE_SENT } };
      }
      await limiter.check(LIMITS.resetCodeClient, client);
      try {
        const code = normaliseCode(body.reset_code);
        const done = await verifyResetCode(deps.db, body.email, code, body.step === 3 ? { newPassword: body.password } : undefined);
        app.revocations.add(done.revoked);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 400) await limiter.fail(LIMITS.resetCodeClient, client);
        throw err;
      }
      if (body.step === 3) {
        // Issue 14: the account's own address hears of it (sent after answering).
        void deps.mailer
          .send(passwordChangedMail(body.email.trim().toLowerCase()))
          .catch((err: unknown) => request.log.error({ err: { message: (err as Error).message } }, 'password-changed mail failed'));
      }
      return { data: { message: body.step === 3 ? 'Your password has been reset. Please sign in.' : 'Code verified.' } };
    },
  );
}
