import type { OrderStatus } from '@shop/domain/constants';
import { ORDER_STATUSES } from '@shop/domain/constants';
import {
  COUNT_CAP,
  decodeQueueCursor,
  encodeQueueCursor,
  type QueueFilters,
  type QueuePage,
  type QueueQuery,
  type QueueRow,
  type StatusCounts,
} from '@shop/domain/order-desk';
import { karachiDayStart } from '@shop/domain/karachi-time';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jsonRows } from '../../db/client.ts';
import { businesses } from '../../db/schema/business.ts';
import { orders } from '../../db/schema/orders.ts';
import { badRequest } from '../../lib/http-error.ts';
import { isoTimestamp, money } from '../orders/orders-read.service.ts';

/** An order number as staff type it: "ORD-2026-000123", "2026-000123", "000123" or "123". */
const ORDER_NUMBER = /^(?:ORD-?)?(?:\d{4}-)?0*(\d{1,10})$/i;
/** Any other order number as printed (a letter prefix, then digits and dashes). */
const PRINTED_NUMBER = /^[A-Za-z]{1,5}-[\d-]{1,20}$/;
const LIKE_SPECIALS = /[\\%_]/g;

/**
 * The WHERE of the queue's filters. Every filter is a condition on `orders` or on the business, so
 * the planner can walk one of the queue indexes (newest first) and stop at the page's end.
 */
async function filterConditions(db: Db, f: QueueFilters, now: Date): Promise<SQL[]> {
  const where: SQL[] = [];
  if (f.status) where.push(eq(orders.status, f.status));
  if (f.payment_mode) where.push(eq(orders.paymentMode, f.payment_mode));
  if (f.business_id) where.push(eq(orders.businessId, f.business_id));
  if (f.from) where.push(sql`${orders.createdAt} >= ${karachiDayStart(f.from)}::timestamptz`);
  if (f.to) where.push(sql`${orders.createdAt} < ${karachiDayStart(f.to, 1)}::timestamptz`);
  if (f.pending_hours) {
    where.push(eq(orders.status, 'Pending'));
    where.push(sql`${orders.createdAt} < ${new Date(now.getTime() - f.pending_hours * 3_600_000).toISOString()}::timestamptz`);
  }
  if (f.city) where.push(sql`b.city_id = (select id from cities where name = ${f.city})`);
  if (f.area_id) where.push(sql`b.area_id = ${f.area_id}`);
  // Issue 36: orders whose buyer asked to cancel or change them and wait for the desk's answer.
  if (f.request === 'open') where.push(sql`exists (select 1 from order_change_requests q where q.order_id = ${orders.id} and q.status = 'open')`);
  if (f.q) {
    const number = ORDER_NUMBER.exec(f.q);
    if (number?.[1]) {
      where.push(sql`(${orders.id} = ${Number(number[1])} or ${orders.orderNumber} = ${f.q.toUpperCase()})`);
    } else if (PRINTED_NUMBER.test(f.q)) {
      where.push(eq(orders.orderNumber, f.q.toUpperCase()));
    } else {
      // Businesses whose name has every word; a few hundred at most are worth a queue.
      const words = f.q.split(/\s+/).filter(Boolean).slice(0, 5);
      const nameMatch = and(...words.map((w) => sql`${businesses.name} ilike ${`%${w.replace(LIKE_SPECIALS, '\\$&')}%`}`));
      const ids = (await db.select({ id: businesses.id }).from(businesses).where(nameMatch).limit(500)).map((r) => r.id);
      if (ids.length === 0) where.push(sql`false`);
      else where.push(inArray(orders.businessId, ids));
    }
  }
  return where;
}

const FROM = sql`${orders} join ${businesses} b on b.id = ${orders.businessId}`;

/** GET /api/staff/orders: newest first, keyset-paged on (created_at, id). */
export async function queuePage(db: Db, query: QueueQuery, now = new Date()): Promise<QueuePage> {
  const where = await filterConditions(db, query, now);
  if (query.after) {
    const cursor = decodeQueueCursor(query.after);
    if (!cursor) throw badRequest('Invalid queue position: reload the queue.');
    where.push(sql`(${orders.createdAt}, ${orders.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})`);
  }
  const rows = await jsonRows<QueueRow & { created_at: string }>(
    db,
    sql`select ${orders.id} as id, ${orders.orderNumber} as order_number, ${isoTimestamp(orders.createdAt)} as created_on,
          ${orders.createdAt} as created_at, ${orders.status} as status, ${orders.businessId} as business_id,
          ${orders.businessName} as business_name,
          (select name from cities where id = b.city_id) as city, (select name from areas where id = b.area_id) as area,
          ${orders.paymentMode} as payment_mode, ${orders.totalPrice}::text as total_price,
          (select count(*)::int from order_details d where d.order_id = ${orders.id} and d.quantity > 0) as line_count,
          ${orders.orderBy} as order_by,
          (select run_id from delivery_run_orders r where r.order_id = ${orders.id}) as run_id,
          ${orders.orderReference} as order_reference, to_char(${orders.requestedDeliveryDay}, 'YYYY-MM-DD') as requested_delivery_day,
          (select q.kind from order_change_requests q where q.order_id = ${orders.id} and q.status = 'open') as open_request
        from ${FROM}
        ${where.length ? sql`where ${and(...where)}` : sql``}
        order by ${orders.createdAt} desc, ${orders.id} desc
        limit ${query.limit + 1}`,
  );
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    rows: page.map(({ created_at: _, ...r }) => ({ ...r, total_price: money(r.total_price) })),
    next: rows.length > query.limit && last ? encodeQueueCursor(new Date(last.created_at).toISOString(), last.id) : null,
  };
}

/**
 * Counts per status under the same filters (the status filter aside). Each count stops at
 * COUNT_CAP + 1 rows, so a filter over a million delivered orders costs a bounded walk.
 */
export async function statusCounts(db: Db, filters: QueueFilters, now = new Date()): Promise<StatusCounts> {
  const { status: _ignored, ...rest } = filters;
  const where = await filterConditions(db, rest, now);
  const statuses: readonly OrderStatus[] = rest.pending_hours ? ['Pending'] : ORDER_STATUSES;
  const parts = statuses.map(
    (s) =>
      sql`select ${s}::text as status, (select count(*)::int from (select 1 from ${FROM} where ${and(eq(orders.status, s), ...where)} limit ${COUNT_CAP + 1}) x) as n`,
  );
  const rows = await jsonRows<{ status: OrderStatus; n: number }>(db, sql.join(parts, sql` union all `));
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  const capped: OrderStatus[] = [];
  for (const r of rows) {
    counts[r.status] = Math.min(r.n, COUNT_CAP);
    if (r.n > COUNT_CAP) capped.push(r.status);
  }
  return { counts, capped };
}
