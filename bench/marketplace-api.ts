// Marketplace API latency (issue 6: category page and search p99 under 50 ms at 32 connections
// on the 100,000-product bench catalogue). Serve the database made by marketplace-catalogue.ts, then:
//   npx tsx bench/marketplace-api.ts http://127.0.0.1:3204 [seconds]
// Each run cycles through many distinct URLs (every category x city x sort x page, or search words
// x cities x sorts), with 32 connections, in three steps:
//   cold   every request a URL never asked before, so no answer comes from the server's response cache
//          (kept 5 minutes per URL): the query strings are strict (an unknown name is a 400), so the
//          counter goes into the offset, shifting each page by one more product per round. What the
//          server keeps per filter (list totals, a search's matches) is still shared by its pages.
//   first  each base URL once, four at a time (the database computes each answer), which readies:
//   warm   the same URLs again and again, answered from the response cache.
// Run it against a freshly started server: the cold step is meant to find every cache empty.
import { loadavg } from 'node:os';
// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';

const BUDGET_P99_MS = 50;
const [base = 'http://127.0.0.1:3204', secondsText = '12'] = process.argv.slice(2);
const seconds = Number(secondsText);
const CITIES = ['Lahore', 'Islamabad', 'Multan', 'Faisalabad', 'Karachi'];
const SORTS = ['', 'brand_asc', 'brand_desc', 'price_asc', 'price_desc'];
const WORDS = ['rice', 'basmati', 'oil', 'tea', 'masala', 'milk', 'sugar', 'daal', 'biscuits', 'juice', 'ghee', 'flour', 'coffee', 'salt', 'chana', 'cola'];

const tree = (await (await fetch(`${base}/api/bmpl/categories/tree`)).json()).data as Array<{ id: number; children: Array<{ id: number }> }>;
const categoryUrls: string[] = [];
for (const c of tree)
  for (const city of CITIES)
    for (const sort of SORTS)
      for (const offset of [0, 40]) {
        categoryUrls.push(`/api/bmpl/products?city=${city}&category=${c.id}&limit=40${sort ? `&sort=${sort}` : ''}&offset=${offset}`);
        const sub = c.children[(offset + sort.length) % Math.max(1, c.children.length)];
        if (sub) categoryUrls.push(`/api/bmpl/products?city=${city}&category=${c.id}&subcategory=${sub.id}&limit=40${sort ? `&sort=${sort}` : ''}&offset=0`);
      }
const searchUrls = WORDS.flatMap((w) => CITIES.flatMap((city) => SORTS.map((sort) => `/api/bmpl/search?search=${w}&city=${city}&limit=40${sort ? `&sort=${sort}` : ''}&offset=0`)));

/** Round `round` of a URL ending in `&offset=N`: the page shifted by `round` products, a URL not asked before. */
const shifted = (url: string, round: number) => url.replace(/&offset=(\d+)$/, (_, n: string) => `&offset=${Number(n) + round}`);
const load = () => `load average ${loadavg().map((l) => l.toFixed(2)).join(', ')}`;
const summaries: string[] = [];

/** Every URL once, four at a time: each answer computed by the database; readies the warm run. */
async function first(name: string, urls: string[]) {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++] as string;
      const t = performance.now();
      const res = await fetch(base + url);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      times.push(performance.now() - t);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] as number);
  console.log(`${name} first request of each URL (4 at a time): p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms (${load()})`);
}

async function run(name: string, urls: string[], cold: boolean) {
  let next = 0;
  const result = await autocannon({
    url: base,
    connections: 32,
    duration: seconds,
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => {
          const k = next++;
          const url = urls[k % urls.length] as string;
          return { ...req, path: cold ? shifted(url, 1 + Math.floor(k / urls.length)) : url };
        },
      },
    ],
  });
  const { p50, p90, p99, max } = result.latency as Record<string, number>;
  const errors = result.non2xx + result.errors;
  const distinct = cold ? `${result.requests.total} distinct URLs (every one new)` : `${urls.length} distinct URLs`;
  console.log(`${name} ${cold ? 'cold' : 'warm'}: ${distinct}, ${result.requests.total} requests, ${result.requests.average} req/s, ` +
    `latency p50 ${p50} ms, p90 ${p90} ms, p99 ${p99} ms, max ${max} ms, non-2xx/errors ${errors} (${load()})`);
  summaries.push(`${`${name} ${cold ? 'cold' : 'warm'}`.padEnd(26)} ${String(Math.round(result.requests.average)).padStart(6)} req/s  p99 ${String(p99).padStart(5)} ms  ${(p99 ?? Infinity) <= BUDGET_P99_MS ? '(within' : '(OVER'} ${BUDGET_P99_MS} ms)`);
  return (p99 ?? Infinity) <= BUDGET_P99_MS && errors === 0;
}

const okCategoryCold = await run('category page API', categoryUrls, true);
await first('category page API', categoryUrls);
const okCategory = await run('category page API', categoryUrls, false);
const okSearchCold = await run('search API', searchUrls, true);
await first('search API', searchUrls);
const okSearch = await run('search API', searchUrls, false);
console.log(`\n${summaries.join('\n')}`);
if (!okCategoryCold || !okCategory || !okSearchCold || !okSearch) {
  console.error(`over budget: p99 must be at most ${BUDGET_P99_MS} ms with no errors`);
  process.exitCode = 1;
}
