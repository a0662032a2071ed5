import { availableCredit, CLOSED_ORDER_STATUSES, type CreditExposure, checkCredit, liveRelease } from '@shop/domain/credit';
import type { CreditHold } from '@shop/domain/finance';
import { todayKarachi } from '@shop/domain/ledgers';
import { toKarachiIso } from '@shop/domain/karachi-time';
import { fromPaisa, type Paisa, toPaisa } from '@shop/domain/money';
import type { CreditStanding } from '@shop/domain/orders';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conflict, unauthorized } from '../../lib/http-error.ts';
import { type HoldFactsRow, holdFactsSql, holdFromRow, latestReleaseOf, lockBusinessMoney } from '../finance/postings.service.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Advisory lock class of Credit placements: one at a time per business (pg_advisory_xact_lock(class, business id)). */
const CREDIT_LOCK = 14_012;

const closedStatuses = sql.join(
  CLOSED_ORDER_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

interface ExposureRow extends HoldFactsRow {
  limit: string;
  open: string;
  used: number | null;
}

/**
 * What a business owes against its credit limit (issue 14 point 12): the open amount of its Credit
 * ledger entries (SPEC 2; issue 18: payable less what receipts and credit notes paid) plus the remaining amount of its Credit orders not yet Delivered or
 * Rejected (ledger entries come only at delivery). `used` says whether the buyer's Idempotency-Key
 * is already taken. One statement, on the ledgers_business_idx and orders_business_idx indexes.
 */
async function readExposure(
  db: Db | Tx,
  p: { businessId: number; excludeOrderId?: number; userId?: number; key?: string | null },
  now = new Date(),
): Promise<{ exposure: CreditExposure; hold: CreditHold; used: boolean } | null> {
  const result = await db.execute(sql`
    select b.credit_limit::text as "limit",
      ${holdFactsSql(sql`b.id`, todayKarachi(now))},
      (select coalesce(sum(o.remaining_amount), 0)::text from orders o where o.business_id = b.id and o.payment_mode = 'Credit'
        and o.status not in (${closedStatuses}) and o.id <> ${p.excludeOrderId ?? 0}::int) as open,
      (select o.id from orders o where o.business_user_id = ${p.userId ?? 0}::int and o.idempotency_key = ${p.key ?? null}::text) as used
    from businesses b where b.id = ${p.businessId}::int`);
  const [row] = (result as unknown as { rows: ExposureRow[] }).rows;
  if (!row) return null;
  // Issue 37: a running release lifts the hold and raises what may be owed by its amount (one rule, the domain's).
  const exposure = { limit: toPaisa(row.limit), ledgerOutstanding: toPaisa(row.ledger), openOrders: toPaisa(row.open), release: liveRelease(latestReleaseOf(row), now) };
  return { exposure, hold: holdFromRow(row, exposure.limit, exposure.openOrders, now), used: row.used != null };
}

/**
 * Inside the placing transaction: waits for any other Credit placement of the business to commit,
 * then reads what the business owes (a new statement, so a new snapshot that sees that order) and
 * refuses the order (409, the domain's message) when it does not fit the credit limit. Only Credit
 * orders take the lock, so Cash orders are not slowed. Answers whether this buyer's Idempotency-Key
 * was used meanwhile (a concurrent retry committed first): that retry is answered with its order.
 */
export async function checkCreditUnderLock(
  tx: Tx,
  p: { businessId: number; orderTotal: Paisa; excludeOrderId?: number; userId?: number; key?: string | null },
): Promise<{ keyUsed: boolean }> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CREDIT_LOCK}::int, ${p.businessId}::int)`);
  // Issue 18: and no receipt, bounce or delivery of the business changes what it owes meanwhile.
  await lockBusinessMoney(tx, p.businessId);
  const read = await readExposure(tx, p);
  if (!read) throw unauthorized();
  if (read.used) return { keyUsed: true };
  // Issue 18: a business on credit hold places no Credit order (Finance may release the hold).
  if (read.hold.held) throw conflict(read.hold.message);
  const fit = checkCredit(p.orderTotal, read.exposure);
  if (!fit.ok) throw conflict(fit.message);
  return { keyUsed: false };
}

/** GET /api/orders/credit: the caller's business's standing, so the checkout can warn before Place order. */
export async function readCreditStanding(db: Db, businessId: number): Promise<CreditStanding> {
  const read = await readExposure(db, { businessId });
  const e: CreditExposure = read?.exposure ?? { limit: 0, ledgerOutstanding: 0, openOrders: 0 };
  return {
    hold: read?.hold.held ? read.hold.message : null,
    credit_limit: fromPaisa(e.limit),
    ledger_outstanding: fromPaisa(e.ledgerOutstanding),
    open_orders: fromPaisa(e.openOrders),
    available: fromPaisa(availableCredit(e)),
    release: e.release ? { amount: fromPaisa(e.release.amount), until: toKarachiIso(e.release.until) } : null,
  };
}
