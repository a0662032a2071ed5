// Issue 17: the resident memory of a whole production server at 100,000 products with both copies on
// (storefront and marketplace), and what it is made of. One database holds both bench catalogues:
//   npx tsx bench/make-catalogue.ts /tmp/data-memory-bench 100000 && npx tsx bench/marketplace-catalogue.ts /tmp/data-memory-bench 100000
//   npx tsx bench/server-memory.ts /tmp/data-memory-bench [requests] [ROOT]
// or on PostgreSQL (the directory argument is then unused; the server's DATA_DIR is a fresh temporary folder):
//   createdb memory_bench
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/memory_bench npx tsx bench/make-catalogue.ts - 100000
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/memory_bench npx tsx bench/marketplace-catalogue.ts - 100000
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/memory_bench npx tsx bench/server-memory.ts - [requests] [ROOT]
// ROOT is the checkout whose server runs (default: this one). The server is started as `npm start` starts it
// (NODE_ENV=production, the built server of scripts/server-build.mjs), extra settings from the environment
// passed on (e.g. CATALOGUE_COPIES=off). The bench waits until both copies have loaded, reads the
// server's memory, sends `requests` (default 4,000) listing and search requests, a quarter each of
// storefront listings, storefront searches, marketplace lists and marketplace searches, 8 at a time,
// no two alike (none is answered from an answer cache), reads the memory again, and stops the server.
// With BENCH_IDLE_SECONDS=n it reads the memory once more, n seconds after the requests.
// With BENCH_AS_BROWSERS=1 each URL is asked twice, as a browser asks (accept-encoding gzip, deflate, br): the
// answer caches then keep what they admit (the marketplace's from the second ask), as a busy server's caches are.
// Memory, from /proc/<pid>: resident (VmRSS), its peak since start (VmHWM), the embedded database's
// WebAssembly memory's resident part (smaps: its mapping, of exactly the memory's size); from the server's
// /metrics (shop_memory_bytes): the V8 heap used and its size, external memory, array buffers, and the
// embedded database's WebAssembly memory size.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const [dirArg = '/tmp/data-memory-bench', requestsText = '4000', rootArg = '.'] = process.argv.slice(2);
const requests = Number(requestsText);
const root = resolve(rootArg);
const url = process.env.DATABASE_URL;
const port = Number(process.env.BENCH_PORT ?? 3231);
const readyMinutes = Number(process.env.BENCH_READY_MINUTES ?? 30);
const base = `http://127.0.0.1:${port}`;
const token = 'memory-bench-metrics-token';
const dataDir = url || dirArg === '-' ? mkdtempSync(join(tmpdir(), 'memory-bench-')) : resolve(dirArg);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const started = performance.now();
// The server as `npm start` runs it: the built file where the checkout has scripts/server-build.mjs
// (decision 024), else its TypeScript through tsx (checkouts before it).
const builder = join(root, 'scripts/server-build.mjs');
let entry = ['--import', 'tsx', 'apps/server/src/main.ts'];
if (existsSync(builder)) {
  const { ensureServerBuild, serverBuild } = (await import(builder)) as { ensureServerBuild: () => Promise<void>; serverBuild: string };
  await ensureServerBuild();
  entry = [serverBuild];
}
const server: ChildProcess = spawn(process.execPath, entry, {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    METRICS_TOKEN: token,
    MAIL_OUTBOX: '1',
    SEARCH_RATE_LIMIT: '0',
    LOG_LEVEL: 'info',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const loads: string[] = [];
server.stdout?.on('data', (chunk: Buffer) => {
  for (const line of chunk.toString().split('\n')) {
    if (/loaded"|patched"|garbage collected|ready on/.test(line)) loads.push(line);
  }
});
let exited = false;
server.on('exit', (code) => {
  exited = true;
  if (code) console.error(`server exited with ${code}`);
});
const stop = () => {
  if (!exited) server.kill('SIGTERM');
};
process.on('exit', stop);

async function metrics(): Promise<Map<string, number>> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = line.match(/^([a-z_]+(?:\{[^}]*\})?) ([-0-9.e+]+)$/);
    if (m) values.set(m[1]!, Number(m[2]));
  }
  return values;
}

/**
 * Resident, peak resident and the WebAssembly memory's resident part, from /proc. V8 maps a WebAssembly
 * memory as an accessible mapping of exactly its current size inside a larger reservation with no access,
 * so the memory is the mapping of exactly `wasmSize` bytes (the embedded database's, from /metrics).
 */
function proc(pid: number, wasmSize: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0) * 1024;
  let wasm = 0;
  let size = 0;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const range = line.match(/^([0-9a-f]+)-([0-9a-f]+) rw-p /);
    const other = /^[0-9a-f]+-[0-9a-f]+ /.test(line);
    if (range) size = Number.parseInt(range[2]!, 16) - Number.parseInt(range[1]!, 16);
    else if (other) size = 0;
    else if (line.startsWith('Rss:') && wasmSize > 0 && size === wasmSize) wasm = Math.max(wasm, Number(line.split(/\s+/)[1]) * 1024);
  }
  return { rss: kb('VmRSS'), peak: kb('VmHWM'), anon: kb('RssAnon'), file: kb('RssFile'), wasm };
}

async function show(label: string) {
  const m = await metrics();
  const part = (name: string) => m.get(`shop_memory_bytes{part="${name}"}`) ?? Number.NaN;
  const wasmSize = part('database_wasm');
  const p = proc(server.pid!, Number.isNaN(wasmSize) ? 0 : wasmSize);
  console.log(`\n${label} (load average ${loadavg()[0]!.toFixed(1)})`);
  console.log(`  resident ${mb(p.rss)} (peak ${mb(p.peak)}; anonymous ${mb(p.anon)}, files ${mb(p.file)})`);
  console.log(`  V8 heap used ${mb(part('heap_used'))} of ${mb(part('heap_total'))}; external ${mb(part('external'))}, of it array buffers ${mb(part('array_buffers'))}`);
  if (!Number.isNaN(wasmSize) || p.wasm > 0) {
    console.log(`  WebAssembly memory (PGlite) ${Number.isNaN(wasmSize) ? '?' : mb(wasmSize)}, resident ${mb(p.wasm)}`);
  }
  // The heap's spaces (prom-client's default metrics): what each holds against what it keeps (size).
  const spaces = [...m]
    .map(([key, total]) => [key.match(/^nodejs_heap_space_size_total_bytes\{space="([a-z_]+)"\}$/)?.[1], total] as const)
    .filter((e): e is readonly [string, number] => e[0] !== undefined && e[1] >= 1024 * 1024)
    .map(([space, total]) => `${space} ${mb(m.get(`nodejs_heap_space_size_used_bytes{space="${space}"}`) ?? 0)} of ${mb(total)}`);
  console.log(`  heap spaces: ${spaces.join('; ')}`);
  const rest = p.rss - p.wasm - part('heap_total') - part('array_buffers');
  console.log(`  rest (code, the node binary, malloc outside V8, stacks): ${mb(rest)}`);
  return { ...p, heapUsed: part('heap_used'), heapTotal: part('heap_total'), external: part('external'), arrayBuffers: part('array_buffers'), wasmSize };
}

// Wait for both copies (shop_copies_loaded 1), at most BENCH_READY_MINUTES (default 30: a loaded machine is slow).
for (;;) {
  if (exited) throw new Error('the server stopped before it was ready');
  const ready = await metrics().catch(() => null);
  if (ready?.get('shop_copies_loaded') === 1) break;
  if (performance.now() - started > readyMinutes * 60_000) throw new Error(`copies not loaded within ${readyMinutes} minutes`);
  await new Promise((r) => setTimeout(r, 250));
}
const readyMs = performance.now() - started;
const m0 = await metrics();
console.log(`server ${root} on ${url ? 'PostgreSQL' : `PGlite (${dataDir})`}: ready with both copies ${(readyMs / 1000).toFixed(1)} s after start`);
for (const copy of ['catalogue', 'marketplace']) {
  const seconds = m0.get(`shop_copy_load_seconds{copy="${copy}"}`);
  if (seconds !== undefined) console.log(`  ${copy} copy's load: ${(seconds * 1000).toFixed(0)} ms`);
}
for (const line of loads) console.log(`  log: ${line.slice(0, 200)}`);
// A few seconds for the start's garbage to be collected, as a server in service would.
await new Promise((r) => setTimeout(r, 5_000));
await show('after the copies loaded');

// The requests: URLs made from the catalogues' own categories, names and cities.
let seed = 17;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const json = async (path: string) => (await (await fetch(base + path)).json()) as { data: unknown };
const categories = (await json('/api/read/Categories')).data as Array<{ id: number; level: number }>;
const tier2 = categories.filter((c) => c.level === 2).map((c) => c.id);
const tier3 = categories.filter((c) => c.level === 3).map((c) => c.id);
const sample = ((await json('/api/custom_route/get_products_by_categories?limit=2000&order=viewed_count__DESC')).data as { products: Array<{ name: string }> }).products;
const words = [...new Set(sample.flatMap((p) => p.name.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 3)))];
const tree = (await json('/api/bmpl/categories/tree')).data as Array<{ id: number; children: Array<{ id: number }> }>;
const ORDERS = ['brand_name__ASC', 'brand_name__DESC', 'price__ASC', 'price__DESC', 'add_to_cart_count__DESC', 'viewed_count__DESC'];
const CITIES = ['Lahore', 'Islamabad', 'Multan', 'Faisalabad', 'Karachi'];
const SORTS = ['', '&sort=brand_asc', '&sort=brand_desc', '&sort=price_asc', '&sort=price_desc'];
const seen = new Set<string>();
const kinds: Array<(n: number) => string> = [
  (n) => {
    const level = random() < 0.5 ? 2 : 3;
    const min = Math.floor(random() * 2000);
    const price = random() < 0.5 ? `&price=${encodeURIComponent(`@${min}-${min + 200 + Math.floor(random() * 20000)}`)}` : '';
    return `/api/custom_route/get_products_by_categories?tierId=${level}&filterValue=${pick(level === 2 ? tier2 : tier3)}&order=${pick(ORDERS)}&offset=${n % 400}&limit=40${price}`;
  },
  (n) => `/api/catalogue/search?search=${encodeURIComponent(`${pick(words)} ${pick(words).slice(0, 3 + (n % 3))}`)}`,
  (n) => {
    const c = pick(tree);
    const sub = random() < 0.5 && c.children.length > 0 ? `&subcategory=${pick(c.children).id}` : '';
    return `/api/bmpl/products?city=${pick(CITIES)}&category=${c.id}${sub}&limit=40${pick(SORTS)}&offset=${n % 200}`;
  },
  (n) => `/api/bmpl/search?search=${pick(words)}&city=${pick(CITIES)}&limit=40${pick(SORTS)}&offset=${n % 40}`,
];
const urls: string[] = [];
for (let n = 0; urls.length < requests; n++) {
  const u = kinds[n % kinds.length]!(n);
  if (seen.has(u)) continue;
  seen.add(u);
  urls.push(u);
}
const asBrowsers = process.env.BENCH_AS_BROWSERS === '1';
const asked = asBrowsers ? urls.flatMap((u) => [u, u]) : urls;
const init = asBrowsers ? { headers: { 'accept-encoding': 'gzip, deflate, br' } } : undefined;
let next = 0;
let failed = 0;
const t = performance.now();
await Promise.all(
  Array.from({ length: 8 }, async () => {
    while (next < asked.length) {
      const res = await fetch(base + asked[next++]!, init);
      await res.arrayBuffer();
      if (!res.ok) failed++;
    }
  }),
);
console.log(`\n${asked.length} requests${asBrowsers ? ' (each URL twice, as browsers ask)' : ''} in ${((performance.now() - t) / 1000).toFixed(1)} s, ${failed} not 2xx`);
await new Promise((r) => setTimeout(r, 5_000));
await show(`after ${asked.length} listing and search requests`);
// BENCH_IDLE_SECONDS: read again after that long with no request (V8's memory reducer gives back heap a busy minute grew).
const idle = Number(process.env.BENCH_IDLE_SECONDS ?? 0);
if (idle > 0) {
  await new Promise((r) => setTimeout(r, idle * 1000));
  await show(`after ${idle} s more with no request`);
}
stop();
await new Promise((r) => setTimeout(r, 500));
process.exit(0);
