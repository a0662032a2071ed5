import type { PaymentMode } from '@shop/domain/constants';
import { toKarachiIso } from '@shop/domain/karachi-time';
import { readsWholeBusiness } from '@shop/domain/order-rules';
import type { Invoice } from '@shop/domain/orders';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices, orders } from '../../db/schema/orders.ts';
import { money, type Reader } from './orders-read.service.ts';

/**
 * GET /api/read/Invoices (served by accounts-read; issue 17: orders owns invoices): the business's for an
 * Approver, the caller's own otherwise (SPEC 6), newest first.
 */
export async function listInvoices(db: Db, reader: Reader, page: { offset: number; limit: number }): Promise<Invoice[]> {
  const scope = readsWholeBusiness(reader.type) ? eq(invoices.businessId, reader.businessId) : eq(invoices.businessUserId, reader.userId);
  const rows = await db
    .select({
      id: invoices.id,
      invoice_number: invoices.invoiceNumber,
      order_id: invoices.orderId,
      business_id: invoices.businessId,
      business_user_id: invoices.businessUserId,
      amount: invoices.amount,
      payment_mode: invoices.paymentMode,
      due_on: invoices.dueOn,
      created_on: sql<string>`to_char(${invoices.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      // Issue 36: the buyer's reference and requested delivery day, as on the order.
      order_reference: orders.orderReference,
      requested_delivery_day: sql<string | null>`to_char(${orders.requestedDeliveryDay}, 'YYYY-MM-DD')`,
    })
    .from(invoices)
    .leftJoin(orders, eq(orders.id, invoices.orderId))
    .where(scope)
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .offset(page.offset)
    .limit(page.limit);
  return rows.map((r) => ({ ...r, created_on: toKarachiIso(r.created_on), amount: money(r.amount), payment_mode: r.payment_mode as PaymentMode }));
}
