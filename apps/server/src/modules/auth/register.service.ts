import { randomBytes } from 'node:crypto';
import { isValidEmail } from '@shop/domain/account';
import { isValidBusinessName, isValidCustomerName, isValidSignUpPhone } from '@shop/domain/account-rules';
import type { RegisterStep1, SignUpPageData } from '@shop/domain/auth';
import { canUploadDocuments } from '@shop/domain/businesses';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businesses, businessUsers } from '../../db/schema/business.ts';
import { areas, businessTypes, cities } from '../../db/schema/places.ts';
import { badRequest, conflict, forbidden } from '../../lib/http-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { type FilesAt, prepareDocuments, storeDocuments } from '../uploads/uploads.service.ts';
import { noteDocumentsUploaded } from '../businesses/businesses.service.ts';

export const EMAIL_TAKEN = 'An account with this email already exists. Please sign in or reset your password.';

const idOrNull = (v: number | '' | null | undefined) => (typeof v === 'number' ? v : null);
const coordinate = (v: number | '' | null | undefined, max: number) => (typeof v === 'number' && Math.abs(v) <= max ? v : null);

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** Step 2 of the sign-up (SPEC 2): type and sub type must exist and belong together, the area to its city. */
async function resolvePlaces(db: Db, input: RegisterStep1) {
  const u = input.business_users[0];
  const typeId = idOrNull(input.business_type_id);
  const subTypeId = idOrNull(input.business_sub_type_id);
  if (subTypeId != null && typeId == null) throw badRequest('Choose a Business Type before a Sub Business Type.');
  if (typeId != null) {
    const [type] = await db.select({ id: businessTypes.id }).from(businessTypes).where(and(eq(businessTypes.id, typeId), eq(businessTypes.active, true))).limit(1);
    if (!type) throw badRequest('Unknown Business Type.');
  }
  if (subTypeId != null) {
    const [sub] = await db
      .select({ id: businessTypes.id })
      .from(businessTypes)
      .where(and(eq(businessTypes.id, subTypeId), eq(businessTypes.parentId, typeId as number), eq(businessTypes.active, true)))
      .limit(1);
    if (!sub) throw badRequest('The Sub Business Type does not belong to the Business Type.');
  }
  let cityId = idOrNull(u?.city_id);
  const areaId = idOrNull(u?.area_id);
  let cityName: string | null = null;
  let area: { id: number; name: string; cityId: number; storeId: number } | null = null;
  if (areaId != null) {
    const [row] = await db.select().from(areas).where(eq(areas.id, areaId)).limit(1);
    if (!row || (cityId != null && row.cityId !== cityId)) throw badRequest('The Area is not in the chosen City.');
    // Issue 35: an area staff made inactive is no longer offered.
    if (!row.active) throw badRequest('We do not deliver to this Area any more. Please choose another.');
    area = row;
    cityId = row.cityId;
  }
  if (cityId != null) {
    const [city] = await db.select({ name: cities.name, active: cities.active }).from(cities).where(eq(cities.id, cityId)).limit(1);
    if (!city) throw badRequest('Unknown City.');
    if (!city.active) throw badRequest('We do not deliver to this City yet. Please choose another.');
    cityName = city.name;
  }
  return { typeId, subTypeId, cityId, area, cityName };
}

/** SPEC 5 rules, checked again here: the web's checks are a convenience, these are the rule. */
function checkStep1(input: RegisterStep1) {
  const u = input.business_users[0];
  if (!u) throw badRequest('The registration needs its user.');
  if (!isValidBusinessName(input.business_name)) throw badRequest('Business name must be longer than 8 characters.');
  if (!isValidCustomerName(u.name)) throw badRequest('Customer name must be at least 8 characters.');
  if (!isValidSignUpPhone(u.mobile_no)) throw badRequest('Phone number must be 12 digits starting with 92.');
  if (!isValidEmail(u.email)) throw badRequest('Please enter a valid email address.');
  return u;
}

/**
 * Creates the business and its Owner in one transaction, with any documents. Whatever the body
 * says, the registrant is the Owner of a new Cash business with no credit and no spending limit.
 */
export async function registerBusiness(db: Db, dataDir: FilesAt, input: RegisterStep1) {
  const u = checkStep1(input);
  const email = u.email.trim().toLowerCase();
  const [taken] = await db.select({ id: businessUsers.id }).from(businessUsers).where(eq(businessUsers.email, email)).limit(1);
  if (taken) throw conflict(EMAIL_TAKEN);
  const places = await resolvePlaces(db, input);
  const documents = prepareDocuments(u);
  // The sign-up has no password field (SPEC 2): the account gets a random one nobody knows, and the
  // welcome mail carries a code to choose a real one (docs/decisions/004-registration-password.md).
  const passwordHash = await hashPassword(randomBytes(24).toString('base64'));
  let discard: (() => Promise<void>) | null = null;
  try {
    return await db.transaction(async (tx) => {
      const [business] = await tx
        .insert(businesses)
        .values({
          name: input.business_name.trim(),
          businessTypeId: places.typeId,
          businessSubTypeId: places.subTypeId,
          paymentMode: 'Cash',
          creditLimit: '0',
          advanceAmount: '0',
          paymentDays: 0,
          cityId: places.cityId,
          areaId: places.area?.id ?? null,
          storeId: places.area?.storeId ?? null,
          latitude: coordinate(u.latitude, 90),
          longitude: coordinate(u.longitude, 180),
        })
        .returning({ id: businesses.id });
      if (!business) throw new Error('business not created');
      const [user] = await tx
        .insert(businessUsers)
        .values({
          businessId: business.id,
          type: 'Owner',
          name: u.name.trim(),
          email,
          mobileNo: u.mobile_no,
          passwordHash,
          limit: '0',
          address: [places.area?.name, places.cityName].filter(Boolean).join(', '),
          metroStoreId: places.area?.storeId ?? null,
        })
        .returning({ id: businessUsers.id });
      if (!user) throw new Error('user not created');
      const stored = await storeDocuments(tx, dataDir, business.id, documents);
      discard = stored.discard;
      return { businessId: business.id, userId: user.id, documents: stored.count };
    });
  } catch (err) {
    await (discard as (() => Promise<void>) | null)?.();
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
    throw err;
  }
}

/** SPEC 3 document step: only the Owner of that business, signed in, may add its documents. */
export async function addDocuments(
  db: Db,
  dataDir: FilesAt,
  auth: { userId: number; type: string; businessId: number | null },
  businessId: number,
  values: Parameters<typeof prepareDocuments>[0],
) {
  if (!canUploadDocuments(auth.type) || auth.businessId !== businessId) throw forbidden('Only the Owner of this business can upload its documents.');
  const documents = prepareDocuments(values);
  if (documents.length === 0) return 0;
  let discard: (() => Promise<void>) | null = null;
  try {
    return await db.transaction(async (tx) => {
      const stored = await storeDocuments(tx, dataDir, businessId, documents);
      discard = stored.discard;
      // Issue 18: documents asked for again are no longer asked for; the business goes back to the queue.
      await noteDocumentsUploaded(tx, businessId, documents.map((d) => d.kind));
      return stored.count;
    });
  } catch (err) {
    await (discard as (() => Promise<void>) | null)?.();
    throw err;
  }
}

/** SPEC 7: the step-2 dropdowns (business types with their parent, cities, areas with store). */
export async function signUpPageData(db: Db): Promise<SignUpPageData> {
  const [types, cityRows, areaRows] = await Promise.all([
    // Issue 35: an inactive business type is not offered.
    db.select().from(businessTypes).where(eq(businessTypes.active, true)).orderBy(asc(businessTypes.sortOrder), asc(businessTypes.id)),
    // Issue 35: only active cities and their active areas are offered, each city with its deliveries.
    db.select().from(cities).where(eq(cities.active, true)).orderBy(asc(cities.id)),
    db.select().from(areas).where(eq(areas.active, true)).orderBy(asc(areas.cityId), asc(areas.name)),
  ]);
  return {
    business_types: types.map((t) => ({ id: t.id, name: t.name, image: t.image, parent_id: t.parentId, parentId: t.parentId })),
    cities: cityRows.map((c) => ({ id: c.id, name: c.name, delivery_days: c.deliveryDays, cutoff_time: c.cutoffTime })),
    areas: areaRows.filter((a) => cityRows.some((c) => c.id === a.cityId)).map((a) => ({ id: a.id, name: a.name, parentId: a.cityId, city_id: a.cityId, store_id: a.storeId })),
  };
}
