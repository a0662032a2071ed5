import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import './test-templates.ts';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import type { FileStore } from '../src/lib/file-store.ts';
import { createMailer } from '../src/lib/mailer.ts';
import { createTokenService } from '../src/lib/tokens.ts';
import { seedDemo } from '../src/seed/demo.ts';

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
 * Both start as a copy of the run's template (global-setup.ts): migrated, and with `demo` the demo
 * data. `migrate()` still runs (it finds nothing to do), so a file run without the templates works.
 */
export async function openTestDatabase(
  onQuery?: (q: string) => void,
  options: { demo?: boolean } = {},
): Promise<{ database: Database; drop(): Promise<void>; url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  // Made once per run by global-setup.ts: a migrated database, and one with the demo data.
  const templates = inject('testTemplates');
  const template = templates?.[options.demo ? 'demo' : 'migrated'];
  if (!url) {
    const loadDataDir = templates?.kind === 'pglite' && template ? new Blob([readFileSync(template)]) : undefined;
    const database = await openDatabase({ onQuery, loadDataDir });
    await database.migrate();
    if (options.demo && !loadDataDir) await seedDemo(database.db);
    return { database, drop: async () => database.close() };
  }
  const name = `shop_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const fromTemplate = templates?.kind === 'postgres' && template ? ` template ${template}` : '';
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}${fromTemplate}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString(), onQuery, poolSize: 40 });
  await database.migrate();
  if (options.demo && !fromTemplate) await seedDemo(database.db);
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
    /** Start with the demo data (SEED=demo's seedDemo, copied from the run's template). */
    demo?: boolean;
    /** CATALOGUE_COPIES of the app (default on): 'off' answers every listing and search from SQL. */
    catalogueCopies?: 'on' | 'off';
    /** SMTP_URL and MAIL_OUTBOX as the app's configuration says them (issue 35's checklist reads them; no mail is sent by the app itself here). */
    mail?: { SMTP_URL?: string; MAIL_OUTBOX?: '0' | '1' };
  } = {},
): Promise<TestApp> {
  let count = 0;
  const { database, drop, url } = options.shareDatabaseOf
    ? { database: options.shareDatabaseOf.database, drop: async () => {}, url: options.shareDatabaseOf.databaseUrl }
    : await openTestDatabase(
        () => {
          count++;
        },
        { demo: options.demo },
      );
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-test-'));
  const app = await buildApp({
    db: database.db,
    dbKind: database.kind,
    dbStats: database.stats,
    files: options.files,
    tokens: createTokenService('test-secret-test-secret-test-secret-0123456789'),
    mailer: createMailer({ from: 'test@shop.local', db: database.db }),
    logger: options.logStream ? { level: 'info', stream: options.logStream } : undefined,
    config: { DATA_DIR: dataDir, TRUST_PROXY: options.trustProxy ?? 0, NODE_ENV: options.nodeEnv ?? 'test', WEB_DIST: join(dataDir, 'no-web'), REDIS_URL: options.redisUrl, RATE_LIMIT_PREFIX: options.redisPrefix ?? `test-${randomBytes(6).toString('hex')}:`, SEARCH_RATE_LIMIT: options.searchRateLimit, DEMO_INSTALL: options.demoInstall, METRICS_TOKEN: options.metricsToken, CATALOGUE_COPIES: options.catalogueCopies, ...options.mail },
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
