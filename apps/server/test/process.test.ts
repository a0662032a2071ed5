import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_ENTRY } from './server-entry.ts';

// The real entry point as an operator runs it (`npm start`'s built file): config errors, an unopenable
// database, shutdown.
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function run(env: Record<string, string>): { child: ChildProcess; done: Promise<{ code: number | null; output: string }> } {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const done = new Promise<{ code: number | null; output: string }>((resolve) => child.on('exit', (code) => resolve({ code, output })));
  return { child, done };
}

// The child processes below get no TEST_DATABASE_URL: they are the same in both lanes, so they run once,
// in the embedded-database lane (docs/decisions/020-suite-time.md, "The PostgreSQL lane").
const postgresLane = !!process.env.TEST_DATABASE_URL;

describe.skipIf(postgresLane)('the server process', () => {
  it('refuses a wrong configuration with a readable list', async () => {
    const { done } = run({ PORT: 'not-a-port', DATABASE_URL: 'mysql://x' });
    const { code, output } = await done;
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration');
    expect(output).toContain('PORT');
    expect(output).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
  });

  it('exits with a message naming the cause when the database cannot be opened', async () => {
    const { done } = run({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', PORT: '0', MAIL_OUTBOX: '1' });
    const { code, output } = await done;
    expect(code).toBe(1);
    expect(output).toMatch(/Cannot open the PostgreSQL database at DATABASE_URL: .*ECONNREFUSED/);
    expect(output).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('refuses to start on PostgreSQL without SMTP_URL unless mail is explicitly kept in the outbox', async () => {
    const { done } = run({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', PORT: '0' });
    const { code, output } = await done;
    expect(code).toBe(1);
    expect(output).toContain('SMTP_URL is required with DATABASE_URL');
    expect(output).toContain('MAIL_OUTBOX=1');
  });

  it('exits with a message when the embedded database folder cannot be created', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-proc-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'pglite'), 'a file where the database folder should be');
    const { done } = run({ DATA_DIR: dir, PORT: '0' });
    const { code, output } = await done;
    expect(code).toBe(1);
    expect(output).toContain(`Cannot open the embedded database in ${join(dir, 'pglite')}`);
  });

  it('starts on an empty folder, serves, and stops cleanly on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-proc-'));
    dirs.push(dir);
    const port = 3900 + Math.floor(Math.random() * 90);
    const { child, done } = run({ DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', SEED: 'none' });
    let health: unknown = null;
    // A start waits for the embedded database to open and migrate: up to 90 s on a busy 2-core machine
    // running the other test lane beside this one (its speed is measured in bench/, not here).
    for (let i = 0; i < 450 && !health; i++) {
      await new Promise((r) => setTimeout(r, 200));
      health = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.json()).catch(() => null);
    }
    expect(health).toMatchObject({ data: { status: 'ok', database: 'pglite', eventLoopDelay: { windowSeconds: 60 } } });
    child.kill('SIGTERM');
    const { code, output } = await done;
    expect(code).toBe(0);
    expect(output).toContain('shutting down');
  }, 120_000);
});

describe.skipIf(!postgresLane)('the server process on PostgreSQL', () => {
  // Issue 14, points 9 and 10, on a real PostgreSQL (the server-tests pass on PostgreSQL runs it).
  it(
    'seeds nothing on PostgreSQL unless SEED=demo, warns while demo accounts exist, and never logs a reset code',
    async () => {
      const adminUrl = process.env.TEST_DATABASE_URL as string;
      const name = `shop_proc_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const dir = mkdtempSync(join(tmpdir(), 'shop-proc-'));
      dirs.push(dir);
      const port = 3900 + Math.floor(Math.random() * 90);
      const base = `http://127.0.0.1:${port}`;
      const startOnce = async (env: Record<string, string>, during: () => Promise<void>) => {
        const { child, done } = run({ DATABASE_URL: url.toString(), MAIL_OUTBOX: '1', DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', ...env });
        let up = false;
        for (let i = 0; i < 600 && !up; i++) {
          await new Promise((r) => setTimeout(r, 200));
          up = await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false);
        }
        expect(up).toBe(true);
        await during();
        child.kill('SIGTERM');
        return (await done).output;
      };
      const login = () => fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'orderer@demo.pk', password: 'Demo@12345' }) });
      try {
        const bare = await startOnce({}, async () => {
          expect((await login()).status).toBe(401);
        });
        expect(bare).not.toContain('demo accounts');
        const seeded = await startOnce({ SEED: 'demo' }, async () => {
          expect((await login()).status).toBe(200);
          const reset = await fetch(`${base}/api/auth/resetPassword`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ step: 1, email: 'orderer@demo.pk' }) });
          expect(reset.status).toBe(200);
          await new Promise((r) => setTimeout(r, 500));
        });
        expect(seeded).toMatch(/WARNING: 5 demo accounts/);
        const db = new pg.Client({ connectionString: url.toString() });
        await db.connect();
        const mail = await db.query('select body from outbox').finally(() => db.end());
        const code = /\n(\d{6})\n/.exec(String(mail.rows[0]?.body))?.[1];
        expect(code).toMatch(/^\d{6}$/);
        expect(seeded).not.toContain(code);
        const again = await startOnce({}, async () => {});
        expect(again).toMatch(/WARNING: 5 demo accounts/);
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    600_000,
  );
});
