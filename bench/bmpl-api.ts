// Marketplace API latency (issue 6: category page and search p99 under 50 ms at 32 connections
// on the 100,000-product bench catalogue). Serve the database made by bmpl-catalogue.ts, then:
//   npx tsx bench/bmpl-api.ts http://127.0.0.1:3204 [seconds]
// Each run cycles through many distinct URLs (every category x city x sort x page, or search words
// x cities x sorts). Each URL is first asked once (the cold figure: the database computes it), then
// 32 connections cycle through them for the measured run (the server keeps answers 5 minutes).
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
        categoryUrls.push(`/api/bmpl/products?city=${city}&category=${c.id}&limit=40&offset=${offset}${sort ? `&sort=${sort}` : ''}`);
        const sub = c.children[(offset + sort.length) % Math.max(1, c.children.length)];
        if (sub) categoryUrls.push(`/api/bmpl/products?city=${city}&category=${c.id}&subcategory=${sub.id}&limit=40${sort ? `&sort=${sort}` : ''}`);
      }
const searchUrls = WORDS.flatMap((w) => CITIES.flatMap((city) => SORTS.map((sort) => `/api/bmpl/search?search=${w}&city=${city}&limit=40${sort ? `&sort=${sort}` : ''}`)));

/** Every URL once, four at a time: the cold cost (each answer computed by the database). */
async function warm(name: string, urls: string[]) {
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
  console.log(`${name} cold (each URL once, 4 at a time): p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`);
}

async function run(name: string, urls: string[]) {
  let next = 0;
  const result = await autocannon({
    url: base,
    connections: 32,
    duration: seconds,
    requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, path: urls[next++ % urls.length] as string }) }],
  });
  const { p50, p90, p99, max } = result.latency as Record<string, number>;
  const errors = result.non2xx + result.errors;
  console.log(`${name}: ${urls.length} distinct URLs, ${result.requests.total} requests, ${result.requests.average} req/s, ` +
    `latency p50 ${p50} ms, p90 ${p90} ms, p99 ${p99} ms, max ${max} ms, non-2xx/errors ${errors}`);
  return (p99 ?? Infinity) <= BUDGET_P99_MS && errors === 0;
}

await warm('category page API', categoryUrls);
const okCategory = await run('category page API', categoryUrls);
await warm('search API', searchUrls);
const okSearch = await run('search API', searchUrls);
if (!okCategory || !okSearch) {
  console.error(`over budget: p99 must be at most ${BUDGET_P99_MS} ms with no errors`);
  process.exitCode = 1;
}
