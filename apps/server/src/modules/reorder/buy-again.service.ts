import type { BuyAgainProduct } from '@shop/domain/reorder';
import type { Db } from '../../db/client.ts';
import { productsByIds } from '../catalogue/product-lookup.service.ts';
import { productsOrderedMost } from '../orders/order-history.service.ts';

/** How far back "Buy again" looks: a year of the business's own orders. */
const HISTORY_DAYS = 365;

/**
 * Issue 21 "Buy again": the products this business orders most, from its own orders of the last year
 * (every user's, Rejected ones left out): in most orders first, then the most recently ordered; each
 * with what the business usually takes (the rounded mean of its quantities), priced for the business.
 * Issue 17: the history from orders, the products from the catalogue, each through its service.
 */
export async function buyAgain(db: Db, businessId: number, limit: number): Promise<BuyAgainProduct[]> {
  const ranked = await productsOrderedMost(db, businessId, HISTORY_DAYS, limit);
  if (ranked.length === 0) return [];
  const rows = await productsByIds(db, businessId, ranked.map((r) => r.productId));
  const byId = new Map(rows.map((p) => [p.id, p]));
  return ranked.flatMap((r) => {
    const p = byId.get(r.productId);
    return p ? [{ ...p, times_ordered: r.times, usual_quantity: r.usual }] : [];
  });
}
