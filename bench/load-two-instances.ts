// Scale-out load test (issue 7): two server instances on one PostgreSQL and one Redis, on loopback,
// and 500 simulated buyers that browse, search, price a cart and order, spread over both instances.
//   npx tsx bench/load-two-instances.ts            (BUYERS=500 DURATION=30 by default)
// PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) and REDIS_URL (default redis://127.0.0.1:6379).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

const BUYERS = Number(process.env.BUYERS ?? 500);
const DURATION_S = Number(process.env.DURATION ?? 30);
const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PORTS = [3381, 3382];
const root = new URL('..', import.meta.url).pathname;
const dbName = `shop_load_${Date.now().toString(36)}`;
const dbUrl = Object.assign(new URL(PG_URL), { pathname: `/${dbName}` }).toString();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  await c.query(sql).finally(() => c.end());
}

function start(port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, DATABASE_URL: dbUrl, REDIS_URL, PORT: String(port), HOST: '127.0.0.1', JWT_SECRET: 'load-test-secret-load-test-secret-0123456', LOG_LEVEL: 'silent', NODE_ENV: 'production', WEB_DIST: '/nonexistent', TRUST_PROXY: '1', SEED: 'demo', MAIL_OUTBOX: '1' },
  });
}

async function healthy(port: number) {
  for (let i = 0; i < 600; i++) {
    if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok).catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`instance on ${port} did not start`);
}

await admin(`create database ${dbName}`);
// The first instance migrates and seeds; the second starts on the seeded database.
const servers = [start(PORTS[0] as number)];
await healthy(PORTS[0] as number);
servers.push(start(PORTS[1] as number));
await healthy(PORTS[1] as number);
// The load test is about two instances under many buyers, not the credit limit (issue 14.12): the Credit
// buyer's business gets room for every order of the run (each still takes its lock and transaction).
{
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  await c.query(`update businesses set credit_limit = 9999999999 where id = (select business_id from business_users where email = 'credit@demo.pk')`);
  await c.end();
}

const base = (i: number) => `http://127.0.0.1:${PORTS[i % PORTS.length]}`;
const sessions: { token: string; mode: string }[] = [];
for (const [email, mode] of [['owner@demo.pk', 'Cash'], ['credit@demo.pk', 'Credit'], ['advance@demo.pk', 'Advance']] as const) {
  const res = await fetch(`${base(0)}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'Demo@12345' }) });
  sessions.push({ token: ((await res.json()) as { data: { token: string } }).data.token, mode });
}
const listing = (await fetch(`${base(0)}/api/custom_route/get_products_by_categories?limit=400&offset=0`).then((r) => r.json())) as { data: { products: { id: number }[] } };
const ids = listing.data.products.map((p) => p.id);
const words = ['rice', 'basmti', 'oil', 'tea', 'sugar', 'daal', 'tissue', 'surf', 'ghee', 'masala', 'biscuit', 'milk'];

type Step = 'browse' | 'search' | 'price' | 'order';
const latencies: Record<Step, number[]> = { browse: [], search: [], price: [], order: [] };
const status = { ok: 0, clientError: 0, serverError: 0, network: 0 };
const deadline = Date.now() + DURATION_S * 1000;

async function call(step: Step, url: string, init?: RequestInit) {
  const t = performance.now();
  try {
    const res = await fetch(url, init);
    await res.arrayBuffer();
    latencies[step].push(performance.now() - t);
    if (res.status >= 500) status.serverError++;
    else if (res.status >= 400) status.clientError++;
    else status.ok++;
  } catch {
    status.network++;
  }
}

async function buyer(i: number) {
  const s = sessions[i % sessions.length] as { token: string; mode: string };
  // Each buyer is its own shop behind the (simulated) balancer: per-client limits apply per buyer.
  const auth = { authorization: `Bearer ${s.token}`, 'content-type': 'application/json', 'x-forwarded-for': `10.20.${Math.floor(i / 250)}.${i % 250}` };
  let n = 0;
  while (Date.now() < deadline) {
    const host = base(i + n++);
    await call('browse', `${host}/api/custom_route/get_products_by_categories?limit=40&offset=${(i * 40) % 400}&order=viewed_count__DESC`, { headers: auth });
    await call('search', `${host}/api/catalogue/search?search=${words[(i + n) % words.length]}`, { headers: auth });
    const lines = [0, 1, 2].map((k) => ({ product_id: ids[(i * 3 + k + n) % ids.length] as number, quantity: 1 + k }));
    await call('price', `${host}/api/cart/price`, { method: 'POST', headers: auth, body: JSON.stringify({ ids: lines.map((l) => l.product_id) }) });
    if (n % 3 === 0) {
      await call('order', `${host}/api/write/Orders`, { method: 'POST', headers: { ...auth, 'idempotency-key': randomUUID() }, body: JSON.stringify({ payment_mode: s.mode, order_details: lines }) });
    }
    await sleep(200 + Math.random() * 800); // a person's pause between pages
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: BUYERS }, (_, i) => buyer(i)));
const seconds = (performance.now() - started) / 1000;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number) : 0;
};
console.log(`${BUYERS} buyers for ${seconds.toFixed(0)} s on two instances (PostgreSQL + Redis)`);
for (const step of Object.keys(latencies) as Step[]) {
  const xs = latencies[step];
  console.log(`  ${step.padEnd(7)} ${String(xs.length).padStart(6)} requests, ${(xs.length / seconds).toFixed(0).padStart(4)}/s, p50 ${pct(xs, 50).toFixed(0)} ms, p95 ${pct(xs, 95).toFixed(0)} ms, p99 ${pct(xs, 99).toFixed(0)} ms`);
}
console.log(`  answers: ${status.ok} ok, ${status.clientError} 4xx, ${status.serverError} 5xx, ${status.network} network errors`);
for (const s of servers) s.kill('SIGTERM');
await sleep(1500);
await admin(`drop database if exists ${dbName} with (force)`);
process.exit(status.serverError === 0 && status.network === 0 ? 0 : 1);
