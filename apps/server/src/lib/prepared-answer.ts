import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A JSON answer kept ready to send by a read cache (the storefront's and the marketplace's): serialised
 * once, and each compressed form made when first asked for, then kept with it. Compressing a 40-product
 * page on every request cost more than answering it from memory (docs/performance-changelog.md, issues 6 and 14).
 *
 * Once a compressed form is kept, the JSON's own bytes are let go (issue 17, memory): browsers ask for
 * br or gzip, and a kept page's JSON was four to six times the size of its compressed form, so a full
 * cache held mostly bytes nobody was sent. A client that asks for neither (a script, a bench) gets the
 * JSON decompressed from the kept form (tens of microseconds for a 40-product page), and from then on the
 * answer keeps its JSON again: such a client asks again, and a page asked both ways must not be
 * decompressed per request (the benches warm their pages with fetch, which asks for gzip, then ask
 * without compression: 6,000 against 11,000 requests a second for warm category pages, before this rule).
 */
export interface PreparedAnswer {
  /** The JSON's UTF-8 bytes (a kept string would be encoded again on every write); null once a compressed form is kept. */
  json: Buffer | null;
  /** The JSON's length in bytes: what a cache counts for it, and the compression threshold's measure. */
  bytes: number;
  br?: Buffer;
  gzip?: Buffer;
  /** Not kept by the cache (asked once): sent as text, compressed by @fastify/compress off the event loop. */
  once?: boolean;
  /** A client without compression has asked for it: the JSON stays. */
  plainAsked?: boolean;
}

/** Below this, compressing saves less than it costs (@fastify/compress's threshold in app.ts). */
const THRESHOLD = 1024;

/** `{ data }` serialised once, as the bytes every answer of it sends. */
export function preparedAnswer(data: unknown, once = false): PreparedAnswer {
  const text = Buffer.from(JSON.stringify({ data }));
  if (once) return { json: text, bytes: text.length, once };
  // A short text's Buffer is a slice of Node's shared 8 KB pool, which a kept answer would hold whole.
  const json = ownBytes(text);
  return { json, bytes: json.length };
}

/**
 * `bytes` in memory of its own size. Node's one-shot zlib calls (`brotliCompressSync`, `gzipSync`, their
 * inverses) return an answer that fits one output chunk as a view of that chunk: a 3 KB page compressed
 * kept a 16 KB ArrayBuffer alive for as long as the cache kept the page. With both catalogues at 100,000
 * and 4,000 URLs each asked twice as browsers ask, the caches grew the array buffers by 45 MB; with their
 * own sizes, by 18-20 MB (docs/performance.md, "Memory at 100,000 products"). `allocUnsafeSlow` takes no
 * slice of Node's shared pool either, so a kept answer holds no one else's memory.
 */
export function ownBytes(bytes: Buffer): Buffer {
  if (bytes.buffer.byteLength === bytes.length) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

/** The JSON's bytes: kept, or decompressed from the kept form. */
function plain(prepared: PreparedAnswer): Buffer {
  if (prepared.json) return prepared.json;
  if (prepared.br) return brotliDecompressSync(prepared.br);
  if (prepared.gzip) return gunzipSync(prepared.gzip);
  throw new Error('a prepared answer holds no bytes');
}

export function sendPreparedAnswer(request: FastifyRequest, reply: FastifyReply, prepared: PreparedAnswer): FastifyReply {
  reply.header('content-type', 'application/json; charset=utf-8');
  if (prepared.once || prepared.bytes < THRESHOLD) return reply.send(plain(prepared));
  const accept = String(request.headers['accept-encoding'] ?? '');
  reply.header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accept)) {
    prepared.br ??= ownBytes(brotliCompressSync(plain(prepared), { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
    if (!prepared.plainAsked) prepared.json = null;
    return reply.header('content-encoding', 'br').send(prepared.br);
  }
  if (/\bgzip\b/.test(accept)) {
    prepared.gzip ??= ownBytes(gzipSync(plain(prepared), { level: 6 }));
    if (!prepared.plainAsked) prepared.json = null;
    return reply.header('content-encoding', 'gzip').send(prepared.gzip);
  }
  prepared.json ??= ownBytes(plain(prepared));
  prepared.plainAsked = true;
  return reply.send(prepared.json);
}
