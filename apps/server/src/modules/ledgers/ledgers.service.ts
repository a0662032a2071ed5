import type { PaymentMode, UserType } from '@shop/domain/constants';
import { agingAmounts, bucketTotals, creditOutstanding, invoiceNumber as invoiceNumberOf, payableBy, todayKarachi } from '@shop/domain/ledgers';
import { fromPaisa, toPaisa } from '@shop/domain/money';
import { readsWholeBusiness } from '@shop/domain/order-rules';
import type { LedgerEntry, Ledgers } from '@shop/domain/orders';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices, ledgers } from '../../db/schema/orders.ts';
import { openAmountSql, postInvoiceEntry } from '../finance/postings.service.ts';

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
      // Issue 18: what is still owed on the entry (its payable less the receipts and credit notes applied).
      payable: sql<string>`${openAmountSql(sql`${ledgers}`)}::text`,
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

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Issue 16: a delivered order's final amount is posted to its business's ledger: an invoice due
 * after the order's payment days (counted from the Pakistan day of delivery) and a ledger entry
 * payable in full, appended in the delivery's transaction. The unique invoice per order makes a
 * second posting of one order fail rather than count twice.
 */
export async function postDeliveredOrder(
  tx: Tx,
  order: { orderId: number; businessId: number; businessUserId: number; amount: string; paymentMode: string; paymentDays: number },
  now = new Date(),
): Promise<{ invoiceNumber: string }> {
  const deliveredOn = todayKarachi(now);
  const dueOn = payableBy(deliveredOn, order.paymentDays);
  const invoiceNumber = invoiceNumberOf(deliveredOn, order.orderId);
  const [invoice] = await tx
    .insert(invoices)
    .values({ invoiceNumber, orderId: order.orderId, businessId: order.businessId, businessUserId: order.businessUserId, amount: order.amount, paymentMode: order.paymentMode, dueOn })
    .returning({ id: invoices.id });
  const [entry] = await tx
    .insert(ledgers)
    .values({
      businessId: order.businessId,
      businessUserId: order.businessUserId,
      invoiceId: invoice?.id,
      totalSpent: order.amount,
      payable: order.amount,
      payableBy: dueOn,
      paymentMode: order.paymentMode,
    })
    .returning({ id: ledgers.id });
  if (!entry) throw new Error('ledger entry not inserted');
  // Issue 18: the invoice enters the business's journal (statement), and credit on account pays it.
  await postInvoiceEntry(tx, { ledgerId: entry.id, businessId: order.businessId, amount: order.amount, invoiceNumber, paymentMode: order.paymentMode });
  return { invoiceNumber };
}
