import { toKarachiIso } from '@shop/domain/karachi-time';
import type {
  CreateOrderListInput,
  OrderList,
  OrderListCartInput,
  OrderListSummary,
  Proposal,
  UpdateOrderListInput,
} from '@shop/domain/reorder';
import { MAX_ORDER_QUANTITY } from '@shop/domain/order-rules';
import { CANNOT_EDIT_LIST, ORDER_LISTS_PER_BUSINESS, orderListRights } from '@shop/domain/reorder-rules';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isoTime } from '../../db/schema/common.ts';
import { orderListItems, orderLists } from '../../db/schema/order-lists.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error.ts';
import { businessUserNameSql } from '../businesses/buyer-accounts.service.ts';
import { productNamesByIds } from '../catalogue/product-lookup.service.ts';
import { findOrder } from '../orders/orders-read.service.ts';
import { type Buyer, mergeWants, proposeLines, type Want, withTotals } from './proposal.service.ts';

export const LIST_NOT_FOUND = 'Order list not found';
export const LIST_CHANGED = 'Someone changed this list meanwhile. Open it again to see the change, then make yours.';
const nameTaken = (name: string) => `A list named "${name}" already exists.`;

function requireEditor(buyer: Buyer) {
  if (!orderListRights(buyer.type).canEdit) throw forbidden(CANNOT_EDIT_LIST);
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** Every read and change is scoped to the caller's business: another business's list is 404, never seen. */
const ownList = (buyer: Buyer, id: number): SQL => and(eq(orderLists.id, id), eq(orderLists.businessId, buyer.businessId)) as SQL;

const summaryColumns = {
  id: orderLists.id,
  name: orderLists.name,
  version: orderLists.version,
  business_id: orderLists.businessId,
  updated_at: orderLists.updatedAt,
  // Qualified by hand: drizzle renders a lone column of a one-table select unqualified, which inside
  // these subqueries would name their own table's column.
  updated_by: businessUserNameSql(sql.raw('"order_lists"."updated_by"')),
  item_count: sql<number>`(select count(*)::int from ${orderListItems} i where i.list_id = "order_lists"."id")`,
};

type SummaryRow = { id: number; name: string; version: number; business_id: number; updated_at: string; updated_by: string; item_count: number };
const toSummary = (r: SummaryRow): OrderListSummary => ({
  id: r.id,
  name: r.name,
  item_count: Number(r.item_count),
  version: r.version,
  updated_by: r.updated_by,
  updated_at: toKarachiIso(isoTime(r.updated_at)),
});

/** The business's lists by name. */
export async function listOrderLists(db: Db, buyer: Buyer): Promise<OrderListSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(orderLists)
    .where(eq(orderLists.businessId, buyer.businessId))
    .orderBy(sql`lower(${orderLists.name})`, asc(orderLists.id));
  return rows.map(toSummary);
}

async function findSummary(db: Db, buyer: Buyer, id: number): Promise<SummaryRow> {
  const [row] = await db
    .select(summaryColumns)
    .from(orderLists)
    .where(ownList(buyer, id))
    .limit(1);
  if (!row) throw notFound(LIST_NOT_FOUND);
  return row;
}

async function itemsOf(db: Db, listId: number): Promise<Want[]> {
  const rows = await db
    .select({ productId: orderListItems.productId, quantity: orderListItems.quantity, name: orderListItems.productName, sku: orderListItems.sku })
    .from(orderListItems)
    .where(eq(orderListItems.listId, listId))
    .orderBy(asc(orderListItems.position), asc(orderListItems.id));
  return rows;
}

/** A list with every product at its usual quantity, priced today for the business, problems named. */
export async function getOrderList(db: Db, buyer: Buyer, id: number): Promise<OrderList> {
  const summary = await findSummary(db, buyer, id);
  const lines = await proposeLines(db, buyer.businessId, await itemsOf(db, id));
  const { lines: items, ...totals } = await withTotals(db, buyer, lines);
  return { ...toSummary(summary), business_id: summary.business_id, items, ...totals };
}

/** The products named by id, as list items keep them (name and SKU too); an unknown id is refused. */
async function itemRows(db: Db, items: readonly { product_id: number; quantity: number }[]) {
  const merged = mergeWants(items.map((i) => ({ productId: i.product_id, quantity: i.quantity, name: '', sku: '' })));
  if (merged.length === 0) return [];
  const found = await productNamesByIds(db, merged.map((m) => m.productId as number));
  const byId = new Map(found.map((p) => [p.id, p]));
  return merged.map((m, position) => {
    const p = byId.get(m.productId as number);
    if (!p) throw badRequest(`Product ${m.productId} was not found.`);
    return { productId: p.id, productName: p.name, sku: p.sku, quantity: Math.min(m.quantity, MAX_ORDER_QUANTITY), position };
  });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function checkNameFree(db: Db | Tx, buyer: Buyer, name: string, exceptId?: number) {
  const where = [eq(orderLists.businessId, buyer.businessId), sql`lower(${orderLists.name}) = lower(${name})`];
  if (exceptId !== undefined) where.push(ne(orderLists.id, exceptId));
  const [taken] = await db.select({ id: orderLists.id }).from(orderLists).where(and(...where)).limit(1);
  if (taken) throw conflict(nameTaken(name));
}

/**
 * A new list, of the products sent or of a past order's lines at the quantities ordered (an order the
 * caller sees in Order History). Owner or Approver only.
 */
export async function createOrderList(db: Db, buyer: Buyer, input: CreateOrderListInput): Promise<OrderList> {
  requireEditor(buyer);
  if (input.items && input.from_order_id !== undefined) throw badRequest('Send the products or a past order, not both.');
  let items = input.items ?? [];
  if (input.from_order_id !== undefined) {
    const order = await findOrder(db, buyer, input.from_order_id);
    items = order.order_details.map((d) => ({ product_id: d.product_id, quantity: Math.max(d.ordered_quantity ?? d.quantity, d.quantity, 1) }));
  }
  const rows = await itemRows(db, items);
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(orderLists).where(eq(orderLists.businessId, buyer.businessId));
  if (Number(n) >= ORDER_LISTS_PER_BUSINESS) throw conflict(`A business keeps at most ${ORDER_LISTS_PER_BUSINESS} order lists. Delete one first.`);
  await checkNameFree(db, buyer, input.name);
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const [list] = await tx
        .insert(orderLists)
        .values({ businessId: buyer.businessId, name: input.name, createdBy: buyer.userId, updatedBy: buyer.userId })
        .returning({ id: orderLists.id });
      const listId = (list as { id: number }).id;
      if (rows.length) await tx.insert(orderListItems).values(rows.map((r) => ({ ...r, listId })));
      return listId;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(nameTaken(input.name));
    throw err;
  }
  return getOrderList(db, buyer, id);
}

/** The whole list replaced (name and items), if nobody changed it since `version` was read (else 409). */
export async function updateOrderList(db: Db, buyer: Buyer, id: number, input: UpdateOrderListInput): Promise<OrderList> {
  requireEditor(buyer);
  const rows = await itemRows(db, input.items);
  try {
    await db.transaction(async (tx) => {
      await checkNameFree(tx, buyer, input.name, id);
      const [updated] = await tx
        .update(orderLists)
        .set({ name: input.name, version: sql`${orderLists.version} + 1`, updatedBy: buyer.userId, updatedAt: sql`now()` })
        .where(and(ownList(buyer, id), eq(orderLists.version, input.version)))
        .returning({ id: orderLists.id });
      if (!updated) {
        const [exists] = await tx.select({ id: orderLists.id }).from(orderLists).where(ownList(buyer, id)).limit(1);
        throw exists ? conflict(LIST_CHANGED) : notFound(LIST_NOT_FOUND);
      }
      await tx.delete(orderListItems).where(eq(orderListItems.listId, id));
      if (rows.length) await tx.insert(orderListItems).values(rows.map((r) => ({ ...r, listId: id })));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(nameTaken(input.name));
    throw err;
  }
  return getOrderList(db, buyer, id);
}

export async function deleteOrderList(db: Db, buyer: Buyer, id: number): Promise<{ id: number }> {
  requireEditor(buyer);
  const [gone] = await db.delete(orderLists).where(ownList(buyer, id)).returning({ id: orderLists.id });
  if (!gone) throw notFound(LIST_NOT_FOUND);
  return gone;
}

/**
 * The whole list at its usual quantities, or the chosen products at the quantities chosen this time,
 * for the cart at today's prices (every user of the business may order from a list).
 */
export async function listToCart(db: Db, buyer: Buyer, id: number, input: OrderListCartInput): Promise<Proposal> {
  await findSummary(db, buyer, id);
  const items = await itemsOf(db, id);
  let wants = items;
  if (input.items) {
    const byProduct = new Map(items.flatMap((i) => (i.productId == null ? [] : [[i.productId, i] as const])));
    wants = mergeWants(
      input.items.map((c) => {
        const item = byProduct.get(c.product_id);
        if (!item) throw badRequest(`Product ${c.product_id} is not on this list.`);
        return { ...item, quantity: c.quantity };
      }),
    );
  }
  return withTotals(db, buyer, await proposeLines(db, buyer.businessId, wants));
}
