import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_ENTRY } from './server-entry.ts';

// Issue 20: `npm run backup` while buyers place orders, `npm run restore` into a new folder, and every
// order the shop acknowledged before the backup began is there, with the uploaded files. The real
// entry point and the real commands, as an operator runs them (embedded database).
const root = new URL('../../..', import.meta.url).pathname;
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const env = (dataDir: string, extra: Record<string, string> = {}) => ({ PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, ...extra });

async function startShop(dataDir: string, port: number): Promise<{ child: ChildProcess; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, [SERVER_ENTRY], { cwd: root, env: env(dataDir, { PORT: String(port), HOST: '127.0.0.1' }), stdio: 'ignore' });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // Opening, migrating and seeding the embedded database: up to two minutes on a loaded 2-core machine.
  for (let i = 0; i < 600; i++) {
    const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then((r) => r.ok, () => false);
    if (ready) return { child, exited };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the shop did not become ready');
}

function npmScript(script: 'backup' | 'restore', dataDir: string, arg: string): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, ['scripts/with-env.mjs', `apps/server/src/cli/${script}.ts`, arg], { cwd: root, env: env(dataDir), encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

// The embedded database's commands: run once, in the embedded-database lane (the PostgreSQL lane has pg_dump).
describe.skipIf(!!process.env.TEST_DATABASE_URL)('backup and restore of the embedded database', () => {
  it('a backup taken during order traffic, restored, holds every order acknowledged before it began', async () => {
    const work = mkdtempSync(join(tmpdir(), 'shop-backup-'));
    dirs.push(work);
    const dataDir = join(work, 'data');
    const port = 4100 + Math.floor(Math.random() * 400);
    const base = `http://127.0.0.1:${port}`;
    const shop = await startShop(dataDir, port);

    const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      return { status: res.status, json: (await res.json()) as { data?: { id: number; token?: string }; error?: string } };
    };
    const tokens: string[] = [];
    for (const email of ['owner@demo.pk', 'advance@demo.pk']) tokens.push((await post('/api/auth/login', { email, password: 'Demo@12345' })).json.data?.token as string);
    const products = (await fetch(`${base}/api/custom_route/get_products_by_categories?limit=40&offset=0`).then((r) => r.json())) as { data: { products: { id: number }[] } };
    const ids = products.data.products.map((p) => p.id);
    expect(ids.length).toBeGreaterThan(5);

    // Four buyers order one after another, each about 20 orders a second (a busy morning's traffic, not a
    // flood: at full speed they took the CPU from the backup itself and the suite's other files); each
    // acknowledged order is kept with the time it was acknowledged.
    const acknowledged: { id: number; at: number; account: number }[] = [];
    let stop = false;
    const buyer = async (i: number) => {
      for (let n = 0; !stop; n++) {
        if (n > 0) await new Promise((r) => setTimeout(r, 50));
        const account = i % 2;
        const res = await post('/api/write/Orders', { payment_mode: account === 0 ? 'Cash' : 'Advance', order_details: [{ product_id: ids[(i * 5 + n) % ids.length] as number, quantity: 1 }] }, { authorization: `Bearer ${tokens[account]}` });
        if (res.status === 200 && res.json.data) acknowledged.push({ id: res.json.data.id, at: Date.now(), account });
        else if (res.status !== 429) throw new Error(`order refused: ${res.status} ${res.json.error}`);
      }
    };
    const buyers = [0, 1, 2, 3].map(buyer);
    while (acknowledged.length < 10) await new Promise((r) => setTimeout(r, 50));

    const began = Date.now();
    const backup = await new Promise<{ status: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['scripts/with-env.mjs', 'apps/server/src/cli/backup.ts', join(work, 'backups')], { cwd: root, env: env(dataDir) });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('exit', (status) => resolve({ status, out }));
    });
    const orderedDuring = acknowledged.filter((o) => o.at > began).length;
    stop = true;
    await Promise.all(buyers);
    expect(backup.out).toContain('Backup taken by the running shop.');
    expect(backup.status).toBe(0);
    // The shop kept taking orders while the backup was written.
    expect(orderedDuring).toBeGreaterThan(0);
    const before = acknowledged.filter((o) => o.at < began);

    shop.child.kill('SIGTERM');
    expect(await shop.exited).toBe(0);

    // Restored into a new folder, as on a new machine; a running shop is never restored over.
    const [folder] = readdirSync(join(work, 'backups'));
    const restoredDir = join(work, 'restored');
    const restored = npmScript('restore', restoredDir, join(work, 'backups', folder as string));
    expect(restored.out).toContain('Restored the backup of');
    expect(restored.status).toBe(0);
    expect(readdirSync(join(restoredDir, 'uploads')).length).toBe(readdirSync(join(dataDir, 'uploads')).length);

    const port2 = port + 1;
    const again = await startShop(restoredDir, port2);
    const refused = npmScript('restore', restoredDir, join(work, 'backups', folder as string));
    expect(refused.status).toBe(1);
    expect(refused.out).toContain('stop it first');
    // Without its socket (gone, or never made), the running shop's folder is still never opened twice.
    rmSync(join(restoredDir, 'control.sock'));
    const direct = npmScript('backup', restoredDir, join(work, 'second'));
    expect(direct.out).toContain('open in another process');
    expect(direct.status).toBe(1);
    const tokens2: string[] = [];
    for (const email of ['owner@demo.pk', 'advance@demo.pk']) {
      const res = await fetch(`http://127.0.0.1:${port2}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'Demo@12345' }) });
      tokens2.push(((await res.json()) as { data: { token: string } }).data.token);
    }
    const missing: number[] = [];
    for (const o of before) {
      const res = await fetch(`http://127.0.0.1:${port2}/api/read/Orders/${o.id}`, { headers: { authorization: `Bearer ${tokens2[o.account]}` } });
      if (res.status !== 200) missing.push(o.id);
    }
    expect(before.length).toBeGreaterThan(5);
    expect(missing).toEqual([]);
    again.child.kill('SIGTERM');
    await again.exited;
  }, 400_000);
});
