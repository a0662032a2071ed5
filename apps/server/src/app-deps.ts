import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import type { Db, DbKind, DbStats, ReadReplica } from './db/client.ts';
import type { FileStore } from './lib/file-store.ts';
import type { Mailer } from './lib/mailer.ts';
import type { TokenService } from './lib/tokens.ts';

/**
 * How the catalogue's and the marketplace's reads are served (docs/decisions/011-catalogue-copies.md).
 * Decided where the app is built (catalogueReadsFor), so no route file asks whether it runs in a test.
 */
export interface CatalogueReads {
  /** In-memory copies of the catalogue and the marketplace answer listings and searches; off: SQL answers every read. */
  copies: boolean;
  /** How often the change counters are read (0: before every read, so a test reads its own writes). */
  followMs: number;
  /** Load the copies at start and read the counters on a timer (a running server); else on first use. */
  warmAtStart: boolean;
  /** Storefront answer cache: fresh for ttlMs, then served while refreshed for staleMs (0, 0: no cache). */
  cacheTtlMs: number;
  cacheStaleMs: number;
  /** How often counted product views are written. */
  viewFlushMs: number;
  /** Log each load of a copy (with its size and time). */
  logLoads: boolean;
}

/** The settings of a running server (CATALOGUE_COPIES decides the copies), or of a test (NODE_ENV=test). */
export function catalogueReadsFor(config: Pick<Config, 'NODE_ENV'> & { CATALOGUE_COPIES?: 'on' | 'off' }): CatalogueReads {
  const copies = config.CATALOGUE_COPIES !== 'off';
  if (config.NODE_ENV === 'test') {
    return { copies, followMs: 0, warmAtStart: false, cacheTtlMs: 0, cacheStaleMs: 0, viewFlushMs: 20, logLoads: false };
  }
  return { copies, followMs: 1_000, warmAtStart: true, cacheTtlMs: 5_000, cacheStaleMs: 25_000, viewFlushMs: 2_000, logLoads: true };
}

export interface AppDeps {
  /** The database every write and every read of a buyer's own data (cart, orders, sessions, staff) goes to. */
  db: Db;
  /**
   * DATABASE_READ_URL's replica (docs/decisions/018-read-replica.md): the catalogue's and the
   * marketplace's reads, their in-memory copies and the change counters those follow. Unset: `db`.
   */
  readReplica?: ReadReplica;
  dbKind: DbKind;
  tokens: TokenService;
  mailer: Mailer;
  config: Pick<Config, 'DATA_DIR' | 'TRUST_PROXY' | 'REDIS_URL' | 'NODE_ENV' | 'PUBLIC_URL'> & {
    WEB_DIST?: string;
    SEARCH_RATE_LIMIT?: number;
    RATE_LIMIT_PREFIX?: string;
    /** The embedded database's demo install (docs/decisions/007-demo-and-operator-installs.md): the API documentation UI is served. */
    DEMO_INSTALL?: boolean;
    CATALOGUE_COPIES?: 'on' | 'off';
    /** Issue 35: how mail leaves (the first-run checklist says so); main.ts passes the parsed configuration. */
    SMTP_URL?: string;
    MAIL_OUTBOX?: '0' | '1';
    /** /metrics is served to this bearer token (lib/metrics.ts); unset, not at all. */
    METRICS_TOKEN?: string;
  };
  /**
   * The database's LISTEN (db/client.ts Database.listen): the catalogue copies take a change as soon
   * as its NOTIFY comes. Left out, they find it at their next read of the counters (followMs).
   */
  listen?: (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;
  /** Left out: catalogueReadsFor(config). */
  catalogueReads?: CatalogueReads;
  /** Where uploaded files live (lib/file-store.ts); unset, DATA_DIR/uploads. */
  files?: FileStore;
  /** The database's pool and statement times, for /metrics. */
  dbStats?: DbStats;
  /** Options of a logger made here (tests: `{ level, stream }`), or none. */
  logger?: FastifyServerOptions['logger'];
  /** The process's one logger (main.ts, lib/logger.ts); wins over `logger`. */
  loggerInstance?: FastifyBaseLogger;
}

/** What every module's routes are given: AppDeps with its defaults decided. */
export interface ModuleDeps extends AppDeps {
  catalogueReads: CatalogueReads;
}

export interface RouteEntry {
  method: string;
  url: string;
  hidden: boolean;
  schema?: { body?: unknown; querystring?: unknown; params?: unknown };
  /** The route's `access` option (lib/auth-context.ts), if it needs a session. */
  access?: import('./lib/auth-context.ts').RouteAccess;
}
