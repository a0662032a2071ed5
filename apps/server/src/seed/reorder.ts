// Issue 21: what a newcomer needs to try "buy again": the Owner's order of last week, one of whose
// products has sold out since (a reorder names it), and the business's weekly order list.
import { fromPaisa, type Paisa } from '@shop/domain/money';
import type { Db } from '../db/client.ts';
import { orderListItems, orderLists } from '../db/schema/order-lists.ts';
import { orderDetails, orders } from '../db/schema/orders.ts';
import type { DemoAccounts } from './accounts.ts';
import type { DemoProduct } from './catalogue.ts';
import { DEMO_SEED, splitTax } from './generator.ts';
import { DAY_MS, startOfDayUtc, unitPrice } from './orders.ts';
import { hashSeed, Random } from './random.ts';

/** Numbered after the planned orders of orders.ts (ORD-2024-000001 to 000018). */
export const LAST_WEEK_ORDER_NUMBER = 'ORD-2024-000019';
export const WEEKLY_LIST_NAME = 'Weekly kiryana order';
/** What the in-stock lines of last week's order come to: above the Orderer's Rs. 50,000, so ordering it again waits for an Approver. */
const TARGET: [number, number] = [56_000, 64_000];

export async function insertReorderDemo(db: Db, accounts: DemoAccounts, demo: readonly DemoProduct[], now: Date): Promise<void> {
  const rng = new Random(hashSeed(DEMO_SEED, 'reorder'));
  const owner = accounts.users.owner;
  const sells = (p: DemoProduct) => p.draft.leaf.level2.businessTypes.includes(owner.business.subType);
  const inStock = rng.shuffle(demo.filter((p) => sells(p) && p.draft.stock >= 60));
  const soldOut = demo.find((p) => sells(p) && p.draft.stock === 0);
  if (!soldOut || inStock.length < 14) throw new Error('the demo catalogue has no products for the reorder demo');

  const lines = inStock.slice(0, 6).map((product) => ({ product, unit: unitPrice(owner, product), quantity: 1 }));
  const target = rng.between(TARGET[0], TARGET[1]) * 100;
  for (const l of lines) l.quantity = Math.max(1, Math.min(l.product.draft.stock, Math.round(target / lines.length / l.unit)));
  const total = (ls: readonly { unit: Paisa; quantity: number }[]) => ls.reduce((sum, l) => sum + l.unit * l.quantity, 0);
  const cheapest = lines.reduce((a, b) => (b.unit < a.unit ? b : a));
  while (total(lines) < TARGET[0] * 100 && cheapest.quantity < cheapest.product.draft.stock) cheapest.quantity++;
  const all = [...lines, { product: soldOut, unit: unitPrice(owner, soldOut), quantity: 6 }];

  // A week ago, at 11:00 Pakistan time (06:00 UTC), delivered.
  const at = new Date(startOfDayUtc(now) - 7 * DAY_MS + 6 * 3_600_000).toISOString();
  let tax = 0;
  for (const l of all) tax += splitTax(l.unit, l.product.draft.leaf.level2.taxed).tax * l.quantity;
  const b = owner.business;
  const sum = total(all);
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: LAST_WEEK_ORDER_NUMBER,
      status: 'Delivered',
      address: owner.address,
      contactNo: owner.mobileNo,
      totalPrice: fromPaisa(sum),
      sellPriceTotal: fromPaisa(sum - tax),
      taxTotal: fromPaisa(tax),
      remainingAmount: fromPaisa(sum),
      cmId: b.cmId,
      businessId: b.id,
      businessUserId: owner.id,
      paymentMode: b.paymentMode,
      paymentDays: b.paymentDays,
      metroStoreId: owner.metroStoreId,
      deliveryId: owner.deliveryId,
      customerId: owner.customerId,
      businessName: b.name,
      orderBy: owner.name,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: orders.id });
  const orderId = (order as { id: number }).id;
  await db.insert(orderDetails).values(
    all.map(({ product, unit, quantity }) => {
      const split = splitTax(unit, product.draft.leaf.level2.taxed);
      return {
        orderId,
        productId: product.id,
        productName: product.draft.name,
        quantity,
        unitPrice: fromPaisa(unit),
        totalPrice: fromPaisa(unit * quantity),
        tax: fromPaisa(split.tax),
        sellPrice: fromPaisa(split.sellPrice),
        url: product.draft.slug,
        productSubsys: product.draft.leaf.top === 'Food' ? 'FOOD' : 'NONFOOD',
        articleMgb: product.draft.articleMgb,
        createdAt: at,
      };
    }),
  );

  // The weekly list the Owner keeps: eight staples at their usual quantities.
  const [list] = await db
    .insert(orderLists)
    .values({ businessId: b.id, name: WEEKLY_LIST_NAME, createdBy: owner.id, updatedBy: owner.id, createdAt: at, updatedAt: at })
    .returning({ id: orderLists.id });
  const listId = (list as { id: number }).id;
  await db.insert(orderListItems).values(
    inStock.slice(6, 14).map((p, position) => ({
      listId,
      productId: p.id,
      productName: p.draft.name,
      sku: p.draft.sku,
      quantity: rng.int(2, 12),
      position,
      createdAt: at,
    })),
  );
}
