// Issue 41: a product page asked for the first time (cold detail), against a listing page asked for the
// first time, on two or more servers (different builds, each on its own copy of one bench database) in
// alternating rounds. Storefront GET /api/catalogue/products/:id (the product with its 16 related), and
// the marketplace's GET /api/bmpl/products/:id and /api/bmpl/products/by-slug/:slug, as a signed-in buyer
// with locked prices (owner@demo.pk: Demo Kiryana Traders, Lahore), as one without ("plain": advance@demo.pk,
// Karachi) and as a guest (a guest token, as the web app makes it).
//   npx tsx bench/product-detail.ts <rounds> <port> [port ...]
// Servers: the bench catalogue (bench/make-catalogue.ts, or bench/marketplace-catalogue.ts for the
// marketplace), NODE_ENV=production SEARCH_RATE_LIMIT=0, e.g. in a worktree of each build:
//   node -e "import('./scripts/server-build.mjs').then((m) => m.ensureServerBuild())"
//   DATA_DIR=/tmp/pd-db-100k-after PORT=3372 NODE_ENV=production SEARCH_RATE_LIMIT=0 node apps/server/dist/main.mjs
//
// "Cold": every request is a product (or page) the answer cache has not seen: the product ids are every
// active product of the catalogue (the marketplace's: up to BENCH_SAMPLE products sold in the five demo
// cities, ids and slugs) in a shuffled order, each URL with a counter in an ignored query name (n=) on the
// storefront, so no answer comes from the answer cache even when an id comes round again; the marketplace
// keeps no product page answers (its routes take no unknown query names). The listing pages compared
// are catalogue-api.ts's "listing cold" (tier-2 categories x 6 orders x 2 pages, n=) and, on the
// marketplace, its category pages (categories x 5 cities x 5 sorts x 2 pages of 40) with the limit and
// offset written with leading zeros (bmplPage below: the same page, a URL its answer cache has not seen).
//
// For each scenario and server, per round: BENCH_CONNECTIONS (10, the issue's) connections for about
// BENCH_SECONDS (6) seconds (a fixed number of requests, set from a warm-up run's rate so every request
// is counted): requests per second, p50 and p99, and, as cpu-per-request.ts does, the CPU time (user +
// system, /proc/<pid>/stat) the server process spent per request, which other processes on a shared
// machine disturb much less than requests per second. The CPU is read once the server is quiet again
// (a storefront product page's view is written every 2 s and then taken in by the copy and caches); the
// part spent while answering is printed beside it. Then one request at a time (BENCH_SEQUENTIAL, 200 per
// scenario, the servers interleaved in blocks of 20): median and p95 of the wall time.
// Every answer must be 200 (the bench stops otherwise). BENCH_ONLY='detail buyer,listing buyer' runs only
// those scenarios (names below); BENCH_SEED repeats the shuffle. Linux only (/proc, ss).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';

const [roundsText = '3', ...ports] = process.argv.slice(2);
if (ports.length === 0) throw new Error('usage: product-detail.ts <rounds> <port> [port ...]');
const rounds = Number(roundsText);
if (!(rounds >= 1 && rounds <= 7)) throw new Error('1 to 7 rounds');
const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const sequential = Number(process.env.BENCH_SEQUENTIAL ?? 200);
const sampleMax = Number(process.env.BENCH_SAMPLE ?? 20_000);
const only = process.env.BENCH_ONLY?.split(',').map((x) => x.trim());
const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');

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

// A small generator (mulberry32) for the shuffles.
let seed = Number(process.env.BENCH_SEED ?? 41);
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
function shuffle<T>(list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return ((await res.json()) as { data: T }).data;
}
const login = async (base: string, body: unknown) =>
  (await json<{ token: string }>(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }))
    .token;

type Who = 'buyer' | 'plain' | 'guest';
/** The three callers' tokens; signed in again every round (a buyer's access token lives 15 minutes). */
const signIn = async (base: string): Promise<Record<Who, string>> => ({
  buyer: await login(base, { email: 'owner@demo.pk', password: 'Demo@12345' }),
  plain: await login(base, { email: 'advance@demo.pk', password: 'Demo@12345' }),
  guest: await login(base, { step: 'Guest' }),
});
interface Server {
  port: string;
  base: string;
  pid: number;
  tokens: Record<Who, string>;
  /** Requests per run, from the warm-up's rate (so a run takes about `seconds`). */
  amount: Map<string, number>;
  results: Map<string, Array<{ rps: number; p50: number; p99: number; cpuUs: number; duringUs: number }>>;
  oneAtATime: Map<string, number[]>;
}
const servers: Server[] = [];
for (const port of ports) {
  const base = `http://127.0.0.1:${port}`;
  servers.push({ port, base, pid: pidOf(port), tokens: await signIn(base), amount: new Map(), results: new Map(), oneAtATime: new Map() });
}
const first = (servers[0] as Server).base;

// The storefront's active products: every page of the whole catalogue (7,000 a page).
const productIds: number[] = [];
for (let offset = 0; ; offset += 7000) {
  const page = await json<{ products: Array<{ id: number }>; out_of_stock_products: Array<{ id: number }>; has_more: boolean }>(
    `${first}/api/custom_route/get_products_by_categories?order=viewed_count__DESC&limit=7000&offset=${offset}`,
  );
  for (const p of [...page.products, ...page.out_of_stock_products]) productIds.push(p.id);
  if (!page.has_more) break;
}
shuffle(productIds);
// The marketplace's products sold in the demo cities: pages spread over each city's list, up to sampleMax.
const CITIES = ['Lahore', 'Islamabad', 'Multan', 'Faisalabad', 'Karachi'];
const bmpl = new Map<number, string>();
for (const city of CITIES) {
  const total = (await json<{ total: number }>(`${first}/api/bmpl/products?city=${city}&limit=1`)).total;
  const pages = Math.min(Math.ceil(total / 200), Math.ceil(sampleMax / CITIES.length / 200));
  for (let k = 0; k < pages; k++) {
    const offset = Math.floor((k * total) / pages);
    const page = await json<{ products: Array<{ bmpl_product_id: number; slug: string }> }>(`${first}/api/bmpl/products?city=${city}&limit=200&offset=${offset}`);
    for (const p of page.products) bmpl.set(p.bmpl_product_id, p.slug);
  }
}
const bmplProducts = shuffle([...bmpl]);

// The listing pages compared: catalogue-api.ts's listing cold, and marketplace-api.ts's cold category pages.
const ORDERS = ['brand_name__ASC', 'brand_name__DESC', 'price__ASC', 'price__DESC', 'add_to_cart_count__DESC', 'viewed_count__DESC'];
const categories = await json<Array<{ id: number; level: number }>>(`${first}/api/read/Categories`);
const listUrls = shuffle(
  categories
    .filter((c) => c.level === 2)
    .flatMap((c) =>
      ORDERS.flatMap((order) => [0, 40].map((offset) => `/api/custom_route/get_products_by_categories?tierId=2&filterValue=${c.id}&order=${order}&offset=${offset}&limit=40`)),
    ),
);
const SORTS = ['', '&sort=brand_asc', '&sort=brand_desc', '&sort=price_asc', '&sort=price_desc'];
const tree = await json<Array<{ id: number; children: Array<{ id: number }> }>>(`${first}/api/bmpl/categories/tree`);
const bmplListUrls = shuffle(
  tree.flatMap((c) => CITIES.flatMap((city) => SORTS.flatMap((sort) => [0, 40].map((offset) => [`/api/bmpl/products?city=${city}&category=${c.id}${sort}`, offset] as const)))),
);

// A run's URLs: the k-th request of a run in phase `phase` (a round 0-6, 7 one at a time, 8 and 9 the
// warm-up). Each scenario's URLs of different phases never meet, and are the same for every server in a phase.
type UrlOf = (k: number, phase: number) => string;
const nth = <T>(list: T[], k: number) => list[k % list.length] as T;
/**
 * The marketplace's category page number j: the page of bmplListUrls, its limit (40) and offset written with
 * leading zeros (the answers are kept by the URL as sent, the query read as numbers: the same page, asked
 * the first time), 10,000 spellings of each page.
 */
const bmplPage = (j: number) => {
  const [url, offset] = nth(bmplListUrls, j);
  const r = Math.floor(j / bmplListUrls.length);
  return `${url}&limit=${'0'.repeat(Math.floor(r / 100) % 100)}40&offset=${'0'.repeat(r % 100)}${offset}`;
};
if (bmplListUrls.length * 10_000 < 3_000_000) console.log(`(only ${bmplListUrls.length} marketplace category pages: some cold pages may come round twice)`);
const SCENARIOS: Array<[string, Who, UrlOf]> = [];
for (const who of ['buyer', 'plain', 'guest'] as const) {
  // A storefront URL's counter (n=) is unique to the scenario and phase; each phase starts the shuffled
  // products (or pages) at another place.
  const s0 = SCENARIOS.length;
  SCENARIOS.push(
    [`detail ${who}`, who, (k, phase) => `/api/catalogue/products/${nth(productIds, phase * 100_003 + k)}?n=${(s0 * 10 + phase) * 1_000_000 + k}`],
    [`listing ${who}`, who, (k, phase) => `${nth(listUrls, phase * 100_003 + k)}&n=${((s0 + 1) * 10 + phase) * 1_000_000 + k}`],
    [`bmpl id ${who}`, who, (k, phase) => `/api/bmpl/products/${nth(bmplProducts, phase * 100_003 + k)[0]}`],
    [`bmpl slug ${who}`, who, (k, phase) => `/api/bmpl/products/by-slug/${encodeURIComponent(nth(bmplProducts, phase * 100_003 + k)[1])}`],
    [`bmpl listing ${who}`, who, (k, phase) => bmplPage({ buyer: 0, plain: 1_000_000, guest: 2_000_000 }[who] + phase * 100_000 + k)],
  );
}
const scenarios = SCENARIOS.filter(([name]) => !only || only.includes(name));

/** One run of `amount` requests at `connections`; every answer must be 200. */
async function measure(server: Server, who: Who, urlOf: UrlOf, amount: number, phase: number, settle = true) {
  let k = 0;
  const headers = { authorization: `Bearer ${server.tokens[who]}` };
  const setupRequest = (req: Record<string, unknown>) => ({ ...req, path: urlOf(k++, phase), headers });
  const before = cpuSeconds(server.pid);
  const started = performance.now();
  // Timed to the last answer: autocannon calls back only at its next one-second tick.
  let last = started;
  const result = await new Promise<Record<string, unknown>>((done, fail) => {
    const instance = autocannon({ url: server.base, connections, amount, requests: [{ setupRequest }] }, (err: unknown, r: Record<string, unknown>) =>
      err ? fail(err) : done(r),
    );
    instance.on('response', () => {
      last = performance.now();
    });
  });
  const during = cpuSeconds(server.pid) - before;
  // What the run leaves for later is its cost too: a product page counts a view, written every 2 s in one
  // UPDATE, which the copies and caches then take in. The CPU is read once the server is quiet: at least
  // 3.5 s after the last answer, then until a second passes with at most 20 ms of it.
  if (settle) await sleep(3500);
  for (let waited = settle ? 0 : 30_000, quiet = cpuSeconds(server.pid); waited < 30_000; waited += 1000) {
    await sleep(1000);
    const now = cpuSeconds(server.pid);
    if (now - quiet <= 0.02) break;
    quiet = now;
  }
  const spent = cpuSeconds(server.pid) - before;
  const ok = result['2xx'] as number;
  if (result.errors || result.timeouts || result.non2xx || ok !== amount) {
    throw new Error(`port ${server.port}: ${ok} of ${amount} answers 200 (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`);
  }
  const latency = result.latency as { p50: number; p99: number };
  return { rps: amount / ((last - started) / 1000), p50: latency.p50, p99: latency.p99, cpuUs: (spent * 1e6) / amount, duringUs: (during * 1e6) / amount };
}

console.log(
  `product detail: ports ${ports.join(', ')} (pids ${servers.map((s) => s.pid).join(', ')}), ${rounds} rounds, ${connections} connections, about ${seconds} s a run; ` +
    `${productIds.length} storefront products, ${bmplProducts.length} marketplace products, ${listUrls.length} listing pages, ` +
    `${bmplListUrls.length} marketplace category pages; load average ${load()} at ${new Date().toISOString()}`,
);
// Warm-up: 2 s of each scenario on each server (each loads its copies, its code gets compiled), which
// also gives the rate that sets a run's number of requests.
for (const server of servers) {
  for (const [name, who, urlOf] of scenarios) {
    const r = await measure(server, who, urlOf, Math.max(50, Math.round(connections * 10)), 8, false);
    const warm = await measure(server, who, urlOf, Math.min(90_000, Math.max(100, Math.round(r.rps * 2))), 9);
    server.amount.set(name, Math.min(90_000, Math.max(200, Math.round(warm.rps * seconds))));
  }
}
for (let round = 0; round < rounds; round++) {
  // Alternating order: the first server goes first in even rounds, last in odd ones.
  const order = round % 2 === 0 ? servers : [...servers].reverse();
  for (const server of servers) server.tokens = await signIn(server.base);
  for (const [name, who, urlOf] of scenarios) {
    for (const server of order) {
      const r = await measure(server, who, urlOf, server.amount.get(name) as number, round);
      const list = server.results.get(name) ?? [];
      list.push(r);
      server.results.set(name, list);
    }
  }
  console.log(`round ${round + 1} of ${rounds} done, load average ${load()}`);
}

// One request at a time: blocks of 20 per server in turn, every URL new to each server.
for (const server of servers) server.tokens = await signIn(server.base);
for (const [name, who, urlOf] of scenarios) {
  for (let block = 0; block < sequential; block += 20) {
    for (const server of servers) {
      const times = server.oneAtATime.get(name) ?? [];
      for (let k = block; k < Math.min(sequential, block + 20); k++) {
        const url = urlOf(k, 7);
        const t = performance.now();
        const res = await fetch(server.base + url, { headers: { authorization: `Bearer ${server.tokens[who]}` } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`port ${server.port} ${url}: ${res.status}`);
        times.push(performance.now() - t);
      }
      server.oneAtATime.set(name, times);
    }
  }
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const m = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[m] as number) : ((sorted[m - 1] as number) + (sorted[m] as number)) / 2;
};
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(0.95 * (xs.length - 1))] as number;
const pct = (x: number, base: number) => `${x >= base ? '+' : ''}${(((x - base) / base) * 100).toFixed(1)}%`;
console.log(`\nmedians of ${rounds} rounds at ${connections} connections; one request at a time: median / p95 of ${sequential} (load average ${load()})`);
const summary = new Map<string, { rps: number; cpu: number; one: number }>();
for (const [name] of scenarios) {
  for (const server of servers) {
    const rs = server.results.get(name) as Array<{ rps: number; p50: number; p99: number; cpuUs: number; duringUs: number }>;
    const m = {
      rps: median(rs.map((r) => r.rps)),
      p50: median(rs.map((r) => r.p50)),
      p99: median(rs.map((r) => r.p99)),
      cpu: median(rs.map((r) => r.cpuUs)),
      during: median(rs.map((r) => r.duringUs)),
    };
    const one = server.oneAtATime.get(name) as number[];
    summary.set(`${server.port} ${name}`, { rps: m.rps, cpu: m.cpu, one: median(one) });
    const base = summary.get(`${(servers[0] as Server).port} ${name}`) as { rps: number; cpu: number };
    const vs = server === servers[0] ? '' : `  (req/s ${pct(m.rps, base.rps)}, CPU ${pct(m.cpu, base.cpu)} against port ${(servers[0] as Server).port})`;
    console.log(
      `${name.padEnd(19)} port ${server.port}: ${Math.round(m.rps).toString().padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms  CPU ${m.cpu.toFixed(0)} µs/request (${m.during.toFixed(0)} while answering)  ` +
        `one at a time ${median(one).toFixed(1)} / ${p95(one).toFixed(1)} ms${vs}  [rounds req/s ${rs.map((r) => Math.round(r.rps)).join(', ')}; CPU ${rs.map((r) => r.cpuUs.toFixed(0)).join(', ')}]`,
    );
  }
}
// A product page against a listing page on the same server: what the aim compares.
console.log('\nproduct page / listing page, same server (CPU per request, requests per second, one-at-a-time median)');
for (const server of servers) {
  for (const who of ['buyer', 'plain', 'guest']) {
    for (const [detail, listing] of [
      [`detail ${who}`, `listing ${who}`],
      [`bmpl id ${who}`, `bmpl listing ${who}`],
      [`bmpl slug ${who}`, `bmpl listing ${who}`],
    ] as const) {
      const d = summary.get(`${server.port} ${detail}`);
      const l = summary.get(`${server.port} ${listing}`);
      if (!d || !l) continue;
      console.log(
        `port ${server.port} ${detail.padEnd(16)} / ${listing.padEnd(19)} CPU ${(d.cpu / l.cpu).toFixed(2)}x  ` +
          `req/s listing / detail ${(l.rps / d.rps).toFixed(2)}  one at a time ${(d.one / l.one).toFixed(2)}x`,
      );
    }
  }
}
