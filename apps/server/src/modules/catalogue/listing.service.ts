import type { BusinessListingQuery, ListingQuery, Product, ProductPage } from '@shop/domain/catalogue';
import { type ListingField, needsDisplayedPrice, sortKeysOf, usesDisplayedPrice } from '@shop/domain/listing';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productBusinessTypes, products } from '../../db/schema/catalogue.ts';
import { businessTypes } from '../../db/schema/places.ts';
import { badRequest } from '../../lib/http-error.ts';
import { type PriceView, pricedViewOf, productJsonColumns, productsAsJson } from './pricing.service.ts';
import { searchSql } from './search.service.ts';
import { conditionSql, directionSql, displayedPriceSql, fieldSql, orderSql, overridePriceLookups, parseListingConditions } from './listing-sql.ts';
import type { VocabularySource } from './vocabulary.ts';

const _ID_COLUMNS = {
  tier1Id: products.tier1Id,
  tier2Id: products.tier2Id,
  tier3Id: products.tier3Id,
  tier4Id: products.tier4Id,
  brand_id: products.brandId,
  id: products.id,
} as const;

/** pricedViewOf, looked up only when the query sorts or filters by price. */
export async function pricesNeeded(db: Db, query: ListingQuery, scope: ListingScope): Promise<PriceView | null> {
  if (scope.priceView !== undefined) return scope.priceView;
  return needsDisplayedPrice(query.order, parseListingConditions(query)) ? pricedViewOf(db, scope.view) : null;
}

export interface ListingScope {
  /** Whose prices the caller is shown (issue 36: the business's locked prices, its city's prices). */
  view: PriceView;
  /**
   * The part of the view that price sorts and ranges must consider (pricedViewOf): null when the
   * buyer's prices are all plain. Left out, it is looked up.
   */
  priceView?: PriceView | null;
  /** get_products_by_business: only products offered to this type or its sub-types. */
  businessTypeIds?: readonly number[];
  /** Typo correction of `search`; without it words match as typed. */
  vocabulary?: VocabularySource;
  /** The in-memory catalogue, which answers listings without search text once loaded. */
  index?: ListingCopy;
}

/** The in-memory copy's listing (catalogue-index.ts): one page (limit + 1 rows at most), or null when not loaded. */
export interface ListingCopy {
  page(query: ListingQuery, scope: { view: PriceView; businessTypeIds?: readonly number[] }): Promise<{ rows: Product[]; total?: number } | null>;
}

/** The WHERE conditions of a listing query; shared with the facets. */
export async function listingConditions(query: ListingQuery, scope: ListingScope & { priceView: PriceView | null }, { withPrice = true, withBrand = true } = {}) {
  const conditions: SQL[] = parseListingConditions(query, { withPrice, withBrand }).map((c) => conditionSql(c, scope.priceView));
  // Issue 19: an inactive product is neither listed nor found (the in-memory copy never loads it).
  conditions.push(eq(products.active, true));
  const search = query.search ? await searchSql(query.search, scope.vocabulary) : null;
  if (search) conditions.push(search.where);
  if (scope.businessTypeIds) {
    conditions.push(
      sql`exists (select 1 from ${productBusinessTypes} where ${productBusinessTypes.productId} = ${products.id} and ${inArray(productBusinessTypes.businessTypeId, [...scope.businessTypeIds])})`,
    );
  }
  return { where: conditions.length ? and(...conditions) : undefined, rank: search?.rank ?? null };
}

/**
 * A price sort for a buyer with own prices (locked prices of the business, prices of its city).
 * Ordering every product of the filter by coalesce(own, sale-or-list) prices and sorts all of them
 * (95-165 ms for a category of 7,500 at 100,000 products on PGlite, against 8-16 ms for the other
 * sorts). Instead two ordered streams are merged: products without an own price in their plain price
 * order (the category's price index), and the buyer's products with an own price in that price's
 * order, each cut at offset + limit + 1; the page is cut from their merge. Same order as orderBy's:
 * out of stock last, then the displayed price, then id.
 */
async function ownPriceSortedPage(db: Db, query: ListingQuery, scope: ListingScope, view: PriceView) {
  const n = query.offset + query.limit + 1;
  // The order's keys (LISTING_SORTS: out of stock last, the displayed price, id), each stream and their
  // merge ordered by them: only the displayed price's column differs (the plain price, the own one).
  const keys = sortKeysOf(query.order);
  const orderOf = (column: (field: ListingField) => SQL): SQL[] => keys.map((k) => sql`${column(k.field)} ${directionSql(k.direction)}`);
  const streamColumn = (price: SQL) => (field: ListingField): SQL => {
    if (field === 'displayed_price') return price;
    if (field === 'out_of_stock' || field === 'id') return fieldSql(field, null);
    throw new Error(`an own-price sort cannot merge by ${field}`);
  };
  const mergeColumn: Partial<Record<ListingField, SQL>> = { out_of_stock: sql.raw('u.oos'), displayed_price: sql.raw('u.p'), id: sql.raw('u.id') };
  const outOfStock = fieldSql('out_of_stock', null);
  const plainPrice = displayedPriceSql(null);
  const lookups = overridePriceLookups(view);
  const own = lookups.length === 1 ? lookups[0]! : sql`coalesce(${sql.join(lookups, sql`, `)})`;
  // Without an own price the displayed price is the plain one, so the plain conditions hold.
  const plain = await listingConditions(query, { ...scope, priceView: null });
  const owned = await listingConditions(query, { ...scope, priceView: view });
  const unownedRows = db
    .select({ id: products.id, oos: sql`${outOfStock}`.as('oos'), p: sql`${plainPrice}`.as('p') })
    .from(products)
    .where(and(plain.where, sql`${own} is null`))
    .orderBy(...orderOf(streamColumn(plainPrice)))
    .limit(n);
  const ownedRows = db
    .select({ id: products.id, oos: sql`${outOfStock}`.as('oos'), p: sql`${own}`.as('p') })
    .from(products)
    .where(and(owned.where, sql`${own} is not null`))
    .orderBy(...orderOf(streamColumn(own)))
    .limit(n);
  const mergedOrder = orderOf((field) => {
    const column = mergeColumn[field];
    if (!column) throw new Error(`an own-price sort cannot merge by ${field}`);
    return column;
  });
  const merged = sql`(select u.id, row_number() over (order by ${sql.join(mergedOrder, sql`, `)}) as ord from ((${unownedRows}) union all (${ownedRows})) u)`;
  return productsAsJson(
    db,
    db
      .select(productJsonColumns(scope.view.businessId, scope.view.cityId))
      .from(products)
      .innerJoin(sql`${merged} page`, sql`page.id = ${products.id}`)
      .where(sql`page.ord > ${query.offset}`)
      .orderBy(sql`page.ord`)
      .limit(query.limit + 1),
  );
}

/**
 * One page of a product list, sorted and filtered in SQL (issue 3: the web asks for one page at a
 * time). The page is cut from the whole ordering (in-stock first), then split into SPEC 3's
 * products and out_of_stock_products. One row more than asked tells whether a next page exists.
 */
export async function listProducts(db: Db, query: ListingQuery, scope: ListingScope): Promise<ProductPage> {
  if (scope.index && !query.search) {
    const page = await scope.index.page(query, scope);
    if (page) return productPage(query, page.rows, page.total);
  }
  const priceView = await pricesNeeded(db, query, scope);
  const { where, rank } = await listingConditions(query, { ...scope, priceView });
  const keys = sortKeysOf(query.order);
  const rows =
    usesDisplayedPrice(keys) && priceView !== null
      ? await ownPriceSortedPage(db, query, scope, priceView)
      : await productsAsJson(
          db,
          db
            .select(productJsonColumns(scope.view.businessId, scope.view.cityId))
            .from(products)
            .where(where)
            .orderBy(...orderSql(keys, priceView, query.order ? null : rank))
            .limit(query.limit + 1)
            .offset(query.offset),
        );
  let total: number | undefined;
  if (query.withTotal) {
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(where);
    total = count?.n ?? 0;
  }
  return productPage(query, rows, total);
}

/** SPEC 3's page from up to limit + 1 rows in order: in stock and out of stock apart, and whether more follow. */
function productPage(query: ListingQuery, rows: Product[], total: number | undefined): ProductPage {
  const page = rows.slice(0, query.limit);
  const result: ProductPage = {
    products: page.filter((p) => p.stock > 0),
    out_of_stock_products: page.filter((p) => p.stock <= 0),
    has_more: rows.length > query.limit,
    offset: query.offset,
    limit: query.limit,
  };
  if (total !== undefined) result.total = total;
  return result;
}

/** The type and every type below it (products are offered to leaf types); empty when the type does not exist. */
export async function businessTypeWithDescendants(db: Db, id: number): Promise<number[]> {
  // Issue 35: an inactive type (and what is below it) is not shown: its listing is a 400 like a missing one.
  const rows = await db.select({ id: businessTypes.id, parentId: businessTypes.parentId }).from(businessTypes).where(eq(businessTypes.active, true));
  if (!rows.some((r) => r.id === id)) return [];
  const result = [id];
  for (let i = 0; i < result.length; i++) {
    for (const r of rows) if (r.parentId === result[i]) result.push(r.id);
  }
  return result;
}

/** get_products_by_business (SPEC 7): businessTypeId, or filterValue as the type id when no filter is named. */
export async function listBusinessProducts(
  db: Db,
  query: BusinessListingQuery,
  view: PriceView,
  vocabulary?: VocabularySource,
  index?: ListingCopy,
): Promise<ProductPage> {
  let typeId = query.businessTypeId;
  let rest: ListingQuery = query;
  if (typeId === undefined && !query.filter && query.filterValue !== undefined) {
    if (!/^\d{1,9}$/.test(query.filterValue.trim())) throw badRequest('filterValue must be a business type id');
    typeId = Number(query.filterValue.trim());
    rest = { ...query, filterValue: undefined, tierId: undefined };
  }
  if (typeId === undefined) throw badRequest('businessTypeId (or filterValue) must name a business type');
  const typeIds = await businessTypeWithDescendants(db, typeId);
  if (typeIds.length === 0) throw badRequest('There is no such business type');
  return listProducts(db, rest, { view, businessTypeIds: typeIds, vocabulary, index });
}
