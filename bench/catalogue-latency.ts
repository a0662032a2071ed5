// Storefront catalogue latency and search quality (issue 3), one request at a time, every URL
// distinct (no response cache):
//   npx tsx bench/catalogue-latency.ts http://127.0.0.1:3201 [label]
// Prints p95 of page 1 and page 100 of a listing, of detail and facets, and typo-tolerance:
// the share of one-letter typos of a product's name that still find it in the top 5.
const [base = 'http://127.0.0.1:3201', label = ''] = process.argv.slice(2);
let counter = 0;
const bust = (url: string) => `${url}${url.includes('?') ? '&' : '?'}n=${Date.now()}-${counter++}`;

async function timed(url: string) {
  const t = performance.now();
  const res = await fetch(base + bust(url));
  const body = await res.json();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - t, body };
}
const p95 = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] as number;
async function measure(name: string, urls: () => string, n = 60) {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) await timed(urls());
  for (let i = 0; i < n; i++) times.push((await timed(urls())).ms);
  const v = p95(times);
  console.log(`${label}${name.padEnd(34)} p95 ${v.toFixed(1)} ms`);
  return v;
}

const categories = (await (await fetch(`${base}/api/read/Categories`)).json()).data as Array<{ id: number; level: number }>;
const tier2 = categories.filter((c) => c.level === 2).map((c) => c.id);
const food = categories.find((c) => c.level === 1)?.id;
let i = 0;
const pick = () => tier2[i++ % tier2.length];
const page1 = await measure('listing page 1 (Food, most viewed)', () => `/api/custom_route/get_products_by_categories?tierId=1&filterValue=${food}&order=viewed_count__DESC&offset=0&limit=40`);
const page100 = await measure('listing page 100 (Food, most viewed)', () => `/api/custom_route/get_products_by_categories?tierId=1&filterValue=${food}&order=viewed_count__DESC&offset=3960&limit=40`);
console.log(`${label}page 100 / page 1 = ${(page100 / page1).toFixed(2)} (budget <= 2)`);
await measure('listing tier 2, price sort, page 1', () => `/api/custom_route/get_products_by_categories?tierId=2&filterValue=${pick()}&order=price__ASC&limit=40`);
await measure('facets tier 2', () => `/api/catalogue/facets?tierId=2&filterValue=${pick()}`);
const sample = (await timed(`/api/custom_route/get_products_by_categories?order=viewed_count__DESC&limit=200&offset=777`)).body.data;
const ids: number[] = [...sample.products, ...sample.out_of_stock_products].map((p: { id: number }) => p.id);
await measure('product detail + related', () => `/api/catalogue/products/${ids[i++ % ids.length]}`);

// One-letter typos (drop, swap, replace) in one word of at least 4 letters of a product's name.
function typo(name: string, seed: number): string {
  const words = name.split(' ');
  const candidates = words.map((w, k) => [w, k] as const).filter(([w]) => /^[a-z]{4,}$/i.test(w));
  const [word, k] = candidates[seed % candidates.length] ?? [words[0] as string, 0];
  const at = 1 + (seed % (word.length - 2));
  const kind = seed % 3;
  const changed = kind === 0 ? word.slice(0, at) + word.slice(at + 1)
    : kind === 1 ? word.slice(0, at) + (word[at + 1] ?? '') + word[at] + word.slice(at + 2)
    : word.slice(0, at) + (word[at] === 'e' ? 'a' : 'e') + word.slice(at + 1);
  return words.map((w, j) => (j === k ? changed : w)).join(' ');
}
const products = [...sample.products, ...sample.out_of_stock_products] as Array<{ id: number; name: string }>;
let found = 0;
const times: number[] = [];
for (const [n, p] of products.slice(0, 100).entries()) {
  const q = typo(p.name, n + 7);
  const { ms, body } = await timed(`/api/catalogue/search?search=${encodeURIComponent(q)}`);
  times.push(ms);
  if ((body.data.products as Array<{ id: number }>).slice(0, 5).some((r) => r.id === p.id)) found++;
}
console.log(`${label}typo search: p95 ${p95(times).toFixed(1)} ms, intended product in top 5 for ${found}/${Math.min(100, products.length)} one-letter typos`);
export {};
