import type { Db } from '../../db/client.ts';
import { orderEvents } from '../../db/schema/order-desk.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One entry of an order's history (issue 16), as another module records it. */
export type OrderEvent = Omit<typeof orderEvents.$inferInsert, 'id' | 'createdAt'>;

/**
 * Issue 17 (decision 021): the order desk owns order_events; orders records a buyer's decision through
 * this, inside its own transaction (`tx`), so the decision and its event commit together.
 */
export async function recordOrderEvent(tx: Db | Tx, event: OrderEvent): Promise<void> {
  await tx.insert(orderEvents).values(event);
}
