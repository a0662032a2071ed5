import { createHash } from 'node:crypto';
import { type BusinessStatus, orderRefusal } from '@shop/domain/businesses';
import { CANNOT_APPROVE, NOT_ALLOWED_TO_ORDER, pendingPlacement } from '@shop/domain/roles';
import type { PaymentMode, UserType } from '@shop/domain/constants';
import { fromPaisa } from '@shop/domain/money';
import {
  allowedPaymentModes,
  confirmsOrder,
  decideOrderStatus,
  lineTotal,
  MAX_ORDER_QUANTITY,
  ORDER_NOT_PENDING,
  orderPaymentDays,
  orderTotals,
  stockShortText,
} from '@shop/domain/order-rules';
import type { Order, OrderDetail, PlaceOrderInput } from '@shop/domain/orders';
import { type CityOrderPolicy, deliveryDayRefusal, minimumOrderRefusal } from '@shop/domain/policy-facts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, jsonRows, type PreparedSql, perDatabase, prepareSql } from '../../db/client.ts';
import { orderDetails, orderRevisions, orders } from '../../db/schema/orders.ts';
import { badRequest, conflict, forbidden, HttpError, notFound, unauthorized, unprocessable } from '../../lib/http-error.ts';
import { businessCityIdSql, businessPaymentTerms, selectBuyerForOrder } from '../businesses/buyer-accounts.service.ts';
import { cityOrderPolicySql, toCityOrderPolicy } from '../places/places.service.ts';
import { type OrderLineProduct, orderLineProductsSql, type Priced, priceProducts, priceRows } from '../catalogue/pricing.service.ts';
import type { PendingNews } from './approval-mail.ts';
import { checkCreditUnderLock } from './credit.service.ts';
import { findBusinessOrder, findOrderByIdempotencyKey, isoTimestamp, orderColumns, toDetail, toOrder } from './orders-read.service.ts';
import { toKarachiIso } from '@shop/domain/karachi-time';

export interface Caller {
  userId: number;
  businessId: number;
}

interface Line {
  productId: number;
  quantity: number;
}

/**
 * Issue 37: told of an order that waits for approval (placed, or resubmitted by its Orderer), after it
 * is committed; the routes queue the Approvers' mail with it. Never fails the placement.
 */
export type PendingNotifier = (news: PendingNews) => Promise<void>;

async function tell(notify: PendingNotifier | undefined, news: PendingNews) {
  await notify?.(news).catch(() => {});
}

/** Lines of the same product are added together (a cart never has two, but a client might send them). */
function mergeLines(input: PlaceOrderInput['order_details']): Line[] {
  const byId = new Map<number, number>();
  for (const l of input) byId.set(l.product_id, (byId.get(l.product_id) ?? 0) + l.quantity);
  return [...byId].map(([productId, quantity]) => {
    if (quantity > MAX_ORDER_QUANTITY) throw badRequest(`Quantity must be at most ${MAX_ORDER_QUANTITY}`);
    return { productId, quantity };
  });
}

/**
 * Prices every line from the database for the business (SPEC 4: nothing the client sends is used).
 * Decision (docs/decisions/005-orders-and-stock.md): a product with stock 0 is refused, and so is a
 * quantity above the stock shown; stock is not reserved by an order.
 */
function priceLines(lines: readonly Line[], priced: Map<number, Priced<OrderLineProduct>>) {
  return lines.map((l) => {
    const p = priced.get(l.productId);
    if (!p) throw badRequest(`Product ${l.productId} was not found.`);
    if (p.stock <= 0) throw conflict(`${p.name} is out of stock.`);
    if (l.quantity > p.stock) throw conflict(stockShortText(p.name, p.stock));
    return { product: p, quantity: l.quantity, unit_price: p.unit_price, unit_tax: p.unit_tax, unit_sell_price: p.unit_sell_price };
  });
}

type PricedLines = ReturnType<typeof priceLines>;

/** Pieces per product (issue 19: a Buy More Pay Less threshold depends on the line's quantity). */
const quantitiesOf = (lines: readonly Line[]) => new Map(lines.map((l) => [l.productId, l.quantity]));

/**
 * Issue 14 point 13: what makes two requests with one Idempotency-Key "the same order": the order
 * confirmed (id), the payment mode and the merged lines. Everything else in the body is either
 * ignored by the server (prices, totals, status) or must be the caller's own (ids, else 403).
 */
function requestHash(input: PlaceOrderInput, lines: readonly Line[]): string {
  const sorted = [...lines].sort((a, b) => a.productId - b.productId).map((l) => [l.productId, l.quantity]);
  // Issue 36: the reference and the delivery day asked for are part of the order (only when sent, so a
  // request without them hashes as before).
  const facts = input.order_reference || input.requested_delivery_day ? [input.order_reference ?? null, input.requested_delivery_day ?? null] : [];
  return createHash('sha256')
    .update(JSON.stringify([input.id ?? null, input.payment_mode, sorted, ...facts]))
    .digest('base64url');
}

/**
 * Issue 36 (SPEC 9 policy facts, policy-facts.ts): an order below its city's minimum is refused with
 * the sentence the cart shows (422), and a delivery day the city does not deliver, or no longer can
 * (its cut-off in Pakistan time), with the reason (400). Nothing is written before these checks.
 */
function checkPolicyFacts(policy: CityOrderPolicy, total: number, day: string | null | undefined, now: Date) {
  if (day) {
    const why = deliveryDayRefusal(policy, day, now);
    if (why) throw badRequest(why);
  }
  const below = minimumOrderRefusal(policy, total);
  if (below) throw unprocessable(below);
}

/** The order rules of the business's city (GET /api/orders/policy, and a pending order's confirmation). */
export async function businessOrderPolicy(db: Db, businessId: number): Promise<CityOrderPolicy> {
  const [row] = await jsonRows<{ policy: CityOrderPolicy | null }>(db, sql`select ${cityOrderPolicySql(businessCityIdSql(businessId))} as policy`);
  return toCityOrderPolicy(row?.policy);
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The order_details values of priced lines (the answer's lines, less their ids). */
function lineValues(lines: PricedLines): Omit<OrderDetail, 'id'>[] {
  return lines.map((l) => ({
    product_id: l.product.id,
    product_name: l.product.name,
    quantity: l.quantity,
    unit_price: l.unit_price,
    total_price: lineTotal(l.unit_price, l.quantity),
    tax: l.unit_tax,
    sell_price: l.unit_sell_price,
    url: l.product.url,
    product_subsys: l.product.product_subsys,
    article_mgb: l.product.article_mgb,
  }));
}

const LINE_COLUMNS = sql.raw(
  'order_id, product_id, product_name, quantity, unit_price, total_price, tax, sell_price, url, product_subsys, article_mgb',
);

/**
 * lineValues sent as one JSON array parameter (JSON.stringify), read back as rows: one statement
 * and one parameter whatever the number of lines (an array parameter per column made node-postgres
 * escape 200 elements for 20 lines; drizzle's multi-row values builder cost about 1 ms of CPU).
 */
const lineRecords = (json: SQL) => sql`json_to_recordset(${json}) as u(product_id int, product_name text, quantity int,
  unit_price numeric, total_price numeric, tax numeric, sell_price numeric, url text, product_subsys text, article_mgb text)`;

async function insertLines(tx: Tx, orderId: number, lines: PricedLines): Promise<OrderDetail[]> {
  const result = await tx.execute(sql`
    insert into order_details (${LINE_COLUMNS})
    select ${orderId}::int, u.* from ${lineRecords(sql`${JSON.stringify(lineValues(lines))}::json`)}
    returning id, ${LINE_COLUMNS}`);
  const rows = (result as unknown as { rows: Parameters<typeof toDetail>[0][] }).rows;
  return rows.sort((a, b) => (a.id as number) - (b.id as number)).map(toDetail);
}

function checkPaymentMode(mode: PaymentMode, businessMode: string) {
  if (!allowedPaymentModes(businessMode as PaymentMode).includes(mode)) {
    throw badRequest(`Payment mode ${mode} is not available for your business.`);
  }
}

const orderNumber = (id: number) => `ORD-${new Date().getUTCFullYear()}-${String(id).padStart(6, '0')}`;

/**
 * The caller, their business, a new order id, a first order made with the same Idempotency-Key and
 * the lines' products priced for the business, in one prepared statement: parsed, planned and built
 * once per connection (on PostgreSQL a named statement), one round trip per order. Issue 17: the
 * buyer and business come from the businesses module's select, the products from the catalogue's
 * expression; this module adds only its own tables (the order id, the key's first order).
 */
function prepareOrderContext(db: Db) {
  const userId = sql.placeholder('userId');
  const businessId = sql.placeholder('businessId');
  return selectBuyerForOrder(db, { userId, businessId }, {
    nextId: sql<number>`nextval(pg_get_serial_sequence('orders', 'id'))::int`,
    existingId: sql<number | null>`(select o.id from ${orders} o where o.business_user_id = ${userId} and o.idempotency_key = ${sql.placeholder('key')}::text)`,
    products: orderLineProductsSql(db, businessId, sql`${sql.placeholder('productIds')}::int[]`),
    cityPolicy: cityOrderPolicySql(businessCityIdSql(businessId)),
  }).prepare('place_order_context');
}

const orderContext = perDatabase(prepareOrderContext);

/**
 * The order and all its lines in one statement, built once (a named statement on PostgreSQL), the
 * lines as lineRecords. With the Idempotency-Key already used, the order insert does nothing, so no lines
 * are written either, and no row comes back.
 */
function prepareOrderInsert(db: Db): PreparedSql<{ created_on: string; confirmed_on: string | null; lines: [number, number][] }> {
  const p = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
  return prepareSql(
    db,
    'place_order_insert',
    sql`
    with o as (
      insert into ${orders} (id, order_number, status, address, contact_no, total_price, sell_price_total, tax_total,
        discount_price, paid_amount, remaining_amount, cm_id, business_id, business_user_id, payment_mode, payment_days,
        metro_store_id, delivery_id, customer_id, business_name, order_by, idempotency_key, request_hash,
        order_reference, requested_delivery_day, confirmed_at)
      values (${p('id', 'int')}, ${p('order_number', 'text')}, ${p('status', 'text')}, ${p('address', 'text')}, ${p('contact_no', 'text')},
        ${p('total_price', 'numeric')}, ${p('sell_price_total', 'numeric')}, ${p('tax_total', 'numeric')}, 0, 0, ${p('remaining_amount', 'numeric')},
        ${p('cm_id', 'text')}, ${p('business_id', 'int')}, ${p('business_user_id', 'int')}, ${p('payment_mode', 'text')}, ${p('payment_days', 'int')},
        ${p('metro_store_id', 'int')}, ${p('delivery_id', 'int')}, ${p('customer_id', 'text')}, ${p('business_name', 'text')},
        ${p('order_by', 'text')}, ${p('key', 'text')}, ${p('request_hash', 'text')},
        ${p('order_reference', 'text')}, ${p('requested_delivery_day', 'date')},
        case when ${p('confirmed', 'boolean')} then now() end)
      on conflict (business_user_id, idempotency_key) do nothing
      returning id, created_at, confirmed_at
    ), d as (
      insert into order_details (${LINE_COLUMNS})
      select o.id, u.* from o cross join ${lineRecords(p('lines', 'json'))}
      returning id, product_id
    )
    select ${isoTimestamp(sql.raw('o.created_at'))} as created_on, ${isoTimestamp(sql.raw('o.confirmed_at'))} as confirmed_on,
      (select coalesce(json_agg(json_build_array(d.id, d.product_id)), '[]'::json) from d) as lines
    from o`,
  );
}

const orderInsert = perDatabase(prepareOrderInsert);

/**
 * POST /api/write/Orders. 2 SQL statements for a new order whatever its size (context with prices,
 * then order with lines); the order id is drawn with the context so the order number needs no extra trip.
 */
export async function placeOrder(db: Db, caller: Caller, input: PlaceOrderInput, idempotencyKey?: string, notify?: PendingNotifier): Promise<Order> {
  const lines = mergeLines(input.order_details);
  const hash = idempotencyKey ? requestHash(input, lines) : null;
  const [ctx] = await orderContext(db).execute({
    userId: caller.userId,
    businessId: caller.businessId,
    key: idempotencyKey ?? null,
    productIds: lines.map((l) => l.productId),
  });
  if (!ctx) throw unauthorized();
  const type = ctx.type as UserType;
  // Issue 18: a business on hold or closed places no order, nor confirms a pending one.
  const refusal = orderRefusal(ctx.businessStatus as BusinessStatus);
  if (refusal) throw forbidden(refusal);

  // A retried request with the same key answers the first order; with another body it is a 422.
  if (ctx.existingId != null && idempotencyKey && hash) {
    const first = await findOrderByIdempotencyKey(db, caller.userId, idempotencyKey, hash);
    if (first) return first;
  }
  if (input.id != null) {
    if (pendingPlacement(type, true) === 'refused') throw forbidden(CANNOT_APPROVE);
    return placePendingOrder(db, caller, { type, limit: ctx.limit }, input, notify);
  }
  // SPEC 5/6: an Approver orders only with the approver flag, i.e. when confirming a pending order.
  if (type === 'Approver') throw forbidden(NOT_ALLOWED_TO_ORDER);
  if (input.business_id != null && input.business_id !== caller.businessId) throw forbidden('You can only order for your own business.');
  if (input.business_user_id != null && input.business_user_id !== caller.userId) throw forbidden('You can only order as yourself.');
  checkPaymentMode(input.payment_mode, ctx.paymentMode);

  const rows = typeof ctx.products === 'string' ? (JSON.parse(ctx.products) as OrderLineProduct[]) : ctx.products;
  const priced = priceLines(lines, priceRows(rows, quantitiesOf(lines)));
  const totals = orderTotals(priced);
  checkPolicyFacts(toCityOrderPolicy(ctx.cityPolicy as CityOrderPolicy | string | null), totals.total, input.requested_delivery_day, new Date());
  const status = decideOrderStatus({ userType: type, paymentMode: input.payment_mode, limit: ctx.limit, total: totals.total });

  const number = orderNumber(ctx.nextId);
  const order = {
    id: ctx.nextId,
    order_number: number,
    status,
    address: ctx.address,
    contact_no: ctx.mobileNo,
    total_price: fromPaisa(totals.total),
    sell_price_total: fromPaisa(totals.sell),
    tax_total: fromPaisa(totals.tax),
    // SPEC 9: discount_price and paid_amount 0, remaining_amount the total.
    discount_price: '0.00',
    paid_amount: '0.00',
    remaining_amount: fromPaisa(totals.total),
    cm_id: ctx.userCmId ?? ctx.businessCmId,
    business_id: caller.businessId,
    business_user_id: caller.userId,
    payment_mode: input.payment_mode,
    payment_days: orderPaymentDays(input.payment_mode, ctx.paymentDays),
    metro_store_id: ctx.metroStoreId,
    delivery_id: ctx.deliveryId,
    customer_id: ctx.customerId,
    business_name: ctx.businessName,
    order_by: ctx.name,
    order_reference: input.order_reference ?? null,
    requested_delivery_day: input.requested_delivery_day ?? null,
  };
  const values = lineValues(priced);
  // Issue 36: confirmed on placing when it goes In Process (order-rules.ts confirmsOrder).
  const params = { ...order, key: idempotencyKey ?? null, request_hash: hash, confirmed: confirmsOrder(status), lines: JSON.stringify(values) };
  // Cash and Advance: the order and its lines in ONE statement (atomic on its own, so no begin/commit
  // round trips). Credit: in a transaction serialised per business with the credit check (issue 14.12).
  const [row] =
    input.payment_mode === 'Credit'
      ? await db.transaction(async (tx) => {
          const check = await checkCreditUnderLock(tx, { businessId: caller.businessId, orderTotal: totals.total, userId: caller.userId, key: idempotencyKey });
          return check.keyUsed ? [] : orderInsert(tx as unknown as Db).execute(params);
        })
      : await orderInsert(db).execute(params);
  if (row) {
    const lineIds = new Map(row.lines.map(([id, productId]) => [productId, id]));
    // A new order: nothing picked short, nothing rejected (the read API's shape, issue 16).
    const details: OrderDetail[] = values
      .map((v) => ({ id: lineIds.get(v.product_id) as number, ...v, ordered_quantity: v.quantity, change_reason: null }))
      .sort((x, y) => x.id - y.id);
    const placed: Order = {
      ...order,
      created_on: toKarachiIso(row.created_on),
      rejection_reason: null,
      version: 1,
      confirmed_on: row.confirmed_on ? toKarachiIso(row.confirmed_on) : null,
      change_requests: [],
      order_details: details,
    };
    if (placed.status === 'Pending') await tell(notify, { kind: 'placed', order: placed });
    return placed;
  }
  // Another request with the same key was first: answer its order.
  const first = idempotencyKey && hash ? await findOrderByIdempotencyKey(db, caller.userId, idempotencyKey, hash) : null;
  if (!first) throw new HttpError(500, 'Something went wrong on our side. Please try again.');
  return first;
}

/**
 * SPEC 4: a cart opened from Pending Approvals (the approver flag). The (possibly edited) lines are
 * priced again and that same order is updated, keeping its orderer, customer and business. An
 * Approver confirms it (In Process); its own Orderer resubmits it and the usual rule decides its
 * status again (roles.ts pendingPlacement).
 */
async function placePendingOrder(
  db: Db,
  caller: Caller,
  who: { type: UserType; limit: string },
  input: PlaceOrderInput,
  notify?: PendingNotifier,
): Promise<Order> {
  const id = input.id as number;
  const pending = await findBusinessOrder(db, caller.businessId, id);
  if (!pending) throw notFound('Order not found');
  const how = pendingPlacement(who.type, pending.business_user_id === caller.userId);
  if (how === 'refused') throw forbidden(CANNOT_APPROVE);
  if (input.business_id != null && input.business_id !== pending.business_id) throw forbidden('You can only order for your own business.');
  if (input.business_user_id != null && input.business_user_id !== pending.business_user_id) {
    throw forbidden('The order belongs to another user.');
  }
  if (pending.status !== 'Pending') throw conflict(ORDER_NOT_PENDING);
  const business = await businessPaymentTerms(db, caller.businessId);
  checkPaymentMode(input.payment_mode, business?.paymentMode ?? 'Cash');

  const lines = mergeLines(input.order_details);
  const priced = priceLines(lines, await priceProducts(db, caller.businessId, lines.map((l) => l.productId), { quantities: quantitiesOf(lines) }));
  const totals = orderTotals(priced);
  // Issue 36: the confirmed or resubmitted order meets its city's rules as a new one does; a reference
  // or delivery day left out keeps the order's own.
  checkPolicyFacts(await businessOrderPolicy(db, caller.businessId), totals.total, input.requested_delivery_day, new Date());
  const status = decideOrderStatus({
    userType: who.type,
    paymentMode: input.payment_mode,
    limit: who.limit,
    total: totals.total,
    isApproverConfirming: how === 'confirm',
  });

  const { order, wasTotal } = await db.transaction(async (tx) => {
    // Confirming as Credit adds this order to what the business owes: the same check as a new order.
    if (input.payment_mode === 'Credit') await checkCreditUnderLock(tx, { businessId: caller.businessId, orderTotal: totals.total, excludeOrderId: id });
    // Issue 37: the version this change replaces, locked until commit (an approval of it waits, then
    // finds the version moved on), and kept with its total so a refused approval can say what it was.
    const [current] = await tx
      .select({ version: orders.version, total: orders.totalPrice })
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.businessId, caller.businessId), eq(orders.status, 'Pending')))
      .for('update');
    if (!current) throw conflict(ORDER_NOT_PENDING);
    await tx.insert(orderRevisions).values({ orderId: id, version: current.version, totalPrice: current.total });
    const [row] = await tx
      .update(orders)
      .set({
        status,
        ...(input.order_reference === undefined ? {} : { orderReference: input.order_reference }),
        ...(input.requested_delivery_day === undefined ? {} : { requestedDeliveryDay: input.requested_delivery_day }),
        confirmedAt: confirmsOrder(status) ? sql`now()` : null,
        totalPrice: fromPaisa(totals.total),
        sellPriceTotal: fromPaisa(totals.sell),
        taxTotal: fromPaisa(totals.tax),
        remainingAmount: fromPaisa(totals.total),
        paymentMode: input.payment_mode,
        paymentDays: orderPaymentDays(input.payment_mode, business?.paymentDays ?? 0),
        decidedBy: how === 'confirm' ? caller.userId : null,
        version: sql`${orders.version} + 1`,
        updatedAt: sql`now()`,
      })
      // Conditional: an order another Approver moved meanwhile is left alone (409).
      .where(and(eq(orders.id, id), eq(orders.businessId, caller.businessId), eq(orders.status, 'Pending')))
      .returning(orderColumns);
    if (!row) throw conflict(ORDER_NOT_PENDING);
    await tx.delete(orderDetails).where(eq(orderDetails.orderId, id));
    return { order: toOrder(row, await insertLines(tx, id, priced)), wasTotal: current.total };
  });
  // The Orderer changed what waits for approval: its Approvers must look again (issue 37).
  if (how === 'resubmit') await tell(notify, { kind: 'resubmitted', order, wasTotal });
  return order;
}
