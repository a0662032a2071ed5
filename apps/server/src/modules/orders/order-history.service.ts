import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderDetails, orders } from '../../db/schema/orders.ts';

/** A product a business orders often: in how many orders, and the pieces it usually takes. */
export interface OrderedProduct {
  productId: number;
  times: number;
  usual: number;
}

/**
 * Issue 21 "Buy again", the orders side (issue 17: reorder asks orders, which owns its tables): the
 * products this business ordered in the last `days` days (every user's orders, Rejected ones left out),
 * in most orders first, then the most recently ordered; each with the rounded mean of its quantities.
 */
export async function productsOrderedMost(db: Db, businessId: number, days: number, limit: number): Promise<OrderedProduct[]> {
  const times = sql<number>`count(distinct ${orderDetails.orderId})::int`;
  const rows = await db
    .select({
      productId: orderDetails.productId,
      times,
      usual: sql<number>`greatest(1, round(avg(coalesce(${orderDetails.orderedQuantity}, ${orderDetails.quantity}))))::int`,
    })
    .from(orderDetails)
    .innerJoin(orders, eq(orders.id, orderDetails.orderId))
    .where(and(eq(orders.businessId, businessId), ne(orders.status, 'Rejected'), sql`${orders.createdAt} > now() - make_interval(days => ${days})`))
    .groupBy(orderDetails.productId)
    .orderBy(desc(times), desc(sql`max(${orders.createdAt})`), orderDetails.productId)
    .limit(limit);
  return rows.map((r) => ({ productId: r.productId, times: Number(r.times), usual: Number(r.usual) }));
}
