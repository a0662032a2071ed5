import type { Product } from '@shop/domain/catalogue';
import { displayPrice, type PriceFields, splitTax } from '@shop/domain/pricing';
import { and, eq, inArray, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, jsonRows } from '../../db/client.ts';
import { customerPrices } from '../../db/schema/business.ts';
import { products } from '../../db/schema/catalogue.ts';

/**
 * SPEC 3's product with the caller's business's locked price (or null), as the API's JSON keys and
 * values (money as its two-decimal text), for productsAsJson. Every field is aliased, so the
 * subquery's column names are the keys.
 */
export function productJsonColumns(businessId: number | null | Placeholder) {
  const as = (expr: SQL, key: string) => sql`${expr}`.as(key);
  return {
    id: as(sql`${products.id}`, 'id'),
    name: as(sql`${products.name}`, 'name'),
    url_name: as(sql`${products.urlName}`, 'url_name'),
    url: as(sql`${products.url}`, 'url'),
    price: as(sql`${products.price}::text`, 'price'),
    sale: as(sql`${products.sale}`, 'sale'),
    sale_price: as(sql`${products.salePrice}::text`, 'sale_price'),
    // Only the caller's own business's price; a guest (null) never sees one.
    customer_specific_pricing: as(
      businessId == null
        ? sql`null::text`
        : sql`(select ${customerPrices.price}::text from ${customerPrices} where ${customerPrices.productId} = ${products.id} and ${customerPrices.businessId} = ${businessId})`,
      'customer_specific_pricing',
    ),
    stock: as(sql`${products.stock}`, 'stock'),
    sku: as(sql`${products.sku}`, 'sku'),
    code: as(sql`${products.code}`, 'code'),
    brand_id: as(sql`${products.brandId}`, 'brand_id'),
    brand_name: as(sql`${products.brandName}`, 'brand_name'),
    description: as(sql`${products.description}`, 'description'),
    weight: as(sql`${products.weight}`, 'weight'),
    product_subsys: as(sql`${products.productSubsys}`, 'product_subsys'),
    tax: as(sql`${products.tax}::text`, 'tax'),
    sell_price: as(sql`${products.sellPrice}::text`, 'sell_price'),
    tier1Id: as(sql`${products.tier1Id}`, 'tier1Id'),
    tier2Id: as(sql`${products.tier2Id}`, 'tier2Id'),
    tier3Id: as(sql`${products.tier3Id}`, 'tier3Id'),
    tier4Id: as(sql`${products.tier4Id}`, 'tier4Id'),
    add_to_cart_count: as(sql`${products.addToCartCount}`, 'add_to_cart_count'),
    viewed_count: as(sql`${products.viewedCount}`, 'viewed_count'),
    article_mgb: as(sql`${products.articleMgb}`, 'article_mgb'),
    tier2_id: as(sql`${products.tier2Id}`, 'tier2_id'),
    tier3_id: as(sql`${products.tier3Id}`, 'tier3_id'),
  };
}

/** Runs a select of productJsonColumns and answers its rows, in its order (db/client.ts jsonRows). */
export function productsAsJson(db: Db, query: SQLWrapper): Promise<Product[]> {
  return jsonRows<Product>(db, query);
}

export interface PricedProduct extends Product {
  /** What this business pays per unit (SPEC 9 rule), with that price's tax and net part. */
  unit_price: string;
  unit_tax: string;
  unit_sell_price: string;
}

/**
 * Prices products for a business from the database (SPEC 9: customer-specific price, else sale
 * price when on sale, else list price). Orders use this; nothing a client sends is trusted.
 */
export async function priceProducts(db: Db, businessId: number | null, productIds: readonly number[]): Promise<Map<number, PricedProduct>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  return priceRows(await productsAsJson(db, db.select(productJsonColumns(businessId)).from(products).where(and(inArray(products.id, ids), eq(products.active, true)))));
}

/** What this business pays per unit for each row (SPEC 9 rule), with that price's tax and net part. */
export type Priced<P> = P & { unit_price: string; unit_tax: string; unit_sell_price: string };

/**
 * priceProducts for rows already read (productJsonColumns of the business, or the subset pricing
 * needs). The rows are completed in place (they are freshly parsed; no copy per order line).
 */
export function priceRows<P extends PriceFields & { id: number; tax: string; sell_price: string }>(rows: readonly P[]): Map<number, Priced<P>> {
  const result = new Map<number, Priced<P>>();
  for (const product of rows) {
    const unit = displayPrice(product);
    const { tax, sell_price } = splitTax(unit, product.tax, product.sell_price);
    result.set(product.id, Object.assign(product, { unit_price: unit, unit_tax: tax, unit_sell_price: sell_price }));
  }
  return result;
}

/** One product by id, priced for the business; null when there is none. */
export async function findProduct(db: Db, businessId: number | null, id: number): Promise<Product | null> {
  const [row] = await productsAsJson(db, db.select(productJsonColumns(businessId)).from(products).where(and(eq(products.id, id), eq(products.active, true))).limit(1));
  return row ?? null;
}

/**
 * The business whose locked prices a price sort or price range must consider: the caller's, when
 * it has any customer-specific price, else null. Most businesses have none, and then the price is
 * the plain sale-or-list expression, which the listing indexes of migration 0005 keep in order (a
 * page reads its 41 rows); with locked prices the whole filtered set has to be priced and sorted.
 */
export async function priceBusinessOf(db: Db, businessId: number | null): Promise<number | null> {
  if (businessId == null) return null;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(customerPrices)
    .where(eq(customerPrices.businessId, businessId))
    .limit(1);
  return row ? businessId : null;
}
