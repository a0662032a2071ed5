import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { pingDatabase } from '../../db/client.ts';
import { type LoopDelayMonitor, startLoopDelayMonitor } from '../../lib/loop-delay.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Event-loop delay of this process (also for a metrics endpoint). */
    loopDelay: LoopDelayMonitor;
  }
}

const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  /** Milliseconds the event loop was held up, over the last one to two minutes (issue 14: at most 50). */
  eventLoopDelay: z.object({ p99Ms: z.number(), maxMs: z.number(), windowSeconds: z.number().int() }),
});

export async function healthRoutes(app: FastifyInstance, deps: AppDeps) {
  const loopDelay = startLoopDelayMonitor();
  app.decorate('loopDelay', loopDelay);
  app.addHook('onClose', async () => loopDelay.stop());

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    { schema: { tags: ['health'], response: { 200: z.object({ data: HealthSchema }) } } },
    async () => {
      await pingDatabase(deps.db);
      return { data: { status: 'ok' as const, database: deps.dbKind, eventLoopDelay: loopDelay.read() } };
    },
  );
}
