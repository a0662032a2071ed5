import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businesses, businessUsers } from '../../db/schema/business.ts';

/**
 * Issue 17 (decision 021): what other modules ask of a buyer and their business. The businesses module
 * owns businesses and business_users; orders and reorder read them only through these functions.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Place order's context (orders place-order.service.ts): the buyer, their business's terms and
 * status, with the caller's own `extra` columns, in one select meant to be prepared once (one round
 * trip per order). No row when the user is not of that business.
 */
export function selectBuyerForOrder<E extends Record<string, SQL.Aliased | SQL>>(
  db: Db,
  ids: { userId: Placeholder | number; businessId: Placeholder | number },
  extra: E,
) {
  return db
    .select({
      type: businessUsers.type,
      name: businessUsers.name,
      limit: businessUsers.limit,
      address: businessUsers.address,
      mobileNo: businessUsers.mobileNo,
      metroStoreId: businessUsers.metroStoreId,
      deliveryId: businessUsers.deliveryId,
      customerId: businessUsers.customerId,
      userCmId: businessUsers.cmId,
      businessName: businesses.name,
      paymentMode: businesses.paymentMode,
      paymentDays: businesses.paymentDays,
      businessCmId: businesses.cmId,
      businessStatus: businesses.status,
      ...extra,
    })
    .from(businessUsers)
    .innerJoin(businesses, eq(businesses.id, businessUsers.businessId))
    .where(and(eq(businessUsers.id, ids.userId), eq(businessUsers.businessId, ids.businessId)))
    .limit(1);
}

/** Issue 36: the city of business `businessId` (an SQL expression of the caller's statement), as a scalar subquery. */
export const businessCityIdSql = (businessId: Placeholder | number | SQL): SQL<number | null> =>
  sql<number | null>`(select ${businesses.cityId} from ${businesses} where ${businesses.id} = ${businessId})`;

/** The business's payment terms (SPEC 3), or undefined when there is no such business. */
export async function businessPaymentTerms(db: Db | Tx, businessId: number): Promise<{ paymentMode: string; paymentDays: number } | undefined> {
  const [row] = await db
    .select({ paymentMode: businesses.paymentMode, paymentDays: businesses.paymentDays })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row;
}

/** A user of the business as the database has them now (a token minted before a role change does not keep the right). */
export async function findBusinessUser(
  db: Db | Tx,
  userId: number,
  businessId: number,
): Promise<{ type: string; name: string; limit: string } | undefined> {
  const [row] = await db
    .select({ type: businessUsers.type, name: businessUsers.name, limit: businessUsers.limit })
    .from(businessUsers)
    .where(and(eq(businessUsers.id, userId), eq(businessUsers.businessId, businessId)))
    .limit(1);
  return row;
}

/** The name of the business user `userId` (an SQL expression of the caller's statement), as a correlated subquery. */
export const businessUserNameSql = (userId: SQL): SQL<string> =>
  sql<string>`(select ${businessUsers.name} from ${businessUsers} where ${businessUsers.id} = ${userId})`;

/** Issue 37: who decides the business's Pending orders (its Approvers), to be told of one waiting. */
export async function businessApprovers(db: Db | Tx, businessId: number): Promise<{ email: string; name: string }[]> {
  return db
    .select({ email: businessUsers.email, name: businessUsers.name })
    .from(businessUsers)
    .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.type, 'Approver')))
    .orderBy(businessUsers.id);
}
