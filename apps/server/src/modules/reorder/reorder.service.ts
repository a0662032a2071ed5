import type { Proposal, ReorderInput } from '@shop/domain/reorder';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/http-error.ts';
import { findOrder } from '../orders/orders-read.service.ts';
import { type Buyer, mergeWants, proposeLines, type Want, withTotals } from './proposal.service.ts';

/**
 * Issue 21: a past order (the whole of it, or the chosen lines) back in the cart at today's prices.
 * Only an order the caller sees in Order History (SPEC 6: an Approver the business's, others their
 * own; 404 otherwise, never another business's). A line the warehouse picked short asks again for
 * what was ordered. Lines no longer sold or out of stock are named, not dropped.
 */
export async function reorder(db: Db, buyer: Buyer, orderId: number, input: ReorderInput): Promise<Proposal & { order_number: string }> {
  const order = await findOrder(db, buyer, orderId);
  let details = order.order_details;
  if (input.line_ids) {
    const chosen = new Set(input.line_ids);
    details = details.filter((d) => chosen.has(d.id));
    if (details.length !== chosen.size) throw badRequest('Some of the chosen lines are not in this order.');
  }
  const wants: Want[] = details.map((d) => ({
    productId: d.product_id,
    quantity: Math.max(d.ordered_quantity ?? d.quantity, d.quantity, 1),
    name: d.product_name,
    sku: '',
  }));
  const lines = await proposeLines(db, buyer.businessId, mergeWants(wants));
  return { order_number: order.order_number, ...(await withTotals(db, buyer, lines)) };
}
