import { feedbackSuccess } from '@shop/domain/account-rules';
import { FeedbackInputSchema } from '@shop/domain/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import { requireSession } from '../../lib/auth-context.ts';
import { clientOf, LIMITS, rateLimiterFor } from '../../lib/rate-limit.ts';
import { saveFeedback } from './feedback.service.ts';

export async function feedbackRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limiter = rateLimiterFor(app, deps.config.REDIS_URL);

  r.post(
    '/api/public_route/app_feedback',
    {
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
    async (request) => {
      const auth = requireSession(request);
      await limiter.consume(LIMITS.feedbackClient, clientOf(request));
      const userId = auth.type !== 'Guest' && auth.userId > 0 ? auth.userId : null;
      if (userId != null) await limiter.consume(LIMITS.feedbackAccount, String(userId));
      const id = await saveFeedback(deps.db, userId, request.body);
      return { data: { id, message: feedbackSuccess(request.body.type) } };
    },
  );
}
