import { Readable, Transform } from 'node:stream';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './http-error.ts';
import { FREE_SHAPE, type ShapeBounds, ShapeWatcher, shapeBoundsOf } from './json-shape.ts';

/**
 * Compressed request bodies may inflate to at most this many times their size on the wire (past
 * the first INFLATION_FLOOR bytes, which any body may reach). JSON a client compresses shrinks 3 to
 * 15 times; a body that inflates further is a bomb, refused after inflating no more than the bound.
 */
export const MAX_INFLATION_RATIO = 32;
export const INFLATION_FLOOR = 64 * 1024;

const INFLATE = {
  gzip: promisify(gunzip),
  'x-gzip': promisify(gunzip),
  deflate: promisify(inflate),
  br: promisify(brotliDecompress),
} as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set for every route from its body schema (lib/body-bounds.ts). */
    bodyShape?: ShapeBounds;
  }
}

const tooLarge = () => new HttpError(413, 'The request body is too large.');

/** Reads a request stream up to `limit` bytes; more is refused with 413 without reading the rest. */
async function readAtMost(stream: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > limit) throw tooLarge();
    chunks.push(buf);
  }
  return Buffer.concat(chunks, size);
}

/** The compressed body, inflated on zlib's worker threads and bounded in size and in ratio. */
async function inflateBody(request: FastifyRequest, payload: NodeJS.ReadableStream, encoding: keyof typeof INFLATE) {
  const limit = request.routeOptions.bodyLimit ?? 1024 * 1024;
  const declared = Number(request.headers['content-length']);
  if (declared > limit) throw tooLarge();
  const wire = await readAtMost(payload, limit);
  const maxOutputLength = Math.min(limit, Math.max(INFLATION_FLOOR, wire.length * MAX_INFLATION_RATIO));
  let body: Buffer;
  try {
    body = await INFLATE[encoding](wire, { maxOutputLength });
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
    throw new HttpError(400, 'The request body could not be decompressed.');
  }
  // Fastify checks Content-Length against the bytes on the wire, which it reads from here.
  const stream = Readable.from([body]) as Readable & { receivedEncodedLength?: number };
  stream.receivedEncodedLength = wire.length;
  return stream;
}

/** The body as it arrives, refused at the first chunk whose JSON breaks the route's shape bounds. */
function watchShape(payload: NodeJS.ReadableStream & { receivedEncodedLength?: number }, bounds: ShapeBounds) {
  const watcher = new ShapeWatcher(bounds);
  const watched = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      const problem = watcher.feed(chunk);
      if (problem) next(new HttpError(400, problem));
      else next(null, chunk);
    },
  }) as Transform & { receivedEncodedLength?: number };
  // Fastify compares Content-Length with the bytes on the wire, which it reads from here.
  if (payload.receivedEncodedLength !== undefined) watched.receivedEncodedLength = payload.receivedEncodedLength;
  // The body flows only once Fastify reads it (its 'error' listener is attached before it resumes the
  // stream): piped earlier, a bad first chunk could fail the stream before anyone listens, and Node
  // throws an 'error' nobody listens to as an uncaught exception, which would end the process.
  watched.once('resume', () => (payload as Readable).pipe(watched));
  (payload as Readable).on('error', (err) => watched.destroy(err));
  // Fastify stops listening when it refuses a body early (Content-Length over the limit); a problem
  // found after that has nobody left to tell and must not become an uncaught exception either.
  watched.on('error', () => {});
  return watched;
}

const isJson = (contentType: string | undefined) => /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType ?? '');

/**
 * Bounds every request body before any code walks it (issue 14, point 8): bytes on the wire
 * (bodyLimit), inflated bytes and inflation ratio of a compressed body, and the JSON's shape
 * (nesting, list lengths, fields, values), checked on the bytes as they arrive, before parsing,
 * against bounds derived from the route's body schema. Replaces @fastify/compress's request
 * inflation, which inflates a bomb to its end.
 */
export function registerBodyBounds(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, bodyShape: route.schema?.body ? shapeBoundsOf(route.schema.body) : FREE_SHAPE };
  });

  // Synchronous unless a body must be inflated: most requests (every GET) pass without a promise.
  app.addHook('preParsing', (request, _reply, payload, done) => {
    // Fastify never reads the body of a bodyless method (GET, HEAD ...): nothing to bound.
    if (request.method === 'GET' || request.method === 'HEAD') return done(null, payload);
    const encoding = String(request.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
    const shaped = (body: NodeJS.ReadableStream) =>
      isJson(request.headers['content-type']) ? watchShape(body, request.routeOptions.config.bodyShape ?? FREE_SHAPE) : body;
    if (encoding === 'identity') {
      let body: NodeJS.ReadableStream;
      try {
        body = shaped(payload);
      } catch (err) {
        return done(err as Error);
      }
      return done(null, body as typeof payload);
    }
    if (!Object.hasOwn(INFLATE, encoding)) return done(new HttpError(415, 'Unsupported content encoding.'));
    inflateBody(request, payload, encoding as keyof typeof INFLATE)
      .then(shaped)
      .then(
        (body) => done(null, body as typeof payload),
        (err: Error) => done(err),
      );
  });
}
