// SPEC 2 "Outstandings" and 9: ledger aging, without zod (the web app uses it too).
import { fromPaisa, toPaisa } from './money.ts';
import { formatKarachiDate } from './karachi-time.ts';

export const AGING_BUCKETS = [
  { key: 'zero_to_zero', label: '0-0', from: Number.NEGATIVE_INFINITY, to: 0 },
  { key: 'one_to_fourteen', label: '1-14', from: 1, to: 14 },
  { key: 'fifteen_to_twentynine', label: '15-29', from: 15, to: 29 },
  { key: 'thirty_to_onward', label: '30+', from: 30, to: Number.POSITIVE_INFINITY },
] as const;
export type AgingKey = (typeof AGING_BUCKETS)[number]['key'];

const DAY_MS = 86_400_000;
const dayNumber = (isoDate: string) => Math.floor(Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`) / DAY_MS);

/**
 * Issue 16: the day a delivered order's ledger entry is payable by (its invoice's due day): the Pakistan
 * day of delivery plus the order's payment days (order-rules.ts orderPaymentDays: 0 unless Credit).
 */
export function payableBy(deliveredOn: string, paymentDays: number): string {
  return new Date((dayNumber(deliveredOn) + paymentDays) * DAY_MS).toISOString().slice(0, 10);
}

/** Issue 16: the invoice of a delivered order, "INV-2026-000123": the year of its delivery day and the order's id. */
export const invoiceNumber = (deliveredOn: string, orderId: number) => `INV-${deliveredOn.slice(0, 4)}-${String(orderId).padStart(6, '0')}`;

/** Whether an entry payable by `payableBy` is overdue `today`: a day or more past it (not in the first aging bucket). */
export const isOverdue = (payableBy: string, today: string) => agingBucket(payableBy, today) !== 'zero_to_zero';

/** Whole days between payable_by and today (both 'YYYY-MM-DD'); positive when overdue. */
export function daysOverdue(payableBy: string, today: string): number {
  return dayNumber(today) - dayNumber(payableBy);
}

/**
 * The aging bucket of an entry: days past payable_by. Not yet due or due today is 0-0; then 1-14,
 * 15-29 and 30+ days overdue.
 */
export function agingBucket(payableBy: string, today: string): AgingKey {
  const days = daysOverdue(payableBy, today);
  const bucket = AGING_BUCKETS.find((b) => days >= b.from && days <= b.to);
  return (bucket ?? AGING_BUCKETS[0]).key;
}

/** The four bucket amounts of one entry: its payable in its bucket, "0.00" in the others. */
export function agingAmounts(payable: string, payableBy: string, today: string): Record<AgingKey, string> {
  const key = agingBucket(payableBy, today);
  const amount = fromPaisa(toPaisa(payable));
  return {
    zero_to_zero: key === 'zero_to_zero' ? amount : '0.00',
    one_to_fourteen: key === 'one_to_fourteen' ? amount : '0.00',
    fifteen_to_twentynine: key === 'fifteen_to_twentynine' ? amount : '0.00',
    thirty_to_onward: key === 'thirty_to_onward' ? amount : '0.00',
  };
}

/** SPEC 2: for Credit users the outstanding total is the sum of payable over Credit entries. */
export function creditOutstanding(entries: readonly { payable: string; payment_mode: string }[]): string {
  return fromPaisa(entries.filter((e) => e.payment_mode === 'Credit').reduce((n, e) => n + toPaisa(e.payable), 0));
}

/** Sums of each bucket over entries (for the totals row). */
export function bucketTotals(entries: readonly Record<AgingKey, string>[]): Record<AgingKey, string> {
  const sum = (k: AgingKey) => fromPaisa(entries.reduce((n, e) => n + toPaisa(e[k]), 0));
  return {
    zero_to_zero: sum('zero_to_zero'),
    one_to_fourteen: sum('one_to_fourteen'),
    fifteen_to_twentynine: sum('fifteen_to_twentynine'),
    thirty_to_onward: sum('thirty_to_onward'),
  };
}

/** Today's date 'YYYY-MM-DD' in Pakistan, the calendar payable_by dates are written in. */
export const todayKarachi = (now = new Date()) => formatKarachiDate(now);
