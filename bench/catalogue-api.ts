// Storefront catalogue API under load (issue 3), against a server on the bench catalogue
// (bench/make-catalogue.ts). 32 connections, short runs:
//   npx tsx bench/catalogue-api.ts http://127.0.0.1:3201 [seconds]
// "cold" runs add a counter to every URL (an ignored query name), so no answer comes from the
// server's response cache (fresh 5 s, refreshed in the background up to 30 s); "warm" runs cycle
// through the 48 popular listing pages (8 categories x 6 sort orders) or 12 searches, answered once first.
// Throughput is also given as a share of an empty route (an unknown /api path: no database) measured in the same run.
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

let counter = 0;
async function run(name: string, urls: string[], cold: boolean) {
  let next = 0;
  const result = await autocannon({
    url: base,
    connections: 32,
    duration: seconds,
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => {
          const url = urls[next++ % urls.length] as string;
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
const rows = [
  ['listing warm', await run('listing warm', popular, false)],
  ['listing cold', await run('listing cold', listUrls, true)],
  ['search warm', await run('search warm', searchUrls, false)],
  ['search cold', await run('search cold', searchUrls, true)],
] as const;
for (const [name, r] of rows) {
  console.log(`${name.padEnd(22)} share of empty route ${((100 * r.rps) / empty.rps).toFixed(2)}%  p99 ${r.p99} ms ${r.p99 < 50 ? '(under 50 ms)' : '(OVER 50 ms)'}`);
}
