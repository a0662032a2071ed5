import type { Product } from '@shop/domain/catalogue';
import { fromPaisa, toPaisa } from '@shop/domain/money';
import { displayPrice, splitTax } from '@shop/domain/pricing';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customerPrices } from '../../db/schema/business.ts';
import { products } from '../../db/schema/catalogue.ts';

const money = (v: string | null) => (v == null ? null : fromPaisa(toPaisa(v)));

/** The columns of SPEC 3's product, with the caller's business's locked price (or null). */
export function productColumns(businessId: number | null) {
  return {
    id: products.id,
    name: products.name,
    url_name: products.urlName,
    url: products.url,
    price: products.price,
    sale: products.sale,
    sale_price: products.salePrice,
    // Only the caller's own business's price; a guest (null) never sees one.
    customer_specific_pricing:
      businessId == null
        ? sql<string | null>`null`
        : sql<string | null>`(select ${customerPrices.price} from ${customerPrices} where ${customerPrices.productId} = ${products.id} and ${customerPrices.businessId} = ${businessId})`,
    stock: products.stock,
    sku: products.sku,
    code: products.code,
    brand_id: products.brandId,
    brand_name: products.brandName,
    description: products.description,
    weight: products.weight,
    product_subsys: products.productSubsys,
    tax: products.tax,
    sell_price: products.sellPrice,
    tier1Id: products.tier1Id,
    tier2Id: products.tier2Id,
    tier3Id: products.tier3Id,
    tier4Id: products.tier4Id,
    add_to_cart_count: products.addToCartCount,
    viewed_count: products.viewedCount,
    article_mgb: products.articleMgb,
  };
}

type ProductRow = Omit<Product, 'tier2_id' | 'tier3_id'>;

/** Normalises a selected row to the API's product shape (two-decimal money, tier aliases). */
export function toProduct(row: ProductRow): Product {
  return {
    ...row,
    price: fromPaisa(toPaisa(row.price)),
    sale_price: money(row.sale_price),
    customer_specific_pricing: money(row.customer_specific_pricing),
    tax: fromPaisa(toPaisa(row.tax)),
    sell_price: fromPaisa(toPaisa(row.sell_price)),
    tier2_id: row.tier2Id,
    tier3_id: row.tier3Id,
  };
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
  const result = new Map<number, PricedProduct>();
  if (ids.length === 0) return result;
  const rows = await db.select(productColumns(businessId)).from(products).where(inArray(products.id, ids));
  for (const row of rows) {
    const product = toProduct(row);
    const unit = displayPrice(product);
    const { tax, sell_price } = splitTax(unit, product.tax, product.sell_price);
    result.set(product.id, { ...product, unit_price: unit, unit_tax: tax, unit_sell_price: sell_price });
  }
  return result;
}

/** One product by id, priced for the business; null when there is none. */
export async function findProduct(db: Db, businessId: number | null, id: number): Promise<Product | null> {
  const [row] = await db.select(productColumns(businessId)).from(products).where(and(eq(products.id, id))).limit(1);
  return row ? toProduct(row) : null;
}

/**
 * SPEC 9's displayed price as SQL, for sorting and price ranges on the server: the caller's own
 * business's locked price, else sale_price when on sale, else price. A guest (null) has no locked price.
 */
export function displayPriceSql(businessId: number | null) {
  const base = sql`(case when ${products.sale} and ${products.salePrice} > 0 then ${products.salePrice} else ${products.price} end)`;
  if (businessId == null) return base;
  return sql`coalesce((select ${customerPrices.price} from ${customerPrices} where ${customerPrices.productId} = ${products.id} and ${customerPrices.businessId} = ${businessId}), ${base})`;
}
