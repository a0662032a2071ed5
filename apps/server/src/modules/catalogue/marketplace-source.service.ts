// Issue 35: the catalogue's reads for the marketplace's listing per city (modules/marketplace,
// marketplace-listing.service.ts): a storefront product as its marketplace product copies it, the
// products of a category, and the category tree. The marketplace owns its tables and asks the
// catalogue through these functions (decision 021).
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, products } from '../../db/schema/catalogue.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A storefront product as the marketplace copies it (name, categories, brand, picture, description, stock). */
export interface MarketplaceSource {
  id: number;
  sku: string;
  name: string;
  description: string;
  urlName: string;
  active: boolean;
  brandId: number;
  brandName: string;
  tier1Id: number;
  tier2Id: number | null;
  tier3Id: number | null;
  tier4Id: number | null;
  stock: number;
  price: string;
  tax: string;
  sellPrice: string;
}

const SOURCE = {
  id: products.id,
  sku: products.sku,
  name: products.name,
  description: products.description,
  urlName: products.urlName,
  active: products.active,
  brandId: products.brandId,
  brandName: products.brandName,
  tier1Id: products.tier1Id,
  tier2Id: products.tier2Id,
  tier3Id: products.tier3Id,
  tier4Id: products.tier4Id,
  stock: products.stock,
  price: products.price,
  tax: products.tax,
  sellPrice: products.sellPrice,
};

/**
 * The products `ids`, or every product of the category `categoryId` and the categories below it, in
 * id order. With `lock` (inside a transaction) the rows are held `for update` until it ends, so a
 * staff edit of a product (catalogue-write.ts, which copies name, brand and categories to the
 * marketplace products sold as it) waits for the listing and then finds its marketplace product.
 */
export async function productsForMarketplace(db: Db | Tx, by: { ids: readonly number[] } | { categoryId: number }, lock = false): Promise<MarketplaceSource[]> {
  let where: SQL | undefined;
  if ('ids' in by) {
    if (by.ids.length === 0) return [];
    where = inArray(products.id, [...by.ids]);
  } else {
    const c = by.categoryId;
    where = or(eq(products.tier1Id, c), eq(products.tier2Id, c), eq(products.tier3Id, c), eq(products.tier4Id, c));
  }
  const query = db.select(SOURCE).from(products).where(and(where)).orderBy(asc(products.id));
  return lock ? query.for('update') : query;
}

/** Active products per category (a product counts in its category and every one above it). */
export async function activeProductsPerCategory(db: Db): Promise<Map<number, number>> {
  const rows = await db.execute(sql`select t.id, count(*)::int as n from products p
      cross join lateral (values (p.tier1_id), (p.tier2_id), (p.tier3_id), (p.tier4_id)) as t(id)
      where p.active and t.id is not null group by t.id`);
  const list = (Array.isArray(rows) ? rows : (rows as unknown as { rows: { id: number; n: number }[] }).rows) as { id: number; n: number }[];
  return new Map(list.map((r) => [Number(r.id), Number(r.n)]));
}

/** Every category (id, name, level, parent), in tree order's keys: level, then the staff's order. */
export function categoriesForMarketplace(db: Db | Tx): Promise<{ id: number; name: string; level: number; parentId: number | null; sortOrder: number }[]> {
  return db
    .select({ id: categories.id, name: categories.name, level: categories.level, parentId: categories.parentId, sortOrder: categories.sortOrder })
    .from(categories)
    .orderBy(asc(categories.level), asc(categories.sortOrder), asc(categories.id));
}

/** SKUs of the products `ids` (an unknown id has none). */
export async function skusOf(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: products.id, sku: products.sku }).from(products).where(inArray(products.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.sku]));
}

/** Product ids whose SKU is exactly `sku` (any capitals). */
export async function productIdsBySku(db: Db, sku: string): Promise<number[]> {
  const rows = await db.select({ id: products.id }).from(products).where(sql`lower(${products.sku}) = lower(${sku})`);
  return rows.map((r) => r.id);
}
