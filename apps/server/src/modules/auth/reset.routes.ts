import { MessageSchema, ResetPasswordInputSchema } from '@shop/domain/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { KnownDevices } from '../../lib/known-device.ts';
import { assertPassword } from '../../lib/password-policy.ts';
import { clientOf, LIMITS, type RateLimiter } from '../../lib/rate-limit.ts';
import { passwordChangedMail } from './password-changed.service.ts';
import { passwordContextOf } from './auth.service.ts';
import { CODE_SENT, INVALID_CODE, normaliseCode, requestResetCode, verifyResetCode } from './reset.service.ts';

export async function resetRoutes(app: FastifyInstance, deps: AppDeps, limiter: RateLimiter, devices: KnownDevices) {
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
    async (request, reply) => {
      const body = request.body;
      const client = clientOf(request);
      const account = body.email.trim().toLowerCase();
      if (body.step === 1) {
        // Counted whether or not the email has an account, so a 429 tells nothing either. Issue 14
        // point 4: one address may ask 3 codes an hour for an account, and the account's hourly
        // budget (the inbox's bound) holds only browsers it has not been used on.
        await limiter.take(LIMITS.resetClient, client, reply);
        await limiter.take(LIMITS.resetAccountClient, `${account}|${client}`, reply);
        if (!devices.isKnown(request, account)) await limiter.take(LIMITS.resetAccount, account, reply);
        const mark = devices.markRequester(request, reply, account);
        await requestResetCode(
          deps.db,
          deps.mailer,
          body.email,
          (err) => request.log.error({ err: { message: (err as Error).message } }, 'reset code mail failed'),
          mark,
        );
        return { data: { message: CODE_SENT } };
      }
      // Wrong codes count per client address. The browser that asked for the code also has its own
      // tries (strangers cannot spend them); other browsers' tries count per code (reset.service.ts).
      const mark = devices.requesterOf(request, account);
      const held = [await limiter.reserve(LIMITS.resetCodeClient, client, reply)];
      if (mark) held.push(await limiter.reserve(LIMITS.resetCodeRequester, mark, reply));
      const release = () => Promise.all(held.map((h) => h.release()));
      const check = async (userId: number) => assertPassword(body.step === 3 ? body.password : '', await passwordContextOf(deps.db, userId));
      try {
        const code = normaliseCode(body.reset_code);
        const done = await verifyResetCode(deps.db, body.email, code, body.step === 3 ? { newPassword: body.password, check } : undefined, mark);
        app.revocations.add(done.revoked);
      } catch (err) {
        if (!(err instanceof HttpError && err.message === INVALID_CODE)) await release();
        throw err;
      }
      await release();
      // Proving the email makes this browser known to the account (the owner's way in from a new device).
      if (body.step === 3) devices.remember(reply, account);
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
