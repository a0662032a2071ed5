import type { OrderStatus } from '@shop/domain/constants';
import { fromPaisa } from '@shop/domain/money';
import {
  type BulkMoveResult,
  type ChangeLineInput,
  canStaffMove,
  isEditableStatus,
  type MoveOrderInput,
  STALE_ORDER,
} from '@shop/domain/order-desk';
import { orderTotals } from '@shop/domain/order-rules';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderEvents, orderNotes } from '../../db/schema/order-desk.ts';
import { orderDetails, orders } from '../../db/schema/orders.ts';
import { conflict, notFound, unprocessable } from '../../lib/http-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { postDeliveredOrder } from '../ledgers/ledgers.service.ts';
import { type OrderChangeMail, orderChangeMail } from './order-mail.ts';

export interface StaffActor {
  staffId: number;
  name: string;
  ip: string;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

interface LockedOrder {
  id: number;
  status: OrderStatus;
  orderNumber: string;
  businessId: number;
  businessUserId: number;
  totalPrice: string;
  paymentMode: string;
  paymentDays: number;
  rejectionReason: string | null;
}

/** Reads the order and holds it until the transaction ends, so two staff moves run one after the other. */
async function lockOrder(tx: Tx, id: number): Promise<LockedOrder> {
  const [order] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      orderNumber: orders.orderNumber,
      businessId: orders.businessId,
      businessUserId: orders.businessUserId,
      totalPrice: orders.totalPrice,
      paymentMode: orders.paymentMode,
      paymentDays: orders.paymentDays,
      rejectionReason: orders.rejectionReason,
    })
    .from(orders)
    .where(eq(orders.id, id))
    .for('update');
  if (!order) throw notFound('Order not found');
  return order as LockedOrder;
}

/**
 * Issue 16: one staff move of the state machine, in one transaction with its audit entry and its
 * history event. Refused with 409 when the order is no longer in the status the person saw (of two
 * people moving one order at once, the second), or when the machine has no such move.
 */
export async function moveOrder(db: Db, mailer: Mailer, actor: StaffActor, id: number, input: MoveOrderInput): Promise<void> {
  const mail = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.status !== input.expected_status) throw conflict(STALE_ORDER);
    if (!canStaffMove(order.status, input.to)) throw conflict(`An order in ${order.status} cannot be moved to ${input.to}.`);
    const reason = input.to === 'Rejected' ? (input.reason ?? null) : null;
    await tx
      .update(orders)
      .set({ status: input.to, rejectionReason: reason ?? order.rejectionReason, updatedAt: sql`now()` })
      .where(and(eq(orders.id, id), eq(orders.status, order.status)));
    if (input.to === 'Delivered') {
      await postDeliveredOrder(tx, {
        orderId: order.id,
        businessId: order.businessId,
        businessUserId: order.businessUserId,
        amount: order.totalPrice,
        paymentMode: order.paymentMode,
        paymentDays: order.paymentDays,
      });
    }
    await tx.insert(orderEvents).values({
      orderId: id,
      actorKind: 'staff',
      actorId: actor.staffId,
      actorName: actor.name,
      action: input.to === 'Rejected' ? 'rejected' : 'moved',
      fromStatus: order.status,
      toStatus: input.to,
      reason,
    });
    await appendAudit(tx, {
      staffId: actor.staffId,
      ip: actor.ip,
      action: 'order.move',
      entity: 'order',
      entityId: id,
      before: { status: order.status },
      after: { status: input.to, ...(reason ? { rejection_reason: reason } : {}) },
    });
    return orderChangeMailFor(tx, order, { kind: 'status', status: input.to, reason });
  });
  await sendQuietly(mailer, mail);
}

/** Moves each order to `to` in its own transaction; an order that cannot move is named, not fatal. */
export async function moveOrders(db: Db, mailer: Mailer, actor: StaffActor, ids: readonly number[], to: OrderStatus): Promise<BulkMoveResult> {
  const result: BulkMoveResult = { moved: [], refused: [] };
  const current = await db.select({ id: orders.id, status: orders.status, orderNumber: orders.orderNumber }).from(orders).where(sql`${orders.id} in (${sql.join([...new Set(ids)].map((i) => sql`${i}`), sql`, `)})`);
  const byId = new Map(current.map((o) => [o.id, o]));
  for (const id of new Set(ids)) {
    const order = byId.get(id);
    if (!order) {
      result.refused.push({ id, order_number: null, error: 'Order not found' });
      continue;
    }
    try {
      await moveOrder(db, mailer, actor, id, { to, expected_status: order.status as OrderStatus });
      result.moved.push(id);
    } catch (err) {
      result.refused.push({ id, order_number: order.orderNumber, error: err instanceof Error ? err.message : 'Not moved' });
    }
  }
  return result;
}

/**
 * Picked short or out of stock: a line's quantity is lowered (0 removes it) with a reason, before
 * delivery. The order's totals are recomputed from its lines on the server.
 */
export async function changeLine(db: Db, mailer: Mailer, actor: StaffActor, id: number, lineId: number, input: ChangeLineInput): Promise<void> {
  const mail = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.status !== input.expected_status) throw conflict(STALE_ORDER);
    if (!isEditableStatus(order.status)) throw conflict(`Lines of an order in ${order.status} cannot be changed.`);
    const lines = await tx
      .select({ id: orderDetails.id, quantity: orderDetails.quantity, orderedQuantity: orderDetails.orderedQuantity, unitPrice: orderDetails.unitPrice, tax: orderDetails.tax, sellPrice: orderDetails.sellPrice, productName: orderDetails.productName })
      .from(orderDetails)
      .where(eq(orderDetails.orderId, id));
    const line = lines.find((l) => l.id === lineId);
    if (!line) throw notFound('Line not found');
    if (input.quantity >= line.quantity) throw unprocessable(`The quantity can only be lowered (it is ${line.quantity}).`);
    if (input.quantity === 0 && lines.filter((l) => l.quantity > 0).length === 1) {
      throw unprocessable('This is the last line of the order: reject the order instead.');
    }
    const ordered = line.orderedQuantity ?? line.quantity;
    await tx
      .update(orderDetails)
      .set({ quantity: input.quantity, orderedQuantity: ordered, changeReason: input.reason, totalPrice: sql`${orderDetails.unitPrice} * ${input.quantity}` })
      .where(eq(orderDetails.id, lineId));
    const after = lines.map((l) => ({ unit_price: l.unitPrice, unit_tax: l.tax, unit_sell_price: l.sellPrice, quantity: l.id === lineId ? input.quantity : l.quantity }));
    const totals = orderTotals(after);
    await tx
      .update(orders)
      // Issue 37: a change of the lines or totals is a new version of the order.
      .set({ totalPrice: fromPaisa(totals.total), sellPriceTotal: fromPaisa(totals.sell), taxTotal: fromPaisa(totals.tax), remainingAmount: fromPaisa(totals.total), version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
      .where(eq(orders.id, id));
    await tx.insert(orderEvents).values({
      orderId: id,
      actorKind: 'staff',
      actorId: actor.staffId,
      actorName: actor.name,
      action: input.quantity === 0 ? 'line_removed' : 'line_lowered',
      fromStatus: order.status,
      toStatus: order.status,
      reason: `${line.productName}: ${line.quantity} → ${input.quantity}. ${input.reason}`,
    });
    await appendAudit(tx, {
      staffId: actor.staffId,
      ip: actor.ip,
      action: 'order.line',
      entity: 'order_line',
      entityId: lineId,
      before: { order_id: id, quantity: line.quantity, order_total: order.totalPrice },
      after: { order_id: id, quantity: input.quantity, order_total: fromPaisa(totals.total), reason: input.reason },
    });
    return orderChangeMailFor(tx, order, { kind: 'line', product: line.productName, from: line.quantity, to: input.quantity, reason: input.reason, total: fromPaisa(totals.total) });
  });
  await sendQuietly(mailer, mail);
}

export async function addNote(db: Db, actor: StaffActor, id: number, text: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOrder(tx, id);
    const [note] = await tx.insert(orderNotes).values({ orderId: id, staffId: actor.staffId, text }).returning({ id: orderNotes.id });
    await appendAudit(tx, { staffId: actor.staffId, ip: actor.ip, action: 'order.note', entity: 'order_note', entityId: note?.id ?? 0, before: null, after: { order_id: id, text } });
  });
}

async function orderChangeMailFor(tx: Tx, order: LockedOrder, change: OrderChangeMail) {
  const [user] = await tx.execute<{ email: string; name: string }>(sql`select email, name from business_users where id = ${order.businessUserId}`).then((r) => (Array.isArray(r) ? r : (r as { rows: { email: string; name: string }[] }).rows));
  return user ? orderChangeMail(user, order.orderNumber, change) : null;
}

/** The move stands whatever the mail does: without SMTP the outbox keeps it; a failure is logged by the mailer. */
async function sendQuietly(mailer: Mailer, mail: Awaited<ReturnType<typeof orderChangeMailFor>>) {
  if (!mail) return;
  await mailer.send(mail).catch(() => {});
}
