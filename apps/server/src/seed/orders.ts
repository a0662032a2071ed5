// Orders in every status, invoices and ledger entries in every aging bucket. Dates are relative to
// the seeding day so the aging buckets are right whenever the demo database is made.
import type { OrderStatus, PaymentMode } from '@shop/domain/constants';
import { fromPaisa, type Paisa, toPaisa } from '@shop/domain/money';
import { displayPrice } from '@shop/domain/pricing';
import type { Db } from '../db/client.ts';
import { invoices, ledgers, orderDetails, orders } from '../db/schema/orders.ts';
import { appendPosting } from '../modules/finance/postings.service.ts';
import type { DemoAccounts, DemoUser } from './accounts.ts';
import type { DemoProduct } from './catalogue.ts';
import { DEMO_SEED, draftPrices, splitTax } from './generator.ts';
import { hashSeed, Random } from './random.ts';

export const DAY_MS = 86_400_000;

/** The seeding day at 00:00 UTC. */
export function startOfDayUtc(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}

interface OrderPlan {
  user: 'orderer' | 'credit';
  status: OrderStatus;
  daysAgo: number;
  /** Target total in rupees; Pending orders of the Orderer are always above the 50,000 limit. */
  target: [number, number];
  /** payable_by relative to the seeding day (negative: overdue), for delivered orders with a ledger entry. */
  ledger?: { payableIn: number; mode: PaymentMode; paidShare?: number };
  /** Placed at this hour, Pakistan time, instead of business hours: a night order whose UTC date is the day before. */
  pakistanHour?: number;
}

const ORDERER_LIMIT = 50_000;
const PLANS: readonly OrderPlan[] = [
  { user: 'credit', status: 'Delivered', daysAgo: 58, target: [60_000, 120_000], ledger: { payableIn: -45, mode: 'Credit' } },
  { user: 'credit', status: 'Delivered', daysAgo: 52, target: [40_000, 90_000], ledger: { payableIn: -20, mode: 'Credit', paidShare: 0.4 } },
  { user: 'orderer', status: 'Delivered', daysAgo: 41, target: [32_000, 48_000], ledger: { payableIn: -16, mode: 'Cash' } },
  { user: 'credit', status: 'Delivered', daysAgo: 37, target: [50_000, 150_000], ledger: { payableIn: -7, mode: 'Credit' } },
  { user: 'orderer', status: 'Delivered', daysAgo: 26, target: [32_000, 48_000], ledger: { payableIn: -3, mode: 'Cash' } },
  { user: 'credit', status: 'Delivered', daysAgo: 30, target: [40_000, 100_000], ledger: { payableIn: 0, mode: 'Credit' } },
  { user: 'orderer', status: 'Rejected', daysAgo: 18, target: [55_000, 80_000] },
  { user: 'credit', status: 'Delivered', daysAgo: 14, target: [30_000, 70_000], ledger: { payableIn: 0, mode: 'Cash' } },
  { user: 'orderer', status: 'Delivered', daysAgo: 12, target: [32_000, 48_000] },
  { user: 'credit', status: 'Delivered', daysAgo: 9, target: [50_000, 130_000], ledger: { payableIn: 21, mode: 'Credit' } },
  { user: 'orderer', status: 'In Process', daysAgo: 5, target: [32_000, 48_000] },
  { user: 'credit', status: 'In Process', daysAgo: 4, target: [60_000, 160_000] },
  { user: 'orderer', status: 'Pending', daysAgo: 3, target: [55_000, 95_000] },
  { user: 'orderer', status: 'In Process', daysAgo: 2, target: [32_000, 48_000], pakistanHour: 2 },
  { user: 'credit', status: 'In Process', daysAgo: 1, target: [40_000, 90_000] },
  { user: 'orderer', status: 'Pending', daysAgo: 1, target: [55_000, 95_000] },
  // Issue 16: the warehouse's steps, so the order desk and Track Order have an order at each.
  { user: 'orderer', status: 'Arrange', daysAgo: 1, target: [32_000, 48_000] },
  { user: 'orderer', status: 'Shipping', daysAgo: 1, target: [32_000, 48_000] },
];

interface Line {
  product: DemoProduct;
  unit: Paisa;
  quantity: number;
}

/**
 * SPEC 9: the price of one piece the business paid: the displayed price (pricing.ts displayPrice) of
 * the product with the business's locked price. The demo's orders are of the days before its city
 * prices and thresholds (seed/prices-content.ts), so those do not apply.
 */
export function unitPrice(user: DemoUser, p: DemoProduct): Paisa {
  const locked = user.business.prices.get(p.id);
  return toPaisa(displayPrice({ ...draftPrices(p.draft), customer_specific_pricing: locked === undefined ? null : fromPaisa(locked) }));
}

const totalOf = (lines: readonly Line[]) => lines.reduce((sum, l) => sum + l.unit * l.quantity, 0);

function planLines(rng: Random, user: DemoUser, candidates: readonly DemoProduct[], plan: OrderPlan): Line[] {
  const count = rng.int(plan.status === 'Pending' ? 4 : 2, 8);
  const target = rng.between(plan.target[0], plan.target[1]) * 100;
  const lines = rng
    .shuffle(candidates)
    .slice(0, count)
    .map((product) => {
      const unit = unitPrice(user, product);
      const quantity = Math.max(1, Math.min(product.draft.stock, 120, Math.round(target / count / unit)));
      return { product, unit, quantity };
    });
  const dearest = lines.reduce((a, b) => (b.unit > a.unit ? b : a));
  // SPEC 9 (FAQ): minimum order value is 30,000 PKR; every target starts above it.
  while (totalOf(lines) < plan.target[0] * 100) dearest.quantity++;
  const limit = ORDERER_LIMIT * 100;
  if (user.business.paymentMode === 'Cash' && plan.status === 'Pending') {
    while (totalOf(lines) <= limit) dearest.quantity++;
  } else if (user.business.paymentMode === 'Cash' && plan.status !== 'Rejected') {
    // Orders placed within the Orderer's limit went straight to In Process.
    while (totalOf(lines) > limit) {
      const biggest = lines.filter((l) => l.quantity > 1).sort((a, b) => b.unit * b.quantity - a.unit * a.quantity)[0];
      if (!biggest) break;
      biggest.quantity--;
    }
  }
  return lines;
}

export async function insertOrders(db: Db, accounts: DemoAccounts, demo: readonly DemoProduct[], now: Date): Promise<void> {
  const today = startOfDayUtc(now);
  const dateOnly = (offsetDays: number) => new Date(today + offsetDays * DAY_MS).toISOString().slice(0, 10);
  const rng = new Random(hashSeed(DEMO_SEED, 'orders'));
  const inStockFor = (subType: string) => demo.filter((p) => p.draft.stock > 0 && p.draft.leaf.level2.businessTypes.includes(subType));
  const candidates = {
    orderer: inStockFor(accounts.users.orderer.business.subType),
    credit: inStockFor(accounts.users.credit.business.subType),
  };

  const planned = [...PLANS]
    .sort((a, b) => b.daysAgo - a.daysAgo)
    .map((plan, i) => {
      const user = accounts.users[plan.user];
      const lines = planLines(rng, user, candidates[plan.user], plan);
      // Business hours, Pakistan time (UTC+5): 09:00 to 17:59 (drawn for every order, so the rest stays the same).
      const businessHours = (4 + rng.int(0, 8)) * 3_600_000 + rng.int(0, 59) * 60_000;
      const sinceMidnightUtc = plan.pakistanHour === undefined ? businessHours : (plan.pakistanHour - 5) * 3_600_000;
      const at = new Date(today - plan.daysAgo * DAY_MS + sinceMidnightUtc).toISOString();
      return { plan, user, lines, at, number: `ORD-2024-${String(i + 1).padStart(6, '0')}` };
    });

  const orderRows = planned.map(({ plan, user, lines, at, number }) => {
    const total = totalOf(lines);
    let tax = 0;
    for (const l of lines) tax += splitTax(l.unit, l.product.draft.leaf.level2.taxed).tax * l.quantity;
    const b = user.business;
    return {
      orderNumber: number,
      status: plan.status,
      address: user.address,
      contactNo: user.mobileNo,
      totalPrice: fromPaisa(total),
      sellPriceTotal: fromPaisa(total - tax),
      taxTotal: fromPaisa(tax),
      discountPrice: '0.00',
      paidAmount: '0.00',
      remainingAmount: fromPaisa(total),
      cmId: b.cmId,
      businessId: b.id,
      businessUserId: user.id,
      paymentMode: b.paymentMode,
      paymentDays: b.paymentDays,
      metroStoreId: user.metroStoreId,
      deliveryId: user.deliveryId,
      customerId: user.customerId,
      businessName: b.name,
      orderBy: user.name,
      decidedBy: plan.status === 'Rejected' ? accounts.users.approver.id : null,
      // Issue 36: confirmed when placed, except those waiting for, or rejected by, the Approver.
      confirmedAt: plan.status === 'Pending' || plan.status === 'Rejected' ? null : at,
      createdAt: at,
      updatedAt: at,
    };
  });
  const inserted = await db.insert(orders).values(orderRows).returning({ id: orders.id, orderNumber: orders.orderNumber });
  const idByNumber = new Map(inserted.map((o) => [o.orderNumber, o.id]));

  const detailRows = planned.flatMap(({ lines, number, at }) =>
    lines.map(({ product, unit, quantity }) => {
      const split = splitTax(unit, product.draft.leaf.level2.taxed);
      return {
        orderId: idByNumber.get(number) as number,
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
  await db.insert(orderDetails).values(detailRows);

  let invoiceNo = 0;
  const posted: (Parameters<typeof appendPosting>[1] & { postedAt: string })[] = [];
  for (const { plan, user, lines, number, at } of planned) {
    if (!plan.ledger) continue;
    const total = totalOf(lines);
    const dueOn = dateOnly(plan.ledger.payableIn);
    const [invoice] = await db
      .insert(invoices)
      .values({
        invoiceNumber: `INV-2024-${String(++invoiceNo).padStart(6, '0')}`,
        orderId: idByNumber.get(number) as number,
        businessId: user.business.id,
        businessUserId: user.id,
        amount: fromPaisa(total),
        paymentMode: plan.ledger.mode,
        dueOn,
        createdAt: at,
      })
      .returning({ id: invoices.id });
    const paid = Math.round((total * (plan.ledger.paidShare ?? 0)) / 100) * 100;
    const [entry] = await db.insert(ledgers).values({
      businessId: user.business.id,
      businessUserId: user.id,
      invoiceId: (invoice as { id: number }).id,
      totalSpent: fromPaisa(total),
      payable: fromPaisa(total - paid),
      payableBy: dueOn,
      paymentMode: plan.ledger.mode,
      createdAt: at,
    }).returning({ id: ledgers.id });
    posted.push({
      businessId: user.business.id,
      kind: 'invoice',
      amount: fromPaisa(total - paid),
      ledgerId: (entry as { id: number }).id,
      reference: `INV-2024-${String(invoiceNo).padStart(6, '0')}`,
      memo: `${plan.ledger.mode} invoice`,
      postedAt: at,
    });
  }
  // Issue 18: each entry is in its business's journal (the statement) on its delivery day, appended in
  // the order of those days as deliveries append them (each posting carries the running balance).
  posted.sort((a, b) => Date.parse(a.postedAt) - Date.parse(b.postedAt));
  for (const p of posted) await appendPosting(db as unknown as Parameters<typeof appendPosting>[0], p);
}
