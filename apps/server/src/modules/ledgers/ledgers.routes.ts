import { LedgersQuerySchema, LedgersSchema } from '@shop/domain/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireRegistered } from '../../lib/auth-context.ts';
import { notFound } from '../../lib/http-error.ts';
import { readLedgers } from './ledgers.service.ts';

export async function ledgersRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/ledgers',
    {
      schema: {
        tags: ['ledgers'],
        summary: 'Outstandings: ledger entries with aging buckets 0-0, 1-14, 15-29, 30+ and the Credit outstanding total',
        description: 'Guests get 403 (SPEC 6: ledgers are for registered users). BusinessUserId, when sent, must be the caller.',
        security: [{ bearer: [] }],
        querystring: LedgersQuerySchema,
        response: { 200: z.object({ data: LedgersSchema }) },
      },
    },
    async (request) => {
      const auth = requireRegistered(request, 'Please sign in to see your outstandings.');
      const { BusinessUserId, payment_mode } = request.query;
      // The scope is the token's; naming another user finds nothing.
      if (BusinessUserId && BusinessUserId !== String(auth.userId)) throw notFound('Ledger not found');
      const data = await readLedgers(deps.db, { userId: auth.userId, businessId: auth.businessId, type: auth.type }, { paymentMode: payment_mode });
      return { data };
    },
  );
}
