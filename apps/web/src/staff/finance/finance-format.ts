import { formatExactRupees } from '@shop/domain/credit';
import { AGING_BUCKETS, type AgingKey } from '@shop/domain/ledgers';
import { toPaisa } from '@shop/domain/money';

/** Money to the paisa, as Finance reads it ("Rs. 12,500.50"). */
export const money = (amount: string) => formatExactRupees(toPaisa(amount));
export const BUCKET_LABEL: Record<AgingKey, string> = Object.fromEntries(AGING_BUCKETS.map((b) => [b.key, `${b.label} days`])) as Record<AgingKey, string>;
export const BUCKET_KEYS = AGING_BUCKETS.map((b) => b.key);

/** Today in Pakistan, and a day `days` from it, as YYYY-MM-DD. */
export function karachiDay(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
