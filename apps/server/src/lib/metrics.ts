import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DbStats, ReadReplica } from '../db/client.ts';

/**
 * /metrics in Prometheus' text format (issue 20), for the operator's scraper only: served when
 * METRICS_TOKEN is set, to a request carrying `Authorization: Bearer <METRICS_TOKEN>` (404 without the
 * setting, 401 without the token). Each instance counts its own; docs/operations.md says what to
 * alert on. Every metric of ours is named shop_*.
 */

/** Hits and misses of the server's caches, by cache (lib/lru.ts counts them). */
const cacheCounts = new Map<string, { hits: number; misses: number }>();
export function countCache(cache: string, hit: boolean) {
  let c = cacheCounts.get(cache);
  if (!c) {
    c = { hits: 0, misses: 0 };
    cacheCounts.set(cache, c);
  }
  if (hit) c.hits++;
  else c.misses++;
}

/** Mail counts of this process (lib/mailer.ts). */
export const mailCounts = { queued: 0, sent: 0, failed: 0 };

const ORDER_ROUTE = '/api/write/Orders';

export interface MetricsOptions {
  token?: string;
  dbStats?: DbStats;
  /** DATABASE_READ_URL's replica, when set. */
  readReplica?: ReadReplica;
  /** Mail waiting in the outbox table (all instances), read when scraped; null when unknown. */
  outboxWaiting?: () => Promise<{ waiting: number; failing: number } | null>;
  /** Process-wide metrics (CPU, memory, GC, handles): the running server, not each test app. */
  processMetrics?: boolean;
}

export function registerMetrics(app: FastifyInstance, options: MetricsOptions) {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time to answer a request, by route (the pattern, not the URL) and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const orders = new Counter({
    name: 'shop_orders_total',
    help: 'Order placements answered: placed (including an idempotent retry answered with its first order) or refused (by status code)',
    labelNames: ['result', 'status_code'],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = String(reply.statusCode);
    duration.observe({ method: request.method, route, status_code: status }, reply.elapsedTime / 1000);
    if (route === ORDER_ROUTE && request.method === 'POST') {
      // (An Approver's confirmation of a Pending order uses the same route with an id: counted alike.)
      if (reply.statusCode < 300) orders.inc({ result: 'placed', status_code: status });
      else if (reply.statusCode < 500) orders.inc({ result: 'refused', status_code: status });
      else orders.inc({ result: 'failed', status_code: status });
    }
    done();
  });

  new Gauge({
    name: 'shop_event_loop_delay_seconds',
    help: 'How long the event loop was held up over the last one to two minutes (p99 and max)',
    labelNames: ['stat'],
    registers: [registry],
    collect() {
      const d = app.loopDelay.read();
      this.set({ stat: 'p99' }, d.p99Ms / 1000);
      this.set({ stat: 'max' }, d.maxMs / 1000);
    },
  });

  if (options.processMetrics) {
    const wasm = options.dbStats?.wasmMemoryBytes;
    new Gauge({
      name: 'shop_memory_bytes',
      help: "What the process's resident memory holds: the V8 heap (used), memory outside it (external, of it array buffers, the copies' typed arrays among them) and the embedded database's WebAssembly memory (it never shrinks)",
      labelNames: ['part'],
      registers: [registry],
      collect() {
        const m = process.memoryUsage();
        this.set({ part: 'heap_used' }, m.heapUsed);
        this.set({ part: 'heap_total' }, m.heapTotal);
        this.set({ part: 'external' }, m.external);
        this.set({ part: 'array_buffers' }, m.arrayBuffers);
        if (wasm) this.set({ part: 'database_wasm' }, wasm());
      },
    });
  }

  const stats = options.dbStats;
  if (stats) {
    new Gauge({
      name: 'shop_db_pool_connections',
      help: 'PostgreSQL connection pool of this instance: total, idle, waiting (requests queued for a connection) and max',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const p = stats.pool();
        if (!p) return;
        for (const [state, n] of Object.entries(p)) this.set({ state }, n);
      },
    });
    const queries = new Histogram({
      name: 'shop_db_query_duration_seconds',
      help: 'Time of each SQL statement (on the embedded database, statements outside transactions)',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers: [registry],
    });
    const observe = (seconds: number) => queries.observe(seconds);
    stats.queryObservers.add(observe);
    app.addHook('onClose', async () => void stats.queryObservers.delete(observe));
  }

  const replica = options.readReplica;
  if (replica) {
    new Gauge({
      name: 'shop_db_read_pool_connections',
      help: 'Connection pool of this instance to the read replica (DATABASE_READ_URL): total, idle, waiting and max',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        for (const [state, n] of Object.entries(replica.pool())) this.set({ state }, n);
      },
    });
    new Gauge({
      name: 'shop_db_replica_lag_seconds',
      help: 'How far the read replica is behind the primary (0: it has replayed all it received); -1 when it does not answer. A catalogue change shows this much later',
      registers: [registry],
      async collect() {
        this.set(await replica.lagSeconds().catch(() => -1));
      },
    });
    new Counter({
      name: 'shop_db_replica_fallback_reads_total',
      help: 'Catalogue reads this instance sent to the primary because the read replica could not answer them',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(replica.fallbacks());
      },
    });
  }

  new Counter({
    name: 'shop_cache_requests_total',
    help: 'Look-ups of the server caches, by cache and result (hit or miss): the hit ratio is hit / (hit + miss)',
    labelNames: ['cache', 'result'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, c] of cacheCounts) {
        this.inc({ cache, result: 'hit' }, c.hits);
        this.inc({ cache, result: 'miss' }, c.misses);
      }
    },
  });
  new Gauge({
    name: 'shop_copy_age_seconds',
    help: 'Seconds since each in-memory copy (catalogue, marketplace) last loaded; a change shows within about one load',
    labelNames: ['copy'],
    registers: [registry],
    collect() {
      for (const c of app.copies) if (c.lastLoadAt !== null) this.set({ copy: c.name }, (Date.now() - c.lastLoadAt) / 1000);
    },
  });
  new Gauge({
    name: 'shop_copy_load_seconds',
    help: "Duration of each in-memory copy's last load: how long after a change the copy still shows the old data (plus up to 1 s to notice it)",
    labelNames: ['copy'],
    registers: [registry],
    collect() {
      for (const c of app.copies) if (c.lastLoadMs !== null) this.set({ copy: c.name }, c.lastLoadMs / 1000);
    },
  });
  new Gauge({
    name: 'shop_copies_loaded',
    help: '1 when every in-memory copy has loaded (the instance is ready), else 0',
    registers: [registry],
    collect() {
      this.set(app.copies.every((c) => c.loaded) ? 1 : 0);
    },
  });

  new Counter({
    name: 'shop_mails_total',
    help: 'Mails of this instance: queued (kept in the outbox), sent, failed (a try that failed; it is tried again)',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [result, n] of Object.entries(mailCounts)) this.inc({ result }, n);
    },
  });
  const outboxWaiting = options.outboxWaiting;
  if (outboxWaiting) {
    new Gauge({
      name: 'shop_outbox_mails',
      help: 'Mails in the outbox table not yet sent (all instances): waiting, and of those failing (tried at least once)',
      labelNames: ['state'],
      registers: [registry],
      async collect() {
        const o = await outboxWaiting().catch(() => null);
        if (!o) return;
        this.set({ state: 'waiting' }, o.waiting);
        this.set({ state: 'failing' }, o.failing);
      },
    });
  }

  const token = options.token ? Buffer.from(`Bearer ${options.token}`) : null;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) return reply.status(404).send({ error: 'Not found' });
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== token.length || !timingSafeEqual(given, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ error: 'The metrics need the METRICS_TOKEN bearer token.' });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  return registry;
}
