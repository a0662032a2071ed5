// Builds the storefront bench catalogue (issue 3): the demo data plus generated products up to
// `count` (default 100,000), with their business types, on the embedded database in DIR or on
// PostgreSQL when DATABASE_URL is set.
//   npx tsx bench/make-catalogue.ts /tmp/data-catalogue-bench 100000
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/catalogue_bench npx tsx bench/make-catalogue.ts - 100000
// then serve it: DATA_DIR=/tmp/data-catalogue-bench PORT=3201 NODE_ENV=production node --import tsx apps/server/src/main.ts
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { productBusinessTypes, products } from '../apps/server/src/db/schema/catalogue.ts';
import { businessTypes } from '../apps/server/src/db/schema/places.ts';
import { insertChunked } from '../apps/server/src/seed/bulk.ts';
import { loadCatalogueIds } from '../apps/server/src/seed/catalogue.ts';
import { isDatabaseEmpty, seedDemo } from '../apps/server/src/seed/demo.ts';
import { DEMO_SEED, draftProduct, productRow } from '../apps/server/src/seed/generator.ts';

const [dir = '/tmp/data-catalogue-bench', countText = '100000'] = process.argv.slice(2);
const target = Number(countText);
const started = performance.now();
const database = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: join(resolve(dir), 'pglite') });
await database.migrate();
const db = database.db;
if (await isDatabaseEmpty(db)) await seedDemo(db);

const ids = await loadCatalogueIds(db);
const typeIds = new Map((await db.select({ id: businessTypes.id, name: businessTypes.name }).from(businessTypes)).map((t) => [t.name, t.id]));
let made = (await db.$count(products)) as number;
const BATCH = 5_000;
while (made < target) {
  const count = Math.min(BATCH, target - made);
  // Product number i is a pure function of i: continuing from `made` never repeats a SKU.
  const drafts = Array.from({ length: count }, (_, k) => draftProduct(made + k, DEMO_SEED));
  const rows = drafts.map((d) => productRow(d, ids));
  await insertChunked(db, products, rows);
  const skus = drafts.map((d) => d.sku);
  const idBySku = new Map(
    (await db.select({ id: products.id, sku: products.sku }).from(products).where(sql`${products.sku} in ${skus}`)).map((r) => [r.sku, r.id]),
  );
  const links = drafts.flatMap((d) =>
    d.leaf.level2.businessTypes.map((type) => ({ productId: idBySku.get(d.sku) as number, businessTypeId: typeIds.get(type) as number })),
  );
  await insertChunked(db, productBusinessTypes, links, 2_000);
  made += count;
  process.stdout.write(`\r${made} products`);
}
await db.execute(sql`analyze`);
console.log(`\ncatalogue of ${made} products ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
await database.close();
