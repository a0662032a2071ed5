// Issue 18: staff decisions on a business (approve, reject, ask for documents again) and the business
// page's edits: each one transaction on a version-checked row, audited with what it changed.
import {
  type ApproveBusinessInput,
  canDecide,
  paymentModeAllowedFor,
  type RequestDocumentsInput,
  STALE_BUSINESS,
  type Terms,
  UNVERIFIED_TERMS,
  type UpdateBusinessInput,
  type VerificationState,
} from '@shop/domain/businesses';
import { fromPaisa, toPaisa } from '@shop/domain/money';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { businesses, businessUsers, } from '../../db/schema/business.ts';
import { areas, cities } from '../../db/schema/places.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { revokeUserSessions } from '../../lib/sessions.ts';
import { appendAudit } from '../audit/audit.service.ts';

export interface StaffActor {
  staffId: number;
  ip: string;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
import { termsOf } from './businesses.service.ts';

type BusinessRow = typeof businesses.$inferSelect;

/**
 * Holds the business row until the transaction ends, so two staff changes (or a change and the
 * buyer's upload) run one after the other; refuses with 409 when it changed since the person read it.
 */
async function lockBusiness(tx: Tx, id: number, version: number): Promise<BusinessRow> {
  const [row] = await tx.select().from(businesses).where(eq(businesses.id, id)).for('update');
  if (!row) throw notFound('Business not found');
  if (row.version !== version) throw conflict(STALE_BUSINESS);
  return row;
}

/** The audited view of a business: what a change can touch. */
const snapshot = (b: BusinessRow) => ({
  verification: b.verification,
  requested_documents: b.requestedDocuments,
  verification_note: b.verificationNote,
  status: b.status,
  notes: b.notes,
  cnic_number: b.cnicNumber,
  ntn_number: b.ntnNumber,
  city_id: b.cityId,
  area_id: b.areaId,
  ...termsOf(b),
});

function checkTerms(state: VerificationState, terms: Terms) {
  if (!paymentModeAllowedFor(state, terms.payment_mode)) throw badRequest(UNVERIFIED_TERMS);
  if (terms.payment_mode === 'Credit' && toPaisa(terms.credit_limit) <= 0) throw badRequest('A Credit business needs a credit limit above zero.');
  // Amounts are kept exact and normalised (numeric(12,2)).
  return {
    paymentMode: terms.payment_mode,
    creditLimit: fromPaisa(toPaisa(terms.credit_limit)),
    paymentDays: terms.payment_days,
    advanceAmount: fromPaisa(toPaisa(terms.advance_amount)),
  };
}

async function writeBusiness(tx: Tx, actor: StaffActor, action: string, before: BusinessRow, set: PgUpdateSetSource<typeof businesses>, extra?: { before: object; after: object }) {
  const [after] = await tx
    .update(businesses)
    .set({ ...set, version: before.version + 1 })
    .where(and(eq(businesses.id, before.id), eq(businesses.version, before.version)))
    .returning();
  if (!after) throw conflict(STALE_BUSINESS);
  await appendAudit(tx, {
    staffId: actor.staffId,
    ip: actor.ip,
    action,
    entity: 'business',
    entityId: before.id,
    before: { ...snapshot(before), ...extra?.before },
    after: { ...snapshot(after), ...extra?.after },
  });
  return after;
}

/** Approve, with the terms the buyer's checkout will offer from now on. */
export async function approveBusiness(db: Db, actor: StaffActor, id: number, input: ApproveBusinessInput) {
  await db.transaction(async (tx) => {
    const b = await lockBusiness(tx, id, input.version);
    if (b.verification === 'approved') throw conflict('This business is already approved. Change its terms on the business page.');
    if (!canDecide(b.verification as VerificationState)) throw conflict('Documents were asked for again: wait for the buyer to send them.');
    const terms = checkTerms('approved', input.terms);
    await writeBusiness(tx, actor, 'business.approve', b, { verification: 'approved', verificationAt: sql`now()`, requestedDocuments: [], verificationNote: '', ...terms });
  });
}

/** Reject with a reason the buyer reads. A rejected business stays on Cash terms. */
export async function rejectBusiness(db: Db, actor: StaffActor, id: number, input: { version: number; reason: string }) {
  await db.transaction(async (tx) => {
    const b = await lockBusiness(tx, id, input.version);
    if (b.verification === 'rejected') throw conflict('This business is already rejected.');
    if (!canDecide(b.verification as VerificationState)) throw conflict('Documents were asked for again: wait for the buyer to send them.');
    await writeBusiness(tx, actor, 'business.reject', b, {
      verification: 'rejected',
      verificationAt: sql`now()`,
      requestedDocuments: [],
      verificationNote: input.reason,
      paymentMode: 'Cash',
      creditLimit: '0',
      advanceAmount: '0',
      paymentDays: 0,
    });
  });
}

/** Ask for named documents again; the buyer sees the request on Account Information (SPEC 2 upload step). */
export async function requestDocuments(db: Db, actor: StaffActor, id: number, input: RequestDocumentsInput) {
  await db.transaction(async (tx) => {
    const b = await lockBusiness(tx, id, input.version);
    await writeBusiness(tx, actor, 'business.request_documents', b, {
      verification: 'documents_requested',
      verificationAt: sql`now()`,
      requestedDocuments: input.kinds,
      verificationNote: input.note,
    });
  });
}

/** The business page's edits: terms, status, notes, CNIC/NTN numbers, city and area, Orderers' limits. */
export async function updateBusiness(db: Db, actor: StaffActor, id: number, input: UpdateBusinessInput) {
  await db.transaction(async (tx) => {
    const b = await lockBusiness(tx, id, input.version);
    const set: PgUpdateSetSource<typeof businesses> = {};
    if (input.terms) Object.assign(set, checkTerms(b.verification as VerificationState, input.terms));
    if (input.status !== undefined) set.status = input.status;
    if (input.notes !== undefined) set.notes = input.notes;
    if (input.cnic_number !== undefined) set.cnicNumber = input.cnic_number;
    if (input.ntn_number !== undefined) set.ntnNumber = input.ntn_number;
    if (input.city_id !== undefined || input.area_id !== undefined) {
      const areaId = input.area_id !== undefined ? input.area_id : b.areaId;
      let cityId = input.city_id !== undefined ? input.city_id : b.cityId;
      if (cityId != null) {
        const [city] = await tx.select({ id: cities.id }).from(cities).where(eq(cities.id, cityId)).limit(1);
        if (!city) throw badRequest('Unknown city.');
      }
      if (areaId != null) {
        const [area] = await tx.select().from(areas).where(eq(areas.id, areaId)).limit(1);
        if (!area || (cityId != null && area.cityId !== cityId)) throw badRequest('The area is not in the chosen city.');
        cityId = area.cityId;
        set.storeId = area.storeId;
      }
      set.cityId = cityId;
      set.areaId = areaId;
    }
    const limitChanges: { user_id: number; before: string; after: string }[] = [];
    if (input.limits?.length) {
      const ids = input.limits.map((l) => l.user_id);
      if (new Set(ids).size !== ids.length) throw badRequest('A user is named twice.');
      const users = await tx
        .select({ id: businessUsers.id, type: businessUsers.type, limit: businessUsers.limit })
        .from(businessUsers)
        .where(and(eq(businessUsers.businessId, id), inArray(businessUsers.id, ids)))
        .for('update');
      for (const l of input.limits) {
        const user = users.find((u) => u.id === l.user_id);
        if (!user) throw badRequest(`User ${l.user_id} is not a user of this business.`);
        // SPEC 4: only an Orderer's orders are held against a spending limit.
        if (user.type !== 'Orderer') throw badRequest('Only an Orderer has a spending limit.');
        const next = fromPaisa(toPaisa(l.limit));
        if (toPaisa(user.limit) !== toPaisa(next)) limitChanges.push({ user_id: user.id, before: user.limit, after: next });
      }
      for (const c of limitChanges) await tx.update(businessUsers).set({ limit: c.after }).where(eq(businessUsers.id, c.user_id));
    }
    const closing = set.status === 'closed' && b.status !== 'closed';
    await writeBusiness(tx, actor, 'business.update', b, set, {
      before: limitChanges.length ? { limits: limitChanges.map((c) => ({ user_id: c.user_id, limit: c.before })) } : {},
      after: limitChanges.length ? { limits: limitChanges.map((c) => ({ user_id: c.user_id, limit: c.after })) } : {},
    });
    if (closing) {
      // A closed business cannot sign in: whoever is signed in is signed out on every instance.
      const users = await tx.select({ id: businessUsers.id }).from(businessUsers).where(eq(businessUsers.businessId, id));
      for (const u of users) await revokeUserSessions(tx as unknown as Db, u.id);
    }
  });
}

