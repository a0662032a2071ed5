import type { PaymentMode, UserType } from '@shop/domain/constants';
import { fromPaisa, toPaisa } from '@shop/domain/money';
import type { Business, BusinessUser } from '@shop/domain/orders';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businesses, businessUsers } from '../../db/schema/business.ts';
import { notFound } from '../../lib/http-error.ts';

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
