import type { Order } from '@shop/domain/orders';
import { type ChangeRequestInput, changeRequestRefusal } from '@shop/domain/policy-facts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { conflict, notFound, unauthorized } from '../../lib/http-error.ts';
import { findBusinessUser } from '../businesses/buyer-accounts.service.ts';
import { fileChangeRequest } from '../order-desk/change-requests.service.ts';
import { findOrder, orderScope, type Reader } from './orders-read.service.ts';
import { toKarachiIso } from '@shop/domain/karachi-time';

/**
 * Issue 36, SPEC 9 "an order can be cancelled or changed within the first two hours after
 * confirmation": the buyer's request from the Cancel dialog. The order (one the caller may see) is
 * locked while its status and window are checked (policy-facts.ts changeRequestRefusal) and the request
 * is filed with the order desk, which answers it; a refusal (delivered, after the window, a request
 * already waiting) is a 409 with the reason, and nothing is written.
 */
export async function requestOrderChange(db: Db, reader: Reader, id: number, input: ChangeRequestInput, now = new Date()): Promise<Order> {
  const user = await findBusinessUser(db, reader.userId, reader.businessId);
  if (!user) throw unauthorized();
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        status: orders.status,
        confirmedOn: sql<string | null>`to_char(${orders.confirmedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      })
      .from(orders)
      .where(and(eq(orders.id, id), orderScope(reader)))
      .for('update');
    if (!order) throw notFound('Order not found');
    const confirmed = order.confirmedOn ? toKarachiIso(order.confirmedOn) : null;
    const refusal = changeRequestRefusal({ order_number: order.orderNumber, status: order.status, confirmed_on: confirmed }, now);
    if (refusal) throw conflict(refusal);
    await fileChangeRequest(tx, { orderId: id, kind: input.kind, reason: input.reason, userId: reader.userId, userName: user.name });
  });
  return findOrder(db, reader, id);
}
