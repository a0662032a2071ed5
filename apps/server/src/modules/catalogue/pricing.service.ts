import type { Product } from '@shop/domain/catalogue';
import { cartUnitPrice, type PriceFields, type PriceRule, type QuantityTier, splitTax } from '@shop/domain/pricing';
import { and, eq, inArray, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, jsonRows } from '../../db/client.ts';
import { businesses, customerPrices } from '../../db/schema/business.ts';
import { cityPrices, quantityPrices } from '../../db/schema/prices-content.ts';
import { products } from '../../db/schema/catalogue.ts';

/**
 * The SQL executor of pricing.ts inEffectAt (decision 019), for a row of a priced table (`t`: its
 * name or alias) at `at` (now() when left out): started, and not ended (an open end never ends).
 * Every reader of city, quantity and customer prices takes only these rows.
 */
export function periodInEffect(t: SQL, at: SQL = sql`now()`): SQL {
  return sql`(${t}.starts_at <= ${at} and (${t}.ends_at is null or ${t}.ends_at > ${at}))`;
}

/**
 * Issue 19: the customer_prices row in effect now (started, not ended). Every reader of locked prices
 * takes only these; the prices service keeps at most one in effect per business and product. `alias`
 * names the table when a statement aliases it.
 */
export function customerPriceInEffect(alias?: string): SQL {
  return periodInEffect(alias ? sql.raw(alias) : sql`${customerPrices}`);
}

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
        : sql`(select ${customerPrices.price}::text from ${customerPrices} where ${customerPrices.productId} = ${products.id} and ${customerPrices.businessId} = ${businessId} and ${customerPriceInEffect()} limit 1)`,
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
  /** What this business pays per unit (pricing.ts cartUnitPrice), with that price's tax and net part. */
  unit_price: string;
  unit_tax: string;
  unit_sell_price: string;
  price_rule: PriceRule;
}

/** The business's own city (issue 19: the cart charges a business at its city's prices). */
export const businessCitySql = (businessId: number | null | Placeholder): SQL =>
  businessId == null ? sql`null::int` : sql`(select ${businesses.cityId} from ${businesses} where ${businesses.id} = ${businessId})`;

/**
 * Issue 19: the city's price in effect now and its Buy More Pay Less thresholds in effect now, of the
 * product `productId` (an SQL expression; the row's "products"."id" when left out), for the city
 * `cityId` (an SQL expression: the business's city, or a chosen one), as SQL expressions.
 */
export function cityPricingExpressions(cityId: SQL, productId: SQL = sql.raw('"products"."id"')) {
  // Qualified by hand: drizzle renders a lone column of the selected table unqualified, which inside
  // these subqueries would name their own table's id.
  const inEffect = (t: string) => periodInEffect(sql.raw(t));
  return {
    city_price: sql<string | null>`(select cp.price::text from ${cityPrices} cp where cp.product_id = ${productId} and cp.city_id = ${cityId} and ${inEffect('cp')} order by cp.starts_at desc limit 1)`,
    quantity_tiers: sql<QuantityTier[]>`(select coalesce(json_agg(json_build_object('min_quantity', qp.min_quantity, 'unit_price', qp.unit_price::text)), '[]'::json) from ${quantityPrices} qp where qp.product_id = ${productId} and qp.city_id = ${cityId} and ${inEffect('qp')})`,
  };
}

/** cityPricingExpressions as columns city_price and quantity_tiers beside productJsonColumns. */
export function cityPricingColumns(cityId: SQL) {
  const e = cityPricingExpressions(cityId);
  return { city_price: e.city_price.as('city_price'), quantity_tiers: e.quantity_tiers.as('quantity_tiers') };
}

/** The product fields an order reads (orders place-order.service.ts): pricing (SPEC 9) and what its lines keep. */
export type OrderLineProduct = Pick<
  Product,
  'id' | 'name' | 'url' | 'price' | 'sale' | 'sale_price' | 'customer_specific_pricing' | 'stock' | 'tax' | 'sell_price' | 'product_subsys' | 'article_mgb'
> &
  CityPricing;

/**
 * Issue 17: the products an order asks for, as orders reads them (place order's prepared context
 * statement): the active products among `productIds` (an int[] expression) with only the fields
 * pricing and an order line need, the business's locked price and its city's prices, as one JSON
 * array expression (the JSON is built, sent and parsed for every order, so nothing more).
 */
export function orderLineProductsSql(db: Db, businessId: Placeholder, productIds: SQL): SQL<OrderLineProduct[] | string> {
  const { id, name, url, price, sale, sale_price, customer_specific_pricing, stock, tax, sell_price, product_subsys, article_mgb } =
    productJsonColumns(businessId);
  // Issue 19: the city's price and thresholds, in the business's own city.
  const { city_price, quantity_tiers } = cityPricingColumns(businessCitySql(businessId));
  const rows = db
    .select({ id, name, url, price, sale, sale_price, customer_specific_pricing, stock, tax, sell_price, product_subsys, article_mgb, city_price, quantity_tiers })
    .from(products)
    .where(sql`${products.id} = any(${productIds}) and ${products.active}`);
  return sql<OrderLineProduct[] | string>`(select coalesce(json_agg(t), '[]'::json) from (${rows}) t)`;
}

export interface PricingScope {
  /** The city to price in; the business's own city when left out (a guest: none). */
  cityId?: number | null;
  /** Pieces per product id (1 when not given). */
  quantities?: ReadonlyMap<number, number>;
}

/**
 * Prices products for a business from the database: the one pricing function of the cart's refresh,
 * of confirming a pending order and of the staff price check (placeOrder runs the same columns and
 * priceRows in its own prepared statement). Nothing a client sends is trusted but ids and quantities.
 */
export async function priceProducts(
  db: Db,
  businessId: number | null,
  productIds: readonly number[],
  scope: PricingScope = {},
): Promise<Map<number, PricedProduct>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const city = scope.cityId === undefined ? businessCitySql(businessId) : scope.cityId === null ? sql`null::int` : sql`${scope.cityId}::int`;
  const rows = await jsonRows<Product & CityPricing>(
    db,
    db
      .select({ ...productJsonColumns(businessId), ...cityPricingColumns(city) })
      .from(products)
      .where(and(inArray(products.id, ids), eq(products.active, true))),
  );
  return priceRows(rows, scope.quantities);
}

/** The city pricing columns as a row carries them (quantity_tiers may come as JSON text). */
export interface CityPricing {
  city_price?: string | null;
  quantity_tiers?: QuantityTier[] | string | null;
}

/** What this business pays per unit for each row (cartUnitPrice), with that price's tax and net part and the rule. */
export type Priced<P> = P & { unit_price: string; unit_tax: string; unit_sell_price: string; price_rule: PriceRule };

/**
 * priceProducts for rows already read (productJsonColumns of the business with cityPricingColumns,
 * or the subset pricing needs). The rows are completed in place (they are freshly parsed; no copy per
 * order line). Every charged price comes from cartUnitPrice (packages/domain pricing.ts).
 */
export function priceRows<P extends PriceFields & CityPricing & { id: number; tax: string; sell_price: string }>(
  rows: readonly P[],
  quantities?: ReadonlyMap<number, number>,
): Map<number, Priced<P>> {
  const result = new Map<number, Priced<P>>();
  for (const product of rows) {
    const tiers = typeof product.quantity_tiers === 'string' ? (JSON.parse(product.quantity_tiers) as QuantityTier[]) : (product.quantity_tiers ?? []);
    const { unit_price, rule } = cartUnitPrice({
      price: product.price,
      sale: product.sale,
      sale_price: product.sale_price,
      customer_specific_pricing: product.customer_specific_pricing,
      city_price: product.city_price ?? null,
      quantity_tiers: tiers,
      quantity: quantities?.get(product.id) ?? 1,
    });
    const { tax, sell_price } = splitTax(unit_price, product.tax, product.sell_price);
    // The city columns served their purpose; they are not part of the product's API shape.
    delete product.city_price;
    delete product.quantity_tiers;
    result.set(product.id, Object.assign(product, { unit_price, unit_tax: tax, unit_sell_price: sell_price, price_rule: rule }));
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
    .where(and(eq(customerPrices.businessId, businessId), customerPriceInEffect()))
    .limit(1);
  return row ? businessId : null;
}
