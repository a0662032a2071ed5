import { z } from 'zod';
import { ORDER_STATUSES } from './constants.ts';
import { BucketsSchema } from './finance.ts';

/** Issue 18: the back office's home page. A Pending order older than this is waiting too long. */
export const PENDING_ALERT_HOURS = 2;
/** The orders-per-day chart covers this many Pakistan days, today included. */
export const DASHBOARD_DAYS = 30;

export const DashboardSchema = z.object({
  /** Today in Pakistan (YYYY-MM-DD): the day "orders today" counts. */
  today: z.string(),
  /** Null when the person's roles do not read orders. */
  orders: z
    .object({
      today_by_status: z.record(z.enum(ORDER_STATUSES), z.number().int()),
      pending_over_alert: z.number().int(),
      /** One entry per Pakistan day, oldest first, days without orders included. */
      per_day: z.array(z.object({ date: z.string(), count: z.number().int() })),
    })
    .nullable(),
  /** Registrations waiting for verification (new or changed); null without businesses.read. */
  registrations_waiting: z.number().int().nullable(),
  /** Money owed per aging bucket (the buyer's Outstandings buckets) and overdue in all; null without finance.read. */
  money: z.object({ buckets: BucketsSchema, overdue: z.string() }).nullable(),
  /** Feedback messages nobody has opened yet (status new); null for roles without the feedback inbox. */
  feedback_new: z.number().int().nullable(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
