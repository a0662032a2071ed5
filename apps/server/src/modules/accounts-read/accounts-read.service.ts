import type { PaymentMode, UserType } from '@shop/domain/constants';
import { fromPaisa, toPaisa } from '@shop/domain/money';
import { readsWholeBusiness } from '@shop/domain/order-rules';
import type { Business, BusinessUser, Invoice } from '@shop/domain/orders';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businesses, businessUsers } from '../../db/schema/business.ts';
import { invoices } from '../../db/schema/orders.ts';
import { notFound } from '../../lib/http-error.ts';
import { toKarachiIso } from '@shop/domain/karachi-time';

const money = (v: string) => fromPaisa(toPaisa(v));

export interface Reader {
  userId: number;
  businessId: number;
  type: UserType;
}

/** GET /api/read/Businesses/{id}: the caller's own business only (404 for any other id). */
export async function readBusiness(db: Db, reader: Reader, id: number): Promise<Business> {
  if (id !== reader.businessId) throw notFound('Business not found');
  const [row] = await db
    .select({
      id: businesses.id,
      name: businesses.name,
      payment_mode: businesses.paymentMode,
      advance_amount: businesses.advanceAmount,
      credit_limit: businesses.creditLimit,
      payment_days: businesses.paymentDays,
    })
    .from(businesses)
    .where(eq(businesses.id, id));
  if (!row) throw notFound('Business not found');
  const credit = {
    payment_mode: row.payment_mode as PaymentMode,
    advance_amount: money(row.advance_amount),
    credit_limit: money(row.credit_limit),
    payment_days: row.payment_days,
  };
  return { id: row.id, name: row.name, ...credit, business_credits: [credit] };
}

/** GET /api/read/Business_Users/{id}: a user of the caller's own business (404 otherwise); no secrets. */
export async function readBusinessUser(db: Db, reader: Reader, id: number): Promise<BusinessUser> {
  const [row] = await db
    .select({
      id: businessUsers.id,
      business_id: businessUsers.businessId,
      type: businessUsers.type,
      name: businessUsers.name,
      email: businessUsers.email,
      mobile_no: businessUsers.mobileNo,
      address: businessUsers.address,
      limit: businessUsers.limit,
      help_no: businessUsers.helpNo,
    })
    .from(businessUsers)
    .where(and(eq(businessUsers.id, id), eq(businessUsers.businessId, reader.businessId)));
  if (!row) throw notFound('User not found');
  return { ...row, type: row.type as UserType, limit: money(row.limit) };
}

/** GET /api/read/Invoices: the business's for an Approver, the caller's own otherwise (SPEC 6). */
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
    })
    .from(invoices)
    .where(scope)
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .offset(page.offset)
    .limit(page.limit);
  return rows.map((r) => ({ ...r, created_on: toKarachiIso(r.created_on), amount: money(r.amount), payment_mode: r.payment_mode as PaymentMode }));
}
