import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import { pingDatabase } from '../../db/client.ts';

export async function healthRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        response: { 200: z.object({ data: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) }) },
      },
    },
    async () => {
      await pingDatabase(deps.db);
      return { data: { status: 'ok' as const, database: deps.dbKind } };
    },
  );
}
