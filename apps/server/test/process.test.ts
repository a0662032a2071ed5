import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The real entry point as an operator runs it: config errors, an unopenable database, shutdown.
const main = new URL('../src/main.ts', import.meta.url).pathname;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function run(env: Record<string, string>): { child: ChildProcess; done: Promise<{ code: number | null; output: string }> } {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const done = new Promise<{ code: number | null; output: string }>((resolve) => child.on('exit', (code) => resolve({ code, output })));
  return { child, done };
}

describe('the server process', () => {
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
    for (let i = 0; i < 150 && !health; i++) {
      await new Promise((r) => setTimeout(r, 200));
      health = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.json()).catch(() => null);
    }
    expect(health).toMatchObject({ data: { status: 'ok', database: 'pglite', eventLoopDelay: { windowSeconds: 60 } } });
    child.kill('SIGTERM');
    const { code, output } = await done;
    expect(code).toBe(0);
    expect(output).toContain('shutting down');
  }, 60_000);
});
