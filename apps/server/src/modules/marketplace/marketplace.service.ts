// Marketplace (Buy More Pay Less) reads: cities, categories, banners, one product and its related ones.
import type { MarketplaceCategory, MarketplaceCategoryTree, MarketplaceProduct, MarketplaceProductDetail, MarketplaceResolvedCategory } from '@shop/domain/marketplace';
import { findCategoryInTree, parseCity } from '@shop/domain/marketplace-rules';
import { type City, DEFAULT_CITY, RELATED_MAX, RELATED_SAMPLE } from '@shop/domain/constants';
import { isMarketplaceTopCategory } from '@shop/domain/marketplace-listing';
import { nameFromSegment } from '@shop/domain/slug';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, categories } from '../../db/schema/catalogue.ts';
import { cities } from '../../db/schema/places.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import type { TtlCache } from './marketplace.cache.ts';
import type { MarketplaceIndex } from './marketplace-index.ts';
import { CITY_COLUMNS, type CategoryIndex, PRODUCT_COLUMNS, rows, toBase, toCityRecord, toListProduct } from './marketplace-rows.ts';

export interface MarketplaceContext {
  db: Db;
  cache: TtlCache;
  /**
   * Searches' matches (every match's id), apart from `cache` and bounded in bytes: a common word
   * matches tens of thousands of records, so 5,000 searches could hold hundreds of megabytes (issue 17).
   * Without it (tests, the SEO context) they go to `cache`.
   */
  matches?: TtlCache;
  /** The marketplace in memory (marketplace-index.ts): category pages and searches without SQL once loaded. */
  index?: MarketplaceIndex;
}

/**
 * A city name (default Lahore, else the first active city) to its id, from the database's active cities
 * (issue 35: staff keep them); an unknown name is a 400 with the choices.
 */
/** The active cities, name to id in id order, kept with the answers (their counters move on a change of the cities). */
const loadActiveCities = async (ctx: MarketplaceContext) => {
  const rows = await ctx.db.select({ id: cities.id, name: cities.name }).from(cities).where(eq(cities.active, true)).orderBy(asc(cities.id));
  return new Map(rows.map((r) => [r.name, r.id]));
};
const activeCities = (ctx: MarketplaceContext): Promise<Map<string, number>> => ctx.cache.get('cities', () => loadActiveCities(ctx));

export async function cityIdOf(ctx: MarketplaceContext, name: string | undefined): Promise<{ city: City; cityId: number }> {
  const load = () => loadActiveCities(ctx);
  const pick = (ids: Map<string, number>) => {
    const names = [...ids.keys()];
    const city = name === undefined || name === '' ? (ids.has(DEFAULT_CITY) ? DEFAULT_CITY : names[0]) : parseCity(name, names);
    return { names, city };
  };
  let ids = await activeCities(ctx);
  let found = pick(ids);
  // A city added since the list was kept (the counters move within a second; a miss reads again at once).
  if (!found.city) {
    ids = await load();
    found = pick(ids);
  }
  const { names, city } = found;
  if (names.length === 0) throw badRequest('The marketplace is not open in any city yet.');
  if (!city) throw badRequest(`Unknown city "${name}". Choose one of ${names.join(', ')}.`);
  return { city, cityId: ids.get(city) as number };
}

/** Every category, loaded once per cache period: the tree is small and read on every page. */
export function categoryIndex(ctx: MarketplaceContext): Promise<CategoryIndex> {
  return ctx.cache.get('categories', async () => {
    const rows = await ctx.db
      .select({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        level: categories.level,
        parent_id: categories.parentId,
        tier2_id: categories.tier2Id,
        image: categories.image,
        poster: categories.poster,
        banner: categories.banner,
      })
      .from(categories)
      .orderBy(asc(categories.level), asc(categories.sortOrder), asc(categories.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const childrenOf = new Map<number, MarketplaceCategory[]>();
    for (const r of rows) {
      if (r.parent_id === null) continue;
      const list = childrenOf.get(r.parent_id) ?? [];
      list.push(r);
      childrenOf.set(r.parent_id, list);
    }
    const food = rows.find(isMarketplaceTopCategory) ?? null;
    return { byId, food, level2: food ? (childrenOf.get(food.id) ?? []) : [], childrenOf };
  });
}

/** SPEC 2 mega-menu: Food's level-2 categories, each with its level-3 children. */
export async function categoryTree(ctx: MarketplaceContext): Promise<MarketplaceCategoryTree[]> {
  const index = await categoryIndex(ctx);
  return index.level2.map((c) => ({ ...c, children: index.childrenOf.get(c.id) ?? [] }));
}

/** Categories by level (2 or 3) and parent, within Food. */
export async function listCategories(ctx: MarketplaceContext, level?: 2 | 3, parentId?: number): Promise<MarketplaceCategory[]> {
  const index = await categoryIndex(ctx);
  if (parentId !== undefined) {
    if (!index.byId.has(parentId)) throw notFound(`There is no category ${parentId}.`);
    const children = index.childrenOf.get(parentId) ?? [];
    return level === undefined ? children : children.filter((c) => c.level === level);
  }
  if (level === 3) return index.level2.flatMap((c) => index.childrenOf.get(c.id) ?? []);
  return index.level2;
}

/** A Food level-2 category by id, or a 404. */
export async function marketplaceCategory(ctx: MarketplaceContext, id: number, level: 2 | 3): Promise<MarketplaceCategory> {
  const index = await categoryIndex(ctx);
  const c = index.byId.get(id);
  const l2 = c && (level === 2 ? c : index.byId.get(c.parent_id ?? -1));
  if (!c || c.level !== level || !l2 || l2.parent_id !== index.food?.id) {
    throw notFound(`There is no marketplace ${level === 2 ? 'category' : 'subcategory'} ${id}.`);
  }
  return c;
}

/** SPEC 2 path rule: the category (and subcategory) named by URL segments, or a 404. */
export async function resolveCategory(ctx: MarketplaceContext, category: string, subcategory?: string): Promise<MarketplaceResolvedCategory> {
  const found = findCategoryInTree(await categoryTree(ctx), category, subcategory);
  if (found.found) return { category: found.category, subcategory: found.subcategory, subcategories: found.subcategories };
  if (found.missing === 'category') throw notFound(`There is no category "${found.name}".`);
  throw notFound(`There is no subcategory "${found.name}" in ${found.parent?.name}.`);
}

/** Brand ids that exist; an unknown one is a 400 (a stale link, or a typed URL). */
export async function checkBrands(ctx: MarketplaceContext, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const known = await ctx.cache.get('brands', async () => new Set((await ctx.db.select({ id: brands.id }).from(brands)).map((b) => b.id)));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) throw badRequest(`Unknown brand id ${unknown.join(', ')}.`);
}

/** A marketplace product, or null: none, or its storefront product is inactive (issue 19: shown as not found). */
async function detailWhere(ctx: MarketplaceContext, where: SQL): Promise<MarketplaceProductDetail | null> {
  const [product] = await rows(ctx.db, sql`select ${PRODUCT_COLUMNS} from bmpl_products p where p.active and ${where} order by p.id limit 1`);
  if (!product) return null;
  const records = await rows(
    ctx.db,
    sql`select ci.name as city, ${CITY_COLUMNS} from bmpl_product_cities c join cities ci on ci.id = c.city_id
        where c.bmpl_product_id = ${product.id} and ci.active order by ci.id`,
  );
  const index = await categoryIndex(ctx);
  return { ...toBase(product, index), bmpl_products_city: records.map((r) => toCityRecord(r, r.city as string)) };
}

/** Issue 41: a product page from the copy when it holds it (marketplace-index.ts detail); undefined: ask SQL. */
async function detailFromCopy(ctx: MarketplaceContext, find: { id: number } | { slug: string }): Promise<MarketplaceProductDetail | undefined> {
  if (!ctx.index) return undefined;
  const ids = await activeCities(ctx);
  return ctx.index.detail(find, [...ids].map(([name, id]) => ({ id, name })).sort((a, b) => a.id - b.id), await categoryIndex(ctx));
}

/** A marketplace product with every city record, or a 404. */
export async function productById(ctx: MarketplaceContext, id: number): Promise<MarketplaceProductDetail> {
  const product = (await detailFromCopy(ctx, { id })) ?? (await detailWhere(ctx, sql`p.id = ${id}`));
  if (!product) throw notFound(`There is no marketplace product ${id}.`);
  return product;
}

/** SPEC 2: a product by the last path segment: its slug, else its name by the SPEC 2 name rule. */
export async function productBySlug(ctx: MarketplaceContext, segment: string): Promise<MarketplaceProductDetail> {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    throw badRequest('The product address is not valid.');
  }
  if (decoded.includes('/')) throw badRequest('The product address is not valid.');
  const product =
    (await detailFromCopy(ctx, { slug: decoded.toLowerCase() })) ??
    (await detailWhere(ctx, sql`p.slug = ${decoded.toLowerCase()}`)) ??
    (await detailWhere(ctx, sql`upper(p.name) = ${nameFromSegment(decoded)}`)) ??
    // Issue 19: a renamed product's earlier address (its slug before the rename).
    (await detailWhere(ctx, sql`p.id = (select r.bmpl_product_id from bmpl_slug_redirects r where r.old_slug = ${decoded.toLowerCase()})`));
  if (!product) throw notFound(`There is no marketplace product "${nameFromSegment(decoded)}".`);
  return product;
}

/** SPEC 2 related rule: the product's tier4 category, else its tier3, else its tier2 (never null). */
function relatedCategory(product: MarketplaceProductDetail): SQL {
  if (product.tier4_id != null) return sql`p.tier4_id = ${product.tier4_id}`;
  if (product.tier3_id != null) return sql`p.tier3_id = ${product.tier3_id}`;
  return sql`p.tier2_id = ${product.tier2_id}`;
}

/** Products sold in the city in the product's related category (relatedCategory), in `order`. */
async function relatedRows(ctx: MarketplaceContext, id: number, cityName: string | undefined, rest: SQL): Promise<MarketplaceProduct[]> {
  const { city, cityId } = await cityIdOf(ctx, cityName);
  const product = await productById(ctx, id);
  const index = await categoryIndex(ctx);
  const found = await rows(
    ctx.db,
    sql`select ${PRODUCT_COLUMNS}, ${CITY_COLUMNS} from bmpl_products p
        join bmpl_product_cities c on c.bmpl_product_id = p.id and c.city_id = ${cityId}
        where c.active and ${relatedCategory(product)} ${rest}`,
  );
  return found.map((r) => toListProduct(r, city, index));
}

/**
 * SPEC 2: up to 16 products sold in the city that share the product's tier4, else tier3, else
 * tier2, else tier1 category. The product itself is included ('No Similar Products' when it is alone).
 */
export function relatedProducts(ctx: MarketplaceContext, id: number, cityName: string | undefined): Promise<MarketplaceProduct[]> {
  return relatedRows(ctx, id, cityName, sql`order by (p.id = ${id}) desc, (c.stock = 0), p.id limit ${RELATED_MAX}`);
}

/**
 * SPEC 2: 'a related sample of 4 chosen at random': other products of the same related category (the
 * rule above) sold in the city, drawn afresh on every call, without the product itself.
 */
export function relatedSample(ctx: MarketplaceContext, id: number, cityName: string | undefined): Promise<MarketplaceProduct[]> {
  return relatedRows(ctx, id, cityName, sql`and p.id <> ${id} order by random() limit ${RELATED_SAMPLE}`);
}
