import type { PaymentMode, UserType } from '@shop/domain/constants';
import { agingAmounts, bucketTotals, creditOutstanding, todayKarachi } from '@shop/domain/ledgers';
import { fromPaisa, toPaisa } from '@shop/domain/money';
import { readsWholeBusiness } from '@shop/domain/order-rules';
import type { LedgerEntry, Ledgers } from '@shop/domain/orders';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices, ledgers } from '../../db/schema/orders.ts';

export interface Reader {
  userId: number;
  businessId: number;
  type: UserType;
}

/**
 * Our ledger call (SPEC 2 Outstandings). Buckets are derived from payable_by on each read (days
 * in Pakistan), so they never go stale. Scope as for orders: the business for an Approver, else the caller.
 */
export async function readLedgers(db: Db, reader: Reader, options: { paymentMode?: PaymentMode; now?: Date } = {}): Promise<Ledgers> {
  const scope = readsWholeBusiness(reader.type) ? eq(ledgers.businessId, reader.businessId) : eq(ledgers.businessUserId, reader.userId);
  const where = options.paymentMode ? and(scope, eq(ledgers.paymentMode, options.paymentMode)) : scope;
  const rows = await db
    .select({
      id: ledgers.id,
      invoice_number: invoices.invoiceNumber,
      total_spent: ledgers.totalSpent,
      payable: ledgers.payable,
      payable_by: ledgers.payableBy,
      payment_mode: ledgers.paymentMode,
    })
    .from(ledgers)
    .leftJoin(invoices, eq(invoices.id, ledgers.invoiceId))
    .where(where)
    .orderBy(asc(ledgers.payableBy), asc(ledgers.id));
  const today = todayKarachi(options.now);
  const entries: LedgerEntry[] = rows.map((r) => {
    const payable = fromPaisa(toPaisa(r.payable));
    return {
      id: r.id,
      invoice_number: r.invoice_number ?? null,
      total_spent: fromPaisa(toPaisa(r.total_spent)),
      payable,
      payable_by: r.payable_by,
      payment_mode: r.payment_mode as PaymentMode,
      ...agingAmounts(payable, r.payable_by, today),
    };
  });
  const sum = (k: 'total_spent' | 'payable') => fromPaisa(entries.reduce((n, e) => n + toPaisa(e[k]), 0));
  return {
    entries,
    total_spent: sum('total_spent'),
    payable: sum('payable'),
    credit_outstanding: creditOutstanding(entries),
    buckets: bucketTotals(entries),
    as_of: today,
  };
}
