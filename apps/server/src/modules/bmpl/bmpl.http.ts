import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { TtlCache } from './bmpl.cache.ts';

/** An answer ready to send; each compressed form is made when first asked for, then kept with it. */
interface Prepared {
  json: string;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * Sends a marketplace read answer kept ready to send: checked against its contract, serialised and
 * compressed once, then served as bytes while the cache keeps it. Validating and compressing a
 * 40-product page on every request cost more than the query itself (docs/performance.md, issue 6).
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
    .get(`http:${request.url}`, async (): Promise<Prepared> => ({ json: JSON.stringify({ data: schema.parse(await load()) }) }))
    .then((prepared) => {
      const accept = String(request.headers['accept-encoding'] ?? '');
      reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
      // Compressed on first demand: a URL asked once (a cold page) pays for one encoding at most.
      if (/\bbr\b/.test(accept)) {
        prepared.br ??= brotliCompressSync(prepared.json, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
        return reply.header('content-encoding', 'br').send(prepared.br);
      }
      if (/\bgzip\b/.test(accept)) {
        prepared.gzip ??= gzipSync(prepared.json, { level: 6 });
        return reply.header('content-encoding', 'gzip').send(prepared.gzip);
      }
      return reply.send(prepared.json);
    })
    .catch((err: unknown) => reply.send(err));
}
