import { cartLineOf } from '@shop/domain/cart';
import type { UserType } from '@shop/domain/constants';
import { fromPaisa, toPaisa } from '@shop/domain/money';
import { decideOrderStatus, lineTotal } from '@shop/domain/order-rules';
import type { Proposal, ProposedLine } from '@shop/domain/reorder';
import { proposeQuantity } from '@shop/domain/reorder-rules';
import type { Db } from '../../db/client.ts';
import { findBusinessUser } from '../businesses/buyer-accounts.service.ts';
import { type PricedProduct, priceProducts } from '../catalogue/pricing.service.ts';

/** The signed-in buyer asking (their business decides the prices, their type and limit the approval). */
export interface Buyer {
  userId: number;
  businessId: number;
  type: UserType;
}

/** A product asked for again: by id (null when the shop no longer has it), with the name and SKU the buyer knew. */
export interface Want {
  productId: number | null;
  quantity: number;
  name: string;
  sku: string;
}

/**
 * One line at today's price for the business (priced by the caller: priceProducts, the path the cart
 * and Place order take) with SPEC 4's stock rule applied (reorder-rules.ts proposeQuantity).
 */
export function proposedLine(want: Want, product: PricedProduct | null): ProposedLine {
  const { quantity, problem } = proposeQuantity(want.quantity, product, want.name);
  if (!product) {
    return { product_id: want.productId, product_name: want.name, sku: want.sku, wanted: want.quantity, quantity, unit_price: null, line_total: '0.00', stock: 0, problem, cart_line: null };
  }
  // Issue 36: the price of the proposed quantity, as the cart will charge it: the cart line of the product
  // (cart.ts cartLineOf, as the web makes it), priced at one piece with its Buy More Pay Less prices.
  const line = cartLineOf(product, Math.max(1, quantity));
  return {
    product_id: product.id,
    product_name: product.name,
    sku: product.sku,
    wanted: want.quantity,
    quantity,
    unit_price: line.unit_price,
    line_total: lineTotal(line.unit_price, quantity),
    stock: product.stock,
    problem,
    cart_line: quantity > 0 ? line : null,
  };
}

/** Prices wanted products for the business in one statement and proposes each line. */
export async function proposeLines(db: Db, businessId: number, wants: readonly Want[]): Promise<ProposedLine[]> {
  const priced = await priceProducts(db, businessId, wants.flatMap((w) => (w.productId == null ? [] : [w.productId])));
  return wants.map((w) => proposedLine(w, w.productId == null ? null : (priced.get(w.productId) ?? null)));
}

/**
 * The lines with their total and SPEC 4's approval rule told ahead: an Orderer paying Cash whose limit
 * is below the total will have the order wait for an Approver (Place order decides it again).
 */
export async function withTotals<L extends ProposedLine>(db: Db, buyer: Buyer, lines: L[]): Promise<Omit<Proposal, 'lines'> & { lines: L[] }> {
  const total = lines.reduce((sum, l) => sum + toPaisa(l.line_total), 0);
  const user = await findBusinessUser(db, buyer.userId, buyer.businessId);
  const limit = buyer.type === 'Orderer' && user ? fromPaisa(toPaisa(user.limit)) : null;
  const overLimit = limit != null && decideOrderStatus({ userType: buyer.type, paymentMode: 'Cash', limit, total }) === 'Pending';
  return { lines, total: fromPaisa(total), limit, over_limit: overLimit };
}

/** Wanted lines of the same product as one (a list or an order never has two, but a pasted sheet may). */
export function mergeWants(wants: readonly Want[]): Want[] {
  const byKey = new Map<string, Want>();
  for (const w of wants) {
    const key = w.productId == null ? `name:${w.name}` : `id:${w.productId}`;
    const seen = byKey.get(key);
    byKey.set(key, seen ? { ...seen, quantity: seen.quantity + w.quantity } : { ...w });
  }
  return [...byKey.values()];
}
