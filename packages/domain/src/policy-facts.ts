// Issue 36, SPEC 9 "Policy facts" the product keeps (docs/decisions/027-policy-facts.md): a minimum
// order value per city, the buyer's own reference and a requested delivery day at checkout, and a
// request to cancel or change an order within two hours of its confirmation. Each rule is here once;
// the server enforces it from the database, the cart and the order pages mirror it.
import { z } from 'zod';
import { formatKarachiDateTime, formatKarachiDayTime } from './karachi-time.ts';
import { formatRupees, groupDigits, type Paisa, toPaisa } from './money.ts';
import { formatCutoff, formatDeliveryDays, WEEKDAYS } from './places.ts';

/** What the order rules need of the buyer's city (the business's city, read by the server). */
export interface CityOrderPolicy {
  /** The city's name; null when the business has no city. */
  city: string | null;
  /** Rupees ("30000.00"); null: no minimum. */
  min_order_value: string | null;
  /** ISO weekdays the city is delivered (1 = Monday). */
  delivery_days: readonly number[];
  /** 'HH:MM' in Pakistan: orders placed by then go out on the next delivery day. */
  cutoff_time: string | null;
}

/** GET /api/orders/policy: the caller's city's rules and the server's clock (the checkout counts days from it). */
export const OrderPolicySchema = z.object({
  city: z.string().nullable(),
  min_order_value: z.string().nullable(),
  delivery_days: z.array(z.number().int()),
  cutoff_time: z.string().nullable(),
  /** The server's instant (ISO), so a buyer's wrong clock does not offer days the server refuses. */
  now: z.string(),
});
export type OrderPolicy = z.infer<typeof OrderPolicySchema>;

// ---- Minimum order value (SPEC 9: "minimum order value 30,000 PKR (FAQ)"; per city, set by staff) ----

/** How much more the order must come to, in paisa: 0 when the city has no minimum or the total reaches it. */
export function minimumOrderShortfall(totalPaisa: Paisa, minOrderValue: string | null | undefined): Paisa {
  if (minOrderValue == null) return 0;
  return Math.max(0, toPaisa(minOrderValue) - totalPaisa);
}

/** Rupees rounded up to whole rupees: adding this much always reaches the minimum. */
const rupeesUp = (paisa: Paisa) => `Rs. ${groupDigits(Math.ceil(paisa / 100))}`;

/** The one sentence the cart shows and the server refuses an order with, below the city's minimum. */
export function minimumOrderText(city: string, minOrderValue: string, shortfall: Paisa): string {
  return `The minimum order in ${city} is ${formatRupees(minOrderValue)}. Add ${rupeesUp(shortfall)} more to place this order.`;
}

/** The refusal of an order of `totalPaisa` in the policy's city, or null when it may be placed. */
export function minimumOrderRefusal(policy: Pick<CityOrderPolicy, 'city' | 'min_order_value'>, totalPaisa: Paisa): string | null {
  const shortfall = minimumOrderShortfall(totalPaisa, policy.min_order_value);
  if (shortfall === 0 || policy.min_order_value == null) return null;
  return minimumOrderText(policy.city ?? 'your city', policy.min_order_value, shortfall);
}

// ---- The buyer's order reference ----

/** A purchase order number or any short reference of the buyer's own, printed on the slip. */
export const ORDER_REFERENCE_MAX = 40;
export const ORDER_REFERENCE_TOO_LONG = `Your reference must be at most ${ORDER_REFERENCE_MAX} characters.`;

/** Trimmed; empty means none (null). */
export const OrderReferenceSchema = z
  .string({ error: 'Your reference must be text.' })
  .trim()
  .max(ORDER_REFERENCE_MAX, ORDER_REFERENCE_TOO_LONG)
  .regex(/^[^\p{Cc}]*$/u, 'Your reference may not hold control characters.')
  .transform((s) => (s === '' ? null : s));

// ---- The requested delivery day ----

/** How far ahead a delivery day may be asked for: the desk plans its runs about two weeks ahead. */
export const DELIVERY_DAY_HORIZON_DAYS = 14;

export const DeliveryDaySchema = z
  .string({ error: 'The delivery day must be a date YYYY-MM-DD.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'The delivery day must be a date YYYY-MM-DD.')
  .refine((s) => {
    const [y, m, d] = s.split('-').map(Number) as [number, number, number];
    const t = new Date(Date.UTC(y, m - 1, d));
    return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
  }, 'The delivery day must be a real date.');

const dayMs = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
};
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The day `n` days after `day` (calendar days; 'YYYY-MM-DD'). */
export const addDays = (day: string, n: number) => isoDay(dayMs(day) + n * 86_400_000);
/** ISO weekday of a calendar day: 1 = Monday ... 7 = Sunday. */
export const isoWeekday = (day: string) => ((new Date(dayMs(day)).getUTCDay() + 6) % 7) + 1;

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "Tue 18 Nov 2026" for '2026-11-18'. */
export function formatDeliveryDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${WEEKDAYS[isoWeekday(day) - 1]} ${d} ${MONTHS[m - 1]} ${y}`;
}

/**
 * The first day an order placed at `now` can be delivered in the city: orders placed by the cut-off
 * (Pakistan time) go out on the next delivery day after today; later ones on the next after tomorrow.
 * Null when the city delivers on no day (or the business has no city).
 */
export function earliestDeliveryDay(policy: Pick<CityOrderPolicy, 'delivery_days' | 'cutoff_time'>, now: Date | string | number): string | null {
  if (policy.delivery_days.length === 0 || policy.cutoff_time == null) return null;
  const [today = '', time = ''] = formatKarachiDateTime(now).split(' ');
  let day = addDays(today, time <= policy.cutoff_time ? 1 : 2);
  for (let i = 0; i < 7 && !policy.delivery_days.includes(isoWeekday(day)); i++) day = addDays(day, 1);
  return policy.delivery_days.includes(isoWeekday(day)) ? day : null;
}

/** The last day that may be asked for: DELIVERY_DAY_HORIZON_DAYS after today (Pakistan). */
export const latestDeliveryDay = (now: Date | string | number) => addDays(formatKarachiDateTime(now).slice(0, 10), DELIVERY_DAY_HORIZON_DAYS);

/** Every day the checkout offers: the city's delivery days from the earliest possible one to the horizon. */
export function deliveryDayChoices(policy: Pick<CityOrderPolicy, 'delivery_days' | 'cutoff_time'>, now: Date | string | number): string[] {
  const first = earliestDeliveryDay(policy, now);
  if (!first) return [];
  const last = latestDeliveryDay(now);
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) if (policy.delivery_days.includes(isoWeekday(day))) days.push(day);
  return days;
}

/** Why `day` cannot be asked for by an order placed at `now` in the policy's city, or null when it can. */
export function deliveryDayRefusal(policy: CityOrderPolicy, day: string, now: Date | string | number): string | null {
  const first = earliestDeliveryDay(policy, now);
  if (!first || policy.city == null || policy.cutoff_time == null) {
    return 'Your business has no delivery days set, so a delivery day cannot be asked for. Leave it empty and we deliver on the next possible day.';
  }
  const city = policy.city;
  if (day < first) {
    return `${formatDeliveryDay(day)} is too soon: orders placed now in ${city} can be delivered on ${formatDeliveryDay(first)} at the earliest (orders placed by ${formatCutoff(policy.cutoff_time)} go out on the next delivery day).`;
  }
  const last = latestDeliveryDay(now);
  if (day > last) return `A delivery day can be asked for up to ${DELIVERY_DAY_HORIZON_DAYS} days ahead, until ${formatDeliveryDay(last)}.`;
  if (!policy.delivery_days.includes(isoWeekday(day))) {
    return `We do not deliver in ${city} on ${DAY_NAMES[isoWeekday(day) - 1]}s (${formatDeliveryDay(day)}): deliveries in ${city} are ${formatDeliveryDays(policy.delivery_days)}.`;
  }
  return null;
}

// ---- A request to cancel or change an order (SPEC 9: "within the first two hours after confirmation") ----

export const CHANGE_REQUEST_WINDOW_MS = 2 * 60 * 60 * 1000;
export const CHANGE_REQUEST_KINDS = ['cancel', 'change'] as const;
export type ChangeRequestKind = (typeof CHANGE_REQUEST_KINDS)[number];
export const CHANGE_REQUEST_STATUSES = ['open', 'accepted', 'declined'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];
export const CHANGE_REQUEST_REASON_MAX = 500;
export const CHANGE_ANSWER_NOTE_MAX = 500;
export const OPEN_REQUEST_EXISTS = 'A request for this order is already waiting for our answer. You will see the answer on the order.';
export const REQUEST_ALREADY_ANSWERED = 'This request has been answered already. Reload the order.';

/** The end of the two hours after the order's confirmation, or null for an order not confirmed. */
export function changeRequestWindowEnd(confirmedOn: string | null | undefined): Date | null {
  if (!confirmedOn) return null;
  const t = Date.parse(confirmedOn);
  return Number.isNaN(t) ? null : new Date(t + CHANGE_REQUEST_WINDOW_MS);
}

/**
 * Why the buyer may not ask to cancel or change the order now, or null while they may: an In Process
 * order (SPEC 5: Cancel is offered only then) within two hours of its confirmation.
 */
export function changeRequestRefusal(order: { order_number: string; status: string; confirmed_on: string | null | undefined }, now: Date | string | number): string | null {
  const n = order.order_number;
  switch (order.status) {
    case 'Delivered':
      return `Order ${n} has been delivered, so it can no longer be cancelled or changed. For a return or an exchange (within 7 days), please message us.`;
    case 'Rejected':
      return `Order ${n} was rejected: there is nothing left to cancel or change.`;
    case 'Pending':
      return `Order ${n} is waiting for its Approver: it can be cancelled or changed once it is confirmed, or your Approver can reject it.`;
    case 'Arrange':
    case 'Shipping':
      return `Order ${n} is already being prepared for delivery (${order.status}), so it can no longer be cancelled or changed here. Please message us.`;
  }
  const end = changeRequestWindowEnd(order.confirmed_on);
  const at = new Date(now).getTime();
  if (!end || !order.confirmed_on || at >= end.getTime()) {
    const when = order.confirmed_on ? ` Order ${n} was confirmed on ${formatKarachiDayTime(order.confirmed_on)}; that time ended at ${formatKarachiDayTime(end ?? order.confirmed_on)}.` : '';
    return `An order can be cancelled or changed within two hours of its confirmation.${when} Please message us.`;
  }
  return null;
}

export const ChangeRequestInputSchema = z.strictObject({
  kind: z.enum(CHANGE_REQUEST_KINDS, { error: 'Choose whether to cancel the order or change it.' }),
  reason: z
    .string({ error: 'Say what you would like and why.' })
    .trim()
    .min(5, 'Say what you would like and why (at least 5 characters).')
    .max(CHANGE_REQUEST_REASON_MAX, `Your message must be at most ${CHANGE_REQUEST_REASON_MAX} characters.`),
});
export type ChangeRequestInput = z.infer<typeof ChangeRequestInputSchema>;

/** A request as the buyer reads it on the order (and the desk on its order page). */
export const ChangeRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CHANGE_REQUEST_KINDS),
  reason: z.string(),
  status: z.enum(CHANGE_REQUEST_STATUSES),
  requested_by: z.string(),
  /** ISO instant with the Pakistan offset. */
  requested_on: z.string(),
  answer_note: z.string().nullable(),
  answered_on: z.string().nullable(),
});
export type ChangeRequest = z.infer<typeof ChangeRequestSchema>;

/** POST /api/staff/orders/:id/change-requests/:requestId: the desk's answer, with a note the buyer reads. */
export const AnswerChangeRequestInputSchema = z.strictObject({
  decision: z.enum(['accepted', 'declined'], { error: 'Choose accept or decline.' }),
  note: z
    .string()
    .trim()
    .min(3, 'Write a note the buyer will read (at least 3 characters).')
    .max(CHANGE_ANSWER_NOTE_MAX, `The note must be at most ${CHANGE_ANSWER_NOTE_MAX} characters.`),
});
export type AnswerChangeRequestInput = z.infer<typeof AnswerChangeRequestInputSchema>;

export const CHANGE_REQUEST_KIND_LABEL: Record<ChangeRequestKind, string> = { cancel: 'Cancellation', change: 'Change' };
export const CHANGE_REQUEST_STATUS_LABEL: Record<ChangeRequestStatus, string> = { open: 'Waiting for our answer', accepted: 'Accepted', declined: 'Declined' };
