import type { ListingQuery } from '@shop/domain/catalogue';
import { type ListingCondition, type ListingField, ListingQueryError, listingConditions, type SortKey } from '@shop/domain/listing';
import { fromPaisa } from '@shop/domain/money';
import { DISPLAYED_PRICE_SOURCES } from '@shop/domain/pricing';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { customerPriceInEffect } from './pricing.service.ts';
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
 * SPEC 9's displayed price as SQL, derived from DISPLAYED_PRICE_SOURCES: the columns as one CASE
 * (for a guest, or a business without locked prices, exactly the expression the listing indexes of
 * migrations 0003 and 0005 are built on: `case when sale and sale_price > 0 then sale_price else price end`),
 * and the business's locked price, a lookup, in front of it as coalesce (customer_prices holds only
 * prices above zero: customer_prices_price_ck).
 */
export function displayedPriceSql(businessId: number | null): SQL {
  const column = { price: products.price, sale_price: products.salePrice, sale: products.sale } as const;
  const lookups: SQL[] = [];
  const branches: SQL[] = [];
  let last: SQL | null = null;
  DISPLAYED_PRICE_SOURCES.forEach((source, i) => {
    if (source.field === 'customer_specific_pricing') {
      if (businessId != null) {
        lookups.push(
          sql`(select ${customerPrices.price} from ${customerPrices} where ${customerPrices.productId} = ${products.id} and ${customerPrices.businessId} = ${businessId} and ${customerPriceInEffect()} limit 1)`,
        );
      }
      return;
    }
    const value = column[source.field];
    if (i === DISPLAYED_PRICE_SOURCES.length - 1) {
      last = sql`${value}`;
      return;
    }
    const when = source.when === null ? sql`${value} > 0` : sql`${column[source.when]} and ${value} > 0`;
    branches.push(sql`when ${when} then ${value}`);
  });
  const plain = sql`(case ${sql.join(branches, sql` `)} else ${last} end)`;
  return lookups.length ? sql`coalesce(${sql.join([...lookups, plain], sql`, `)})` : plain;
}

/** A field as SQL; for sorting, text in byte order (collate "C", as the listing indexes). */
export function fieldSql(field: ListingField, priceBusinessId: number | null, forSort = false): SQL {
  switch (field) {
    case 'out_of_stock':
      return sql`(${products.stock} = 0)`;
    case 'displayed_price':
      return displayedPriceSql(priceBusinessId);
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

export function conditionSql(c: ListingCondition, priceBusinessId: number | null): SQL {
  switch (c.op) {
    case 'in':
      return inArray(fieldSql(c.field, priceBusinessId), [...c.values]);
    case 'between':
      // Paisa as exact rupee text, compared as numeric.
      return sql`${fieldSql(c.field, priceBusinessId)} between ${fromPaisa(c.min)} and ${fromPaisa(c.max)}`;
    default:
      return sql`${fieldSql(c.field, priceBusinessId)} = ${c.value}`;
  }
}

export const directionSql = (direction: SortKey['direction']) => (direction === 'desc' ? sql`desc` : sql`asc`);

/** ORDER BY terms of sort keys; `rank` (search relevance, higher first) goes after the out-of-stock key when given. */
export function orderSql(keys: readonly SortKey[], priceBusinessId: number | null, rank: SQL | null = null): SQL[] {
  const terms = keys.map((k) => sql`${fieldSql(k.field, priceBusinessId, true)} ${directionSql(k.direction)}`);
  if (rank) terms.splice(1, 0, sql`${rank} desc`);
  return terms;
}
