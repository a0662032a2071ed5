// Builds the marketplace bench database: the demo data plus 100,000 marketplace products (issue 6),
// each sold in two to five cities with city prices, stock and some multi-piece discounts. The city
// records' list columns (category, brand, name) are filled by the database (migration 0004).
//   npx tsx bench/marketplace-catalogue.ts /tmp/data-marketplace-bench [count]
// or on PostgreSQL (the directory argument is then unused):
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/marketplace_bench npx tsx bench/marketplace-catalogue.ts - 100000
// then serve it: DATA_DIR=/tmp/data-marketplace-bench PORT=3204 NODE_ENV=production node --import tsx apps/server/src/main.ts
import { join, resolve } from 'node:path';
import { fromPaisa } from '@shop/domain/money';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { marketplaceProductCities, marketplaceProducts } from '../apps/server/src/db/schema/marketplace.ts';
import { cities } from '../apps/server/src/db/schema/places.ts';
import { insertChunked } from '../apps/server/src/seed/bulk.ts';
import { loadCatalogueIds } from '../apps/server/src/seed/catalogue.ts';
import { isDatabaseEmpty, seedDemo } from '../apps/server/src/seed/demo.ts';
import { DEMO_PRODUCT_COUNT, DEMO_SEED, draftProduct, leafKeys, type ProductDraft, productImage, splitTax } from '../apps/server/src/seed/generator.ts';
import { hashSeed, Random } from '../apps/server/src/seed/random.ts';

const [dir = '/tmp/data-marketplace-bench', countText = '100000'] = process.argv.slice(2);
const target = Number(countText);
const started = performance.now();
const database = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: join(resolve(dir), 'pglite') });
await database.migrate();
const db = database.db;
if (await isDatabaseEmpty(db)) await seedDemo(db);

const ids = await loadCatalogueIds(db);
const cityIds = (await db.select({ id: cities.id }).from(cities)).map((c) => c.id);
const existing = (await db.$count(marketplaceProducts)) as number;
// Past the demo's own products and the demo marketplace's, so names never repeat an existing slug twice.
let index = DEMO_PRODUCT_COUNT * 10;
let made = existing;
const BATCH = 5_000;
while (made < target) {
  const products: Array<typeof marketplaceProducts.$inferInsert> = [];
  const drafts: ProductDraft[] = [];
  while (products.length < Math.min(BATCH, target - made)) {
    const draft = draftProduct(index++, DEMO_SEED);
    if (draft.leaf.top !== 'Food') continue;
    const keys = leafKeys(draft.leaf);
    const id = (key: string) => ids.categories.get(key) as number;
    const slug = `${draft.slug}-b${index}`;
    drafts.push(draft);
    products.push({
      name: draft.name,
      slug,
      urlName: productImage(draft.leaf, draft.slug),
      description: draft.description,
      tier1Id: id(keys.l1),
      tier2Id: id(keys.l2),
      tier3Id: id(keys.l3),
      tier4Id: keys.l4 ? id(keys.l4) : null,
      brandId: ids.brands.get(draft.brand) as number,
      brandName: draft.brand,
    });
  }
  const inserted = await db.insert(marketplaceProducts).values(products).returning({ id: marketplaceProducts.id });
  const records: Array<typeof marketplaceProductCities.$inferInsert> = [];
  inserted.forEach(({ id }, i) => {
    const draft = drafts[i] as ProductDraft;
    const rng = new Random(hashSeed(DEMO_SEED, 'bmpl-bench', id));
    const sold = rng.shuffle(cityIds).slice(0, rng.int(2, 5));
    const threshold = rng.chance(0.14) ? rng.pick([6, 12, 24] as const) : null;
    for (const cityId of sold) {
      const price = Math.max(100, Math.round((draft.price * rng.between(0.95, 1.05)) / 100) * 100);
      const { tax, sellPrice } = splitTax(price, draft.leaf.level2.taxed);
      const discount = price - Math.max(100, Math.round((price * 0.05) / 100) * 100);
      records.push({
        marketplaceProductId: id,
        cityId,
        price: fromPaisa(price),
        sellPrice: fromPaisa(sellPrice),
        tax: fromPaisa(tax),
        stock: rng.chance(0.05) ? 0 : rng.int(5, 800),
        ...(threshold && discount > 0
          ? { discountThreshold: threshold, originalPrice: fromPaisa(price), discountPrice: fromPaisa(discount), discountDescription: `Buy ${threshold} or more` }
          : {}),
      });
    }
  });
  await insertChunked(db, marketplaceProductCities, records, 1_000);
  made += inserted.length;
  process.stdout.write(`\r${made} marketplace products`);
}
// VACUUM too: PGlite runs no autovacuum, and the list totals are index-only scans, which need the
// visibility map that VACUUM sets (otherwise each counted entry reads its table row as well).
await db.execute('vacuum analyze');
await database.close();
console.log(`\nready in ${((performance.now() - started) / 1000).toFixed(1)} s: ${dir}`);
