import { MESSAGES } from '@shop/domain/account-rules';
import { type SessionUser, WRONG_CREDENTIALS } from '@shop/domain/auth';
import { type BusinessStatus, CLOSED_MESSAGE, canSignIn } from '@shop/domain/businesses';
import type { UserType } from '@shop/domain/constants';
import type { PasswordContext } from '@shop/domain/password-policy';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businesses, businessUsers } from '../../db/schema/business.ts';
import { cities } from '../../db/schema/places.ts';
import { badRequest, forbidden, unauthorized } from '../../lib/http-error.ts';
import { assertPassword } from '../../lib/password-policy.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { revokeUserSessions } from '../../lib/sessions.ts';

const userColumns = {
  id: businessUsers.id,
  type: businessUsers.type,
  name: businessUsers.name,
  email: businessUsers.email,
  mobileNo: businessUsers.mobileNo,
  nic: businessUsers.nationalIdentityCard,
  businessId: businessUsers.businessId,
  metroStoreId: businessUsers.metroStoreId,
  deliveryId: businessUsers.deliveryId,
  customerId: businessUsers.customerId,
  cmId: businessUsers.cmId,
  limit: businessUsers.limit,
  helpNo: businessUsers.helpNo,
  address: businessUsers.address,
  passwordHash: businessUsers.passwordHash,
  businessName: businesses.name,
  businessStatus: businesses.status,
  city: cities.name,
};

type UserRow = { [K in keyof typeof userColumns]: unknown } & Record<string, unknown>;

function toSessionUser(row: UserRow): SessionUser {
  return {
    id: row.id as number,
    cmId: (row.cmId as string | null) ?? null,
    type: row.type as UserType,
    name: row.name as string,
    business_name: row.businessName as string,
    email: row.email as string,
    mobile_no: row.mobileNo as string,
    national_identity_card: row.nic as string,
    businessId: row.businessId as number,
    BusinessUserId: row.id as number,
    businessUserId: row.id as number,
    metro_store_id: (row.metroStoreId as number | null) ?? null,
    delivery_id: (row.deliveryId as number | null) ?? null,
    customer_id: (row.customerId as string | null) ?? null,
    limit: row.limit as string,
    help_no: row.helpNo as string,
    city: (row.city as string | null) ?? null,
    address: row.address as string,
  };
}

function selectUsers(db: Db) {
  return db
    .select(userColumns)
    .from(businessUsers)
    .innerJoin(businesses, eq(businesses.id, businessUsers.businessId))
    .leftJoin(cities, eq(cities.id, businesses.cityId));
}

/** The registered user with this id, as the storefront sees it; null when there is none. */
export async function findSessionUser(db: Db, userId: number): Promise<SessionUser | null> {
  const [row] = await selectUsers(db).where(eq(businessUsers.id, userId)).limit(1);
  return row ? toSessionUser(row) : null;
}

/**
 * Checks an email and password. Whatever is wrong (unknown email, wrong password), the answer is
 * the same text, and an unknown email still costs one hash so timing tells nothing either.
 */
export async function authenticate(db: Db, email: string, password: string): Promise<SessionUser> {
  const [row] = await selectUsers(db).where(eq(businessUsers.email, email.trim().toLowerCase())).limit(1);
  if (!row) {
    await verifyPassword(password, await dummyPasswordHash());
    throw unauthorized(WRONG_CREDENTIALS);
  }
  if (!(await verifyPassword(password, row.passwordHash))) throw unauthorized(WRONG_CREDENTIALS);
  // Issue 18: told only to someone who knows the password, so it reveals nothing to a stranger.
  if (!canSignIn(row.businessStatus as BusinessStatus)) throw forbidden(CLOSED_MESSAGE);
  return toSessionUser(row);
}

/**
 * SPEC 5/7 ChangePassword: only for the signed-in user's own account (the token says who), with
 * the current password. The confirm-password rule is the client's: the API takes newPassword only.
 * The session `keepSid` (the caller's) stays signed in; every other session of the user ends (their ids are returned).
 */
export async function changePassword(db: Db, userId: number, email: string, current: string, next: string, keepSid?: string): Promise<string[]> {
  if (next === current) throw badRequest(MESSAGES.newPasswordSame);
  const [row] = await db
    .select({ email: businessUsers.email, passwordHash: businessUsers.passwordHash, businessName: businesses.name })
    .from(businessUsers)
    .innerJoin(businesses, eq(businesses.id, businessUsers.businessId))
    .where(eq(businessUsers.id, userId))
    .limit(1);
  if (!row || row.email !== email.trim().toLowerCase()) throw forbidden('You can change only your own password.');
  // Issue 14 point 5: checked before the current password's hash, which it does not need.
  await assertPassword(next, { email: row.email, businessName: row.businessName });
  if (!(await verifyPassword(current, row.passwordHash))) throw badRequest(CURRENT_PASSWORD_WRONG);
  const passwordHash = await hashPassword(next);
  // Issue 14: whoever else holds a session of this account (a copied token) is signed out with it.
  return db.transaction(async (tx) => {
    await tx.update(businessUsers).set({ passwordHash }).where(eq(businessUsers.id, userId));
    return revokeUserSessions(tx as unknown as Db, userId, keepSid);
  });
}

/** What a new password of this user may not contain (issue 14 point 5). */
export async function passwordContextOf(db: Db, userId: number): Promise<PasswordContext> {
  const [row] = await db
    .select({ email: businessUsers.email, businessName: businesses.name })
    .from(businessUsers)
    .innerJoin(businesses, eq(businesses.id, businessUsers.businessId))
    .where(eq(businessUsers.id, userId))
    .limit(1);
  return row ?? {};
}

export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect.';
