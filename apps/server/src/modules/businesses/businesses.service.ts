// Issue 18: the businesses staff read (the verification queue, a business page with its duplicate flags),
// what the buyer reads of their verification, and the note of documents sent again. Decisions and edits:
// business-decisions.service.ts.
import { DOCUMENT_KINDS, type DocumentKind } from '@shop/domain/account-rules';
import {
  type BusinessQueuePage,
  type BusinessQueueQuery,
  type BusinessStatus,
  type BuyerVerification,
  DOCUMENT_LABELS,
  type DuplicateFlags,
  idDigits,
  type StaffBusiness,
  type Terms,
  type VerificationState,
  WAITING_STATES,
} from '@shop/domain/businesses';
import type { PaymentMode, UserType } from '@shop/domain/constants';
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businesses, businessUsers, uploads } from '../../db/schema/business.ts';
import { isoTime } from '../../db/schema/common.ts';
import { areas, businessTypes, cities } from '../../db/schema/places.ts';
import { notFound } from '../../lib/http-error.ts';
import { documentCountSql } from '../uploads/uploads.service.ts';

export interface StaffActor {
  staffId: number;
  ip: string;
}

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The time of a row to the microsecond, as the queue's cursor carries it (ISO, UTC). */
const cursorTime = sql<string>`to_char(${businesses.verificationAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

// Another business shares this one's CNIC (its own or any of its users'), NTN or a user's phone.
const ownCnics = sql`(select ${businesses.cnicNumber} where ${businesses.cnicNumber} <> ''
  union select regexp_replace(u.national_identity_card, '\\D', '', 'g') from business_users u
  where u.business_id = ${businesses.id} and u.national_identity_card <> '')`;
const duplicateCnic = sql`exists (select 1 from businesses o where o.id <> ${businesses.id} and o.cnic_number <> '' and o.cnic_number in ${ownCnics})
  or exists (select 1 from business_users ou where ou.business_id <> ${businesses.id} and ou.national_identity_card <> ''
    and regexp_replace(ou.national_identity_card, '\\D', '', 'g') in ${ownCnics})`;
const duplicateNtn = sql`(${businesses.ntnNumber} <> '' and exists (select 1 from businesses o where o.id <> ${businesses.id} and o.ntn_number = ${businesses.ntnNumber}))`;
const duplicatePhone = sql`exists (select 1 from business_users u join business_users ou on ou.mobile_no = u.mobile_no and ou.business_id <> u.business_id
  where u.business_id = ${businesses.id} and u.mobile_no <> '')`;

/** Issue 18: the verification queue, oldest first, keyset-paged on (verification_at, id). */
export async function businessQueue(db: Db, query: BusinessQueueQuery): Promise<BusinessQueuePage> {
  const states: readonly VerificationState[] = query.state === 'waiting' ? WAITING_STATES : [query.state];
  const conditions = [inArray(businesses.verification, [...states])];
  if (query.after) {
    const [time, id] = query.after.split('_') as [string, string];
    conditions.push(sql`(${businesses.verificationAt}, ${businesses.id}) > (${time}::timestamptz, ${Number(id)}::int)`);
  }
  const owner = sql<string | null>`(select u.name from business_users u where u.business_id = ${businesses.id} and u.type = 'Owner' order by u.id limit 1)`;
  const rows = await db
    .select({
      id: businesses.id,
      name: businesses.name,
      owner_name: owner,
      city: cities.name,
      area: areas.name,
      verification: businesses.verification,
      cursor: cursorTime,
      documents: documentCountSql(businesses.id),
      has_duplicates: sql<boolean>`(${duplicateCnic} or ${duplicateNtn} or ${duplicatePhone})`,
      email_unproven: sql<boolean>`exists (select 1 from business_users u where u.business_id = ${businesses.id} and u.email_proven_at is null)`,
      status: businesses.status,
    })
    .from(businesses)
    .leftJoin(cities, eq(cities.id, businesses.cityId))
    .leftJoin(areas, eq(areas.id, businesses.areaId))
    .where(and(...conditions))
    .orderBy(asc(businesses.verificationAt), asc(businesses.id))
    .limit(query.limit + 1);
  const [waiting] = await db.select({ n: count() }).from(businesses).where(inArray(businesses.verification, [...WAITING_STATES]));
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    businesses: page.map(({ cursor, ...r }) => ({
      ...r,
      verification: r.verification as VerificationState,
      status: r.status as BusinessStatus,
      waiting_since: cursor,
      documents: Number(r.documents),
    })),
    next: rows.length > query.limit && last ? `${last.cursor}_${last.id}` : null,
    waiting: waiting?.n ?? 0,
  };
}

async function duplicateFlags(db: Db | Tx, businessId: number, cnicNumber: string, ntnNumber: string): Promise<DuplicateFlags> {
  const users = await db
    .select({ email: businessUsers.email, nic: businessUsers.nationalIdentityCard, mobile: businessUsers.mobileNo, proven: businessUsers.emailProvenAt })
    .from(businessUsers)
    .where(eq(businessUsers.businessId, businessId));
  const cnics = [...new Set([cnicNumber, ...users.map((u) => idDigits(u.nic))].filter((c) => c !== ''))];
  const phones = [...new Set(users.map((u) => u.mobile).filter((p) => p !== ''))];
  const others = (where: ReturnType<typeof sql>) =>
    db.select({ id: businesses.id, name: businesses.name }).from(businesses).where(and(ne(businesses.id, businessId), where)).orderBy(asc(businesses.id)).limit(20);
  const param = (values: string[]) => sql`${sql.param(values)}::text[]`;
  const [cnic, ntn, phone] = await Promise.all([
    cnics.length === 0
      ? []
      : others(
          sql`(${businesses.cnicNumber} = any(${param(cnics)}) or exists (select 1 from business_users ou where ou.business_id = ${businesses.id}
            and ou.national_identity_card <> '' and regexp_replace(ou.national_identity_card, '\\D', '', 'g') = any(${param(cnics)})))`,
        ),
    ntnNumber === '' ? [] : others(eq(businesses.ntnNumber, ntnNumber)),
    phones.length === 0 ? [] : others(sql`exists (select 1 from business_users ou where ou.business_id = ${businesses.id} and ou.mobile_no = any(${param(phones)}))`),
  ]);
  return { cnic, ntn, phone, unprovenEmails: users.filter((u) => u.proven === null).map((u) => u.email) };
}

export const termsOf = (b: { paymentMode: string; creditLimit: string; paymentDays: number; advanceAmount: string }): Terms => ({
  payment_mode: b.paymentMode as PaymentMode,
  credit_limit: b.creditLimit,
  payment_days: b.paymentDays,
  advance_amount: b.advanceAmount,
});

/** Issue 18: the business page (and the verification page) for staff. */
export async function readStaffBusiness(db: Db | Tx, id: number): Promise<StaffBusiness> {
  const [b] = await db
    .select({ b: businesses, city: cities.name, area: areas.name, type: businessTypes.name, since: cursorTime })
    .from(businesses)
    .leftJoin(cities, eq(cities.id, businesses.cityId))
    .leftJoin(areas, eq(areas.id, businesses.areaId))
    .leftJoin(businessTypes, eq(businessTypes.id, sql`coalesce(${businesses.businessSubTypeId}, ${businesses.businessTypeId})`))
    .where(eq(businesses.id, id))
    .limit(1);
  if (!b) throw notFound('Business not found');
  const [users, docs] = await Promise.all([
    db.select().from(businessUsers).where(eq(businessUsers.businessId, id)).orderBy(asc(businessUsers.id)),
    db
      .select({ id: uploads.id, kind: uploads.kind, contentType: uploads.contentType, size: uploads.size, createdAt: uploads.createdAt })
      .from(uploads)
      .where(eq(uploads.businessId, id))
      // The sign-up's order (CNIC front, back, NTN, letter head, business card), newest first within a kind.
      .orderBy(sql`array_position(${sql.param([...DOCUMENT_KINDS])}::text[], ${uploads.kind})`, desc(uploads.id)),
  ]);
  const seen = new Set<string>();
  return {
    id: b.b.id,
    name: b.b.name,
    business_type: b.type,
    created_at: isoTime(b.b.createdAt),
    verification: b.b.verification as VerificationState,
    waiting_since: b.since,
    requested_documents: b.b.requestedDocuments as DocumentKind[],
    verification_note: b.b.verificationNote,
    status: b.b.status as BusinessStatus,
    notes: b.b.notes,
    cnic_number: b.b.cnicNumber,
    ntn_number: b.b.ntnNumber,
    city_id: b.b.cityId,
    city: b.city,
    area_id: b.b.areaId,
    area: b.area,
    terms: termsOf(b.b),
    version: b.b.version,
    users: users.map((u) => ({
      id: u.id,
      type: u.type as UserType,
      name: u.name,
      email: u.email,
      mobile_no: u.mobileNo,
      national_identity_card: u.nationalIdentityCard,
      limit: u.limit,
      email_proven: u.emailProvenAt !== null,
    })),
    documents: docs.map((d) => {
      const replaced = seen.has(d.kind);
      seen.add(d.kind);
      return {
        id: d.id,
        kind: d.kind as DocumentKind,
        label: DOCUMENT_LABELS[d.kind as DocumentKind],
        content_type: d.contentType,
        size: d.size,
        uploaded_at: isoTime(d.createdAt),
        replaced,
      };
    }),
    flags: await duplicateFlags(db, id, b.b.cnicNumber, b.b.ntnNumber),
  };
}

/**
 * Called by the upload step (SPEC 2) inside its transaction: the kinds sent are no longer requested;
 * when none remain, the business goes back into the queue as changed. A business still new keeps
 * its place. Bumps the version, so a staff decision taken on the older documents is refused.
 */
export async function noteDocumentsUploaded(tx: Tx, businessId: number, kinds: readonly DocumentKind[]) {
  const [b] = await tx.select().from(businesses).where(eq(businesses.id, businessId)).for('update');
  if (!b) return;
  const remaining = b.requestedDocuments.filter((k) => !kinds.includes(k as DocumentKind));
  const state = b.verification as VerificationState;
  const next: VerificationState = state === 'new' ? 'new' : state === 'documents_requested' && remaining.length > 0 ? 'documents_requested' : 'changed';
  await tx
    .update(businesses)
    .set({
      verification: next,
      requestedDocuments: remaining,
      ...(next !== state ? { verificationAt: sql`now()`, verificationNote: '' } : {}),
      version: b.version + 1,
    })
    .where(eq(businesses.id, businessId));
}

/** The buyer's view of their business's verification (Account Information). */
export async function buyerVerification(db: Db, businessId: number): Promise<BuyerVerification> {
  const [b] = await db
    .select({
      verification: businesses.verification,
      requested: businesses.requestedDocuments,
      note: businesses.verificationNote,
      status: businesses.status,
      paymentMode: businesses.paymentMode,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  if (!b) throw notFound('Business not found');
  return {
    business_id: businessId,
    verification: b.verification as VerificationState,
    requested_documents: (b.requested as DocumentKind[]).map((kind) => ({ kind, label: DOCUMENT_LABELS[kind] })),
    note: b.note,
    status: b.status as BusinessStatus,
    payment_mode: b.paymentMode as PaymentMode,
  };
}

/**
 * How many businesses are in a city or an area (an id, or an SQL expression of the caller's statement),
 * as a scalar subquery: the cities and areas screens count them, and one in use is not deleted (places).
 */
export const businessCountSql = (place: { cityId: number | SQL } | { areaId: number | SQL }): SQL<number> =>
  'cityId' in place
    ? sql<number>`(select count(*)::int from ${businesses} b where b.city_id = ${place.cityId})`
    : sql<number>`(select count(*)::int from ${businesses} b where b.area_id = ${place.areaId})`;

/** How many registrations wait for a person (new or changed), for the dashboard. */
export async function countWaitingRegistrations(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(businesses).where(inArray(businesses.verification, [...WAITING_STATES]));
  return row?.n ?? 0;
}
