import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';

/**
 * Issue 18's dashboard figures, the orders side (issue 17: the dashboard asks orders, which owns its
 * table): orders made since `todayStart` by status, Pending orders made before `pendingBefore`, and
 * orders per Pakistan day since `since`. Three statements, run together.
 */
export async function orderCounts(db: Db, at: { todayStart: string; pendingBefore: string; since: string }) {
  const [byStatus, pending, perDay] = await Promise.all([
    db.select({ status: orders.status, n: count() }).from(orders).where(gte(orders.createdAt, at.todayStart)).groupBy(orders.status),
    db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.status, 'Pending'), lt(orders.createdAt, at.pendingBefore))),
    db
      .select({ day: sql<string>`to_char(${orders.createdAt} at time zone 'Asia/Karachi', 'YYYY-MM-DD')`, n: count() })
      .from(orders)
      .where(gte(orders.createdAt, at.since))
      .groupBy(sql`1`),
  ]);
  return { byStatus, pendingOverAlert: pending[0]?.n ?? 0, perDay };
}
