import { toKarachiIso } from '@shop/domain/karachi-time';
import {
  type AnswerChangeRequestInput,
  CHANGE_REQUEST_KIND_LABEL,
  type ChangeRequest,
  type ChangeRequestKind,
  type ChangeRequestStatus,
  OPEN_REQUEST_EXISTS,
  REQUEST_ALREADY_ANSWERED,
} from '@shop/domain/policy-facts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderChangeRequests, orderEvents } from '../../db/schema/order-desk.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { appendAudit } from '../audit/audit.service.ts';
import type { StaffActor } from './order-moves.service.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Issue 36: buyers' requests to cancel or change a confirmed order (SPEC 9: within two hours of its
 * confirmation). The orders module checks the window (policy-facts.ts changeRequestRefusal) on the
 * order it holds locked and files the request here, in its transaction; the desk answers it here.
 * An answer records the desk's decision and note for the buyer; it does not move the order itself: the
 * desk cancels (Reject) or changes (lower lines) it with its usual moves, which carry their own audit,
 * mails, credit and ledger effects (docs/decisions/027-policy-facts.md).
 */

const utcIso = (column: unknown) => sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const requestColumns = {
  id: orderChangeRequests.id,
  order_id: orderChangeRequests.orderId,
  kind: orderChangeRequests.kind,
  reason: orderChangeRequests.reason,
  status: orderChangeRequests.status,
  requested_by: orderChangeRequests.requestedByName,
  requested_on: utcIso(orderChangeRequests.createdAt),
  answer_note: orderChangeRequests.answerNote,
  answered_on: utcIso(orderChangeRequests.answeredAt),
  answered_by: orderChangeRequests.answeredByName,
};

type RequestRow = { [K in keyof typeof requestColumns]: unknown };

function toRequest(r: RequestRow): ChangeRequest & { answered_by: string | null } {
  return {
    id: r.id as number,
    kind: r.kind as ChangeRequestKind,
    reason: r.reason as string,
    status: r.status as ChangeRequestStatus,
    requested_by: r.requested_by as string,
    requested_on: toKarachiIso(r.requested_on as string),
    answer_note: (r.answer_note as string | null) ?? null,
    answered_on: r.answered_on ? toKarachiIso(r.answered_on as string) : null,
    answered_by: (r.answered_by as string | null) ?? null,
  };
}

/** The requests of each order, oldest first, as the buyer reads them (without who answered). */
export async function changeRequestsOf(db: Db, orderIds: readonly number[]): Promise<Map<number, ChangeRequest[]>> {
  const byOrder = new Map<number, ChangeRequest[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db.select(requestColumns).from(orderChangeRequests).where(inArray(orderChangeRequests.orderId, [...orderIds])).orderBy(asc(orderChangeRequests.id));
  for (const r of rows) {
    const { answered_by: _staff, ...request } = toRequest(r);
    const list = byOrder.get(r.order_id as number) ?? [];
    list.push(request);
    byOrder.set(r.order_id as number, list);
  }
  return byOrder;
}

/** The requests of one order as the desk reads them (who answered too). */
export async function deskChangeRequests(db: Db, orderId: number): Promise<(ChangeRequest & { answered_by: string | null })[]> {
  const rows = await db.select(requestColumns).from(orderChangeRequests).where(eq(orderChangeRequests.orderId, orderId)).orderBy(asc(orderChangeRequests.id));
  return rows.map(toRequest);
}

export interface NewChangeRequest {
  orderId: number;
  kind: ChangeRequestKind;
  reason: string;
  userId: number;
  userName: string;
}

/**
 * Files a buyer's request inside the orders module's transaction (the order is locked there, and its
 * window checked). One request at a time waits for an answer (409 otherwise; the partial unique index
 * order_change_requests_open_uq holds it under concurrency too). The order's history records it.
 */
export async function fileChangeRequest(tx: Tx, request: NewChangeRequest): Promise<void> {
  const [open] = await tx
    .select({ id: orderChangeRequests.id })
    .from(orderChangeRequests)
    .where(and(eq(orderChangeRequests.orderId, request.orderId), eq(orderChangeRequests.status, 'open')));
  if (open) throw conflict(OPEN_REQUEST_EXISTS);
  await tx.insert(orderChangeRequests).values({
    orderId: request.orderId,
    kind: request.kind,
    reason: request.reason,
    requestedBy: request.userId,
    requestedByName: request.userName,
  });
  await tx.insert(orderEvents).values({
    orderId: request.orderId,
    actorKind: 'buyer',
    actorId: request.userId,
    actorName: request.userName,
    action: `${CHANGE_REQUEST_KIND_LABEL[request.kind].toLowerCase()} requested`,
    reason: request.reason,
  });
}

/**
 * The desk's answer to an open request: accepted or declined, with a note the buyer reads; audited and
 * recorded in the order's history, in one transaction. A request answered already is refused (409),
 * so of two people answering at once the second is told.
 */
export async function answerChangeRequest(db: Db, actor: StaffActor, orderId: number, requestId: number, input: AnswerChangeRequestInput): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: orderChangeRequests.id, kind: orderChangeRequests.kind, reason: orderChangeRequests.reason, status: orderChangeRequests.status })
      .from(orderChangeRequests)
      .where(and(eq(orderChangeRequests.id, requestId), eq(orderChangeRequests.orderId, orderId)))
      .for('update');
    if (!row) throw notFound('There is no such request on this order.');
    if (row.status !== 'open') throw conflict(REQUEST_ALREADY_ANSWERED);
    await tx
      .update(orderChangeRequests)
      .set({ status: input.decision, answerNote: input.note, answeredBy: actor.staffId, answeredByName: actor.name, answeredAt: sql`now()` })
      .where(and(eq(orderChangeRequests.id, requestId), eq(orderChangeRequests.status, 'open')));
    const label = CHANGE_REQUEST_KIND_LABEL[row.kind as ChangeRequestKind].toLowerCase();
    await tx.insert(orderEvents).values({
      orderId,
      actorKind: 'staff',
      actorId: actor.staffId,
      actorName: actor.name,
      action: `${label} request ${input.decision}`,
      reason: input.note,
    });
    await appendAudit(tx, {
      staffId: actor.staffId,
      ip: actor.ip,
      action: 'order.change_request',
      entity: 'order_change_request',
      entityId: requestId,
      before: { order_id: orderId, kind: row.kind, reason: row.reason, status: 'open' },
      after: { order_id: orderId, kind: row.kind, status: input.decision, note: input.note },
    });
  });
}
