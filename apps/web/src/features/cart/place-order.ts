import type { CartLine } from '@shop/domain/cart';
import type { PaymentMode, UserType } from '@shop/domain/constants';
import { decideOrderStatus, orderTotals, pricedCartLine } from '@shop/domain/order-rules';
import type { Order, PlaceOrderInput } from '@shop/domain/orders';
import { pendingPlacement } from '@shop/domain/roles';
import { api } from '../../lib/api.ts';
import type { PendingCart } from '../../lib/pending-cart.ts';

export interface OrderUser {
  id: number;
  type: UserType;
  limit: string;
  businessId: number | null;
}

/**
 * SPEC 3/4: the order payload. The status sent is the one the spec's client sends (Pending over an
 * Orderer's Cash limit); the server decides again from its own prices and ignores it.
 */
export function buildOrder(lines: readonly CartLine[], user: OrderUser, paymentMode: PaymentMode, pending: PendingCart | null): PlaceOrderInput {
  const total = orderTotals(lines.map(pricedCartLine)).total;
  const status = decideOrderStatus({
    userType: user.type, paymentMode, limit: user.limit, total, isApproverConfirming: pending != null && pendingPlacement(user.type, pending.business_user_id === user.id) === 'confirm',
  });
  return {
    ...(pending ? { id: pending.orderId } : {}),
    status,
    payment_mode: paymentMode,
    business_id: pending?.business_id ?? user.businessId,
    business_user_id: pending?.business_user_id ?? user.id,
    order_details: lines.map((l) => ({
      product_id: l.product_id,
      product_name: l.product_name,
      quantity: l.quantity,
      unit_price: l.unit_price,
      sku: l.sku,
      brand_name: l.brand_name,
      tax: l.tax,
      sell_price: l.sell_price,
      sale: l.sale,
    })),
  };
}

/** Sends the order; the same key is reused when the buyer retries after a failure, so no order is doubled. */
export function sendOrder(order: PlaceOrderInput, idempotencyKey: string): Promise<Order> {
  return api<Order>('/api/write/Orders', { body: order, headers: { 'idempotency-key': idempotencyKey } });
}

export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
