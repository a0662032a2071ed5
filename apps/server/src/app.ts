import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance, LogController } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { type AppDeps, catalogueReadsFor, type ModuleDeps, type RouteEntry } from './app-deps.ts';
import { registerBodyBounds } from './lib/body-bounds.ts';
import { registerHelmet } from './lib/helmet.ts';
import { createLogger } from './lib/logger.ts';
import { HttpError } from './lib/http-error.ts';
import { registerNulGuard } from './lib/nul-guard.ts';
import { collectWhenQuiet, QUIET_COLLECTION } from './lib/quiet-collection.ts';
import { registerRateLimits } from './lib/rate-limit.ts';
import { buildIndexPages, indexPageFor, isStaffPage } from './lib/page-preload.ts';
import { outboxWaiting } from './lib/mailer.ts';
import { registerMetrics } from './lib/metrics.ts';
import type { CopyState } from './lib/db-mirror.ts';
import { type LoopDelayMonitor, startLoopDelayMonitor } from './lib/loop-delay.ts';
import { registerModules } from './modules/index.ts';

/** A request id a trusted proxy may hand on (X-Request-Id); anything else gets a new one. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{8,64}$/;

declare module 'fastify' {
  interface FastifyInstance {
    routeList: RouteEntry[];
    /** Event-loop delay of this process (the health module and /metrics read it). */
    loopDelay: LoopDelayMonitor;
  }
}

const BODY_LIMIT = 1024 * 1024; // 1 MiB; registration with documents raises its own limit.

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const logged = deps.logger && typeof deps.logger === 'object' ? (deps.logger as { level?: string; stream?: { write(line: string): void } }) : null;
  const loggerInstance = deps.loggerInstance ?? (logged ? createLogger({ level: logged.level ?? 'info' }, logged.stream) : undefined);
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger: Boolean(deps.logger) }),
    // Every request's log lines carry its id (Fastify's label, reqId); the answer carries it as
    // X-Request-Id, and an error on our side names it, so a buyer's complaint can be found in the log.
    // Behind a trusted proxy, the proxy's id is kept.
    genReqId: (req) => {
      const forwarded = req.headers['x-request-id'];
      return deps.config.TRUST_PROXY > 0 && typeof forwarded === 'string' && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
    },
    bodyLimit: BODY_LIMIT,
    // X-Forwarded-For is believed only behind TRUST_PROXY proxies. Fastify 5 ignores a bare hop count
    // (it fails closed), so the count is given as proxy-addr's trust function: the socket peer and the
    // next TRUST_PROXY - 1 addresses are proxies, the one after them is the client.
    trustProxy: deps.config.TRUST_PROXY > 0 ? (_address: string, hop: number) => hop < deps.config.TRUST_PROXY : false,
    // Slow clients are cut off rather than holding a socket forever.
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 5_000,
    return503OnClosing: true,
    // One log line per request, written when it is answered (below), instead of Fastify's two
    // ("incoming request" and "request completed"): the same fields, half the logging per request
    // (issue 14, CPU per request). Through a LogController: Fastify 5.12 deprecates the top-level option.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();

  // Every route, as registered: the authorization matrix and the fuzzer are generated from this list.
  const routeList: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routeList.push({
        method,
        url: route.url,
        schema: route.schema as RouteEntry['schema'],
        hidden: Boolean((route.schema as { hide?: boolean } | undefined)?.hide),
        access: (route.config as { access?: RouteEntry['access'] } | undefined)?.access,
      });
    }
  });
  app.decorate('routeList', routeList);
  // Hooks on every request are synchronous where they can be: an async hook costs a promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
  // Slow clients are cut off: a request's headers must arrive within 10 s.
  app.server.headersTimeout = 10_000;

  await registerHelmet(app);
  registerBodyBounds(app);
  registerNulGuard(app);
  await registerRateLimits(app, deps.config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // API answers (product lists can be large) are compressed; the web app's files are precompressed at build.
  // Compressed requests are inflated by lib/body-bounds.ts, within bounds, not by this plugin.
  await app.register(fastifyCompress, { global: true, globalDecompression: false, threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Wholesale shop API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The OpenAPI document is public everywhere; its browsing UI only on the demo install (issue 14).
  if (deps.config.DEMO_INSTALL) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  else app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());

  // An error on our side names the request (its log lines carry the same id).
  const ourFault = (request: { id: string }, message: string) => ({ error: `${message} Reference: ${request.id}.`, requestId: request.id });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) {
        request.log.error({ err: { message: error.message } }, 'request failed');
        return reply.status(error.statusCode).send(ourFault(request, error.message));
      }
      return reply.status(error.statusCode).send({ error: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = first?.instancePath ? first.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
      const what = first?.message ?? 'is invalid';
      const part = error.validationContext ?? 'request';
      return reply.status(400).send({ error: `Invalid ${part}${where ? ` field ${where}` : ''}: ${what}` });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: { message: error.message, code: error.code } }, 'response did not match its schema');
      return reply.status(500).send(ourFault(request, 'Something went wrong on our side. Please try again.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known: Record<string, string> = {
        FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
        FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type.',
        FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
        FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length.',
      };
      const message = (error.code && known[error.code]) ?? (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'The request body is not valid JSON.'
        : 'Bad request.');
      return reply.status(status).send({ error: message });
    }
    request.log.error({ err: { message: error.message, code: error.code, stack: error.stack } }, 'request failed');
    return reply.status(500).send(ourFault(request, 'Something went wrong on our side. Please try again.'));
  });

  // What the whole instance shares, decorated on the root so that every module's plugin (each an
  // encapsulated child) and /metrics see the same: the event-loop delay and the in-memory copies
  // (each copy adds itself, lib/db-mirror.ts serverMirror; readiness waits for them).
  const loopDelay = startLoopDelayMonitor();
  app.decorate('loopDelay', loopDelay);
  app.decorate('copies', [] as CopyState[]);
  app.addHook('onClose', async () => loopDelay.stop());
  // A served instance gives back a busy spell's garbage once quiet (lib/quiet-collection.ts); tests' many apps in one process do not.
  if (deps.config.NODE_ENV !== 'test') {
    collectWhenQuiet(app, {
      ...QUIET_COLLECTION,
      onCollect: ({ ms, freedBytes }) => app.log.info({ ms: Math.round(ms), freedMB: Math.round(freedBytes / 2 ** 20) }, 'garbage collected after busy work'),
    });
  }

  registerMetrics(app, { token: deps.config.METRICS_TOKEN, dbStats: deps.dbStats, readReplica: deps.readReplica, outboxWaiting: () => outboxWaiting(deps.db), processMetrics: deps.config.NODE_ENV !== 'test' });
  // Test settings (answers read at once, nothing warmed in the background) are decided here, not in route files.
  const moduleDeps: ModuleDeps = { ...deps, catalogueReads: deps.catalogueReads ?? catalogueReadsFor(deps.config) };
  await registerModules(app, moduleDeps);

  const webDist = deps.config.WEB_DIST ?? resolve(import.meta.dirname, '../../web/dist');
  const hasWeb = existsSync(join(webDist, 'index.html'));
  const indexPages = hasWeb ? buildIndexPages(webDist) : null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders(res, path) {
        // Vite puts a content hash in every asset name: cache those for a year.
        if (path.includes(`${join(webDist, 'assets')}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/') || !hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ error: 'Not found' });
    }
    if (/\.[a-z0-9]{1,6}$/i.test(path) && !path.endsWith('.html')) return reply.status(404).send({ error: 'Not found' });
    // Every other path is a route of the web app, which redirects unknown ones to /pageNotFound.
    // The staff back office (/staff) has its own page, and search engines are told to keep out.
    if (isStaffPage(path)) reply.header('x-robots-tag', 'noindex, nofollow');
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexPageFor(indexPages, path));
  });

  return app;
}
