import type { BuyAgainProduct } from '@shop/domain/reorder';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/catalogue.ts';
import { orderDetails, orders } from '../../db/schema/orders.ts';
import { productJsonColumns, productsAsJson } from '../catalogue/pricing.service.ts';

/** How far back "Buy again" looks: a year of the business's own orders. */
const HISTORY_DAYS = 365;

/**
 * Issue 21 "Buy again": the products this business orders most, from its own orders of the last year
 * (every user's, Rejected ones left out): in most orders first, then the most recently ordered; each
 * with what the business usually takes (the rounded mean of its quantities), priced for the business.
 */
export async function buyAgain(db: Db, businessId: number, limit: number): Promise<BuyAgainProduct[]> {
  const times = sql<number>`count(distinct ${orderDetails.orderId})::int`;
  const ranked = await db
    .select({
      productId: orderDetails.productId,
      times,
      usual: sql<number>`greatest(1, round(avg(coalesce(${orderDetails.orderedQuantity}, ${orderDetails.quantity}))))::int`,
    })
    .from(orderDetails)
    .innerJoin(orders, eq(orders.id, orderDetails.orderId))
    .where(
      and(
        eq(orders.businessId, businessId),
        ne(orders.status, 'Rejected'),
        sql`${orders.createdAt} > now() - make_interval(days => ${HISTORY_DAYS})`,
      ),
    )
    .groupBy(orderDetails.productId)
    .orderBy(desc(times), desc(sql`max(${orders.createdAt})`), orderDetails.productId)
    .limit(limit);
  if (ranked.length === 0) return [];
  const rows = await productsAsJson(
    db,
    db.select(productJsonColumns(businessId)).from(products).where(inArray(products.id, ranked.map((r) => r.productId))),
  );
  const byId = new Map(rows.map((p) => [p.id, p]));
  return ranked.flatMap((r) => {
    const p = byId.get(r.productId);
    return p ? [{ ...p, times_ordered: Number(r.times), usual_quantity: Number(r.usual) }] : [];
  });
}
