// Marketplace product lists for one city: category pages, facets, search and the home strips.
// SPEC 5: lists keep only records whose city is the selected one; the price is always that city's.
import type { BmplFacets, BmplProductPage, BmplSearchResult, BmplStrip, FacetsQuery, ListQuery, SearchQuery } from '@shop/domain/bmpl';
import type { BmplSort } from '@shop/domain/bmpl-rules';
import { toPaisa } from '@shop/domain/money';
import { type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../../lib/http-error.ts';
import {
  type BmplContext,
  CITY_COLUMNS,
  categoryIndex,
  checkBrands,
  cityIdOf,
  marketplaceCategory,
  PRODUCT_COLUMNS,
  rows,
  toListProduct,
} from './bmpl.service.ts';

// SPEC 2: Brand A-Z / Z-A sort by product name (names start with the brand), price sorts by the
// city's list price. SPEC 9: out-of-stock items go last whatever the sort.
const ORDER: Record<BmplSort | 'default', SQL> = {
  default: sql.raw('(c.stock = 0), p.id'),
  brand_asc: sql.raw('(c.stock = 0), p.name asc, p.id'),
  brand_desc: sql.raw('(c.stock = 0), p.name desc, p.id'),
  price_asc: sql.raw('(c.stock = 0), c.price asc, p.id'),
  price_desc: sql.raw('(c.stock = 0), c.price desc, p.id'),
};

function priceBounds(min?: string, max?: string): SQL[] {
  if (min !== undefined && max !== undefined && toPaisa(min) > toPaisa(max)) {
    throw badRequest('The price range is inverted: From Rs. must not be above To Rs.');
  }
  const where: SQL[] = [];
  if (min !== undefined) where.push(sql`c.price >= ${min}`);
  if (max !== undefined) where.push(sql`c.price <= ${max}`);
  return where;
}

async function categoryFilters(ctx: BmplContext, category?: string, subcategory?: string): Promise<SQL[]> {
  const where: SQL[] = [];
  const l2 = category === undefined ? null : await marketplaceCategory(ctx, Number(category), 2);
  const l3 = subcategory === undefined ? null : await marketplaceCategory(ctx, Number(subcategory), 3);
  if (l2 && l3 && l3.parent_id !== l2.id) throw badRequest(`${l3.name} is not a subcategory of ${l2.name}.`);
  if (l2) where.push(sql`p.tier2_id = ${l2.id}`);
  if (l3) where.push(sql`p.tier3_id = ${l3.id}`);
  return where;
}

const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

async function page(ctx: BmplContext, city: string, cityId: number, where: SQL[], sort: BmplSort | undefined, offset: number, limit: number): Promise<BmplProductPage> {
  const index = await categoryIndex(ctx);
  const found = await rows(
    ctx.db,
    sql`select ${PRODUCT_COLUMNS}, ${CITY_COLUMNS}, count(*) over () as total
        from bmpl_products p join bmpl_product_cities c on c.bmpl_product_id = p.id and c.city_id = ${cityId}
        where ${and(where)} order by ${ORDER[sort ?? 'default']} limit ${limit} offset ${offset}`,
  );
  let total = Number(found[0]?.total ?? 0);
  if (found.length === 0 && offset > 0) {
    const [count] = await rows(
      ctx.db,
      sql`select count(*) as total from bmpl_products p join bmpl_product_cities c on c.bmpl_product_id = p.id and c.city_id = ${cityId} where ${and(where)}`,
    );
    total = Number(count?.total ?? 0);
  }
  return { products: found.map((r) => toListProduct(r, city, index)), total };
}

/** Products of a city, optionally of a category, subcategory, brands and price range, sorted and paged. */
export async function listProducts(ctx: BmplContext, q: ListQuery): Promise<BmplProductPage> {
  const { city, cityId } = await cityIdOf(ctx, q.city);
  const brandIds = q.brands ? [...new Set(q.brands.split(',').map(Number))] : [];
  const where = [...(await categoryFilters(ctx, q.category, q.subcategory)), ...priceBounds(q.min, q.max)];
  await checkBrands(ctx, brandIds);
  if (brandIds.length) where.push(sql`p.bmpl_brand_id in (${sql.join(brandIds.map((id) => sql`${id}`), sql`, `)})`);
  return page(ctx, city, cityId, where, q.sort, q.offset, q.limit);
}

/** SPEC 4: the Brand list and price range of a category (or subcategory) in a city. */
export async function listFacets(ctx: BmplContext, q: FacetsQuery): Promise<BmplFacets> {
  const { cityId } = await cityIdOf(ctx, q.city);
  const where = await categoryFilters(ctx, q.category, q.subcategory);
  const from = sql`from bmpl_products p join bmpl_product_cities c on c.bmpl_product_id = p.id and c.city_id = ${cityId} where ${and(where)}`;
  const [brandRows, [range]] = await Promise.all([
    rows(ctx.db, sql`select p.bmpl_brand_id as id, p.bmpl_brand_name as name, count(*) as count ${from} group by 1, 2 order by 2`),
    rows(ctx.db, sql`select min(c.price)::text as min, max(c.price)::text as max ${from}`),
  ]);
  return {
    brands: brandRows.map((b) => ({ id: Number(b.id), name: b.name as string, count: Number(b.count) })),
    price: range?.min == null ? null : wholeRange(range.min as string, range.max as string),
  };
}

const wholeRange = (min: string, max: string) => ({ min: Math.floor(toPaisa(min) / 100), max: Math.ceil(toPaisa(max) / 100) });

/** Each word must appear in the name; LIKE wildcards typed by the user are taken literally. */
const wordsOf = (text: string) => text.replace(/-/g, ' ').trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
const searchWords = (words: string[]): SQL[] => words.map((w) => sql`p.name ilike ${`%${w.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`);

/** SPEC 2 search page: matches in the city, with the distinct tier-3 categories and price range of all matches. */
export async function searchProducts(ctx: BmplContext, q: SearchQuery): Promise<BmplSearchResult> {
  const { city, cityId } = await cityIdOf(ctx, q.city);
  const text = wordsOf(q.search);
  const words = searchWords(text);
  const bounds = priceBounds(q.min, q.max);
  const sub = q.subcategory === undefined ? null : await marketplaceCategory(ctx, Number(q.subcategory), 3);
  if (words.length === 0) return { products: [], total: 0, categories: [], price: null };
  const index = await categoryIndex(ctx);
  const from = sql`from bmpl_products p join bmpl_product_cities c on c.bmpl_product_id = p.id and c.city_id = ${cityId} where ${and(words)}`;
  const [result, tiers, [range]] = await Promise.all([
    page(ctx, city, cityId, [...words, ...bounds, ...(sub ? [sql`p.tier3_id = ${sub.id}`] : [])], q.sort, q.offset, q.limit),
    rows(ctx.db, sql`select distinct p.tier3_id as id ${from} and p.tier3_id is not null`),
    rows(ctx.db, sql`select min(c.price)::text as min, max(c.price)::text as max ${from}`),
  ]);
  const categories = tiers
    .map((t) => index.byId.get(Number(t.id)))
    .filter((c) => c !== undefined)
    .sort((a, b) => a.name.localeCompare(b.name));
  return { ...result, categories, price: range?.min == null ? null : wholeRange(range.min as string, range.max as string) };
}

/**
 * SPEC 2 home strips, all in one call (the spec's client made one request per category): the first
 * `limit` products of every Food level-2 category in the city, in-stock first, with each category's total.
 */
export async function homeStrips(ctx: BmplContext, cityName: string | undefined, limit: number): Promise<BmplStrip[]> {
  const { city, cityId } = await cityIdOf(ctx, cityName);
  const index = await categoryIndex(ctx);
  const ids = index.level2.map((c) => c.id);
  if (ids.length === 0) return [];
  const idList = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  const [found, totals] = await Promise.all([
    rows(
      ctx.db,
      sql`select x.* from unnest(array[${idList}]::int[]) as cat(id) cross join lateral (
            select ${PRODUCT_COLUMNS}, ${CITY_COLUMNS} from bmpl_products p
            join bmpl_product_cities c on c.bmpl_product_id = p.id and c.city_id = ${cityId}
            where p.tier2_id = cat.id order by (c.stock = 0), p.id limit ${limit}) x`,
    ),
    rows(
      ctx.db,
      sql`select p.tier2_id as id, count(*) as total from bmpl_products p
          join bmpl_product_cities c on c.bmpl_product_id = p.id and c.city_id = ${cityId} group by 1`,
    ),
  ]);
  const totalOf = new Map(totals.map((t) => [Number(t.id), Number(t.total)]));
  return index.level2
    .map((category) => ({
      category,
      products: found.filter((r) => Number(r.tier2_id) === category.id).map((r) => toListProduct(r, city, index)),
      total: totalOf.get(category.id) ?? 0,
    }))
    .filter((s) => s.products.length > 0);
}
