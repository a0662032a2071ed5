import type { UserType } from '@shop/domain/constants';
import { ORDER_NOT_PENDING } from '@shop/domain/order-rules';
import type { Order, OrderStatusInput } from '@shop/domain/orders';
import { CANNOT_APPROVE, pendingOrderRights } from '@shop/domain/roles';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { conflict, forbidden, notFound, unauthorized } from '../../lib/http-error.ts';
import { findBusinessUser } from '../businesses/buyer-accounts.service.ts';
import { recordOrderEvent } from '../order-desk/order-events.service.ts';
import { findBusinessOrder } from './orders-read.service.ts';

/**
 * SPEC 4/6: an Approver moves a Pending order of the same business to In Process or Rejected.
 * The update is conditional on the order still being Pending, so of many concurrent decisions
 * exactly one changes it and the others get 409.
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
      .set({ status: input.status, decidedBy: caller.userId, updatedAt: sql`now()` })
      .where(and(eq(orders.id, id), eq(orders.businessId, caller.businessId), eq(orders.status, 'Pending')))
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
  if (moved.length === 0) throw conflict(ORDER_NOT_PENDING);
  return order;
}
