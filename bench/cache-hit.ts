// In-process cost of a hit in the storefront answer cache and the marketplace cache (issue 15: both
// follow the change counters' generation). Usage: npx tsx bench/cache-hit.ts
import { TtlCache } from '../apps/server/src/modules/marketplace/marketplace.cache.ts';
import { createResponseCache } from '../apps/server/src/modules/catalogue/response-cache.ts';

const keys = Array.from({ length: 48 }, (_, i) => `guest|/api/x?c=${i}`);
const make = async () => ({ products: [1, 2, 3] });
const generation = () => 0;

async function run(name: string, get: (k: string) => Promise<unknown>) {
  for (const k of keys) {
    await get(k);
    await get(k);
  }
  const n = 400_000;
  const started = performance.now();
  for (let i = 0; i < n; i++) await get(keys[i % keys.length] as string);
  console.log(`${name.padEnd(40)} ${(((performance.now() - started) * 1e6) / n).toFixed(0)} ns per hit`);
}

async function main() {
  for (let round = 0; round < 3; round++) {
    const answers = createResponseCache({ ttlMs: 60_000, staleMs: 0, maxEntries: 5000, generation });
    await run('storefront answer cache', (k) => answers.get(k, make));
    const marketplace = new TtlCache(60_000, 5000, { admitOnSecond: true, generation });
    await run('marketplace cache (admission on)', (k) => marketplace.get(k, make));
  }
}

void main();
