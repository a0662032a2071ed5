// SPEC 4 "Order", 6 and 9: order rules without zod, so the web app and the server share them.
import { type OrderStatus, type PaymentMode, TRACK_STEPS, type UserType } from './constants.ts';
import { fromPaisa, type Paisa, toPaisa } from './money.ts';
import { countOf, pluralWord } from './plural.ts';
import { splitTax } from './pricing.ts';
import { formatKarachiDate } from './karachi-time.ts';

export const ORDER_ALREADY_CHECKED = 'Order already checked';
export const CONFIRMATION_TITLE = 'Confirmation Message';
export const ORDER_CONFIRMED_TITLE = 'Order Confirmed';
export const ORDER_CONFIRMED_TEXT = 'Your order has been placed. You can see its progress under My Order.';
export const ORDER_NOT_PENDING = 'This order has already been approved or rejected.';
export const DELIVERY_FEE = '0.00';
/**
 * Largest quantity of one line: the one definition of the quantity cap. The cart (cart.ts
 * MAX_LINE_QUANTITY), orders, reorder, order lists, the desk's line change, quantity prices and the
 * price check take it from here; the database's checks repeat it as SQL (order_list_items_quantity_ck,
 * quantity_prices_min_ck), which apps/server/test/catalogue-rules.test.ts compares with it.
 */
export const MAX_ORDER_QUANTITY = 9999;
/** Most lines in one order. */
export const MAX_ORDER_LINES = 200;

/**
 * SPEC 2/9: the payment options a business may use. Cash (on delivery) is always offered and is
 * the default; a business whose payment_mode is Credit or Advance may also pay that way.
 */
export function allowedPaymentModes(businessMode: PaymentMode | null | undefined): PaymentMode[] {
  if (businessMode === 'Credit' || businessMode === 'Advance') return ['Cash', businessMode];
  return ['Cash'];
}

export interface StatusInput {
  userType: UserType;
  paymentMode: PaymentMode;
  /** The user's limit in rupees ("50000.00"). */
  limit: string;
  /** The order total in paisa. */
  total: Paisa;
  /** An Approver confirming a pending order (SPEC 4 approver flag). */
  isApproverConfirming?: boolean;
}

/** SPEC 4: Pending when an Orderer paying Cash has a limit below the total, unless an Approver confirms. */
export function decideOrderStatus(input: StatusInput): Extract<OrderStatus, 'Pending' | 'In Process'> {
  if (input.isApproverConfirming) return 'In Process';
  if (input.userType === 'Orderer' && input.paymentMode === 'Cash' && toPaisa(input.limit) < input.total) return 'Pending';
  return 'In Process';
}

/**
 * Issue 36: an order is confirmed when it goes In Process from the buyer's side (placed so, or approved
 * or confirmed by an Approver); its confirmed_on is that instant, from which SPEC 9's two hours for a
 * request to cancel or change run (policy-facts.ts changeRequestRefusal). A Pending order is not.
 */
export const confirmsOrder = (status: OrderStatus) => status === 'In Process';

/** The payment days an order carries: the business's, for a Credit order; none otherwise (due on delivery). */
export const orderPaymentDays = (paymentMode: PaymentMode, businessPaymentDays: number) => (paymentMode === 'Credit' ? businessPaymentDays : 0);

/** Issue 15 point 9: what the buyer is told beside a quantity above the stock (product page, cart). */
export const stockLimitText = (stock: number) => `Only ${countOf(stock, 'piece', 'pieces')} in stock`;

/** The server's refusal of a line above the stock at Place order (kept: stock can change meanwhile). */
export const stockShortText = (name: string, stock: number) =>
  `Only ${countOf(stock, 'piece', 'pieces')} of ${name} ${pluralWord(stock, 'is', 'are')} in stock.`;

export type OrderRefusal = 'not-allowed' | 'empty' | null;

/** SPEC 5: who may place an order from the cart, and the empty-cart message. */
export function orderRefusal(userType: UserType | null | undefined, hasApproverFlag: boolean, lineCount: number): OrderRefusal {
  const t = userType ?? 'Guest';
  if (t === 'Guest' || (t === 'Approver' && !hasApproverFlag)) return 'not-allowed';
  if (lineCount === 0) return 'empty';
  return null;
}

export interface PricedLine {
  /** Unit price with tax, rupees. */
  unit_price: string;
  /** Tax inside one unit, rupees. */
  unit_tax: string;
  /** Net price of one unit, rupees. */
  unit_sell_price: string;
  quantity: number;
}

export interface Totals {
  total: Paisa;
  tax: Paisa;
  sell: Paisa;
}

/** SPEC 9: total bill = sum of unit_price times quantity; sell-price and tax totals beside it. Exact paisa. */
export function orderTotals(lines: readonly PricedLine[]): Totals {
  let total = 0;
  let tax = 0;
  let sell = 0;
  for (const l of lines) {
    total += toPaisa(l.unit_price) * l.quantity;
    tax += toPaisa(l.unit_tax) * l.quantity;
    sell += toPaisa(l.unit_sell_price) * l.quantity;
  }
  return { total, tax, sell };
}

/** A cart line's priced parts, from the unit price and the product's list tax and sell price. */
export function pricedCartLine(line: { unit_price: string; tax: string; sell_price: string; quantity: number }): PricedLine {
  const split = splitTax(line.unit_price, line.tax, line.sell_price);
  return { unit_price: line.unit_price, unit_tax: split.tax, unit_sell_price: split.sell_price, quantity: line.quantity };
}

export const lineTotal = (unitPrice: string, quantity: number) => fromPaisa(toPaisa(unitPrice) * quantity);

/**
 * SPEC 2: the date part of created_on, before the T. The API writes created_on in Pakistan time, and
 * the date is taken in Asia/Karachi whatever offset an answer carries, so it is always the buyer's.
 */
export const orderDate = (createdOn: string) => formatKarachiDate(createdOn);

/**
 * SPEC 2: Order History groups In Process, then Delivered, then Rejected. Pending orders (waiting
 * for an Approver) are shown as their own group right after In Process, since they are still live.
 * Orders the warehouse is arranging or shipping are still in process for the buyer: they stand in the
 * In Process group with their own status shown.
 */
export const HISTORY_GROUPS: readonly OrderStatus[] = ['In Process', 'Pending', 'Delivered', 'Rejected'];
const historyGroupOf = (status: OrderStatus): OrderStatus => (canTrack(status) ? 'In Process' : status);

export function groupOrders<T extends { status: OrderStatus }>(orders: readonly T[]): { status: OrderStatus; orders: T[] }[] {
  return HISTORY_GROUPS.map((status) => ({ status, orders: orders.filter((o) => historyGroupOf(o.status) === status) })).filter((g) => g.orders.length > 0);
}

/**
 * Track Order is offered while the order is on its way (SPEC 2: In Process; and Arrange, Shipping): a
 * status that is a step of TRACK_STEPS (its last, Done, is Delivered, when the order is no longer on its way).
 */
export const canTrack = (status: OrderStatus) => (TRACK_STEPS as readonly string[]).includes(status);

/** SPEC 6: order and invoice lists are read by business for an Approver, by user for everyone else. */
export const readsWholeBusiness = (type: UserType) => type === 'Approver';
