// Quick order (issue 21): 200 rows matched and priced by the server, budget p95 under 300 ms.
//   npx tsx bench/quick-order.ts http://127.0.0.1:3201 [label] [rows]   against a running production server
//   npx tsx bench/quick-order.ts /tmp/data-catalogue-bench [label] [rows] in process on that embedded database
//     (server stopped), with the CPU time of each request beside its time
// The database: npm start's demo data, or make-catalogue.ts's for 100,000 products.
// Each request is a fresh sample of the catalogue, as a weekly sheet is: 150 SKUs (one in five typed in
// lower case), 40 names as a buyer types them (the first three words, one letter dropped), 10 unknown
// SKUs; then 200 SKUs alone and 200 names alone. Over HTTP the time runs from the request leaving to the
// answer parsed, on the same machine: an upper bound of the server's time.
import { join } from 'node:path';

const [target = 'http://127.0.0.1:3201', label = '', rowsText = '200'] = process.argv.slice(2);
const ROWS = Number(rowsText);
const REQUESTS = 30;
const BUDGET_MS = 300;

type Row = { text: string; quantity: number };
type Answer = { lines: { product_id: number | null; matched_by: string | null }[] };
type Send = (token: string, rows: Row[]) => Promise<Answer>;
interface Item {
  sku: string;
  name: string;
}

/** How requests reach the server: fetch, or app.inject into an app built here. */
async function transport(): Promise<{ send: Send; get: (url: string) => Promise<unknown>; login: (email: string) => Promise<string>; close: () => Promise<void> }> {
  if (/^https?:/.test(target)) {
    const json = async (res: Response) => {
      const body = await res.json();
      if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      return (body as { data: unknown }).data;
    };
    return {
      send: async (token, rows) =>
        (await json(
          await fetch(`${target}/api/quick-order`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ rows }) }),
        )) as Answer,
      get: async (url) => json(await fetch(`${target}${url}`)),
      login: async (email) =>
        ((await json(
          await fetch(`${target}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'Demo@12345' }) }),
        )) as { token: string }).token,
      close: async () => {},
    };
  }
  const [{ buildApp }, { catalogueReadsFor }, { parseConfig }, { openDatabase }, { createMailer }, { createTokenService }] = await Promise.all([
    import('../apps/server/src/app.ts'),
    import('../apps/server/src/app-deps.ts'),
    import('../apps/server/src/config.ts'),
    import('../apps/server/src/db/client.ts'),
    import('../apps/server/src/lib/mailer.ts'),
    import('../apps/server/src/lib/tokens.ts'),
  ]);
  const database = await openDatabase({ dataDir: join(target, 'pglite') });
  const config = parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
  const app = await buildApp({
    db: database.db,
    dbKind: database.kind,
    tokens: createTokenService('bench-secret-bench-secret-bench-secret-0123'),
    mailer: createMailer({ from: 'bench@shop.local', db: database.db }),
    config: { ...config, DATA_DIR: target, WEB_DIST: join(target, 'no-web') },
    catalogueReads: { ...catalogueReadsFor(config), warmAtStart: false, logLoads: false },
    logger: false,
  });
  const data = (res: { statusCode: number; body: string; json(): unknown }) => {
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
    return (res.json() as { data: unknown }).data;
  };
  return {
    send: async (token, rows) => data(await app.inject({ method: 'POST', url: '/api/quick-order', headers: { authorization: `Bearer ${token}` }, payload: { rows } })) as Answer,
    get: async (url) => data(await app.inject({ method: 'GET', url })),
    login: async (email) => (data(await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Demo@12345' } })) as { token: string }).token,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

const t = await transport();
// The three users of Demo Kiryana Traders in turn: each account may send 120 quick orders a minute.
const tokens = [await t.login('owner@demo.pk'), await t.login('approver@demo.pk'), await t.login('orderer@demo.pk')];
let turn = 0;

// The catalogue's SKUs and names, through the listing API (7,000 at a time).
const catalogue: Item[] = [];
for (let offset = 0; catalogue.length < 20_000; offset += 7000) {
  const page = (await t.get(`/api/custom_route/get_products_by_categories?limit=7000&offset=${offset}`)) as { products: Item[]; out_of_stock_products: Item[]; has_more: boolean };
  catalogue.push(...page.products, ...page.out_of_stock_products);
  if (!page.has_more) break;
}

let seed = 7;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = () => catalogue[Math.floor(random() * catalogue.length)] as Item;

/** The first three words of a name with one letter dropped from the longest, as typed in a hurry. */
function typed(name: string): string {
  const words = name.split(' ').slice(0, 3);
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
  const at = 1 + Math.floor(random() * Math.max(1, longest.length - 2));
  return words.map((w) => (w === longest && w.length > 4 ? w.slice(0, at) + w.slice(at + 1) : w)).join(' ');
}

type Mix = 'sheet' | 'skus' | 'names';
function sample(n: number, mix: Mix): Row[] {
  return Array.from({ length: n }, (_, i) => {
    const quantity = 1 + Math.floor(random() * 12);
    const share = mix === 'skus' ? 0 : mix === 'names' ? 0.8 : i / n;
    if (share < 0.75) {
      const sku = pick().sku;
      return { text: i % 5 === 0 ? sku.toLowerCase() : sku, quantity };
    }
    if (share < 0.95) return { text: typed(pick().name), quantity };
    return { text: `SKU-9${String(Math.floor(random() * 1e6)).padStart(6, '0')}`, quantity };
  });
}

const percentile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] as number;
const figures = (xs: number[]) => `p50 ${percentile(xs, 0.5).toFixed(1)} ms, p95 ${percentile(xs, 0.95).toFixed(1)} ms, max ${percentile(xs, 1).toFixed(1)} ms`;

// Warm: the catalogue's in-memory copy and vocabulary load on first use.
for (let i = 0; i < 3; i++) await t.send(tokens[turn++ % 3] as string, sample(ROWS, 'sheet'));
const inProcess = !/^https?:/.test(target);
for (const mix of ['sheet', 'skus', 'names'] as const) {
  const times: number[] = [];
  const cpu: number[] = [];
  let found = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const rows = sample(ROWS, mix);
    const usage = process.cpuUsage();
    const started = performance.now();
    const answer = await t.send(tokens[turn++ % 3] as string, rows);
    times.push(performance.now() - started);
    const used = process.cpuUsage(usage);
    cpu.push((used.user + used.system) / 1000);
    found += answer.lines.filter((l) => l.product_id != null).length;
  }
  const verdict = mix === 'sheet' ? ` (budget p95 < ${BUDGET_MS} ms: ${percentile(times, 0.95) < BUDGET_MS ? 'met' : 'NOT met'})` : '';
  console.log(
    `${label}${ROWS} rows, ${mix === 'sheet' ? 'a weekly sheet' : mix === 'skus' ? 'SKUs only' : 'names only'} (from ${catalogue.length.toLocaleString('en-US')} products): ` +
      `${figures(times)}${inProcess ? `; CPU ${figures(cpu)}` : ''}${verdict}; ${((100 * found) / (REQUESTS * ROWS)).toFixed(0)} % of rows found`,
  );
}
await t.close();
