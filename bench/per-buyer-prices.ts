// Issue 36's speed budget: storefront listings and search with per-buyer prices within 10% of the build
// before them (020e672) in requests per second at 20,000 products, warm and cold, and memory within 10%.
// Two or more servers (different builds, each on its own copy of one bench database) get the same
// requests in alternating rounds; for each: requests per second, p99 and, as cpu-per-request.ts does, the
// CPU time (user + system, /proc/<pid>/stat) the server process spent per request, which other
// processes on a shared machine disturb much less than requests per second.
//
// Setup (once, before the servers start; PGlite allows one process per data folder). The database is made
// by the OLDER build (a build refuses a database that newer code migrated; the newer server migrates its
// copy when it starts), `setup` from this checkout (it does not migrate):
//   (cd <worktree of the older build> && npx tsx bench/make-catalogue.ts /tmp/pb-db 20000)
//   npx tsx bench/per-buyer-prices.ts setup /tmp/pb-db
//   cp -a /tmp/pb-db /tmp/pb-db-old && cp -a /tmp/pb-db /tmp/pb-db-new
// `setup` adds two businesses (SQL, below) in the demo cities no demo business is in, so the buyers span
// five cities: "Bench Multan Traders" (Multan, with locked prices on about 200 products; its Owner
// bench-multan@demo.pk) and "Bench Faisalabad Mart" (Faisalabad, no locked prices; bench-faisalabad@demo.pk),
// both Owners with the demo password. Then each build (a git worktree of it, its own npm install) builds
// its server and serves its own copy, e.g. in the worktree of the build before:
//   node -e "import('./scripts/server-build.mjs').then((m) => m.ensureServerBuild())"
//   DATA_DIR=/tmp/pb-db-old PORT=3361 NODE_ENV=production SEARCH_RATE_LIMIT=0 METRICS_TOKEN=per-buyer-prices-bench node apps/server/dist/main.mjs
// and the same with /tmp/pb-db-new on port 3362 in the worktree of the build after;
// and the bench runs against the ports:
//   npx tsx bench/per-buyer-prices.ts run <rounds> <port> [port ...]
//
// The buyers, in rotation, one per request: the demo Owner of Demo Kiryana Traders (owner@demo.pk,
// Lahore, 40 locked prices), credit@demo.pk (Islamabad, 8 locked prices), advance@demo.pk (Karachi, none),
// the two bench Owners (Multan locked, Faisalabad not), and guests as the web app makes them (a guest
// token, {step: 'Guest'}) without a city and with ?city=Lahore, Islamabad, Multan and Karachi (a build
// before issue 36 ignores the unknown query name).
// The requests: listing pages (tier-2 categories x sort orders x pages, as catalogue-api.ts) and the 12
// searches of catalogue-api.ts, each with the buyer's token. Phases:
//   listing warm / search warm: a fixed set (8 categories x 3 orders, first page; the 12 searches), times
//     the 10 buyers, each asked twice before the clock starts (the answer cache keeps an answer from its
//     second ask) and again before every measured run (so every answer is fresh in the cache);
//   listing cold / search cold: 8 categories x 6 orders x 2 pages, and the 12 searches, times the 10
//     buyers, each with a counter in an ignored query name (n=), so no answer comes from the answer cache.
// Every answer must be 200: the bench stops at any other status; a request that got no answer at all
// (autocannon's 10 s timeout, a reset) is printed with its count, and the run's figures are of the
// answered ones. Each round's figures are printed as they come; at the end the medians of the rounds and,
// per server against the first, the median of the rounds' own ratios (the two runs of a round are seconds
// apart, so under the same load of the machine). After the rounds, each server's resident memory
// (/proc VmRSS, VmHWM) and, with BENCH_METRICS_TOKEN (the servers' METRICS_TOKEN), its V8 heap from /metrics.
// Settings: BENCH_WARM_REQUESTS (default 20,000) and BENCH_COLD_REQUESTS (default 6,000) per measured run,
// 32 connections; BENCH_ONLY='listing cold,search cold' runs only those phases. Linux only (/proc, ss).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';

const [mode, ...args] = process.argv.slice(2);

const PASSWORD = 'Demo@12345';
const BENCH_BUSINESSES = [
  { name: 'Bench Multan Traders', city: 'Multan', email: 'bench-multan@demo.pk', cmId: 'CM-BENCH-01', locked: true },
  { name: 'Bench Faisalabad Mart', city: 'Faisalabad', email: 'bench-faisalabad@demo.pk', cmId: 'CM-BENCH-02', locked: false },
] as const;

if (mode === 'setup') {
  const { openDatabase, jsonRows } = await import('../apps/server/src/db/client.ts');
  const dir = args[0] ?? '/tmp/pb-db';
  const database = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: join(resolve(dir), 'pglite') });
  const db = database.db;
  for (const b of BENCH_BUSINESSES) {
    const [known] = await jsonRows<{ id: number }>(db, sql`select id from business_users where email = ${b.email}`);
    if (known) {
      console.log(`${b.email} is there already`);
      continue;
    }
    // A verified business like Demo Kiryana Traders (its types, Cash), in the city's first area.
    await db.execute(
      sql`insert into businesses (name, business_type_id, business_sub_type_id, payment_mode, city_id, area_id, store_id, cm_id, verification)
          select ${b.name}, k.business_type_id, k.business_sub_type_id, 'Cash', a.city_id, a.id, a.store_id, ${b.cmId}, 'approved'
          from businesses k, areas a join cities c on c.id = a.city_id
          where k.name = 'Demo Kiryana Traders' and c.name = ${b.city}
          order by a.id limit 1`,
    );
    const [business] = await jsonRows<{ id: number }>(db, sql`select id from businesses where name = ${b.name}`);
    if (!business) throw new Error(`no area in ${b.city}`);
    // Its Owner, with the demo accounts' password hash (the same password).
    await db.execute(
      sql`insert into business_users (business_id, type, name, email, password_hash, metro_store_id, cm_id, email_proven_at)
          select ${business.id}, 'Owner', ${`${b.city} Bench Owner`}, ${b.email}, u.password_hash, bz.store_id, ${b.cmId}, now()
          from business_users u, businesses bz where u.email = 'owner@demo.pk' and bz.id = ${business.id}`,
    );
    // Locked prices 5% below the list price on about 200 in-stock products spread over the catalogue.
    if (b.locked) {
      await db.execute(
        sql`insert into customer_prices (business_id, product_id, price)
            select ${business.id}, id, round(price * 0.95, 2) from products where stock > 0 and id % 97 = 0`,
      );
    }
    const [n] = await jsonRows<{ n: number }>(db, sql`select count(*)::int as n from customer_prices where business_id = ${business.id}`);
    console.log(`${b.name} (${b.city}), business ${business.id}, Owner ${b.email}, ${n?.n ?? 0} locked prices`);
  }
  await database.close();
  process.exit(0);
}

if (mode !== 'run') throw new Error('usage: per-buyer-prices.ts setup <data dir> | run <rounds> <port> [port ...]');
const [roundsText = '6', ...ports] = args;
if (ports.length === 0) throw new Error('usage: per-buyer-prices.ts run <rounds> <port> [port ...]');
const rounds = Number(roundsText);
const warmRequests = Number(process.env.BENCH_WARM_REQUESTS ?? 20_000);
const coldRequests = Number(process.env.BENCH_COLD_REQUESTS ?? 6_000);
const metricsToken = process.env.BENCH_METRICS_TOKEN;
const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

function pidOf(port: string): number {
  const line = execFileSync('ss', ['-ltnpH', `sport = :${port}`]).toString();
  const pid = /pid=(\d+)/.exec(line)?.[1];
  if (!pid) throw new Error(`nothing listens on port ${port}`);
  return Number(pid);
}
function cpuSeconds(pid: number): number {
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

interface Buyer {
  name: string;
  token: string;
  /** A guest's chosen city (sent as ?city=). */
  city?: string;
}

async function post(base: string, path: string, body: unknown): Promise<{ data: { token: string } }> {
  const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path} on ${base}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { data: { token: string } };
}
async function buyersOf(base: string): Promise<Buyer[]> {
  const emails = ['owner@demo.pk', 'credit@demo.pk', 'advance@demo.pk', ...BENCH_BUSINESSES.map((b) => b.email)];
  const buyers: Buyer[] = [];
  for (const email of emails) buyers.push({ name: email, token: (await post(base, '/api/auth/login', { email, password: PASSWORD })).data.token });
  const guest = (await post(base, '/api/auth/login', { step: 'Guest' })).data.token;
  buyers.push({ name: 'guest', token: guest });
  for (const city of ['Lahore', 'Islamabad', 'Multan', 'Karachi']) buyers.push({ name: `guest ${city}`, token: guest, city });
  return buyers;
}

const ORDERS = ['brand_name__ASC', 'brand_name__DESC', 'price__ASC', 'price__DESC', 'add_to_cart_count__DESC', 'viewed_count__DESC'];
const WARM_ORDERS = ['price__ASC', 'price__DESC', 'viewed_count__DESC'];
const SEARCHES = ['basmti rce', 'tapal danedr', 'cookng oil', 'shan biryni', 'rice basmati', 'nestle milk', 'suger', 'chana dal', 'dettol soap', 'surf excel', 'lipton tea', 'ketchup'];

const first = `http://127.0.0.1:${ports[0]}`;
const categories = (await (await fetch(`${first}/api/read/Categories`)).json()).data as Array<{ id: number; level: number }>;
const tier2 = categories
  .filter((c) => c.level === 2)
  .map((c) => c.id)
  .slice(0, 8);
const listing = (id: number, order: string, offset: number) =>
  `/api/custom_route/get_products_by_categories?tierId=2&filterValue=${id}&order=${order}&offset=${offset}&limit=40`;
const warmListing = tier2.flatMap((id) => WARM_ORDERS.map((order) => listing(id, order, 0)));
const coldListing = tier2.flatMap((id) => ORDERS.flatMap((order) => [0, 40].map((offset) => listing(id, order, offset))));
const searches = SEARCHES.map((s) => `/api/catalogue/search?search=${encodeURIComponent(s)}`);

/** A path as a buyer asks it: the guest's city added. */
const asked = (path: string, buyer: Buyer) => (buyer.city ? `${path}&city=${encodeURIComponent(buyer.city)}` : path);

interface Server {
  port: string;
  base: string;
  pid: number;
  buyers: Buyer[];
  results: Map<string, Array<{ rps: number; p99: number; cpuUs: number }>>;
}
const servers: Server[] = [];
for (const port of ports) {
  const base = `http://127.0.0.1:${port}`;
  servers.push({ port, base, pid: pidOf(port), buyers: await buyersOf(base), results: new Map() });
}
const buyerCount = servers[0]!.buyers.length;

/** Asks every (path, buyer) pair `times` times, 8 at a time; every answer must be 200. Returns the bytes of the last asks. */
async function prime(server: Server, paths: string[], times: number): Promise<number> {
  const pairs = paths.flatMap((p) => server.buyers.map((b) => [p, b] as const));
  let bytes = 0;
  for (let t = 0; t < times; t++) {
    bytes = 0;
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < pairs.length) {
          const [path, buyer] = pairs[next++]!;
          const res = await fetch(server.base + asked(path, buyer), { headers: { authorization: `Bearer ${buyer.token}` } });
          const body = await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`${server.port} ${buyer.name} ${asked(path, buyer)}: ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
          bytes += body.byteLength;
        }
      }),
    );
  }
  return bytes;
}

let counter = 0;
/** One measured run: `amount` requests at 32 connections, the (path, buyer) pairs in rotation; cold adds n=<counter>. */
async function measure(server: Server, paths: string[], cold: boolean, amount: number, counterBase: number) {
  let k = 0;
  let n = counterBase;
  const socketErrors = new Map<string, number>();
  const setupRequest = (req: Record<string, unknown>) => {
    const i = k++;
    const buyer = server.buyers[i % buyerCount]!;
    const path = asked(paths[Math.floor(i / buyerCount) % paths.length]!, buyer);
    return { ...req, path: cold ? `${path}&n=${n++}` : path, headers: { authorization: `Bearer ${buyer.token}` } };
  };
  const before = cpuSeconds(server.pid);
  const started = performance.now();
  // Timed to the last answer: autocannon calls back only at its next one-second tick.
  let last = started;
  const result = await new Promise<Record<string, unknown>>((done, fail) => {
    const instance = autocannon({ url: server.base, connections: 32, amount, requests: [{ setupRequest }] }, (err: unknown, r: Record<string, unknown>) =>
      err ? fail(err) : done(r),
    );
    instance.on('response', () => {
      last = performance.now();
    });
    instance.on('reqError', (err: Error & { code?: string }) => {
      const key = err.code ?? err.message;
      socketErrors.set(key, (socketErrors.get(key) ?? 0) + 1);
    });
  });
  const seconds = (last - started) / 1000;
  const spent = cpuSeconds(server.pid) - before;
  const ok = result['2xx'] as number;
  // Every answer must be 200; a request that got no answer at all (a socket error, reported with its
  // code) is counted and printed, and autocannon sends another in its place.
  if (result.non2xx) throw new Error(`port ${server.port}: ${result.non2xx} answers not 2xx`);
  if (result.errors || result.timeouts || ok !== amount) {
    console.log(
      `  port ${server.port}: ${ok} answers 200 of ${amount}, no answer to ${result.errors} (${[...socketErrors].map(([k, v]) => `${k} ${v}`).join(', ')}), timeouts ${result.timeouts}`,
    );
  }
  const r = { rps: ok / seconds, p99: (result.latency as { p99: number }).p99, cpuUs: (spent * 1e6) / ok };
  return r;
}

console.log(
  `per-buyer prices: ports ${ports.join(', ')}, ${rounds} rounds, ${buyerCount} buyers (${servers[0]!.buyers.map((b) => b.name).join(', ')}), ` +
    `warm runs ${warmRequests} requests, cold ${coldRequests}, 32 connections; load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} at ${new Date().toISOString()}`,
);
// What each buyer is shown: the distinct answers among the buyers for a price-sorted listing (10 when
// every view differs; a build without per-buyer prices shows fewer).
for (const server of servers) {
  const path = warmListing.find((p) => p.includes('price__ASC'))!;
  const bodies = new Set<string>();
  for (const b of server.buyers) bodies.add(await (await fetch(server.base + asked(path, b), { headers: { authorization: `Bearer ${b.token}` } })).text());
  console.log(`port ${server.port} (pid ${server.pid}): ${bodies.size} distinct answers among the ${buyerCount} buyers for ${path}`);
}
for (const server of servers) {
  const listingBytes = await prime(server, warmListing, 2);
  const searchBytes = await prime(server, searches, 2);
  console.log(
    `port ${server.port}: warm set ${warmListing.length * buyerCount} listing answers (${(listingBytes / 1024 / 1024).toFixed(1)} MB of JSON) and ` +
      `${searches.length * buyerCount} search answers (${(searchBytes / 1024 / 1024).toFixed(1)} MB); the answer cache holds 16 MB`,
  );
}

const phases: Array<[string, string[], boolean, number]> = [
  ['listing warm', warmListing, false, warmRequests],
  ['listing cold', coldListing, true, coldRequests],
  ['search warm', searches, false, warmRequests],
  ['search cold', searches, true, coldRequests],
];
// BENCH_ONLY='listing cold' runs only those phases (to profile one).
const only = process.env.BENCH_ONLY?.split(',').map((x) => x.trim());
if (only) phases.splice(0, phases.length, ...phases.filter(([name]) => only.includes(name)));
for (let round = 0; round < rounds; round++) {
  // Alternating order: the first server goes first in even rounds, last in odd ones.
  const order = round % 2 === 0 ? servers : [...servers].reverse();
  for (const [name, paths, cold, amount] of phases) {
    counter += 10_000_000;
    for (const server of order) {
      if (!cold) await prime(server, paths, 1);
      const r = await measure(server, paths, cold, amount, counter);
      console.log(`  round ${round + 1} ${name.padEnd(12)} port ${server.port}: ${Math.round(r.rps)} req/s, p99 ${r.p99} ms, CPU ${r.cpuUs.toFixed(1)} µs/request`);
      const list = server.results.get(name) ?? [];
      list.push(r);
      server.results.set(name, list);
    }
  }
  process.stdout.write(`round ${round + 1} of ${rounds} done, load average ${loadavg()[0]!.toFixed(1)}\n`);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const pct = (x: number, base: number) => `${x >= base ? '+' : ''}${(((x - base) / base) * 100).toFixed(1)}%`;
console.log(`\nmedians of ${rounds} rounds (against port ${servers[0]!.port})`);
for (const [name] of phases) {
  const base = servers[0]!.results.get(name)!;
  const b = { rps: median(base.map((r) => r.rps)), p99: median(base.map((r) => r.p99)), cpu: median(base.map((r) => r.cpuUs)) };
  for (const server of servers) {
    const rs = server.results.get(name)!;
    const m = { rps: median(rs.map((r) => r.rps)), p99: median(rs.map((r) => r.p99)), cpu: median(rs.map((r) => r.cpuUs)) };
    // Also the median of the rounds' own ratios (each round's two runs a few seconds apart, under the same load).
    const paired = (f: (r: { rps: number; cpuUs: number }) => number) => median(rs.map((r, i) => f(r) / f(base[i]!))) - 1;
    const signed = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
    const vs =
      server === servers[0]
        ? ''
        : `  (req/s ${pct(m.rps, b.rps)}, CPU ${pct(m.cpu, b.cpu)}; median of the rounds' ratios: req/s ${signed(paired((r) => r.rps))}, CPU ${signed(paired((r) => r.cpuUs))})`;
    console.log(
      `${name.padEnd(13)} port ${server.port}: ${Math.round(m.rps).toString().padStart(6)} req/s  p99 ${m.p99} ms  CPU ${m.cpu.toFixed(1)} µs/request${vs}` +
        `  [rounds req/s ${rs.map((r) => Math.round(r.rps)).join(', ')}; CPU ${rs.map((r) => r.cpuUs.toFixed(0)).join(', ')}]`,
    );
  }
}

// Memory after the same traffic: a few seconds for the garbage of the last run, then /proc and /metrics.
await new Promise((r) => setTimeout(r, 5_000));
console.log(`\nmemory after the rounds (load average ${loadavg()[0]!.toFixed(1)})`);
for (const server of servers) {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const mb = (key: string) => `${(Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0) / 1024).toFixed(0)} MB`;
  let heap = '';
  if (metricsToken) {
    const text = await (await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
    const part = (name: string) => Number(text.match(new RegExp(`^shop_memory_bytes\\{part="${name}"\\} ([-0-9.e+]+)$`, 'm'))?.[1] ?? Number.NaN);
    heap = `; V8 heap used ${(part('heap_used') / 1024 / 1024).toFixed(0)} MB of ${(part('heap_total') / 1024 / 1024).toFixed(0)} MB, array buffers ${(part('array_buffers') / 1024 / 1024).toFixed(0)} MB, PGlite WebAssembly ${(part('database_wasm') / 1024 / 1024).toFixed(0)} MB`;
  }
  console.log(`port ${server.port}: resident ${mb('VmRSS')} (peak ${mb('VmHWM')})${heap}`);
}
