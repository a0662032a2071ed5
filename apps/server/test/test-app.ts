import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import type { FileStore } from '../src/lib/file-store.ts';
import { createMailer } from '../src/lib/mailer.ts';
import { createTokenService } from '../src/lib/tokens.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database's URL (TEST_DATABASE_URL runs only), for a second instance on it. */
  databaseUrl?: string;
  dataDir: string;
  /** Number of SQL statements run since the last reset (for statement budgets). */
  queries: { count: number; reset(): void };
  close(): Promise<void>;
}

/**
 * A fresh database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL is set
 * (.ci/run sets it when PostgreSQL answers), a new database created on that server and dropped after.
 */
export async function openTestDatabase(onQuery?: (q: string) => void): Promise<{ database: Database; drop(): Promise<void>; url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ onQuery });
    await database.migrate();
    return { database, drop: async () => database.close() };
  }
  const name = `shop_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString(), onQuery, poolSize: 40 });
  await database.migrate();
  return {
    database,
    url: target.toString(),
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestApp(
  options: {
    trustProxy?: number;
    redisUrl?: string;
    redisPrefix?: string;
    searchRateLimit?: number;
    demoInstall?: boolean;
    logStream?: { write(line: string): void };
    /** 'production': the in-memory copies load at start and follow the database, as in a running server. */
    nodeEnv?: 'test' | 'production';
    /** Where uploaded files live (default: the test's DATA_DIR/uploads). */
    files?: FileStore;
    /** METRICS_TOKEN of the app. */
    metricsToken?: string;
    /** Another test app's database: two instances on one database (closing this app leaves it open). */
    shareDatabaseOf?: TestApp;
    /** CATALOGUE_COPIES of the app (default on): 'off' answers every listing and search from SQL. */
    catalogueCopies?: 'on' | 'off';
  } = {},
): Promise<TestApp> {
  let count = 0;
  const { database, drop, url } = options.shareDatabaseOf
    ? { database: options.shareDatabaseOf.database, drop: async () => {}, url: options.shareDatabaseOf.databaseUrl }
    : await openTestDatabase(() => {
        count++;
      });
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-test-'));
  const app = await buildApp({
    db: database.db,
    dbKind: database.kind,
    dbStats: database.stats,
    files: options.files,
    tokens: createTokenService('test-secret-test-secret-test-secret-0123456789'),
    mailer: createMailer({ from: 'test@shop.local', db: database.db }),
    logger: options.logStream ? { level: 'info', stream: options.logStream } : undefined,
    config: { DATA_DIR: dataDir, TRUST_PROXY: options.trustProxy ?? 0, NODE_ENV: options.nodeEnv ?? 'test', WEB_DIST: join(dataDir, 'no-web'), REDIS_URL: options.redisUrl, RATE_LIMIT_PREFIX: options.redisPrefix ?? `test-${randomBytes(6).toString('hex')}:`, SEARCH_RATE_LIMIT: options.searchRateLimit, DEMO_INSTALL: options.demoInstall, METRICS_TOKEN: options.metricsToken, CATALOGUE_COPIES: options.catalogueCopies },
  });
  await app.ready();
  return {
    app,
    database,
    databaseUrl: url,
    dataDir,
    queries: {
      get count() {
        return count;
      },
      reset() {
        count = 0;
      },
    },
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The parsed JSON body of an inject response. */
export function body<T = { data?: unknown; error?: string }>(res: LightMyRequestResponse): T {
  return res.json() as T;
}
