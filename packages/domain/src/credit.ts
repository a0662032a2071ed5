// Issue 14 point 12: a Credit order may not take what the business owes above its credit limit.
// One rule, used by the server when it places an order and by the checkout before Place order.
import type { OrderStatus } from './constants.ts';
import { formatKarachiDayTime } from './karachi-time.ts';
import { groupDigits, type Paisa, toPaisa } from './money.ts';

/**
 * Orders that no longer add to what a business owes on top of its ledger: a Delivered order is
 * owed through its ledger entry, a Rejected one not at all. Every other status (Pending, In Process
 * and any status added later, such as Arrange or Shipping) is still owed and is counted.
 */
export const CLOSED_ORDER_STATUSES: readonly OrderStatus[] = ['Delivered', 'Rejected'];

export interface CreditExposure {
  /** The business's credit_limit. */
  limit: Paisa;
  /** SPEC 2: the sum of payable over the business's Credit ledger entries. */
  ledgerOutstanding: Paisa;
  /** The remaining amount of the business's Credit orders not yet Delivered or Rejected. */
  openOrders: Paisa;
  /** Issue 37: Finance's release running now (`liveRelease`), if any: the business may owe up to limit + its amount. */
  release?: CreditRelease | null;
}

/**
 * Issue 37: Finance's release of a credit hold (docs/decisions/012): until the instant `until`, the
 * business's hold (over its limit or overdue) is lifted and it may owe on Credit up to `amount` above its
 * credit limit. Releases are appended; the latest one counts (a new release supersedes the earlier one,
 * and ending a release early appends one that ends now).
 */
export interface CreditRelease {
  /** Paisa above the credit limit (0 for a release that only lifts the overdue hold). */
  amount: Paisa;
  /** ISO instant the release ends. */
  until: string;
}

/** The latest release while it runs (its end is after now), else null. */
export function liveRelease(latest: CreditRelease | null | undefined, now: Date): CreditRelease | null {
  return latest && Date.parse(latest.until) > now.getTime() ? latest : null;
}

/** What the business may owe on Credit in all: its limit, plus a running release's amount. */
export const creditCeiling = (e: CreditExposure): Paisa => e.limit + (e.release?.amount ?? 0);

/** "until 1 Dec 2026, 17:52 (up to Rs. 5,000.00 above its credit limit)", in Pakistan time. */
export function releaseTerms(r: CreditRelease): string {
  const until = formatKarachiDayTime(r.until);
  return r.amount > 0 ? `until ${until} (up to ${formatExactRupees(r.amount)} above its credit limit)` : `until ${until} (within its credit limit)`;
}

/** The one sentence the buyer's checkout and Finance's ledger screen show while a release runs. */
export const releaseNotice = (r: CreditRelease, subject = 'Your business') => `${subject} is ordering on Credit under a release ${releaseTerms(r)}.`;

export type CreditCheck = { ok: true; available: Paisa } | { ok: false; available: Paisa; message: string };

/** What the business may still order on Credit (never below 0). */
export function availableCredit(e: CreditExposure): Paisa {
  return Math.max(0, creditCeiling(e) - e.ledgerOutstanding - e.openOrders);
}

/** "Rs. 1,234.50": exact to the paisa (the whole-rupee formatRupees could show more than is available). */
export function formatExactRupees(paisa: Paisa): string {
  const abs = Math.abs(Math.round(paisa));
  const text = `${groupDigits(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
  return `Rs. ${paisa < 0 ? '-' : ''}${text}`;
}

/** The message a buyer sees when a Credit order does not fit. */
export function creditLimitMessage(orderTotal: Paisa, e: CreditExposure): string {
  const released = e.release && e.release.amount > 0 ? ` plus the ${formatExactRupees(e.release.amount)} released until ${formatKarachiDayTime(e.release.until)}` : '';
  return (
    `This order of ${formatExactRupees(orderTotal)} would take your business above its credit limit of ` +
    `${formatExactRupees(e.limit)}${released} (available now: ${formatExactRupees(availableCredit(e))}). ` +
    'Please choose Cash on Delivery, order less, or clear your outstanding first.'
  );
}

/**
 * Does a Credit order of orderTotal fit? It fits when what the business already owes (ledger
 * outstanding plus open Credit orders) plus this order stays within the credit limit (plus a running
 * release's amount, issue 37); reaching it exactly is allowed. All amounts in paisa, so the comparison is exact.
 */
export function checkCredit(orderTotal: Paisa, e: CreditExposure): CreditCheck {
  const available = availableCredit(e);
  if (e.ledgerOutstanding + e.openOrders + orderTotal <= creditCeiling(e)) return { ok: true, available };
  return { ok: false, available, message: creditLimitMessage(orderTotal, e) };
}

/** The exposure from GET /api/orders/credit's answer (rupee strings), for the checkout. */
export function exposureOf(standing: { credit_limit: string; ledger_outstanding: string; open_orders: string; release?: { amount: string; until: string } | null }): CreditExposure {
  return {
    limit: toPaisa(standing.credit_limit),
    ledgerOutstanding: toPaisa(standing.ledger_outstanding),
    openOrders: toPaisa(standing.open_orders),
    release: standing.release ? { amount: toPaisa(standing.release.amount), until: standing.release.until } : null,
  };
}
