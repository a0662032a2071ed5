import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { pingDatabase } from '../../db/client.ts';

const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  /** Milliseconds the event loop was held up, over the last one to two minutes (issue 14: at most 50). */
  eventLoopDelay: z.object({ p99Ms: z.number(), maxMs: z.number(), windowSeconds: z.number().int() }),
});

const Check = z.enum(['ok', 'failed', 'not used', 'loading']);
/** readReplica (DATABASE_READ_URL) is reported but does not decide readiness: while it is down its reads go to the primary. */
const ChecksSchema = z.object({ database: Check, redis: Check, copies: Check, readReplica: Check });

/** A dependency that does not answer within this long counts as down. */
const CHECK_TIMEOUT_MS = 2_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const ok = (p: Promise<unknown>) =>
  within(p, CHECK_TIMEOUT_MS).then(
    () => 'ok' as const,
    () => 'failed' as const,
  );

export async function healthRoutes(app: FastifyInstance, deps: AppDeps) {
  // The instance's event-loop delay and copies are decorated on the root (app.ts): /metrics reads them too.
  const loopDelay = app.loopDelay;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '',
    { schema: { tags: ['health'], response: { 200: z.object({ data: HealthSchema }) } } },
    async () => {
      await pingDatabase(deps.db);
      return { data: { status: 'ok' as const, database: deps.dbKind, eventLoopDelay: loopDelay.read() } };
    },
  );

  // Liveness: the process answers. Nothing outside it is asked, so a database outage does not get every
  // instance restarted (the orchestrator's liveness probe).
  typed.get('/live', { schema: { tags: ['health'], response: { 200: z.object({ data: z.object({ status: z.literal('ok') }) }) } } }, async () => ({
    data: { status: 'ok' as const },
  }));

  // Readiness: send this instance traffic only when the database and, when set, Redis answer and the
  // in-memory copies have loaded (the load balancer's or orchestrator's readiness probe). A read replica
  // that does not answer is shown, not counted: every instance shares it, and its reads fall back to the
  // primary, so taking instances out would only stop a shop that can still serve.
  typed.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        response: { 200: z.object({ data: z.object({ status: z.literal('ready'), checks: ChecksSchema }) }), 503: z.object({ error: z.string(), checks: ChecksSchema }) },
      },
    },
    async (_request, reply) => {
      const [database, redis, readReplica] = await Promise.all([
        ok(pingDatabase(deps.db)),
        app.redis ? ok(app.redis.ping()) : Promise.resolve('not used' as const),
        deps.readReplica ? ok(deps.readReplica.ping()) : Promise.resolve('not used' as const),
      ]);
      // No copies (CATALOGUE_COPIES=off): SQL answers every read, nothing to wait for.
      const copies = app.copies.length === 0 ? ('not used' as const) : app.copies.every((c) => c.loaded) ? ('ok' as const) : ('loading' as const);
      const checks = { database, redis, copies, readReplica };
      const problems = [
        database === 'failed' && 'the database does not answer',
        redis === 'failed' && 'Redis does not answer',
        copies === 'loading' && `the in-memory copies are loading (${app.copies.filter((c) => !c.loaded).map((c) => c.name).join(', ')})`,
      ].filter(Boolean);
      if (problems.length > 0) return reply.status(503).send({ error: `Not ready: ${problems.join('; ')}.`, checks });
      return { data: { status: 'ready' as const, checks } };
    },
  );
}
