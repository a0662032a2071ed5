import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildApp } from './app.ts';
import { writeBackup } from './lib/backup.ts';
import { startControlSocket } from './lib/control-socket.ts';
import { ConfigError, isDemoInstall, parseConfig, productionProblem } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { DatabaseNewerError } from './db/migration-state.ts';
import { startEmbeddedMaintenance } from './db/maintenance.ts';
import { fileStoreOf } from './lib/file-store.ts';
import { createLogger } from './lib/logger.ts';
import { createMailer } from './lib/mailer.ts';
import { createTokenService } from './lib/tokens.ts';
import { countDemoAccounts, isDatabaseEmpty, seedDemo } from './seed/demo.ts';

const started = performance.now();
// The process's one logger (lib/logger.ts: one list of secrets never logged): JSON lines in
// production, readable ones in development. Before the configuration is parsed, its raw values.
const log = createLogger({
  level: /^(fatal|error|warn|info|debug|trace|silent)$/.test(process.env.LOG_LEVEL ?? '') ? (process.env.LOG_LEVEL as string) : 'info',
  pretty: (process.env.NODE_ENV ?? 'development') === 'development',
});

function fail(message: string): never {
  log.fatal(message);
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** JWT_SECRET, or one generated once into DATA_DIR so sessions survive a restart. */
function loadSecret(dataDir: string, configured?: string): string {
  if (configured) return configured;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

async function main() {
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig(process.env);
  } catch (err) {
    fail(err instanceof ConfigError ? err.message : String(err));
  }
  const dataDir = resolve(config.DATA_DIR);
  const demoInstall = isDemoInstall(config);
  const problem = productionProblem(config);
  if (problem) fail(problem);

  let database: Database;
  try {
    database = await openDatabase(
      config.DATABASE_URL
        ? {
            url: config.DATABASE_URL,
            readUrl: config.DATABASE_READ_URL,
            poolSize: config.DB_POOL_SIZE,
            onReplicaUnavailable: (cause) => log.warn({ cause }, 'the read replica does not answer: catalogue reads go to the primary for a few seconds'),
          }
        : { dataDir: join(dataDir, 'pglite') },
    );
  } catch (err) {
    const cause = err instanceof Error ? err.message : String(err);
    const where = config.DATABASE_URL ? 'the PostgreSQL database at DATABASE_URL' : `the embedded database in ${join(dataDir, 'pglite')}`;
    fail(`Cannot open ${where}: ${cause}`);
  }
  try {
    if (config.MIGRATE_ON_START === '1') {
      await database.migrate({ onWait: () => log.info('another instance is migrating the database; waiting for it') });
    } else {
      const state = await database.migrationState();
      if (state.unknown === 0 && state.pending.length > 0) {
        fail(`The database lacks migrations ${state.pending.join(', ')}: run \`npm run db:migrate\` first (MIGRATE_ON_START=0).`);
      }
      if (state.unknown > 0) await database.migrate(); // refuses with the reason
    }
  } catch (err) {
    if (err instanceof DatabaseNewerError) fail(err.message);
    fail(`Cannot migrate the database: ${err instanceof Error ? err.message : String(err)}`);
  }

  // The demo data only where asked for: by default on the embedded database, never by default on PostgreSQL.
  const seed = config.SEED ?? (demoInstall ? 'demo' : 'none');
  if (seed === 'demo' && (await isDatabaseEmpty(database.db))) {
    const t = performance.now();
    await seedDemo(database.db, { dataDir });
    log.info({ ms: Math.round(performance.now() - t) }, 'demo data loaded');
  }
  if (database.read) {
    const replica = database.read;
    await replica.ping().then(
      async () => {
        // A database that replays nothing (a promoted standby, another primary, a restored copy) would serve an old catalogue for ever.
        if (!(await replica.isStandby().catch(() => true))) {
          log.warn('WARNING: DATABASE_READ_URL is not a standby in recovery (pg_is_in_recovery() is false): catalogue reads from it will not follow the primary\'s changes');
        }
        log.info({ lagSeconds: await replica.lagSeconds().catch(() => null) }, 'catalogue reads go to the read replica (DATABASE_READ_URL)');
      },
      (err: unknown) => log.warn({ cause: err instanceof Error ? err.message : String(err) }, 'the read replica (DATABASE_READ_URL) does not answer: catalogue reads go to the primary until it does'),
    );
  }
  const demoAccounts = await countDemoAccounts(database.db);
  if (demoAccounts > 0) {
    log.warn(
      { demoAccounts },
      `WARNING: ${demoAccounts} demo accounts (@demo.pk) exist, whose password is public in README. Remove them before real businesses use this shop.`,
    );
  }

  const stopMaintenance = await startEmbeddedMaintenance(database, (err) =>
    log.warn({ cause: err instanceof Error ? err.message : String(err) }, 'embedded database maintenance failed'),
  );

  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db: database.db, log, logText: demoInstall });
  const files = await fileStoreOf(config, join(dataDir, 'uploads'));
  const app = await buildApp({
    files,
    db: database.db,
    readReplica: database.read,
    dbKind: database.kind,
    listen: database.listen,
    dbStats: database.stats,
    tokens: createTokenService(loadSecret(dataDir, config.JWT_SECRET)),
    mailer,
    config: { ...config, DATA_DIR: dataDir, DEMO_INSTALL: demoInstall, PUBLIC_URL: config.PUBLIC_URL ?? `http://localhost:${config.PORT}` },
    loggerInstance: log,
  });

  // `npm run backup` on the embedded database asks this process (lib/control-socket.ts).
  // Never a reason not to serve: a socket that cannot be made (a data folder path over the 107 bytes a
  // Unix socket path may have, a read-only folder) only means backups are taken with the shop stopped.
  const noControl = async () => {};
  const stopControl = database.dump
    ? await startControlSocket(dataDir, {
        ping: async () => 'ok',
        backup: async (body) => {
          const to = typeof body.to === 'string' && body.to ? body.to : join(process.cwd(), 'backups');
          const result = await writeBackup(database, config.FILE_STORAGE === 's3' ? null : join(dataDir, 'uploads'), to);
          log.info({ dir: result.dir, ms: result.ms, bytes: result.manifest.database_bytes, files: result.manifest.files }, 'backup written');
          return result;
        },
      }).catch((err: unknown) => {
        log.warn({ cause: err instanceof Error ? err.message : String(err) }, 'no control socket: `npm run backup` needs the shop stopped');
        return noControl;
      })
    : noControl;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => fail('shutdown took over 10 s; exiting'), 10_000);
    force.unref();
    stopMaintenance();
    await stopControl();
    await app.close();
    await mailer.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // Mail waiting in the outbox (from before a restart, or tried again after a failure) goes out.
  mailer.start();
  log.info({ ms: Math.round(performance.now() - started), database: database.kind }, `ready on http://localhost:${config.PORT}`);
}

main().catch((err) => fail(`The server could not start: ${err instanceof Error ? err.message : String(err)}`));
