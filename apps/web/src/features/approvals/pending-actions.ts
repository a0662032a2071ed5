import type { CartLine } from '@shop/domain/cart';
import type { Order } from '@shop/domain/orders';
import { api } from '../../lib/api.ts';
import { updateCart } from '../../lib/cart-store.ts';
import { type PendingCart, setPendingCart } from '../../lib/pending-cart.ts';

/** SPEC 4: the pending order's lines become the cart, with its cart-level data (orderId, orderer...). */
export function loadIntoCart(order: Order) {
  const lines: CartLine[] = order.order_details.map((d) => ({
    product_id: d.product_id,
    product_name: d.product_name,
    quantity: d.quantity,
    unit_price: d.unit_price,
    // The cart refreshes these from the server when it opens.
    url_name: '',
    brand_name: '',
    sku: '',
    stock: d.quantity,
    tax: d.tax,
    sell_price: d.sell_price,
    sale: false,
  }));
  const pending: PendingCart = {
    orderId: order.id,
    order_number: order.order_number,
    business_user_id: order.business_user_id,
    business_id: order.business_id,
    cm_id: order.cm_id,
    business_name: order.business_name,
    order_by: order.order_by,
    delivery_id: order.delivery_id,
    customer_id: order.customer_id,
    address: order.address,
    payment_mode: order.payment_mode,
  };
  updateCart(() => lines);
  setPendingCart(pending);
}

/**
 * Our approve/reject call: Pending to In Process or Rejected, of the order's version as the page shows
 * it (issue 37: the server answers 409 when the order changed since).
 */
export const decideOrder = (order: Pick<Order, 'id' | 'version'>, status: 'In Process' | 'Rejected') =>
  api<Order>(`/api/orders/${order.id}/status`, { body: { status, version: order.version } });
