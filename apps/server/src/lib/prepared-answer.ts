import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A JSON answer kept ready to send by a read cache (the storefront's and the marketplace's): serialised
 * once, and each compressed form made when first asked for, then kept with it. Compressing a 40-product
 * page on every request cost more than answering it from memory (docs/performance-changelog.md, issues 6 and 14).
 */
export interface PreparedAnswer {
  /** The JSON's UTF-8 bytes, kept as bytes: a kept string would be encoded again on every write. */
  json: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /** Not kept by the cache (asked once): sent as text, compressed by @fastify/compress off the event loop. */
  once?: boolean;
}

/** Below this, compressing saves less than it costs (@fastify/compress's threshold in app.ts). */
const THRESHOLD = 1024;

/** `{ data }` serialised once, as the bytes every answer of it sends. */
export function jsonAnswer(data: unknown): Buffer {
  return Buffer.from(JSON.stringify({ data }));
}

export function sendPreparedAnswer(request: FastifyRequest, reply: FastifyReply, prepared: PreparedAnswer): FastifyReply {
  reply.header('content-type', 'application/json; charset=utf-8');
  if (prepared.once || prepared.json.length < THRESHOLD) return reply.send(prepared.json);
  const accept = String(request.headers['accept-encoding'] ?? '');
  reply.header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accept)) {
    prepared.br ??= brotliCompressSync(prepared.json, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(prepared.br);
  }
  if (/\bgzip\b/.test(accept)) {
    prepared.gzip ??= gzipSync(prepared.json, { level: 6 });
    return reply.header('content-encoding', 'gzip').send(prepared.gzip);
  }
  return reply.send(prepared.json);
}
