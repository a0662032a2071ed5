import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { codeMigrations, DatabaseNewerError, MIGRATION_LOCK } from '../src/db/migration-state.ts';
import { SERVER_ENTRY } from './server-entry.ts';

// Issue 20: `npm run db:migrate` on its own, instances starting together take turns, and a database
// migrated by newer code is refused.
const root = new URL('../../../', import.meta.url).pathname;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A command line tool through tsx, as `npm run` runs it, or the server as `npm start` runs it (its built file). */
function run(script: string, env: Record<string, string>): { child: ChildProcess; output: () => string; done: Promise<number | null> } {
  const child = spawn(process.execPath, script === SERVER_ENTRY ? [SERVER_ENTRY] : ['--import', 'tsx', join(root, script)], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (d) => (text += d));
  child.stderr?.on('data', (d) => (text += d));
  const done = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, done };
}

const newerRow = `insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-version', ${(codeMigrations.at(-1)?.when ?? 0) + 60_000})`;

// Embedded databases only: the same in both lanes, so run once, in the embedded-database lane (decision 020).
describe.skipIf(!!process.env.TEST_DATABASE_URL)('migrations on the embedded database', () => {
  it('a database migrated by a newer version: db:migrate and a server start refuse it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-migrate-'));
    dirs.push(dir);
    const database = await openDatabase({ dataDir: join(dir, 'pglite') });
    await database.migrate();
    await database.db.execute(newerRow);
    await database.close();
    const refused = run('apps/server/src/cli/migrate.ts', { DATA_DIR: dir });
    expect(await refused.done).toBe(1);
    expect(refused.output()).toContain('migration(s) this version of the shop does not know');
    const start = run(SERVER_ENTRY, { DATA_DIR: dir, PORT: '0' });
    expect(await start.done).toBe(1);
    expect(start.output()).toContain('it was upgraded by a newer version. Start that version, or restore a backup');
    expect(start.output()).not.toContain('ready on');
  }, 120_000);

  it('refuses a newer database in process too, and reports what is pending', async () => {
    const database = await openDatabase({});
    try {
      expect((await database.migrationState()).pending).toEqual(codeMigrations.map((m) => m.tag));
      await database.migrate();
      expect(await database.migrationState()).toEqual({ pending: [], unknown: 0 });
      await database.db.execute(newerRow);
      expect(await database.migrationState()).toEqual({ pending: [], unknown: 1 });
      await expect(database.migrate()).rejects.toBeInstanceOf(DatabaseNewerError);
    } finally {
      await database.close();
    }
  });
});

const baseUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!baseUrl)('migrations on PostgreSQL', () => {
  it('two instances starting at once: one migrates, the other waits for it, and each migration is applied once', async () => {
    const name = `shop_migrate_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(baseUrl as string);
    url.pathname = `/${name}`;
    // The test holds the lock first, so both instances surely meet it.
    const holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      const env = { DATABASE_URL: url.toString(), MAIL_OUTBOX: '1' };
      const a = run('apps/server/src/cli/migrate.ts', env);
      const b = run('apps/server/src/cli/migrate.ts', env);
      const waiting = 'Another instance is migrating this database; waiting for it to finish.';
      for (let i = 0; i < 300 && !(a.output().includes(waiting) && b.output().includes(waiting)); i++) await new Promise((r) => setTimeout(r, 100));
      expect(a.output()).toContain(waiting);
      expect(b.output()).toContain(waiting);
      await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      expect([await a.done, await b.done], `${a.output()}\n${b.output()}`).toEqual([0, 0]);
      const applied = await holder.query('select hash from drizzle.__drizzle_migrations');
      expect(applied.rows).toHaveLength(codeMigrations.length);
      expect(`${a.output()}${b.output()}`).toContain('is up to date');

      // A start with MIGRATE_ON_START=0 on an up-to-date database is fine; on a newer one it refuses.
      await holder.query(newerRow);
      const start = run(SERVER_ENTRY, { ...env, PORT: '0', MIGRATE_ON_START: '0' });
      expect(await start.done).toBe(1);
      expect(start.output()).toContain('it was upgraded by a newer version');
    } finally {
      await holder.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 120_000);

  it('a start with MIGRATE_ON_START=0 on a database lacking migrations refuses and names the command', async () => {
    const name = `shop_migrate_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(baseUrl as string);
      url.pathname = `/${name}`;
      const start = run(SERVER_ENTRY, { DATABASE_URL: url.toString(), MAIL_OUTBOX: '1', PORT: '0', MIGRATE_ON_START: '0' });
      expect(await start.done).toBe(1);
      expect(start.output()).toContain('The database lacks migrations 0000_init');
      expect(start.output()).toContain('run `npm run db:migrate` first');
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 60_000);
});
