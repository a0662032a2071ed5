// The change feed (issue 17, migration 0021): what a single-product edit costs the storefront's
// in-memory copy at 100,000 products, and how soon it reaches another instance's copy.
//   npx tsx bench/catalogue-feed.ts /tmp/data-catalogue-bench [edits]
//       the embedded database: one copy loads, then `edits` (20) single-product edits (price, stock to
//       zero and back, name) are patched in one after another; prints the full load's time, each
//       patch's time (median, p95, max), the resident size, and checks the patched copy against a
//       fresh load on a few pages and searches.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/catalogue_bench npx tsx bench/catalogue-feed.ts - [edits]
//       PostgreSQL: the same, and a second copy on its own connections following as a server does
//       (the counters every second, LISTEN/NOTIFY): the time from an edit's commit until that copy
//       answers the new price.
import { join, resolve } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { products } from '../apps/server/src/db/schema/catalogue.ts';
import { CHANGE_CHANNEL } from '../apps/server/src/lib/db-mirror.ts';
import { createCatalogueIndex } from '../apps/server/src/modules/catalogue/catalogue-index.ts';
import { GUEST_VIEW } from '../apps/server/src/modules/catalogue/pricing.service.ts';

const [dir = '/tmp/data-catalogue-bench', editsText = '20'] = process.argv.slice(2);
const edits = Number(editsText);
const url = process.env.DATABASE_URL;
const open = () => openDatabase(url ? { url, poolSize: 4 } : { dataDir: join(resolve(dir), 'pglite') });
const database = await open();
await database.migrate();
const db = database.db;

const patches: number[] = [];
let loadMs = 0;
let loads = 0;
const index = createCatalogueIndex(db, {
  maxStaleMs: 0,
  fullReloadMs: Number.POSITIVE_INFINITY,
  onLoad: ({ ms }) => {
    loads++;
    loadMs = ms;
  },
  onPatch: ({ ms }) => patches.push(ms),
});
const firstPage = { offset: 0, limit: 40, withTotal: true } as const;
const loadCpu = process.cpuUsage();
await index.page(firstPage, { view: GUEST_VIEW });
const loadUsed = process.cpuUsage(loadCpu);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const count = (await db.$count(products, eq(products.active, true))) as number;
console.log(`${count} active products; full load ${loadMs} ms (CPU ${((loadUsed.user + loadUsed.system) / 1000).toFixed(0)} ms); resident ${mb(process.memoryUsage().rss)} MB`);

// The second copy (PostgreSQL): its own pool and LISTEN connection, following as a running server does.
let follower: { index: ReturnType<typeof createCatalogueIndex>; stop: () => void; unlisten: () => Promise<void>; close: () => Promise<void> } | null = null;
if (url) {
  const other = await open();
  const second = createCatalogueIndex(other.db, { maxStaleMs: 1_000, fullReloadMs: Number.POSITIVE_INFINITY });
  await second.warm();
  const stop = second.follow();
  const unlisten = await other.listen(CHANGE_CHANNEL, () => second.wake());
  follower = { index: second, stop, unlisten, close: () => other.close() };
}

const ids = (await db.select({ id: products.id }).from(products).where(eq(products.active, true)).orderBy(asc(products.id))).map((r) => r.id);
const reached: number[] = [];
const patchCpu: number[] = [];
for (let k = 0; k < edits; k++) {
  const id = ids[Math.floor((k * 7919) % ids.length)]!;
  const price = (1000 + k + Math.random()).toFixed(2);
  const kind = k % 3;
  if (kind === 0) await db.update(products).set({ price }).where(eq(products.id, id));
  else if (kind === 1) await db.update(products).set({ price, stock: sql`case when ${products.stock} = 0 then 5 else 0 end` }).where(eq(products.id, id));
  else await db.update(products).set({ price, name: sql`${products.name} || ' x'` }).where(eq(products.id, id));
  const committed = performance.now();
  // This copy reads the counters before answering (maxStaleMs 0): the patch runs here. Its CPU time
  // (this process's, the embedded database's included) is the figure a busy shared machine blurs least.
  const cpu = process.cpuUsage();
  await index.page({ ...firstPage, filter: 'id', filterValue: String(id) }, { view: GUEST_VIEW });
  const used = process.cpuUsage(cpu);
  patchCpu.push((used.user + used.system) / 1000);
  if (follower) {
    for (;;) {
      const page = await follower.index.page({ offset: 0, limit: 1, filter: 'id', filterValue: String(id) }, { view: GUEST_VIEW });
      if (page?.rows[0]?.price === price) break;
      if (performance.now() - committed > 60_000) throw new Error(`the edit of ${id} did not reach the second copy in 60 s`);
      await new Promise((r) => setTimeout(r, 2));
    }
    reached.push(performance.now() - committed);
  }
}
const stats = (list: number[]) => {
  const s = [...list].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!.toFixed(0);
  return `median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${s[s.length - 1]!.toFixed(0)} ms (${s.length})`;
};
console.log(`patch of one product: ${stats(patches)}; full loads after the first: ${loads - 1}`);
console.log(`CPU time of reading the counters, the log and the row and patching: ${stats(patchCpu)}`);
if (follower) console.log(`edit committed -> second copy answers it: ${stats(reached)}`);
console.log(`resident after the edits ${mb(process.memoryUsage().rss)} MB`);

// The patched copy against a copy loaded now: a few pages and searches.
const fresh = createCatalogueIndex(db, { maxStaleMs: 0, fullReloadMs: Number.POSITIVE_INFINITY });
const queries = [firstPage, { ...firstPage, order: 'price__ASC' }, { ...firstPage, order: 'price__DESC', offset: 400 }, { ...firstPage, order: 'brand_name__ASC' }] as const;
let differ = 0;
for (const q of queries) {
  const [a, b] = [await index.page(q, { view: GUEST_VIEW }), await fresh.page(q, { view: GUEST_VIEW })];
  if (JSON.stringify(a) !== JSON.stringify(b)) differ++;
}
for (const text of ['rice', 'basmati rice', 'sugr']) {
  if (JSON.stringify(await index.search(text, 30, GUEST_VIEW)) !== JSON.stringify(await fresh.search(text, 30, GUEST_VIEW))) differ++;
}
console.log(differ === 0 ? 'patched copy = fresh copy on every page and search compared' : `DIFFERENT on ${differ} pages or searches`);
if (follower) {
  follower.stop();
  await follower.unlisten();
  await follower.close();
}
await database.close();
process.exit(differ === 0 ? 0 : 1);
