// Storefront catalogue API under load (issue 3), against a server on the bench catalogue
// (bench/make-catalogue.ts). 32 connections, short runs:
//   npx tsx bench/catalogue-api.ts http://127.0.0.1:3201 [seconds]
// "cold" runs add a counter to every URL (an ignored query name), so no answer comes from the
// server's response cache (fresh 5 s, refreshed in the background up to 30 s); "warm" runs cycle
// through the 48 popular listing pages (8 categories x 6 sort orders) or 12 searches, answered once first.
// "varied" runs send no two alike: listings of random tier-2 and tier-3 categories, orders, pages
// (1-5), half of them with a random price range and some with brands; searches of 1-3 consecutive
// words of catalogue names with a one-letter typo (dropped, swapped or replaced), the last word
// sometimes half typed. No cache of any kind, inside or outside the server, has seen them.
// Throughput is also given as a share of an empty route (an unknown /api path: no database) measured in the same run.
// BENCH_TOKEN adds a signed-in buyer's bearer token to every request (issue 14: the session check's cost).
// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';

const [base = 'http://127.0.0.1:3201', secondsText = '8'] = process.argv.slice(2);
const seconds = Number(secondsText);
const ORDERS = ['brand_name__ASC', 'brand_name__DESC', 'price__ASC', 'price__DESC', 'add_to_cart_count__DESC', 'viewed_count__DESC'];
const SEARCHES = ['basmti rce', 'tapal danedr', 'cookng oil', 'shan biryni', 'rice basmati', 'nestle milk', 'suger', 'chana dal', 'dettol soap', 'surf excel', 'lipton tea', 'ketchup'];

const categories = (await (await fetch(`${base}/api/read/Categories`)).json()).data as Array<{ id: number; level: number }>;
const tier2 = categories.filter((c) => c.level === 2).map((c) => c.id);
const listUrls = tier2.flatMap((id) =>
  ORDERS.flatMap((order) => [0, 40].map((offset) => `/api/custom_route/get_products_by_categories?tierId=2&filterValue=${id}&order=${order}&offset=${offset}&limit=40`)),
);
const searchUrls = SEARCHES.map((s) => `/api/catalogue/search?search=${encodeURIComponent(s)}`);

// A small generator (mulberry32). Its seed differs per run (BENCH_SEED repeats one): a second run
// against the same server must not find the first run's answers in its cache.
let seed = Number(process.env.BENCH_SEED ?? Date.now() % 2 ** 31);
console.log(`seed ${seed} (BENCH_SEED=${seed} repeats this run's URLs)`);
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

const sample = ((await (await fetch(`${base}/api/custom_route/get_products_by_categories?limit=3000&order=viewed_count__DESC`)).json()).data as {
  products: Array<{ name: string; brand_name: string }>;
}).products;
const brandNames = [...new Set(sample.map((p) => p.brand_name))];
const tier3 = categories.filter((c) => c.level === 3).map((c) => c.id);
function variedListing(): string {
  const level = random() < 0.5 ? 2 : 3;
  let url = `/api/custom_route/get_products_by_categories?tierId=${level}&filterValue=${pick(level === 2 ? tier2 : tier3)}&order=${pick(ORDERS)}&offset=${40 * Math.floor(random() * 5)}&limit=40`;
  if (random() < 0.5) {
    const min = Math.floor(random() * 2000);
    url += `&price=${encodeURIComponent(`@${min}-${min + 200 + Math.floor(random() * 20000)}`)}`;
  }
  if (random() < 0.2) url += `&brand=${encodeURIComponent(`*${pick(brandNames)}*${pick(brandNames)}`)}`;
  return url;
}
function typo(word: string): string {
  const k = Math.floor(random() * (word.length - 1));
  const kind = random();
  if (kind < 0.34) return word.slice(0, k) + word.slice(k + 1);
  if (kind < 0.67) return word.slice(0, k) + word[k + 1] + word[k] + word.slice(k + 2);
  return word.slice(0, k) + String.fromCharCode(97 + Math.floor(random() * 26)) + word.slice(k + 1);
}
function variedSearch(): string {
  const words = pick(sample).name.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  const start = Math.floor(random() * words.length);
  const chosen = words.slice(start, start + 1 + Math.floor(random() * 3));
  const w = chosen.findIndex((x) => x.length >= 4);
  if (w >= 0) chosen[w] = typo(chosen[w] as string);
  const last = chosen.length - 1;
  if (random() < 0.3 && (chosen[last] as string).length > 4) chosen[last] = (chosen[last] as string).slice(0, 3 + Math.floor(random() * 2));
  return `/api/catalogue/search?search=${encodeURIComponent(chosen.join(' '))}`;
}

// BENCH_TOKEN=<a signed-in buyer's token> sends it with every request, to measure what reading the
// token costs (signature from the cache, the session's revocation check) against the same run without.
const headers = process.env.BENCH_TOKEN ? { authorization: `Bearer ${process.env.BENCH_TOKEN}` } : undefined;

let counter = 0;
async function run(name: string, urls: string[] | (() => string), cold: boolean) {
  let next = 0;
  const result = await autocannon({
    url: base,
    connections: 32,
    duration: seconds,
    headers,
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => {
          const url = typeof urls === 'function' ? urls() : (urls[next++ % urls.length] as string);
          return { ...req, path: cold ? `${url}${url.includes('?') ? '&' : '?'}n=${counter++}` : url };
        },
      },
    ],
  });
  const { p50, p99, max } = result.latency as Record<string, number>;
  const errors = result.errors + (name === 'empty route' ? 0 : result.non2xx);
  console.log(`${name.padEnd(22)} ${String(Math.round(result.requests.average)).padStart(6)} req/s  p50 ${p50} ms  p99 ${p99} ms  max ${max} ms  errors ${errors}`);
  return { rps: result.requests.average as number, p99: p99 as number, errors };
}

// Warm runs measure the steady state: every URL answered once before the clock starts.
async function prime(urls: string[]) {
  for (let k = 0; k < urls.length; k += 8) await Promise.all(urls.slice(k, k + 8).map((u) => fetch(base + u).then((r) => r.arrayBuffer())));
}

const empty = await run('empty route', ['/api/__empty__'], false);
// The popular pages: 8 categories x 6 orders, first page.
const popular = listUrls.filter((u) => u.includes('offset=0')).slice(0, 48);
await prime(popular);
await prime(searchUrls);
// BENCH_ONLY='search varied,listing varied' runs only those (to profile one).
const only = process.env.BENCH_ONLY?.split(',').map((x) => x.trim());
const scenarios: Array<[string, string[] | (() => string), boolean]> = [
  ['listing warm', popular, false],
  ['listing cold', listUrls, true],
  ['search warm', searchUrls, false],
  ['search cold', searchUrls, true],
  ['listing varied', variedListing, false],
  ['search varied', variedSearch, false],
];
const rows: Array<[string, Awaited<ReturnType<typeof run>>]> = [];
for (const [name, urls, cold] of scenarios) if (!only || only.includes(name)) rows.push([name, await run(name, urls, cold)]);
for (const [name, r] of rows) {
  console.log(`${name.padEnd(22)} share of empty route ${((100 * r.rps) / empty.rps).toFixed(2)}%  p99 ${r.p99} ms ${r.p99 < 50 ? '(under 50 ms)' : '(OVER 50 ms)'}`);
}
