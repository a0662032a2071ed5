import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type PreparedAnswer, preparedAnswer, sendPreparedAnswer } from '../../lib/prepared-answer.ts';
import type { TtlCache } from './marketplace.cache.ts';

/**
 * Sends a marketplace read answer kept ready to send: checked against its contract, serialised and
 * compressed once, then served as bytes while the cache keeps it. Validating and compressing a
 * 40-product page on every request cost more than the query itself (docs/performance-changelog.md, issue 6).
 * Keyed by the request URL: its query was already validated by the route schema.
 */
export function sendPrepared<T extends z.ZodType>(
  cache: TtlCache,
  request: FastifyRequest,
  reply: FastifyReply,
  schema: T,
  load: () => Promise<z.input<T>>,
): void {
  cache
    .get(`http:${request.url}`, async (): Promise<PreparedAnswer> => preparedAnswer(schema.parse(await load())))
    .then((prepared) => sendPreparedAnswer(request, reply, prepared))
    .catch((err: unknown) => reply.send(err));
}
