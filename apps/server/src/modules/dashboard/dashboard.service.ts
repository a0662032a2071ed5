import { ORDER_STATUSES, type OrderStatus } from '@shop/domain/constants';
import { DASHBOARD_DAYS, type Dashboard, PENDING_ALERT_HOURS } from '@shop/domain/dashboard';
import { formatKarachiDate, karachiDayStart } from '@shop/domain/karachi-time';
import { type StaffRole, staffCan } from '@shop/domain/staff';
import type { Db } from '../../db/client.ts';
import { countWaitingRegistrations } from '../businesses/businesses.service.ts';
import { orderCounts } from '../orders/order-counts.service.ts';
import { countNewFeedback } from '../feedback-inbox/feedback-inbox.service.ts';
import { overdueByAgingBucket } from '../finance/aging.service.ts';

/** The Pakistan dates of the last `days` days, oldest first, ending with `today`. */
export function karachiDays(today: string, days: number): string[] {
  return Array.from({ length: days }, (_, i) => formatKarachiDate(karachiDayStart(today, i - days + 1)));
}

/** Issue 18: the figures of the back office's home page, each only for the roles that read it. */
export async function readDashboard(db: Db, roles: readonly StaffRole[], now = new Date()): Promise<Dashboard> {
  const today = formatKarachiDate(now);
  const readsOrders = staffCan(roles, 'orders.read');
  const readsBusinesses = staffCan(roles, 'businesses.read');
  const readsMoney = staffCan(roles, 'finance.read');
  const readsFeedback = staffCan(roles, 'feedback.write');
  const [ordersPart, waiting, money, feedbackNew] = await Promise.all([
    readsOrders ? orderFigures(db, today, now) : null,
    readsBusinesses ? countWaitingRegistrations(db) : null,
    readsMoney ? overdueByAgingBucket(db, now) : null,
    readsFeedback ? countNewFeedback(db) : null,
  ]);
  return {
    today,
    orders: ordersPart,
    registrations_waiting: waiting,
    money: money ? { buckets: money.buckets, overdue: money.overdue } : null,
    feedback_new: feedbackNew,
  };
}

async function orderFigures(db: Db, today: string, now: Date): Promise<NonNullable<Dashboard['orders']>> {
  const { byStatus, pendingOverAlert, perDay } = await orderCounts(db, {
    todayStart: karachiDayStart(today),
    pendingBefore: new Date(now.getTime() - PENDING_ALERT_HOURS * 3_600_000).toISOString(),
    since: karachiDayStart(today, -(DASHBOARD_DAYS - 1)),
  });
  const today_by_status = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  for (const r of byStatus) today_by_status[r.status as OrderStatus] = r.n;
  const counts = new Map(perDay.map((r) => [r.day, r.n]));
  return {
    today_by_status,
    pending_over_alert: pendingOverAlert,
    per_day: karachiDays(today, DASHBOARD_DAYS).map((date) => ({ date, count: counts.get(date) ?? 0 })),
  };
}
