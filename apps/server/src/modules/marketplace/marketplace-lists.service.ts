// Marketplace product lists for one city: category pages, facets, search and the home strips.
// SPEC 5: lists keep only records whose city is the selected one; the price is always that city's.
import type { MarketplaceFacets, MarketplaceProductPage, MarketplaceSearchResult, MarketplaceStrip, FacetsQuery, ListQuery, SearchQuery } from '@shop/domain/marketplace';
import { type MarketplaceCondition, marketplaceConditions, marketplaceSearchWords } from '@shop/domain/marketplace-filters';
import { type MarketplaceSort, MARKETPLACE_SORTS, type MarketplaceSortField } from '@shop/domain/marketplace-rules';
import { fromPaisa, toPaisa } from '@shop/domain/money';
import { type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../../lib/http-error.ts';
import type { SearchSummary } from './marketplace-index.ts';
import { CITY_COLUMNS, PRODUCT_COLUMNS, rows, toListProduct } from './marketplace-rows.ts';
import { type MarketplaceContext, categoryIndex, checkBrands, cityIdOf, marketplaceCategory } from './marketplace.service.ts';

// Issue 19: only active records (`c.active`, their product's products.active) are listed, searched or
// counted; the list indexes hold those only (partial, migration 0021), so every read names it.
// SPEC 2: Brand A-Z / Z-A sort by product name (names start with the brand), price sorts by the
// city's list price. SPEC 9: out-of-stock items go last whatever the sort. Each order is the key of one
// index on bmpl_product_cities (schema/marketplace.ts), after the city and optionally the level-2
// category: a page reads offset + limit index entries instead of sorting every match. `c` is a city
// record, or a row of the search matches, which have the same column names.
// MARKETPLACE_SORTS as SQL: each field is one column of the city record, each descending key `desc
// nulls last`. Column names only, never values, so sql.raw holds no input.
const SORT_COLUMN: Record<MarketplaceSortField, string> = { out_of_stock: 'c.out_of_stock', name: 'c.name', price: 'c.price', product_id: 'c.bmpl_product_id' };
const ORDER = Object.fromEntries(
  Object.entries(MARKETPLACE_SORTS).map(([sort, keys]) => [
    sort,
    sql.raw(keys.map((k) => `${SORT_COLUMN[k.field]}${k.direction === 'desc' ? ' desc nulls last' : ''}`).join(', ')),
  ]),
) as Record<MarketplaceSort | 'default', SQL>;

/** MarketplaceCondition's fields as the city record's columns (names only, never values). */
const CONDITION_COLUMN = { tier2: sql.raw('c.tier2_id'), tier3: sql.raw('c.tier3_id'), brand: sql.raw('c.bmpl_brand_id') } as const;

/**
 * A condition (packages/domain, MarketplaceCondition) as SQL on a city record `c` of the city `cityId`.
 * A search word is `name ILIKE '%word%'` written on the indexed text '{city id} {name}' (migration
 * 0004, bmpl_pc_city_name_trgm_idx) as an anchored prefix, '3 %rice%': the trigram index then yields
 * mostly that city's records. The prefix is exact ('3 ' does not begin '31 ...'), so the words can
 * only match in the name; LIKE wildcards typed by the user are taken literally.
 */
function conditionSql(cityId: number, c: MarketplaceCondition): SQL {
  switch (c.op) {
    case 'in':
      return c.values.length === 1
        ? sql`${CONDITION_COLUMN[c.field]} = ${c.values[0]}`
        : sql`${CONDITION_COLUMN[c.field]} in (${sql.join(c.values.map((id) => sql`${id}`), sql`, `)})`;
    case 'between':
      return and([...(c.min === null ? [] : [sql`c.price >= ${fromPaisa(c.min)}`]), ...(c.max === null ? [] : [sql`c.price <= ${fromPaisa(c.max)}`])]);
    default:
      return sql`(c.city_id::text || ' ' || c.name) ilike ${`${cityId} %${c.word.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`;
  }
}

const conditionsSql = (cityId: number, conditions: readonly MarketplaceCondition[]) => conditions.map((c) => conditionSql(cityId, c));

/** A list's filters on city records (alias c), and a key naming them for the cached totals. */
interface Filters {
  where: SQL[];
  key: string;
}

interface CategoryFilters extends Filters {
  tier2: number | null;
  tier3: number | null;
}

function checkPriceRange(min?: string, max?: string): void {
  if (min !== undefined && max !== undefined && toPaisa(min) > toPaisa(max)) {
    throw badRequest('The price range is inverted: From Rs. must not be above To Rs.');
  }
}

async function categoryFilters(ctx: MarketplaceContext, cityId: number, category?: string, subcategory?: string): Promise<CategoryFilters> {
  const l2 = category === undefined ? null : await marketplaceCategory(ctx, Number(category), 2);
  const l3 = subcategory === undefined ? null : await marketplaceCategory(ctx, Number(subcategory), 3);
  if (l2 && l3 && l3.parent_id !== l2.id) throw badRequest(`${l3.name} is not a subcategory of ${l2.name}.`);
  // A subcategory alone still names its level-2 parent: the category indexes serve it.
  const tier2 = l2?.id ?? l3?.parent_id ?? null;
  const tier3 = l3?.id ?? null;
  return { where: conditionsSql(cityId, marketplaceConditions({ tier2, tier3 })), key: `${tier2 ?? ''}/${tier3 ?? ''}`, tier2, tier3 };
}

function and(parts: SQL[]): SQL {
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/**
 * The number of a city's records matching the filters. Counting a large category reads every entry
 * of its index range (about 10 ms for 8,000 records on PGlite), so each filter's total is kept like the
 * answers (the catalogue changes only by an import) and shared by every sort and page of that filter.
 */
function countOf(ctx: MarketplaceContext, cityId: number, filters: Filters): Promise<number> {
  return ctx.cache.get(`total:${cityId}:${filters.key}`, async () => {
    const [row] = await rows(ctx.db, sql`select count(*) as total from bmpl_product_cities c where c.active and c.city_id = ${cityId} and ${and(filters.where)}`);
    return Number(row?.total ?? 0);
  });
}

/** The total of a page: known without counting when the page is the last one (or the list is empty). */
async function totalOf(found: number, offset: number, limit: number, count: () => Promise<number>): Promise<number> {
  if (found > 0 && found < limit) return offset + found;
  if (found === 0 && offset === 0) return 0;
  return count();
}

/**
 * One page of a city's records in list order: an index range scan that stops after offset + limit
 * entries (only the city record's own columns, so an index-only scan), then the page's products.
 */
async function page(ctx: MarketplaceContext, city: string, cityId: number, filters: Filters, sort: MarketplaceSort | undefined, offset: number, limit: number): Promise<MarketplaceProductPage> {
  const index = await categoryIndex(ctx);
  const order = ORDER[sort ?? 'default'];
  const found = await rows(
    ctx.db,
    sql`select ${PRODUCT_COLUMNS}, ${CITY_COLUMNS}
        from (select c.bmpl_product_id from bmpl_product_cities c where c.active and c.city_id = ${cityId} and ${and(filters.where)}
              order by ${order} limit ${limit} offset ${offset}) top
        join bmpl_product_cities c on c.bmpl_product_id = top.bmpl_product_id and c.city_id = ${cityId}
        join bmpl_products p on p.id = c.bmpl_product_id
        order by ${order}`,
  );
  const total = await totalOf(found.length, offset, limit, () => countOf(ctx, cityId, filters));
  return { products: found.map((r) => toListProduct(r, city, index)), total };
}

/** Products of a city, optionally of a category, subcategory, brands and price range, sorted and paged. */
export async function listProducts(ctx: MarketplaceContext, q: ListQuery): Promise<MarketplaceProductPage> {
  const { city, cityId } = await cityIdOf(ctx, q.city);
  const brandIds = q.brands ? [...new Set(q.brands.split(',').map(Number))].sort((a, b) => a - b) : [];
  const category = await categoryFilters(ctx, cityId, q.category, q.subcategory);
  checkPriceRange(q.min, q.max);
  await checkBrands(ctx, brandIds);
  const conditions = marketplaceConditions({ tier2: category.tier2, tier3: category.tier3, brandIds, min: q.min, max: q.max });
  const where = conditionsSql(cityId, conditions);
  if (ctx.index) {
    const categories = await categoryIndex(ctx);
    const fromMemory = await ctx.index.list({ cityId, city, categories }, category.tier2, conditions, q.sort, q.offset, q.limit);
    if (fromMemory) return fromMemory;
  }
  const key = `${category.key}/${brandIds.join(',')}/${q.min ?? ''}-${q.max ?? ''}`;
  return page(ctx, city, cityId, { where, key }, q.sort, q.offset, q.limit);
}

/** SPEC 4: the Brand list and price range of a category (or subcategory) in a city. */
export async function listFacets(ctx: MarketplaceContext, q: FacetsQuery): Promise<MarketplaceFacets> {
  const { cityId } = await cityIdOf(ctx, q.city);
  const { where } = await categoryFilters(ctx, cityId, q.category, q.subcategory);
  const from = sql`from bmpl_product_cities c where c.active and c.city_id = ${cityId} and ${and(where)}`;
  // Counted from the city records' index; each brand's name read from one of its products.
  const [brandRows, [range]] = await Promise.all([
    rows(
      ctx.db,
      sql`select b.id, (select p.bmpl_brand_name from bmpl_products p where p.bmpl_brand_id = b.id order by p.id limit 1) as name, b.count
          from (select c.bmpl_brand_id as id, count(*) as count ${from} group by 1) b order by 2`,
    ),
    rows(ctx.db, sql`select min(c.price)::text as min, max(c.price)::text as max ${from}`),
  ]);
  return {
    brands: brandRows.map((b) => ({ id: Number(b.id), name: b.name as string, count: Number(b.count) })),
    price: range?.min == null ? null : wholeRange(range.min as string, range.max as string),
  };
}

const wholeRange = (min: string, max: string) => ({ min: Math.floor(toPaisa(min) / 100), max: Math.ceil(toPaisa(max) / 100) });

/**
 * SPEC 2 search page: matches in the city, with the distinct tier-3 categories and price range of all
 * matches. Finding a word's matches reads every matching record (about 7,000 for 'rice' in Lahore on the
 * bench catalogue), so one statement finds them once, summarises them and returns their ids in list
 * order; that is kept like the answers and shared by every page of the search, and a page then reads
 * only its own products.
 */
export async function searchProducts(ctx: MarketplaceContext, q: SearchQuery): Promise<MarketplaceSearchResult> {
  const { city, cityId } = await cityIdOf(ctx, q.city);
  const text = marketplaceSearchWords(q.search);
  checkPriceRange(q.min, q.max);
  const sub = q.subcategory === undefined ? null : await marketplaceCategory(ctx, Number(q.subcategory), 3);
  if (text.length === 0) return { products: [], total: 0, categories: [], price: null };
  const index = await categoryIndex(ctx);
  const sort = q.sort ?? 'default';
  const key = `search:${cityId}:${sort}:${q.min ?? ''}-${q.max ?? ''}:${sub?.id ?? ''}:${text.join(' ')}`;
  const matches = await (ctx.matches ?? ctx.cache).get(key, async (): Promise<SearchSummary> => {
    // The words find the matches; subcategory and price narrow the ids listed (not the summary).
    const words = marketplaceConditions({ words: text });
    const narrowing = marketplaceConditions({ tier3: sub?.id ?? null, min: q.min, max: q.max });
    const fromMemory = await ctx.index?.search(cityId, words, narrowing, q.sort);
    if (fromMemory) return fromMemory;
    const narrow = and(conditionsSql(cityId, narrowing));
    const [row] = await rows(
      ctx.db,
      sql`with m as materialized (
            select c.bmpl_product_id, c.tier3_id, c.price, c.out_of_stock, c.name from bmpl_product_cities c
            where c.active and ${and(conditionsSql(cityId, words))}
          )
          select array_agg(c.bmpl_product_id order by ${ORDER[sort]}) filter (where ${narrow}) as ids,
            array_agg(distinct c.tier3_id) filter (where c.tier3_id is not null) as tiers,
            min(c.price)::text as min, max(c.price)::text as max
          from m c`,
    );
    const list = (v: unknown) => ((v as Array<number | string> | null) ?? []).map(Number);
    return { ids: Int32Array.from(list(row?.ids)), tiers: list(row?.tiers), min: (row?.min as string | null) ?? null, max: (row?.max as string | null) ?? null };
  });
  const pageIds = Array.from(matches.ids.subarray(q.offset, q.offset + q.limit));
  const inMemory = pageIds.length === 0 ? null : await ctx.index?.productsOf({ cityId, city, categories: index }, pageIds);
  const found = pageIds.length === 0 || inMemory ? [] : await rows(
    ctx.db,
    sql`select ${PRODUCT_COLUMNS}, ${CITY_COLUMNS} from bmpl_product_cities c join bmpl_products p on p.id = c.bmpl_product_id
        where c.active and c.city_id = ${cityId} and c.bmpl_product_id in (${sql.join(pageIds.map((id) => sql`${id}`), sql`, `)})`,
  );
  const position = new Map(pageIds.map((id, i) => [id, i]));
  found.sort((a, b) => (position.get(Number(a.id)) ?? 0) - (position.get(Number(b.id)) ?? 0));
  const categories = matches.tiers
    .map((id) => index.byId.get(id))
    .filter((c) => c !== undefined)
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    products: inMemory ?? found.map((r) => toListProduct(r, city, index)),
    total: matches.ids.length,
    categories,
    price: matches.min == null ? null : wholeRange(matches.min, matches.max as string),
  };
}

/**
 * SPEC 2 home strips, all in one call (the spec's client made one request per category): the first
 * `limit` products of every Food level-2 category in the city, in-stock first, with each category's total.
 */
export async function homeStrips(ctx: MarketplaceContext, cityName: string | undefined, limit: number): Promise<MarketplaceStrip[]> {
  const { city, cityId } = await cityIdOf(ctx, cityName);
  const index = await categoryIndex(ctx);
  const ids = index.level2.map((c) => c.id);
  if (ids.length === 0) return [];
  const idList = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  const [found, totals] = await Promise.all([
    rows(
      ctx.db,
      sql`select x.* from unnest(array[${idList}]::int[]) as cat(id) cross join lateral (
            select ${PRODUCT_COLUMNS}, ${CITY_COLUMNS}
            from (select c.bmpl_product_id from bmpl_product_cities c where c.active and c.city_id = ${cityId} and c.tier2_id = cat.id
                  order by ${ORDER.default} limit ${limit}) top
            join bmpl_product_cities c on c.bmpl_product_id = top.bmpl_product_id and c.city_id = ${cityId}
            join bmpl_products p on p.id = c.bmpl_product_id
            order by ${ORDER.default}) x`,
    ),
    rows(ctx.db, sql`select c.tier2_id as id, count(*) as total from bmpl_product_cities c where c.active and c.city_id = ${cityId} group by 1`),
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
