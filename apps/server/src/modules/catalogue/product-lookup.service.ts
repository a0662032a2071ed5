import type { Product } from '@shop/domain/catalogue';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/catalogue.ts';
import { businessCitySql, productJsonColumns, productsAsJson } from './pricing.service.ts';

/**
 * Issue 17 (decision 021): the catalogue's narrow reads for reorder (buy again, order lists, quick
 * order). Each is one statement; none filters on `active` (as before the move: a list keeps a product
 * the shop stopped selling, and pricing, which does filter, decides whether it can be ordered).
 */

/** The products whose SKU is one of `skus` (exactly as stored), with their ids. */
export function productsBySku(db: Db, skus: readonly string[]): Promise<{ id: number; sku: string }[]> {
  return db.select({ id: products.id, sku: products.sku }).from(products).where(inArray(products.sku, [...skus]));
}

/** Name and SKU of the products `ids` (what an order list item keeps); an unknown id has no row. */
export function productNamesByIds(db: Db, ids: readonly number[]): Promise<{ id: number; name: string; sku: string }[]> {
  return db.select({ id: products.id, name: products.name, sku: products.sku }).from(products).where(inArray(products.id, [...ids]));
}

/** The products `ids` as the API shows them (SPEC 3), with the business's locked price and its city's prices (issue 36); order not kept. */
export function productsByIds(db: Db, businessId: number, ids: readonly number[]): Promise<Product[]> {
  return productsAsJson(db, db.select(productJsonColumns(businessId, businessCitySql(businessId))).from(products).where(inArray(products.id, [...ids])));
}
