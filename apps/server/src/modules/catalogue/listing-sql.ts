import type { ListingQuery } from '@shop/domain/catalogue';
import { type ListingCondition, type ListingField, ListingQueryError, listingConditions, type SortKey } from '@shop/domain/listing';
import { fromPaisa } from '@shop/domain/money';
import { DISPLAYED_PRICE_SOURCES } from '@shop/domain/pricing';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { cityPriceLookupSql, customerPriceInEffect, type PriceView } from './pricing.service.ts';
import { customerPrices } from '../../db/schema/business.ts';
import { products } from '../../db/schema/catalogue.ts';
import { badRequest } from '../../lib/http-error.ts';

// The SQL executor of the listing rules declared in packages/domain (listing.ts LISTING_SORTS and
// listingConditions, pricing.ts DISPLAYED_PRICE_SOURCES): each field is mapped to its column or
// expression once, each operator and direction to its SQL once; values always go as parameters.

/** The conditions of a listing query (domain listingConditions), bad input as a 400. */
export function parseListingConditions(query: ListingQuery, options?: { withPrice?: boolean; withBrand?: boolean }): ListingCondition[] {
  try {
    return listingConditions(query, options);
  } catch (err) {
    if (err instanceof ListingQueryError) throw badRequest(err.message);
    throw err;
  }
}

/**
 * The buyer's own prices in front of the plain one (issue 36), as SQL lookups in DISPLAYED_PRICE_SOURCES'
 * order: the business's locked price, then its city's price (each table holds only prices above zero:
 * customer_prices_price_ck, city_prices' check). Empty for a guest without a city.
 */
export function overridePriceLookups(view: PriceView | null): SQL[] {
  const lookups: SQL[] = [];
  if (!view) return lookups;
  for (const source of DISPLAYED_PRICE_SOURCES) {
    if (source.field === 'customer_specific_pricing' && view.businessId != null) {
      lookups.push(
        sql`(select ${customerPrices.price} from ${customerPrices} where ${customerPrices.productId} = ${products.id} and ${customerPrices.businessId} = ${view.businessId} and ${customerPriceInEffect()} limit 1)`,
      );
    }
    if (source.field === 'city_price' && view.cityId != null) {
      lookups.push(cityPriceLookupSql(view.cityId));
    }
  }
  return lookups;
}

/**
 * The price of one piece shown to the buyer of `view` as SQL (SPEC 9, issue 36), derived from
 * DISPLAYED_PRICE_SOURCES: the columns as one CASE (with no view, or one without own prices, exactly
 * the expression the listing indexes of migrations 0003 and 0005 are built on:
 * `case when sale and sale_price > 0 then sale_price else price end`), and the buyer's lookups
 * (overridePriceLookups) in front of it as coalesce.
 */
export function displayedPriceSql(view: PriceView | null): SQL {
  const column = { price: products.price, sale_price: products.salePrice, sale: products.sale } as const;
  const branches: SQL[] = [];
  let last: SQL | null = null;
  const columnSources = DISPLAYED_PRICE_SOURCES.filter((s) => s.field === 'price' || s.field === 'sale_price');
  columnSources.forEach((source, i) => {
    const value = column[source.field as 'price' | 'sale_price'];
    if (i === columnSources.length - 1) {
      last = sql`${value}`;
      return;
    }
    const when = source.when === null ? sql`${value} > 0` : sql`${column[source.when]} and ${value} > 0`;
    branches.push(sql`when ${when} then ${value}`);
  });
  const plain = sql`(case ${sql.join(branches, sql` `)} else ${last} end)`;
  const lookups = overridePriceLookups(view);
  return lookups.length ? sql`coalesce(${sql.join([...lookups, plain], sql`, `)})` : plain;
}

/** A field as SQL; for sorting, text in byte order (collate "C", as the listing indexes). */
export function fieldSql(field: ListingField, view: PriceView | null, forSort = false): SQL {
  switch (field) {
    case 'out_of_stock':
      return sql`(${products.stock} = 0)`;
    case 'displayed_price':
      return displayedPriceSql(view);
    case 'brand_name':
      return forSort ? sql`${products.brandName} collate "C"` : sql`${products.brandName}`;
    case 'brand_id':
      return sql`${products.brandId}`;
    case 'sale':
      return sql`${products.sale}`;
    case 'add_to_cart_count':
      return sql`${products.addToCartCount}`;
    case 'viewed_count':
      return sql`${products.viewedCount}`;
    default:
      return sql`${products[field]}`;
  }
}

export function conditionSql(c: ListingCondition, view: PriceView | null): SQL {
  switch (c.op) {
    case 'in':
      return inArray(fieldSql(c.field, view), [...c.values]);
    case 'between':
      // Paisa as exact rupee text, compared as numeric.
      return sql`${fieldSql(c.field, view)} between ${fromPaisa(c.min)} and ${fromPaisa(c.max)}`;
    default:
      return sql`${fieldSql(c.field, view)} = ${c.value}`;
  }
}

export const directionSql = (direction: SortKey['direction']) => (direction === 'desc' ? sql`desc` : sql`asc`);

/** ORDER BY terms of sort keys; `rank` (search relevance, higher first) goes after the out-of-stock key when given. */
export function orderSql(keys: readonly SortKey[], view: PriceView | null, rank: SQL | null = null): SQL[] {
  const terms = keys.map((k) => sql`${fieldSql(k.field, view, true)} ${directionSql(k.direction)}`);
  if (rank) terms.splice(1, 0, sql`${rank} desc`);
  return terms;
}
