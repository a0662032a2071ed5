import type { Product } from '@shop/domain/catalogue';
import { cartUnitPrice, type PriceFields, type PriceRule, type QuantityTier, quantityPriceSteps, splitTax } from '@shop/domain/pricing';
import { and, asc, eq, inArray, type Placeholder, SQL, type SQLWrapper, sql } from 'drizzle-orm';
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
 * Issue 36: whose prices a buyer is shown, decided on the server (price-views.service.ts): the business's own
 * locked prices (null for a guest) and the prices of a city (the business's own; the city a guest
 * chose; null for none). Every listing, search, product page and cache of them takes one.
 */
export interface PriceView {
  businessId: number | null;
  cityId: number | null;
}
export const GUEST_VIEW: PriceView = { businessId: null, cityId: null };

/** A city as SQL: a number (a parameter), an SQL expression (the business's own city), or none. */
type CityArg = number | null | Placeholder | SQL;
const citySql = (cityId: CityArg): SQL | null => (cityId == null ? null : cityId instanceof SQL ? cityId : sql`${cityId}::int`);

/**
 * SPEC 3's product with the caller's business's locked price (or null) and, issue 36, the price and
 * Buy More Pay Less thresholds in effect in the city `cityId` (none when null), as the API's JSON keys
 * and values (money as its two-decimal text), for productsAsJson (which turns the thresholds into the
 * row's quantity_prices). Every field is aliased, so the subquery's column names are the keys.
 */
export function productJsonColumns(businessId: number | null | Placeholder, cityId: CityArg = null) {
  const as = (expr: SQL, key: string) => sql`${expr}`.as(key);
  const city = citySql(cityId);
  const cityPricing = city ? cityPricingExpressions(city) : null;
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
    city_price: as(cityPricing ? cityPricing.city_price : sql`null::text`, 'city_price'),
    quantity_tiers: as(cityPricing ? cityPricing.quantity_tiers : sql`'[]'::json`, 'quantity_tiers'),
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

/** A row of productJsonColumns as read: the city's thresholds still as they came. */
type ProductRow = Omit<Product, 'quantity_prices'> & { quantity_prices?: Product['quantity_prices']; quantity_tiers?: QuantityTier[] | string | null };

/**
 * Issue 36: a row of productJsonColumns as the API answers it: the city's thresholds become the
 * Buy More Pay Less prices this buyer reaches (pricing.ts quantityPriceSteps, the cart's own rule).
 */
export function finishProductRow(row: ProductRow): Product {
  const raw = row.quantity_tiers;
  const tiers = typeof raw === 'string' ? (JSON.parse(raw) as QuantityTier[]) : (raw ?? []);
  delete row.quantity_tiers;
  row.quantity_prices = tiers.length === 0 ? [] : quantityPriceSteps({ ...row, city_price: row.city_price ?? null, quantity_tiers: tiers });
  return row as Product;
}

/** Runs a select of productJsonColumns and answers its rows, in its order (db/client.ts jsonRows). */
export async function productsAsJson(db: Db, query: SQLWrapper): Promise<Product[]> {
  const rows = await jsonRows<ProductRow>(db, query);
  return rows.map(finishProductRow);
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

/** Issue 36: the city's price in effect of the row's product (numeric, for sorts and ranges), null when none. */
export const cityPriceLookupSql = (cityId: number): SQL =>
  sql`(select cp.price from ${cityPrices} cp where cp.product_id = ${products.id} and cp.city_id = ${cityId} and ${periodInEffect(sql.raw('cp'))} order by cp.starts_at desc limit 1)`;

/**
 * Issue 36: a city's prices and Buy More Pay Less thresholds in effect now, for the in-memory copy
 * (catalogue-index.ts); the prices in start order, so the latest started comes last where two overlap.
 */
export async function cityPricesInEffect(db: Db, cityId: number) {
  const [prices, tiers] = await Promise.all([
    db
      .select({ productId: cityPrices.productId, price: sql<string>`${cityPrices.price}::text` })
      .from(cityPrices)
      .where(and(eq(cityPrices.cityId, cityId), periodInEffect(sql`${cityPrices}`)))
      .orderBy(asc(cityPrices.startsAt)),
    db
      .select({ productId: quantityPrices.productId, min_quantity: quantityPrices.minQuantity, unit_price: sql<string>`${quantityPrices.unitPrice}::text` })
      .from(quantityPrices)
      .where(and(eq(quantityPrices.cityId, cityId), periodInEffect(sql`${quantityPrices}`))),
  ]);
  return { prices, tiers };
}

/** Issue 36: the business's locked prices in effect of these products (the marketplace shows them to it in its city). */
export async function lockedPricesOf(db: Db, businessId: number, productIds: readonly number[]): Promise<Map<number, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: customerPrices.productId, price: sql<string>`${customerPrices.price}::text` })
    .from(customerPrices)
    .where(and(eq(customerPrices.businessId, businessId), inArray(customerPrices.productId, [...new Set(productIds)]), customerPriceInEffect()));
  return new Map(rows.map((r) => [r.productId, r.price]));
}

/** Issue 36 (price-views.service.ts): a business's city, and whether it has a locked price in effect. */
export async function businessPriceFacts(db: Db, businessId: number): Promise<{ cityId: number | null; locked: boolean }> {
  const [row] = await db
    .select({
      cityId: businesses.cityId,
      locked: sql<boolean>`exists (select 1 from ${customerPrices} where ${customerPrices.businessId} = ${businesses.id} and ${customerPriceInEffect()})`,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return { cityId: row?.cityId ?? null, locked: row?.locked === true };
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
  const rows = await jsonRows<Omit<Product, 'quantity_prices'> & CityPricing>(
    db,
    db
      .select(productJsonColumns(businessId, city))
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
export type Priced<P> = P & { city_price: string | null; quantity_prices: QuantityTier[]; unit_price: string; unit_tax: string; unit_sell_price: string; price_rule: PriceRule };

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
    const input = {
      price: product.price,
      sale: product.sale,
      sale_price: product.sale_price,
      customer_specific_pricing: product.customer_specific_pricing,
      city_price: product.city_price ?? null,
      quantity_tiers: tiers,
    };
    const { unit_price, rule } = cartUnitPrice({ ...input, quantity: quantities?.get(product.id) ?? 1 });
    const { tax, sell_price } = splitTax(unit_price, product.tax, product.sell_price);
    // The thresholds as they came are not part of the product's API shape; what they offer is (issue 36).
    delete product.quantity_tiers;
    result.set(
      product.id,
      Object.assign(product, { city_price: input.city_price, quantity_prices: tiers.length ? quantityPriceSteps(input) : [], unit_price, unit_tax: tax, unit_sell_price: sell_price, price_rule: rule }),
    );
  }
  return result;
}

/** One product by id, priced for the buyer (issue 36: its city too); null when there is none. */
export async function findProduct(db: Db, view: PriceView, id: number): Promise<Product | null> {
  const [row] = await productsAsJson(db, db.select(productJsonColumns(view.businessId, view.cityId)).from(products).where(and(eq(products.id, id), eq(products.active, true))).limit(1));
  return row ?? null;
}

/**
 * The part of a buyer's view that a price sort or price range must consider (issue 36): the business
 * when it has a customer-specific price in effect, the city when it has a city price in effect; null
 * when neither. Most buyers' prices are plain, and then the price is the sale-or-list expression, which
 * the listing indexes of migration 0005 keep in order (a page reads its 41 rows); with own prices the
 * whole filtered set has to be priced and sorted.
 */
export async function pricedViewOf(db: Db, view: PriceView): Promise<PriceView | null> {
  const [row] = await jsonRows<{ business: boolean; city: boolean }>(
    db,
    sql`select ${view.businessId == null ? sql`false` : sql`exists (select 1 from ${customerPrices} where ${customerPrices.businessId} = ${view.businessId} and ${customerPriceInEffect()})`} as business,
      ${view.cityId == null ? sql`false` : sql`exists (select 1 from ${cityPrices} cp where cp.city_id = ${view.cityId} and ${periodInEffect(sql.raw('cp'))})`} as city`,
  );
  const priced: PriceView = { businessId: row?.business ? view.businessId : null, cityId: row?.city ? view.cityId : null };
  return priced.businessId == null && priced.cityId == null ? null : priced;
}
