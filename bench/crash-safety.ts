// Crash safety on PostgreSQL (issue 7): buyers place orders with retries and idempotency keys while
// the server is killed with SIGKILL and restarted, and while PostgreSQL itself is restarted.
// Afterwards every acknowledged order exists exactly once, no order lacks lines, and the server is up.
//
//   npx tsx bench/crash-safety.ts                 # full: 50 server kills, 5 database restarts
//   npx tsx bench/crash-safety.ts --short         # CI: 8 kills, 1 database restart
// Needs PostgreSQL at PG_URL (default postgres://postgres@127.0.0.1:5432/postgres); restarting it
// uses pg_ctlcluster (Debian), so run it where that server is yours to restart.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import pg from 'pg';

const SHORT = process.argv.includes('--short');
const KILLS = Number(process.env.KILLS ?? (SHORT ? 8 : 50));
const DB_RESTARTS = Number(process.env.DB_RESTARTS ?? (SHORT ? 1 : 5));
const BUYERS = Number(process.env.BUYERS ?? 8);
const PORT = Number(process.env.PORT ?? 3391);
const PG_URL = process.env.PG_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = new URL('..', import.meta.url).pathname;
const base = `http://127.0.0.1:${PORT}`;
const dbName = `shop_crash_${Date.now().toString(36)}`;
const dbUrl = Object.assign(new URL(PG_URL), { pathname: `/${dbName}` }).toString();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

const current: { server: ChildProcess | null } = { server: null };
function startServer() {
  current.server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, DATABASE_URL: dbUrl, PORT: String(PORT), HOST: '127.0.0.1', JWT_SECRET: 'crash-safety-secret-crash-safety-secret-01', LOG_LEVEL: 'silent', NODE_ENV: 'production', SEED: 'demo', MAIL_OUTBOX: '1', WEB_DIST: '/nonexistent' },
  });
}

/**
 * Waits for the server to answer, starting it again if it exited, as its supervisor (systemd, a
 * container runtime) would: started while PostgreSQL is still restarting, it stops with a message.
 */
async function waitHealthy(timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (current.server && current.server.exitCode !== null) startServer();
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false);
    if (ok) return;
    await sleep(100);
  }
  throw new Error('the server did not come back');
}

function restartPostgres() {
  const version = readdirSync('/etc/postgresql')[0];
  if (!version) throw new Error('no PostgreSQL cluster to restart');
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart'], { stdio: 'ignore' });
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
  return { status: res.status, json: (await res.json().catch(() => null)) as { data?: { id: number; order_number: string }; error?: string } | null };
}

await admin(`create database ${dbName}`);
startServer();
await waitHealthy();

// This harness is about orders surviving crashes, not the credit limit (issue 14.12): the Credit buyer's
// business gets room for every order the run places, so each Credit order still takes its lock and
// transaction but none is refused for the limit.
{
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  await c.query(`update businesses set credit_limit = 9999999999 where id = (select business_id from business_users where email = 'credit@demo.pk')`);
  await c.end();
}
const accounts = ['owner@demo.pk', 'credit@demo.pk', 'advance@demo.pk'];
const tokens: string[] = [];
for (const email of accounts) {
  const res = await post('/api/auth/login', { email, password: 'Demo@12345' });
  if (!res.json?.data) throw new Error(`sign-in failed for ${email}: ${res.status}`);
  tokens.push((res.json.data as unknown as { token: string }).token);
}
const products = await fetch(`${base}/api/custom_route/get_products_by_categories?limit=200&offset=0`).then((r) => r.json());
const productIds: number[] = (products.data.products as { id: number }[]).map((p) => p.id);
const modes = ['Cash', 'Credit', 'Advance'];

const acknowledged = new Map<string, number>();
let attempts = 0;
let stopping = false;

async function buyer(i: number) {
  const account = i % accounts.length;
  while (!stopping) {
    const key = randomUUID();
    const lines = Array.from({ length: 1 + (i % 5) }, (_, k) => ({ product_id: productIds[(i * 7 + k * 13 + acknowledged.size) % productIds.length] as number, quantity: 1 + k }));
    const unique = [...new Map(lines.map((l) => [l.product_id, l])).values()];
    // Retry the same request with the same key until it is acknowledged: a buyer on a flaky network.
    for (;;) {
      attempts++;
      const res = await post('/api/write/Orders', { payment_mode: modes[account], order_details: unique }, { authorization: `Bearer ${tokens[account]}`, 'idempotency-key': key }).catch(() => null);
      if (res?.status === 200 && res.json?.data) {
        acknowledged.set(key, res.json.data.id);
        break;
      }
      if (res && res.status >= 400 && res.status < 500 && res.status !== 429) throw new Error(`order refused: ${res.status} ${res.json?.error}`);
      await sleep(50 + Math.random() * 100);
    }
  }
}

const buyers = Array.from({ length: BUYERS }, (_, i) => buyer(i));
const restartEvery = Math.max(1, Math.floor(KILLS / Math.max(1, DB_RESTARTS)));
let dbRestarts = 0;
for (let k = 1; k <= KILLS; k++) {
  await sleep(300 + Math.random() * 700);
  current.server?.kill('SIGKILL');
  if (dbRestarts < DB_RESTARTS && k % restartEvery === 0) {
    restartPostgres();
    dbRestarts++;
  }
  startServer();
  await waitHealthy();
  process.stdout.write(`kill ${k}/${KILLS}${dbRestarts ? `, database restarts ${dbRestarts}` : ''}, acknowledged ${acknowledged.size}\r`);
}
// A last database restart under a live server: it must recover by itself (its pool reconnects).
await sleep(500);
stopping = true;
await Promise.all(buyers);
await waitHealthy();

const c = new pg.Client({ connectionString: dbUrl });
await c.connect();
const keys = [...acknowledged.keys()];
const { rows } = await c.query<{ idempotency_key: string; n: string; ids: number[] }>(
  'select idempotency_key, count(*) as n, array_agg(id) as ids from orders where idempotency_key = any($1) group by idempotency_key',
  [keys],
);
const { rows: strays } = await c.query<{ n: string }>('select count(*) as n from orders where idempotency_key is not null and not (idempotency_key = any($1))', [keys]);
const { rows: lineless } = await c.query<{ n: string }>('select count(*) as n from orders o where not exists (select 1 from order_details d where d.order_id = o.id)');
await c.end();
current.server?.kill('SIGTERM');
await sleep(1000);
await admin(`drop database if exists ${dbName} with (force)`);

const found = new Map(rows.map((r) => [r.idempotency_key, r]));
const lost = keys.filter((k) => !found.has(k)).length;
const duplicated = rows.filter((r) => Number(r.n) > 1).length;
const mismatched = rows.filter((r) => !r.ids.includes(acknowledged.get(r.idempotency_key) as number)).length;
console.log(`\nserver kills ${KILLS}, database restarts ${dbRestarts}, requests ${attempts}, acknowledged orders ${keys.length}`);
console.log(`lost ${lost}, duplicated ${duplicated}, answered with another id ${mismatched}, orders never acknowledged ${strays[0]?.n}, orders without lines ${lineless[0]?.n}`);
const ok = keys.length > 0 && lost === 0 && duplicated === 0 && mismatched === 0 && Number(strays[0]?.n) === 0 && Number(lineless[0]?.n) === 0;
console.log(ok ? 'crash safety: 1 passed, 0 failed' : 'crash safety: 0 passed, 1 failed');
process.exit(ok ? 0 : 1);
