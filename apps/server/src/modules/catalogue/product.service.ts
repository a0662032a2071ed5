import type { Product, ProductDetail } from '@shop/domain/catalogue';
import { RELATED_MAX } from '@shop/domain/constants';
import { relatedTier } from '@shop/domain/listing';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/catalogue.ts';
import { findProduct, type PriceView, productJsonColumns, productsAsJson } from './pricing.service.ts';

const TIER_COLUMN = { tier1Id: products.tier1Id, tier2Id: products.tier2Id, tier3Id: products.tier3Id, tier4Id: products.tier4Id } as const;

/** SPEC 2: up to 16 related products on the same tier4, else tier3, else tier2, else tier1; in stock first. */
export async function relatedProducts(db: Db, view: PriceView, product: Product): Promise<Product[]> {
  const tier = relatedTier(product);
  return productsAsJson(
    db,
    db
      .select(productJsonColumns(view.businessId, view.cityId))
      .from(products)
      .where(and(eq(TIER_COLUMN[tier.column], tier.id), ne(products.id, product.id), eq(products.active, true)))
      // RELATED_ORDER (LISTING_SORTS' most viewed) as its SQL, but '+ 0' keeps the planner on the
      // category's rows (a few hundred, then sorted) rather than walking the whole most-viewed index
      // looking for them; the differential test of details holds the two orders equal.
      .orderBy(sql`(${products.stock} = 0)`, sql`${products.viewedCount} + 0 desc`, asc(products.id))
      .limit(RELATED_MAX),
  );
}

/** The copy's product page (catalogue-index.ts detail): undefined while it is not loaded. */
export interface DetailCopy {
  detail(id: number, view: PriceView): Promise<ProductDetail | null | undefined>;
}

/**
 * The product detail page (SPEC 2): the product priced for the buyer (issue 36: its city too), with
 * related products; from the in-memory copy when it is loaded (issue 41), else two statements.
 */
export async function productDetail(db: Db, view: PriceView, id: number, index?: DetailCopy): Promise<ProductDetail | null> {
  if (index) {
    const fromCopy = await index.detail(id, view);
    if (fromCopy !== undefined) return fromCopy;
  }
  const product = await findProduct(db, view, id);
  if (!product) return null;
  return { product, related: await relatedProducts(db, view, product) };
}

/**
 * viewed_count grows as details are viewed. Views are counted in memory and written in one
 * UPDATE per interval, so a popular page costs no write per request.
 */
export function createViewCounter(db: Db, intervalMs = 2000) {
  let pending = new Map<number, number>();
  let flushing: Promise<void> = Promise.resolve();
  const flush = async () => {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    const values = sql.join(
      [...batch].map(([id, n]) => sql`(${id}::int, ${n}::int)`),
      sql`, `,
    );
    await db.execute(
      sql`update ${products} set viewed_count = ${products.viewedCount} + v.n from (values ${values}) as v(id, n) where ${products.id} = v.id`,
    );
  };
  const timer = setInterval(() => {
    flushing = flushing.then(flush).catch(() => {});
  }, intervalMs);
  timer.unref();
  return {
    count(id: number) {
      pending.set(id, (pending.get(id) ?? 0) + 1);
    },
    /** Writes what is pending now (tests, shutdown). */
    async flush() {
      await flushing;
      await flush();
    },
    async close() {
      clearInterval(timer);
      await flushing;
      await flush().catch(() => {});
    },
  };
}
export type ViewCounter = ReturnType<typeof createViewCounter>;
