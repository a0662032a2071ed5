import type { UserType } from '@shop/domain/constants';
import { confirmsOrder, ORDER_NOT_PENDING } from '@shop/domain/order-rules';
import type { Order, OrderStatusInput } from '@shop/domain/orders';
import { orderChangedText } from '@shop/domain/order-version';
import { CANNOT_APPROVE, pendingOrderRights } from '@shop/domain/roles';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderRevisions, orders } from '../../db/schema/orders.ts';
import { conflict, forbidden, notFound, unauthorized } from '../../lib/http-error.ts';
import { findBusinessUser } from '../businesses/buyer-accounts.service.ts';
import { recordOrderEvent } from '../order-desk/order-events.service.ts';
import { findBusinessOrder } from './orders-read.service.ts';

/**
 * SPEC 4/6: an Approver moves a Pending order of the same business to In Process or Rejected.
 * The update is conditional on the order still being Pending, so of many concurrent decisions
 * exactly one changes it and the others get 409. Issue 37: and on the order still being the version
 * the Approver was shown, in the same UPDATE: a resubmission that commits first moves the version on
 * (the decision then matches no row, 409), and one that comes second finds the order no longer
 * Pending, so an approval never takes a version its Approver did not see.
 */
export async function changeOrderStatus(db: Db, caller: { userId: number; businessId: number }, id: number, input: OrderStatusInput): Promise<Order> {
  // The role is read from the database: a token minted before a role change does not keep the right.
  const user = await findBusinessUser(db, caller.userId, caller.businessId);
  if (!user) throw unauthorized();
  if (!pendingOrderRights(user.type as UserType).canDecide) throw forbidden(CANNOT_APPROVE);

  // The decision and its history event (the order desk shows the approval history) together.
  const moved = await db.transaction(async (tx) => {
    const rows = await tx
      .update(orders)
      .set({
        status: input.status,
        decidedBy: caller.userId,
        // Issue 36: an approval confirms the order; the two hours to ask for a change start now.
        ...(confirmsOrder(input.status) ? { confirmedAt: sql`now()` } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(orders.id, id), eq(orders.businessId, caller.businessId), eq(orders.status, 'Pending'), eq(orders.version, input.version)))
      .returning({ id: orders.id });
    if (rows.length > 0) {
      await recordOrderEvent(tx, {
        orderId: id,
        actorKind: 'buyer',
        actorId: caller.userId,
        actorName: user.name,
        action: input.status === 'Rejected' ? 'rejected' : 'approved',
        fromStatus: 'Pending',
        toStatus: input.status,
      });
    }
    return rows;
  });
  const order = await findBusinessOrder(db, caller.businessId, id);
  // Another business's order answers as if it did not exist.
  if (!order) throw notFound('Order not found');
  if (moved.length === 0) {
    if (order.status !== 'Pending') throw conflict(ORDER_NOT_PENDING);
    throw conflict(orderChangedText(order.total_price, await totalOfVersion(db, id, input.version)));
  }
  return order;
}

/** What version `version` of the order totalled, if a change replaced it (null: no such version). */
async function totalOfVersion(db: Db, orderId: number, version: number): Promise<string | null> {
  const [row] = await db
    .select({ total: orderRevisions.totalPrice })
    .from(orderRevisions)
    .where(and(eq(orderRevisions.orderId, orderId), eq(orderRevisions.version, version)));
  return row?.total ?? null;
}
