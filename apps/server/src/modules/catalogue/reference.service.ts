import type { Brand, BusinessType, Category, Facets, ListingQuery } from '@shop/domain/catalogue';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, categories, products } from '../../db/schema/catalogue.ts';
import { businessTypes } from '../../db/schema/places.ts';
import { type ListingScope, listingConditions, pricesNeeded } from './listing.service.ts';
import { displayedPriceSql } from './listing-sql.ts';

export async function listBrands(db: Db): Promise<Brand[]> {
  return db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(sql`${brands.name} collate "C"`);
}

/** SPEC 3: categories with both parent spellings (parent_id and parentId), in tree order. */
export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await db
    .select()
    .from(categories)
    .orderBy(asc(categories.level), asc(categories.sortOrder), asc(categories.id));
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    slug: c.slug,
    level: c.level,
    parent_id: c.parentId,
    parentId: c.parentId,
    tier2_id: c.tier2Id,
    image: c.image,
    banner: c.banner,
  }));
}

/** Issue 35: the active types whose parents are active too (an inactive type hides the types below it). */
export async function listBusinessTypes(db: Db): Promise<BusinessType[]> {
  const rows = await db.select().from(businessTypes).orderBy(asc(businessTypes.sortOrder), asc(businessTypes.id));
  const byId = new Map(rows.map((t) => [t.id, t]));
  const shown = (t: (typeof rows)[number], depth = 0): boolean => t.active && (t.parentId == null || (depth < 20 && !!byId.get(t.parentId) && shown(byId.get(t.parentId)!, depth + 1)));
  return rows.filter((t) => shown(t)).map((t) => ({ id: t.id, name: t.name, image: t.image, parent_id: t.parentId, parentId: t.parentId }));
}

/**
 * The filter panel's brands (with counts) and price bounds for a listing, ignoring the brand and
 * price filters themselves so that choosing one brand does not hide the others.
 */
export async function listingFacets(db: Db, query: ListingQuery, scope: ListingScope): Promise<Facets> {
  // The price bounds are always wanted here, so the locked prices are looked up.
  const priceView = await pricesNeeded(db, { ...query, order: 'price__ASC' }, scope);
  const { where } = await listingConditions(query, { ...scope, priceView }, { withPrice: false, withBrand: false });
  const price = displayedPriceSql(priceView);
  // One scan gives both: brands with counts, and each brand's price bounds (folded below).
  const rows = await db
    .select({ name: products.brandName, count: sql<number>`count(*)::int`, min: sql<string>`min(${price})`, max: sql<string>`max(${price})` })
    .from(products)
    .where(where)
    .groupBy(products.brandName)
    .orderBy(sql`${products.brandName} collate "C"`);
  const mins = rows.map((r) => Number(r.min));
  const maxes = rows.map((r) => Number(r.max));
  return {
    brands: rows.map((r) => ({ name: r.name, count: r.count })),
    price: { min: rows.length ? Math.floor(Math.min(...mins)) : 0, max: rows.length ? Math.ceil(Math.max(...maxes)) : 0 },
  };
}
