import type { OrderStatus, PaymentMode, UserType } from '@shop/domain/constants';
import { fromPaisa, toPaisa } from '@shop/domain/money';
import { readsWholeBusiness } from '@shop/domain/order-rules';
import type { Order, OrderDetail } from '@shop/domain/orders';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderDetails, orders } from '../../db/schema/orders.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { toKarachiIso } from '@shop/domain/karachi-time';
import type { ChangeRequest } from '@shop/domain/policy-facts';
import { changeRequestsOf } from '../order-desk/change-requests.service.ts';

/** Exact two-decimal rupees from a numeric column. */
export const money = (v: string | number) => fromPaisa(toPaisa(typeof v === 'number' ? v.toFixed(2) : v));

/**
 * created_at as exact UTC ISO text, the same on pg and PGlite; the answer carries it through
 * toKarachiIso (Pakistan time, +05:00), so SPEC 2's date part before the T is the buyer's date.
 */
export const isoTimestamp = (column: SQL | typeof orders.createdAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const orderColumns = {
  id: orders.id,
  order_number: orders.orderNumber,
  created_on: isoTimestamp(orders.createdAt),
  status: orders.status,
  address: orders.address,
  contact_no: orders.contactNo,
  total_price: orders.totalPrice,
  sell_price_total: orders.sellPriceTotal,
  tax_total: orders.taxTotal,
  discount_price: orders.discountPrice,
  paid_amount: orders.paidAmount,
  remaining_amount: orders.remainingAmount,
  cm_id: orders.cmId,
  business_id: orders.businessId,
  business_user_id: orders.businessUserId,
  payment_days: orders.paymentDays,
  payment_mode: orders.paymentMode,
  metro_store_id: orders.metroStoreId,
  delivery_id: orders.deliveryId,
  customer_id: orders.customerId,
  business_name: orders.businessName,
  order_by: orders.orderBy,
  rejection_reason: orders.rejectionReason,
  version: orders.version,
  order_reference: orders.orderReference,
  requested_delivery_day: sql<string | null>`to_char(${orders.requestedDeliveryDay}, 'YYYY-MM-DD')`,
  confirmed_on: sql<string | null>`to_char(${orders.confirmedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};

export const detailColumns = {
  id: orderDetails.id,
  order_id: orderDetails.orderId,
  product_id: orderDetails.productId,
  product_name: orderDetails.productName,
  quantity: orderDetails.quantity,
  unit_price: orderDetails.unitPrice,
  total_price: orderDetails.totalPrice,
  tax: orderDetails.tax,
  sell_price: orderDetails.sellPrice,
  url: orderDetails.url,
  product_subsys: orderDetails.productSubsys,
  article_mgb: orderDetails.articleMgb,
  ordered_quantity: orderDetails.orderedQuantity,
  change_reason: orderDetails.changeReason,
};

type OrderRow = { [K in keyof typeof orderColumns]: unknown };
type DetailRow = { [K in keyof typeof detailColumns]: unknown };

export function toDetail(row: DetailRow): OrderDetail {
  return {
    id: row.id as number,
    product_id: row.product_id as number,
    product_name: row.product_name as string,
    quantity: row.quantity as number,
    unit_price: money(row.unit_price as string),
    total_price: money(row.total_price as string),
    tax: money(row.tax as string),
    sell_price: money(row.sell_price as string),
    url: row.url as string,
    product_subsys: row.product_subsys as string,
    article_mgb: row.article_mgb as string,
    // Issue 16: what the buyer ordered when the wholesaler picked the line short, and why.
    ordered_quantity: (row.ordered_quantity as number | null) ?? (row.quantity as number),
    change_reason: (row.change_reason as string | null) ?? null,
  };
}

export function toOrder(row: OrderRow, details: OrderDetail[], changeRequests: ChangeRequest[] = []): Order {
  return {
    id: row.id as number,
    order_number: row.order_number as string,
    created_on: toKarachiIso(row.created_on as string),
    status: row.status as OrderStatus,
    address: row.address as string,
    contact_no: row.contact_no as string,
    total_price: money(row.total_price as string),
    sell_price_total: money(row.sell_price_total as string),
    tax_total: money(row.tax_total as string),
    discount_price: money(row.discount_price as string),
    paid_amount: money(row.paid_amount as string),
    remaining_amount: money(row.remaining_amount as string),
    cm_id: (row.cm_id as string | null) ?? null,
    business_id: row.business_id as number,
    business_user_id: row.business_user_id as number,
    payment_days: row.payment_days as number,
    payment_mode: row.payment_mode as PaymentMode,
    metro_store_id: (row.metro_store_id as number | null) ?? null,
    delivery_id: (row.delivery_id as number | null) ?? null,
    customer_id: (row.customer_id as string | null) ?? null,
    business_name: row.business_name as string,
    order_by: row.order_by as string,
    rejection_reason: (row.rejection_reason as string | null) ?? null,
    version: row.version as number,
    order_reference: (row.order_reference as string | null) ?? null,
    requested_delivery_day: (row.requested_delivery_day as string | null) ?? null,
    confirmed_on: row.confirmed_on ? toKarachiIso(row.confirmed_on as string) : null,
    change_requests: changeRequests,
    order_details: details,
  };
}

async function withDetails(db: Db, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id as number);
  const [lines, requests] = await Promise.all([
    db.select(detailColumns).from(orderDetails).where(inArray(orderDetails.orderId, ids)).orderBy(asc(orderDetails.id)),
    changeRequestsOf(db, ids),
  ]);
  const byOrder = new Map<number, OrderDetail[]>();
  for (const l of lines) {
    const list = byOrder.get(l.order_id) ?? [];
    list.push(toDetail(l));
    byOrder.set(l.order_id, list);
  }
  return rows.map((r) => toOrder(r, byOrder.get(r.id as number) ?? [], requests.get(r.id as number) ?? []));
}

export interface Reader {
  userId: number;
  businessId: number;
  type: UserType;
}

/** SPEC 6: an Approver reads the business's orders; everyone else their own. Never from the request. */
export function orderScope(reader: Reader): SQL {
  return readsWholeBusiness(reader.type) ? eq(orders.businessId, reader.businessId) : eq(orders.businessUserId, reader.userId);
}

export interface OrderListOptions {
  status?: OrderStatus;
  offset: number;
  limit: number;
}

export async function listOrders(db: Db, reader: Reader, options: OrderListOptions): Promise<Order[]> {
  const where = options.status ? and(orderScope(reader), eq(orders.status, options.status)) : orderScope(reader);
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .offset(options.offset)
    .limit(options.limit);
  return withDetails(db, rows);
}

/** One order the reader may see: any of the business's for an Approver, else their own; 404 otherwise. */
export async function findOrder(db: Db, reader: Reader, id: number): Promise<Order> {
  const [row] = await db.select(orderColumns).from(orders).where(and(eq(orders.id, id), orderScope(reader))).limit(1);
  if (!row) throw notFound('Order not found');
  const [order] = await withDetails(db, [row]);
  return order as Order;
}

/** An order by id within a business, unscoped by user (the approval paths check roles themselves). */
export async function findBusinessOrder(db: Db, businessId: number, id: number): Promise<Order | null> {
  const [row] = await db.select(orderColumns).from(orders).where(and(eq(orders.id, id), eq(orders.businessId, businessId))).limit(1);
  if (!row) return null;
  const [order] = await withDetails(db, [row]);
  return order ?? null;
}

export const KEY_REUSED = 'This Idempotency-Key was already used for a different order. Send a new key for a new order.';

/**
 * The order a buyer already placed with this Idempotency-Key. Issue 14 point 13: a key reused with
 * another request (requestHash differs) is refused with 422 rather than answered with that order.
 * Orders stored without a hash (placed before migration 0009) are answered as before.
 */
export async function findOrderByIdempotencyKey(db: Db, businessUserId: number, key: string, requestHash: string): Promise<Order | null> {
  const [row] = await db
    .select({ ...orderColumns, request_hash: orders.requestHash })
    .from(orders)
    .where(and(eq(orders.businessUserId, businessUserId), eq(orders.idempotencyKey, key)))
    .limit(1);
  if (!row) return null;
  const { request_hash: storedHash, ...columns } = row;
  if (storedHash != null && storedHash !== requestHash) throw new HttpError(422, KEY_REUSED);
  const [order] = await withDetails(db, [columns]);
  return order ?? null;
}
