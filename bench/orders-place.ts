// Placing 20-line orders at 32 concurrent buyers on PostgreSQL (issue 5).
//   npx tsx bench/orders-place.ts [postgres-url] [seconds]
// Makes a fresh database on that server, starts the production server on it (port 3203, demo
// seed), signs in 32 buyers, then:
//   phase 1 (closed loop, autocannon): every request a new order (own Idempotency-Key), each buyer
//            sending the next as soon as the last is answered: the most orders per second;
//   phase 2 (open loop): the 32 buyers together send BENCH_RATE (default 200) new orders per
//            second, evenly spaced: p99 latency at the budget's rate;
//   phase 3 (closed loop): every request sent twice in a row with the same key (a retry after a
//            lost answer): each key must map to exactly one order, the one both answers name.
// Budgets: p99 < 100 ms at 200 orders/s, >= 200 orders/s at most, zero lost or duplicated orders.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
// @ts-expect-error autocannon ships no types; the part used here is typed below.
import autocannonUntyped from 'autocannon';
import pg from 'pg';

const [adminUrl = 'postgres://postgres@127.0.0.1:5432/postgres', secondsText = '10'] = process.argv.slice(2);
const seconds = Number(secondsText);

interface Result {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number };
}
const autocannon = autocannonUntyped as (options: Record<string, unknown>) => Promise<Result>;
const PORT = Number(process.env.BENCH_PORT ?? 3203);
const base = `http://127.0.0.1:${PORT}`;
const BUYERS = 32;
const LINES = 20;
const RATE = Number(process.env.BENCH_RATE ?? 200);

const dbName = `bench_orders_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;

const server = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), '--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: new URL('..', import.meta.url).pathname,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: url.toString(), SEED: 'demo', MAIL_OUTBOX: '1', PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: `/tmp/${dbName}` },
});

/** CPU time the server process has used (user + system), from /proc: a figure the machine's load does not inflate. */
function serverCpuMs(): number {
  const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function cleanup() {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}

try {
  for (let i = 0; ; i++) {
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    if (i > 120) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  // 32 Orderers of the demo business, with a limit high enough that their orders go In Process.
  const { rows: [demo] } = await db.query("select business_id, password_hash from business_users where email = 'orderer@demo.pk'");
  for (let i = 0; i < BUYERS; i++) {
    await db.query(
      "insert into business_users (business_id, type, name, email, password_hash, \"limit\", address, mobile_no) values ($1, 'Orderer', $2, $3, $4, '100000000.00', 'Bench Road, Lahore', '923000000000')",
      [demo.business_id, `Bench Buyer ${i}`, `bench${i}@bench.pk`, demo.password_hash],
    );
  }
  const { rows: productRows } = await db.query('select id from products where stock >= 50 order by id limit $1', [LINES]);
  const lines = productRows.map((p: { id: number }, i: number) => ({ product_id: p.id, quantity: 1 + (i % 3) }));
  const tokens: string[] = [];
  for (let i = 0; i < BUYERS; i++) {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `bench${i}@bench.pk`, password: 'Demo@12345' }),
    });
    tokens.push(((await res.json()) as { data: { token: string } }).data.token);
  }
  const body = JSON.stringify({ payment_mode: 'Cash', order_details: lines });

  /**
   * Open-loop load: the 32 buyers' connections together send `rate` new orders per second, evenly
   * spaced (autocannon's own rate sends each second's budget in a burst at the start of the second).
   * A request waits for a free connection when all 32 are busy, and its latency counts from when it
   * was due, not when it was sent, so a slow server is not hidden (coordinated omission).
   */
  async function steady(phase: string, rate: number, answer: (key: string, status: number, body: string) => void): Promise<Result> {
    const agent = new http.Agent({ keepAlive: true, maxSockets: BUYERS });
    const latencies: number[] = [];
    const pending: Promise<void>[] = [];
    const start = performance.now() + 20;
    const total = rate * seconds;
    for (let n = 0; n < total; n++) {
      const due = start + (n * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const key = `${phase}-${n}`;
      pending.push(
        new Promise<void>((resolve) => {
          const req = http.request(
            `${base}/api/write/Orders`,
            {
              method: 'POST',
              agent,
              headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[n % BUYERS]}`, 'idempotency-key': key },
            },
            (res) => {
              let text = '';
              res.setEncoding('utf8');
              res.on('data', (chunk) => {
                text += chunk;
              });
              res.on('end', () => {
                latencies.push(performance.now() - due);
                answer(key, res.statusCode ?? 0, text);
                resolve();
              });
            },
          );
          req.on('error', () => {
            answer(key, 0, '');
            resolve();
          });
          req.end(body);
        }),
      );
    }
    await Promise.all(pending);
    agent.destroy();
    latencies.sort((a, b) => a - b);
    const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
    return { requests: { total: latencies.length, average: latencies.length / seconds }, latency: { p50: at(0.5), p99: at(0.99) } };
  }

  // autocannon resets a connection's context after each request list, so keys come from one counter.
  type Ctx = { key?: string };
  async function run(phase: string, retries: boolean, rate?: number) {
    let sequence = 0;
    const cpuBefore = serverCpuMs();
    const answered = new Map<string, Set<number>>();
    let non200 = 0;
    const answer = (key: string, status: number, resBody: string) => {
      if (status !== 200) {
        non200++;
        return;
      }
      const id = (JSON.parse(resBody) as { data: { id: number } }).data.id;
      const ids = answered.get(key) ?? new Set<number>();
      ids.add(id);
      answered.set(key, ids);
    };
    const result = rate ? await steady(phase, rate, answer) : await autocannon({
      url: base,
      connections: BUYERS,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path: '/api/write/Orders',
          setupRequest: (req: Record<string, unknown>, context: Ctx) => {
            const n = sequence++;
            // With retries, requests 2k and 2k+1 are the same request of the same buyer, sent at once.
            const attempt = retries ? Math.floor(n / 2) : n;
            context.key = `${phase}-${attempt}`;
            return {
              ...req,
              headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[attempt % BUYERS]}`, 'idempotency-key': context.key },
              body,
            };
          },
          onResponse: (status: number, resBody: string, context: Ctx) => answer(context.key as string, status, resBody),
        },
      ],
    });
    const cpuMs = serverCpuMs() - cpuBefore;
    // Requests still in flight when autocannon stopped commit meanwhile; count after they have.
    await new Promise((r) => setTimeout(r, 1000));
    const { rows } = await db.query(
      'select idempotency_key as key, count(*)::int as n, min(id) as id from orders where idempotency_key like $1 group by idempotency_key',
      [`${phase}-%`],
    );
    const inDb = new Map(rows.map((r: { key: string; n: number; id: number }) => [r.key, r]));
    let lost = 0;
    let duplicated = rows.filter((r: { n: number }) => r.n > 1).length;
    for (const [key, ids] of answered) {
      const row = inDb.get(key);
      if (!row) lost++;
      else if (ids.size > 1 || !ids.has(row.id)) duplicated++;
    }
    const orders = rows.length;
    const { count: detailCount } = (await db.query('select count(*)::int as count from order_details d join orders o on o.id = d.order_id where o.idempotency_key like $1', [`${phase}-%`])).rows[0];
    return {
      phase: rate ? `${phase} at ${rate}/s` : phase,
      requests: result.requests.total,
      non200,
      p50: result.latency.p50,
      p99: result.latency.p99,
      requestsPerSecond: Math.round(result.requests.average),
      ordersPerSecond: Math.round(orders / seconds),
      serverCpuMsPerRequest: Number((cpuMs / result.requests.total).toFixed(2)),
      keysAnswered: answered.size,
      ordersInDb: orders,
      linesInDb: detailCount,
      lost,
      duplicated,
    };
  }

  const fresh = await run(`b1${Date.now().toString(36)}`, false);
  const atRate = await run(`b3${Date.now().toString(36)}`, false, RATE);
  const retried = await run(`b2${Date.now().toString(36)}`, true);
  await db.end();
  console.table([fresh, atRate, retried]);
  const failures: string[] = [];
  // The budget is one operating point: 32 buyers placing at least 200 orders per second between them,
  // p99 under 100 ms. (In the closed loop every buyer sends its next order the moment the last one
  // is answered, so its p99 only says how long the queue of 32 is at the machine's maximum rate.)
  if (atRate.p99 >= 100) failures.push(`p99 at ${RATE} orders/s ${atRate.p99} ms >= 100 ms`);
  if (fresh.ordersPerSecond < 200) failures.push(`most orders per second ${fresh.ordersPerSecond} < 200`);
  for (const r of [fresh, atRate, retried]) {
    if (r.lost || r.duplicated || r.non200) failures.push(`${r.phase}: lost ${r.lost}, duplicated ${r.duplicated}, non-200 ${r.non200}`);
    if (r.linesInDb !== r.ordersInDb * LINES) failures.push(`${r.phase}: ${r.linesInDb} lines for ${r.ordersInDb} orders`);
  }
  if (failures.length) {
    console.error(`over budget: ${failures.join('; ')}`);
    process.exitCode = 1;
  } else console.log('within budget');
} finally {
  await cleanup();
}
