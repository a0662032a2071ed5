// What search engines need from the marketplace (issue 15, 13): a context for the SEO pages and the
// public URLs for sitemap.xml. The seo module reads the marketplace only through these functions.
import { marketplaceCategoryPath, marketplaceProductPath } from '@shop/domain/marketplace-rules';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { createChangeFollower } from '../../lib/db-mirror.ts';
import { TtlCache } from './marketplace.cache.ts';
import { MARKETPLACE_TABLES } from './marketplace-index.ts';
import { rows } from './marketplace-rows.ts';
import { type MarketplaceContext, categoryIndex } from './marketplace.service.ts';

/**
 * A marketplace context of its own (small cache), for pages rendered for crawlers, with the
 * marketplace's change counters (`changes`, read every `followMs`; 0: before every use): the seo
 * module keeps its heads and sitemap only for the generation they were built under, so a renamed or
 * deactivated product's page and the sitemap follow within the counters' bound (issue 19).
 */
export function createSeoContext(db: Db, followMs: number): { ctx: MarketplaceContext; changes: ReturnType<typeof createChangeFollower> } {
  const changes = createChangeFollower(db, MARKETPLACE_TABLES, followMs);
  return { ctx: { db, cache: new TtlCache(5 * 60_000, 100, { generation: changes.generation }) }, changes };
}

/**
 * The canonical paths of every category and of up to `limit` products sold in at least one city,
 * in id order (stable between builds of the sitemap). Products no city sells are left out: their
 * pages say they are not available; so are inactive ones (issue 19: their pages are not found).
 */
export async function sitemapPaths(ctx: MarketplaceContext, limit: number): Promise<{ categories: string[]; products: string[] }> {
  const index = await categoryIndex(ctx);
  const categories: string[] = [];
  for (const parent of index.level2) {
    categories.push(marketplaceCategoryPath(parent.slug));
    for (const child of index.childrenOf.get(parent.id) ?? []) categories.push(marketplaceCategoryPath(parent.slug, child.slug));
  }
  const found = await rows(
    ctx.db,
    sql`select p.slug, p.tier2_id, p.tier3_id from bmpl_products p
        where p.active and exists (select 1 from bmpl_product_cities c where c.bmpl_product_id = p.id)
        order by p.id limit ${Math.max(0, limit - categories.length)}`,
  );
  const products = found.map((r) =>
    marketplaceProductPath({
      slug: r.slug as string,
      category_slug: index.byId.get(Number(r.tier2_id))?.slug ?? null,
      subcategory_slug: r.tier3_id == null ? null : (index.byId.get(Number(r.tier3_id))?.slug ?? null),
    }),
  );
  return { categories, products };
}
