import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeMigrations } from '../src/db/migration-state.ts';
import { SERVER_ENTRY } from './server-entry.ts';

// Issue 35: every operator command reads the server's settings (.env, then the environment), says which
// database it is about to touch, and never makes an embedded database when the settings name PostgreSQL.
// The commands run as npm runs them: package.json's script line in a shell, node_modules/.bin on PATH.
const root = new URL('../../..', import.meta.url).pathname;
const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
/** Every operator command: the package.json scripts that run a file of apps/server/src/cli. */
const operatorCommands = Object.keys(scripts).filter((name) => scripts[name]?.includes('apps/server/src/cli/'));
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const quote = (arg: string) => `'${arg.replaceAll("'", "'\\''")}'`;

/** `npm run <name> -- <args>` with exactly `env` (PATH as npm sets it). */
function npmRun(name: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  const line = `${scripts[name]} ${args.map(quote).join(' ')}`;
  const PATH = [dirname(process.execPath), join(root, 'node_modules/.bin'), process.env.PATH ?? ''].join(':');
  const child = spawn(line, { shell: true, cwd: root, env: { PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out, err })));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const checkoutPglite = join(root, 'data', 'pglite');
const checkoutHadPglite = existsSync(checkoutPglite);

const baseUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!baseUrl)('operator commands with a .env naming PostgreSQL', () => {
  const work = mkdtempSync(join(tmpdir(), 'shop-operator-'));
  dirs.push(work);
  // DATA_DIR in the environment, the rest in the file: a command that missed the file would make its
  // embedded database here, not in the checkout.
  const dataDir = join(work, 'data');
  const envFile = join(work, 'shop.env');
  const env = { ENV_FILE: envFile, DATA_DIR: dataDir };
  const name = `shop_operator_${randomBytes(5).toString('hex')}`;
  const url = new URL(baseUrl ?? 'postgres://skipped/none');
  url.pathname = `/${name}`;
  const shown = new URL(url);
  shown.password = '';
  const databaseLine = `database: PostgreSQL ${shown}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  const bucket = 'shop-uploads';
  let s3: S3rver;
  const ran = new Set<string>();
  const run = (command: string, args: string[] = [], extra: Record<string, string> = {}) => {
    ran.add(command);
    return npmRun(command, args, { ...env, ...extra });
  };
  const query = async <T extends pg.QueryResultRow>(text: string): Promise<T[]> => {
    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    try {
      return (await c.query<T>(text)).rows;
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create database ${name}`);
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: join(work, 's3'), configureBuckets: [{ name: bucket }] });
    const s3Port = (await s3.run()).port;
    writeFileSync(
      envFile,
      [
        '# an operator install, as .env.example is filled in',
        `DATABASE_URL=${url}`,
        'MAIL_OUTBOX=1',
        'LOG_LEVEL=warn',
        'PUBLIC_URL=https://shop.example.pk',
        `S3_BUCKET=${bucket}`,
        `S3_ENDPOINT=http://127.0.0.1:${s3Port}`,
        'S3_FORCE_PATH_STYLE=1',
        'S3_ACCESS_KEY_ID=S3RVER',
        'S3_SECRET_ACCESS_KEY=S3RVER',
        '',
      ].join('\n'),
    );
  });
  afterAll(async () => {
    await s3?.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('db:migrate applies the migrations to the PostgreSQL database of .env and says so first', async () => {
    const r = await run('db:migrate');
    expect(r.code, r.err).toBe(0);
    expect(r.err.split('\n')[0]).toBe(databaseLine);
    expect(await query('select hash from drizzle.__drizzle_migrations')).toHaveLength(codeMigrations.length);
  }, 120_000);

  it("staff:create makes the first Admin there, and its link opens on the server started with the same .env; staff:reset-second-factor too", async () => {
    const made = await run('staff:create', ['--email', 'First.Admin@shop.pk', '--role', 'Admin', '--name', 'First Admin']);
    expect(made.code, made.err).toBe(0);
    expect(made.err).toContain(databaseLine);
    expect(await query('select email, roles from staff_users')).toEqual([{ email: 'first.admin@shop.pk', roles: ['Admin'] }]);
    const link = /https:\/\/shop\.example\.pk\/staff\/setup\?token=[\w-]+/.exec(made.out)?.[0];
    expect(link, made.out).toBeTruthy();

    // The server as `npm start` runs it (its built file through with-env.mjs), with the same settings.
    const port = await freePort();
    const server = spawn(process.execPath, ['scripts/with-env.mjs', SERVER_ENTRY], { cwd: root, env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: 'ignore' });
    children.push(server);
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 600 && !(await fetch(`${base}/api/health/ready`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 200));
    const opened = (setupLink: string) => fetch(`${base}/api/staff/auth/setup${new URL(setupLink).search}`).then(async (r) => ({ status: r.status, json: (await r.json()) as { data?: { email: string } } }));
    try {
      expect(await opened(link as string)).toMatchObject({ status: 200, json: { data: { email: 'first.admin@shop.pk' } } });

      const reset = await run('staff:reset-second-factor', ['--email', 'first.admin@shop.pk']);
      expect(reset.code, reset.err).toBe(0);
      expect(reset.err).toContain(databaseLine);
      const second = /https:\/\/shop\.example\.pk\/staff\/setup\?token=[\w-]+/.exec(reset.out)?.[0];
      expect(second, reset.out).toBeTruthy();
      expect(await opened(second as string)).toMatchObject({ status: 200, json: { data: { email: 'first.admin@shop.pk' } } });
      expect((await opened(link as string)).status).toBe(404);
    } finally {
      server.kill('SIGTERM');
    }
  }, 180_000);

  it('backup and restore name PostgreSQL and send the operator to pg_dump, opening nothing', async () => {
    const backup = await run('backup', [join(work, 'backups')]);
    expect(backup.code).toBe(1);
    expect(backup.err).toContain(databaseLine);
    expect(backup.err).toContain('back it up with pg_dump');
    const restore = await run('restore', [join(work, 'backups', 'none')]);
    expect(restore.code).toBe(1);
    expect(restore.err).toContain(databaseLine);
    expect(restore.err).toContain('restore it with pg_restore');
    expect(existsSync(join(work, 'backups'))).toBe(false);
  }, 60_000);

  it('files:copy-to-s3 copies with the S3 settings of .env and says it opens no database', async () => {
    mkdirSync(join(dataDir, 'uploads'), { recursive: true });
    writeFileSync(join(dataDir, 'uploads', 'doc.pdf'), '%PDF-1.4 a registration document');
    const r = await run('files:copy-to-s3');
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain('database: none (this command copies the uploaded files only)');
    expect(r.out).toContain(`Copied 1 file(s) from ${join(dataDir, 'uploads')} to s3://${bucket}/uploads/`);
  }, 60_000);

  it('every operator command ran here, and none made an embedded database', () => {
    expect([...ran].sort()).toEqual([...operatorCommands].sort());
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
    expect(existsSync(checkoutPglite)).toBe(checkoutHadPglite);
  });
});

// No database is opened: the same in both lanes, so run once, in the embedded-database lane (decision 020).
describe.skipIf(!!baseUrl)('operator commands refuse the embedded database when DATABASE_URL is named but did not arrive', () => {
  const cases: { title: string; command: string; args: string[]; file: string | null; extra?: Record<string, string>; says: string }[] = [
    { title: 'set but empty in .env', command: 'staff:create', args: ['--email', 'boss@shop.pk', '--role', 'Admin'], file: 'SMTP_URL=smtp://mail:587\nDATABASE_URL=\n', says: 'names DATABASE_URL (line 2), but this command got an empty value' },
    { title: 'a .env line Node cannot read', command: 'staff:reset-second-factor', args: ['--email', 'boss@shop.pk'], file: 'DATABASE_URL: postgres://shop@db:5432/shop\n', says: 'names DATABASE_URL (line 1), but this command got no value from it' },
    { title: 'an empty variable that wins over .env', command: 'db:migrate', args: [], file: 'DATABASE_URL=postgres://shop@db:5432/shop\n', extra: { DATABASE_URL: '' }, says: 'but this command got an empty value' },
    { title: 'set but empty in the environment, no .env', command: 'backup', args: [], file: null, extra: { DATABASE_URL: '' }, says: 'DATABASE_URL is set in the environment, but this command got an empty value' },
  ];
  for (const c of cases) {
    it(`${c.command}: ${c.title}`, async () => {
      const work = mkdtempSync(join(tmpdir(), 'shop-operator-'));
      dirs.push(work);
      const envFile = join(work, 'shop.env');
      if (c.file !== null) writeFileSync(envFile, c.file);
      const r = await npmRun(c.command, c.args, { ...(c.file === null ? {} : { ENV_FILE: envFile }), DATA_DIR: join(work, 'data'), ...c.extra });
      expect(r.code).toBe(1);
      expect(r.err).toContain(c.says);
      expect(r.err).toContain(`so it would use the embedded database in ${join(work, 'data', 'pglite')} instead of PostgreSQL`);
      expect(r.err).toContain('Nothing was changed.');
      expect(existsSync(join(work, 'data'))).toBe(false);
    }, 60_000);
  }

  it('without DATABASE_URL anywhere, a command names the embedded database it is about to use', async () => {
    const work = mkdtempSync(join(tmpdir(), 'shop-operator-'));
    dirs.push(work);
    writeFileSync(join(work, 'shop.env'), '# DATABASE_URL=\nDATA_DIR=data-from-env\n');
    const r = await npmRun('restore', [], { ENV_FILE: join(work, 'shop.env') });
    expect(r.code).toBe(1);
    expect(r.err).toContain(`database: embedded (PGlite) at ${join(root, 'data-from-env', 'pglite')} (new: it does not exist yet)`);
    expect(r.err).toContain('Name the backup folder');
    expect(existsSync(join(root, 'data-from-env'))).toBe(false);
  });

  it('an ENV_FILE that does not exist is refused', async () => {
    const r = await npmRun('files:copy-to-s3', [], { ENV_FILE: join(tmpdir(), `missing-${randomBytes(4).toString('hex')}.env`) });
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/ENV_FILE names .*missing-.*\.env, which does not exist/);
  });
});
