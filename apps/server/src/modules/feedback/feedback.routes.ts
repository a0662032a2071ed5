import { feedbackSuccess } from '@shop/domain/account-rules';
import { FeedbackInputSchema } from '@shop/domain/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireSession, sessionRoute } from '../../lib/auth-context.ts';
import { clientOf, LIMITS, rateLimiterOf } from '../../lib/rate-limit.ts';
import { checkFeedback, FEEDBACK_BUSY, FEEDBACK_FULL, saveFeedback } from './feedback.service.ts';

export async function feedbackRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limiter = rateLimiterOf(app);

  r.post(
    '/api/public_route/app_feedback',
    {
      config: sessionRoute,
      schema: {
        tags: ['feedback'],
        // SPEC 7 has the client send a fixed static token; here any session (guest or registered) is
        // accepted, and the sender is recorded from it.
        summary: 'Feedback form (any session, guest included)',
        security: [{ bearer: [] }],
        body: FeedbackInputSchema,
        response: { 200: z.object({ data: z.object({ id: z.number(), message: z.string() }) }) },
      },
    },
    async (request, reply) => {
      const auth = requireSession(request);
      await limiter.take(LIMITS.feedbackClient, clientOf(request), reply);
      const userId = auth.type !== 'Guest' && auth.userId > 0 ? auth.userId : null;
      if (userId != null) await limiter.take(LIMITS.feedbackAccount, String(userId), reply);
      checkFeedback(request.body);
      // Issue 14 point 7: a budget for the whole shop, so many addresses together cannot fill the table.
      await limiter.take(LIMITS.feedbackShopMinute, 'shop', reply, FEEDBACK_BUSY);
      await limiter.take(LIMITS.feedbackShopDay, 'shop', reply, FEEDBACK_FULL);
      const id = await saveFeedback(deps.db, userId, request.body);
      return { data: { id, message: feedbackSuccess(request.body.type) } };
    },
  );
}
