import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgSession } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { listenPg } from './listen.ts';
import { MIGRATION_LOCK, type MigrationState, migrationsFolder, readMigrationState, refuseNewer } from './migration-state.ts';
import { type Schema, schema } from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = 'pglite' | 'postgres';

export interface MigrateOptions {
  /** Called when another instance holds the migration lock and this one waits for it (PostgreSQL). */
  onWait?: () => void;
}

/** What /metrics reports of the database (lib/metrics.ts). */
export interface DbStats {
  /** PostgreSQL's connection pool now, or null on the embedded database. */
  pool(): { total: number; idle: number; waiting: number; max: number } | null;
  /** Told every statement's duration in seconds (statements outside transactions on the embedded database). */
  queryObservers: Set<(seconds: number) => void>;
  /**
   * The embedded database only: the size of its WebAssembly memory in bytes (PostgreSQL's shared
   * buffers and every statement's working memory live there; it grows to its peak and never shrinks).
   */
  wasmMemoryBytes?(): number;
}

function timed<F extends (...args: never[]) => unknown>(run: F, observers: Set<(seconds: number) => void>): F {
  return function (this: unknown, ...args: never[]) {
    if (observers.size === 0) return run.apply(this, args);
    const started = performance.now();
    const done = () => {
      const seconds = (performance.now() - started) / 1000;
      for (const observe of observers) observe(seconds);
    };
    // node-postgres' pool calls its clients with a callback; drizzle awaits a promise.
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (...a: unknown[]) => unknown;
      args[last] = ((...a: unknown[]) => {
        done();
        return callback(...a);
      }) as never;
      return run.apply(this, args);
    }
    const result = run.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(done, done);
    return result;
  } as F;
}

/**
 * A streaming read replica of the PostgreSQL database (DATABASE_READ_URL), for the catalogue's reads
 * only (docs/decisions/018-read-replica.md). `db` answers from the replica; while the replica cannot be
 * reached (refused, dropped, starting, a statement cancelled by replay), from the primary, trying the
 * replica again after REPLICA_RETRY_MS. A transaction on `db` runs on the primary.
 */
export interface ReadReplica {
  db: Db;
  /** Asks the replica itself (no fallback): readiness and /metrics. */
  ping(): Promise<void>;
  /** Seconds the replica's replay is behind (0 when it has replayed all it received); throws when it does not answer. */
  lagSeconds(): Promise<number>;
  /** It is a standby in recovery (pg_is_in_recovery()), not another primary or a copy that follows nothing. */
  isStandby(): Promise<boolean>;
  /** Reads sent to the primary because the replica could not answer them, since start. */
  fallbacks(): number;
  pool(): { total: number; idle: number; waiting: number; max: number };
}

export interface Database {
  db: Db;
  kind: DbKind;
  stats: DbStats;
  /** DATABASE_READ_URL's replica, when set. */
  read?: ReadReplica;
  /** Applies the committed migrations; refuses a database migrated by newer code (DatabaseNewerError). */
  migrate(options?: MigrateOptions): Promise<void>;
  /** Where the database stands against this code's migrations (nothing is changed). */
  migrationState(): Promise<MigrationState>;
  /**
   * The embedded database only: its whole data folder as a tar, taken while no transaction is
   * open and no statement runs (PGlite is one process: nothing writes while the tar is made), so it is
   * a consistent copy even under traffic (lib/backup.ts).
   */
  dump?(): Promise<Blob>;
  /**
   * Calls `onNotify` on every NOTIFY of `channel` (the catalogue's change feed, migration 0021), on
   * a connection of its own (PostgreSQL: a client outside the pool, connected again a second after it
   * is lost; PGlite: its own notifications); answers the stop.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres:// URL; without it the embedded database is used. */
  url?: string;
  /** Directory of the embedded database; without it, in memory. */
  dataDir?: string;
  /** The embedded database only: start from a data folder taken by `dump()` (tests open a migrated template). */
  loadDataDir?: Blob;
  /** Called once per SQL statement (used to count statements in tests). */
  onQuery?: (query: string) => void;
  poolSize?: number;
  /** postgres:// URL of a read replica of `url` (with `url` only). */
  readUrl?: string;
  /** Told when reads turn to the primary because the replica could not answer (at most once per REPLICA_RETRY_MS). */
  onReplicaUnavailable?: (cause: string) => void;
}

// The catalogue and its indexes fit in memory (and on SSD a random read costs about a sequential
// one), so the planner is told so; with the default of 4 it preferred scanning a global sort index
// and filtering out most rows over the per-category index of the same order (migration 0005).
const SESSION_SETTINGS = 'set random_page_cost = 1.1';

/**
 * The embedded database's server settings (issue 17: the process at 100,000 products within 300 MB).
 * PostgreSQL's shared buffers live in PGlite's WebAssembly memory, which grows to its peak and never
 * shrinks: the default 128 MB was all resident once the copies had read the catalogue. The data files
 * are read through the operating system's page cache (outside the process), so a smaller buffer pool
 * costs a read() per page not in it, not a disk read: measured in docs/performance.md ("Memory at
 * 100,000 products").
 */
export const PGLITE_SETTINGS = ['shared_buffers=32MB'];


function openPool(connectionString: string, max: number, queryObservers: Set<(seconds: number) => void>, extra: pg.PoolConfig = {}) {
  const pool = new pg.Pool({
    connectionString,
    max,
    // A new connection's settings are applied before the pool hands it out: set on the 'connect'
    // event, the setting ran beside the caller's first query on the same connection (pg 8 warns of
    // that, and pg 9 refuses it).
    onConnect: async (client) => {
      await client.query(SESSION_SETTINGS).catch(() => {});
      client.query = timed(client.query, queryObservers);
    },
    ...extra,
  });
  // An idle client that loses its server (PostgreSQL restarted) must not crash the process.
  pool.on('error', () => {});
  return pool;
}

/** After a read the replica could not answer, reads go to the primary for this long before it is tried again. */
export const REPLICA_RETRY_MS = 5_000;

/**
 * Errors that say the replica cannot answer now, not that the statement is wrong: no connection
 * (refused, reset, timed out, terminated), PostgreSQL shutting down or still starting (57P01-57P03),
 * connection exceptions (class 08), and a standby cancelling a statement that conflicts with the
 * replay of the primary's changes (40001 on a standby, which runs no serializable writes).
 */
export function isReplicaUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown; errors?: unknown } | null;
  // A host name with several addresses fails with all of their errors at once.
  if (Array.isArray(e?.errors) && e.errors.some(isReplicaUnavailable)) return true;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EPIPE', 'EAI_AGAIN'].includes(code)) return true;
  if (code.startsWith('08') || ['57P01', '57P02', '57P03', '40001'].includes(code)) return true;
  const message = typeof e?.message === 'string' ? e.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message);
}

type QueryFn = (...args: unknown[]) => Promise<unknown>;

function openReadReplica(
  readUrl: string,
  primary: pg.Pool,
  max: number,
  queryObservers: Set<(seconds: number) => void>,
  logger: false | { logQuery(q: string): void },
  onUnavailable?: (cause: string) => void,
): { replica: ReadReplica; close(): Promise<void> } {
  // application_name: the replica's pg_stat_activity shows the shop's connections as such.
  const pool = openPool(readUrl, max, queryObservers, { application_name: 'shop-read', connectionTimeoutMillis: 2_000 });
  let primaryUntil = 0;
  let fallbacks = 0;
  // drizzle calls only `query` for a statement, and `connect` for a transaction (any object whose class
  // name says Pool is taken for a pool): statements go to the replica, falling back; transactions to the primary.
  class ReadPool {
    query(...args: unknown[]): Promise<unknown> {
      const onPrimary = () => {
        fallbacks++;
        return (primary.query as unknown as QueryFn).apply(primary, args);
      };
      if (Date.now() < primaryUntil) return onPrimary();
      return (pool.query as unknown as QueryFn).apply(pool, args).catch((err: unknown) => {
        if (!isReplicaUnavailable(err)) throw err;
        primaryUntil = Date.now() + REPLICA_RETRY_MS;
        onUnavailable?.(err instanceof Error ? err.message : String(err));
        return onPrimary();
      });
    }
    connect() {
      return primary.connect();
    }
  }
  const db = drizzlePg(new ReadPool() as unknown as pg.Pool, { schema, logger }) as unknown as Db;
  return {
    replica: {
      db,
      ping: async () => {
        await pool.query('select 1');
      },
      async lagSeconds() {
        // The usual measure: 0 when all that was received is replayed, else the age of the last replayed transaction.
        const { rows } = await pool.query<{ lag: string | null }>(
          'select case when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0 else extract(epoch from now() - pg_last_xact_replay_timestamp()) end as lag',
        );
        return Math.max(0, Number(rows[0]?.lag ?? 0));
      },
      isStandby: async () => (await pool.query<{ standby: boolean }>('select pg_is_in_recovery() as standby')).rows[0]?.standby === true,
      fallbacks: () => fallbacks,
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    },
    close: () => pool.end(),
  };
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const logger = options.onQuery ? { logQuery: (q: string) => options.onQuery?.(q) } : false;
  if (options.readUrl && !options.url) throw new Error('A read replica needs the primary database (DATABASE_URL).');
  if (options.url) {
    const max = options.poolSize ?? 20;
    const queryObservers = new Set<(seconds: number) => void>();
    const pool = openPool(options.url, max, queryObservers);
    const client = await pool.connect();
    client.release();
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    // The replica is not needed to start: until it answers, its reads go to the primary.
    const read = options.readUrl ? openReadReplica(options.readUrl, pool, max, queryObservers, logger, options.onReplicaUnavailable) : undefined;
    return {
      db,
      kind: 'postgres',
      read: read?.replica,
      stats: { pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }), queryObservers },
      async migrate(migrateOptions = {}) {
        const conn = await pool.connect();
        try {
          // One instance migrates; the others wait here, then find nothing left to do.
          const got = await conn.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [MIGRATION_LOCK]);
          if (!got.rows[0]?.locked) {
            migrateOptions.onWait?.();
            await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          }
          refuseNewer(await readMigrationState((text) => conn.query(text)));
          await migratePg(drizzlePg(conn, { schema }), { migrationsFolder });
        } finally {
          await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          conn.release();
        }
      },
      migrationState: () => readMigrationState((text) => pool.query(text)),
      listen: (channel, onNotify) => listenPg(options.url as string, channel, onNotify),
      close: async () => {
        await read?.close();
        await pool.end();
      },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])],
  });
  await client.exec(SESSION_SETTINGS);
  const queryObservers = new Set<(seconds: number) => void>();
  client.query = timed(client.query, queryObservers);
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    stats: {
      pool: () => null,
      queryObservers,
      wasmMemoryBytes: () => (client.closed ? 0 : client.Module.wasmMemory.buffer.byteLength),
    },
    async migrate() {
      refuseNewer(await readMigrationState((text) => client.query(text)));
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    migrationState: () => readMigrationState((text) => client.query(text)),
    // PGlite's dumpDataDir holds the statement lock; holding its transaction lock around it as well
    // (what client.transaction() holds) keeps an open transaction's first statements out of the copy.
    dump: (): Promise<Blob> => {
      const exclusive = (client as unknown as { _runExclusiveTransaction?: (fn: () => Promise<Blob>) => Promise<Blob> })._runExclusiveTransaction;
      // Uncompressed: the lock is held only while the files are read; lib/backup.ts compresses after.
      const take = () => client.dumpDataDir('none') as Promise<Blob>;
      return exclusive ? exclusive.call(client, take) : take();
    },
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, () => onNotify());
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
  };
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

export interface PreparedSql<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>;
}

/**
 * A raw statement with `sql.placeholder` values, built once (drizzle's query builders have .prepare;
 * a hand-written statement such as a data-modifying CTE has not). On PostgreSQL it is a named
 * statement, parsed and planned once per connection. It runs through drizzle's session, so the
 * query logger (the statement-count tests) sees it like any other.
 */
export function prepareSql<Row>(db: Db, name: string, query: SQL): PreparedSql<Row> {
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: PgSession };
  const prepared = session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return {
    async execute(values) {
      const result = (await prepared.execute(values)) as Row[] | { rows: Row[] };
      return Array.isArray(result) ? result : result.rows;
    },
  };
}

/** `make(db)` once per database (a prepared statement belongs to the database it was built for). */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}

/**
 * Runs a select and answers its rows, in its order, as one JSON value built by the database. On the
 * embedded database, decoding rows of many columns through the wire protocol cost twice the query
 * itself; one JSON text is decoded natively. (json_agg over a sorted subquery keeps its order,
 * PostgreSQL docs on aggregate functions.) node-postgres parses json itself; PGlite may give text.
 */
export async function jsonRows<T>(db: Db, query: SQLWrapper): Promise<T[]> {
  const result = await db.execute<{ rows: T[] | string }>(sql`select coalesce(json_agg(t), '[]'::json) as rows from (${query}) t`);
  const [row] = (Array.isArray(result) ? result : (result as { rows: { rows: T[] | string }[] }).rows) as { rows: T[] | string }[];
  const value = row?.rows ?? [];
  return typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
}
