import { describe, expect, it } from 'vitest';
import { addToCart, MAX_LINE_QUANTITY, setQuantity } from './cart.ts';
import { ORDER_STATUSES } from './constants.ts';
import { CLOSED_ORDER_STATUSES } from './credit.ts';
import { ChangeLineInputSchema, EDITABLE_STATUSES, OPEN_STATUSES, RUNNABLE_STATUSES, STAFF_TRANSITIONS, trackStepOf } from './order-desk.ts';
import { OrderLineInputSchema } from './orders.ts';
import { AddPriceInputSchema, PriceCheckInputSchema } from './prices.ts';
import { QuickOrderInputSchema } from './reorder.ts';
import { parseRowQuantity } from './reorder-rules.ts';
import { allowedPaymentModes, canTrack, confirmsOrder, decideOrderStatus, MAX_ORDER_QUANTITY, groupOrders, orderDate, orderPaymentDays, orderRefusal, orderTotals, pricedCartLine } from './order-rules.ts';

describe('decideOrderStatus (SPEC 4)', () => {
  const base = { paymentMode: 'Cash' as const, limit: '50000.00' };
  it('sends an Orderer paying Cash over the limit for approval', () => {
    expect(decideOrderStatus({ ...base, userType: 'Orderer', total: 5_000_001 })).toBe('Pending');
  });
  it('keeps an order exactly at the limit In Process', () => {
    expect(decideOrderStatus({ ...base, userType: 'Orderer', total: 5_000_000 })).toBe('In Process');
  });
  it('ignores the limit for Credit and Advance and for other user types', () => {
    expect(decideOrderStatus({ ...base, paymentMode: 'Credit', userType: 'Orderer', total: 9_000_000 })).toBe('In Process');
    expect(decideOrderStatus({ ...base, userType: 'Owner', total: 9_000_000 })).toBe('In Process');
  });
  it('an Approver confirming is always In Process', () => {
    expect(decideOrderStatus({ ...base, userType: 'Orderer', total: 9_000_000, isApproverConfirming: true })).toBe('In Process');
  });
});

describe('allowedPaymentModes', () => {
  it('always offers Cash first and the business mode beside it', () => {
    expect(allowedPaymentModes('Cash')).toEqual(['Cash']);
    expect(allowedPaymentModes('Credit')).toEqual(['Cash', 'Credit']);
    expect(allowedPaymentModes('Advance')).toEqual(['Cash', 'Advance']);
    expect(allowedPaymentModes(undefined)).toEqual(['Cash']);
  });
});

describe('orderRefusal (SPEC 5)', () => {
  it('refuses Guests and Approvers without the flag, then an empty cart', () => {
    expect(orderRefusal('Guest', false, 3)).toBe('not-allowed');
    expect(orderRefusal('Approver', false, 3)).toBe('not-allowed');
    expect(orderRefusal('Approver', true, 3)).toBeNull();
    expect(orderRefusal('Orderer', false, 0)).toBe('empty');
    expect(orderRefusal('Orderer', false, 1)).toBeNull();
  });
});

describe('orderTotals', () => {
  it('sums exactly in paisa', () => {
    const lines = Array.from({ length: 10 }, () => ({ unit_price: '0.10', unit_tax: '0.02', unit_sell_price: '0.08', quantity: 3 }));
    expect(orderTotals(lines)).toEqual({ total: 300, tax: 60, sell: 240 });
  });
  it('splits a cart line into tax and net at the product rate', () => {
    expect(pricedCartLine({ unit_price: '1180.00', tax: '180.00', sell_price: '1000.00', quantity: 2 })).toEqual({
      unit_price: '1180.00',
      unit_tax: '180.00',
      unit_sell_price: '1000.00',
      quantity: 2,
    });
  });
});

describe('history', () => {
  it('groups In Process, Pending, Delivered, Rejected and drops empty groups', () => {
    const groups = groupOrders([{ status: 'Rejected' }, { status: 'Delivered' }, { status: 'In Process' }] as const);
    expect(groups.map((g) => g.status)).toEqual(['In Process', 'Delivered', 'Rejected']);
  });
  it('shows the date part before the T', () => {
    expect(orderDate('2026-11-20T09:15:00.000Z')).toBe('2026-11-20');
  });
});

describe('the quantity cap, defined once (MAX_ORDER_QUANTITY)', () => {
  const line = { product_id: 1, product_name: 'Rice', unit_price: '100.00', url_name: 'rice', brand_name: 'B', sku: 'SKU-1', stock: 100_000, tax: '0.00', sell_price: '100.00', sale: false };
  const accepts = (schema: { safeParse(v: unknown): { success: boolean } }, make: (q: number) => unknown) => [
    schema.safeParse(make(MAX_ORDER_QUANTITY)).success,
    schema.safeParse(make(MAX_ORDER_QUANTITY + 1)).success,
  ];

  it('is where the cart, an order line, the desk, the price check, quantity prices and reorder stop', () => {
    expect(MAX_LINE_QUANTITY).toBe(MAX_ORDER_QUANTITY);
    expect(setQuantity([{ ...line, quantity: 1 }], 1, MAX_ORDER_QUANTITY + 50)[0]?.quantity).toBe(MAX_ORDER_QUANTITY);
    expect(addToCart([], line, MAX_ORDER_QUANTITY + 50)[0]?.quantity).toBe(MAX_ORDER_QUANTITY);
    expect(accepts(OrderLineInputSchema, (quantity) => ({ product_id: 1, quantity }))).toEqual([true, false]);
    expect(accepts(ChangeLineInputSchema, (quantity) => ({ quantity, reason: 'short stock', expected_status: 'In Process' }))).toEqual([true, false]);
    expect(accepts(PriceCheckInputSchema, (quantity) => ({ product_id: 1, quantity }))).toEqual([true, false]);
    expect(accepts(AddPriceInputSchema, (min_quantity) => ({ kind: 'quantity', city: 'Lahore', product_id: 1, min_quantity, price: '90' }))).toEqual([true, false]);
    expect(accepts(QuickOrderInputSchema, (quantity) => ({ rows: [{ text: 'SKU-1', quantity }] }))).toEqual([true, false]);
    expect(parseRowQuantity(String(MAX_ORDER_QUANTITY))).toBe(MAX_ORDER_QUANTITY);
    expect(parseRowQuantity(String(MAX_ORDER_QUANTITY + 1))).toBeNull();
  });
});

describe('the order statuses (issue 38: docs/order-rules.md)', () => {
  it('open is every status but the closed ones (credit.ts CLOSED_ORDER_STATUSES)', () => {
    expect(OPEN_STATUSES).toEqual(['Pending', 'In Process', 'Arrange', 'Shipping']);
    expect([...OPEN_STATUSES, ...CLOSED_ORDER_STATUSES].sort()).toEqual([...ORDER_STATUSES].sort());
  });
  it('an order is tracked while it is a step of Track Order before Done, and stands in the In Process group of the history', () => {
    expect(ORDER_STATUSES.filter(canTrack)).toEqual(['In Process', 'Arrange', 'Shipping']);
    for (const status of ORDER_STATUSES) expect(canTrack(status), status).toBe(status !== 'Delivered' && trackStepOf(status) !== null);
    const groups = groupOrders([{ status: 'Shipping' }, { status: 'Pending' }, { status: 'Arrange' }] as const);
    expect(groups.map((g) => [g.status, g.orders.length])).toEqual([['In Process', 2], ['Pending', 1]]);
  });
  it('a run takes the orders the warehouse has not shipped; each can reach Shipping by staff moves', () => {
    expect([...RUNNABLE_STATUSES].sort()).toEqual(['Arrange', 'In Process']);
    for (const status of RUNNABLE_STATUSES) {
      expect(EDITABLE_STATUSES).toContain(status);
      expect(STAFF_TRANSITIONS[status].includes('Shipping') || STAFF_TRANSITIONS[status].some((next) => STAFF_TRANSITIONS[next].includes('Shipping'))).toBe(true);
    }
  });
  it('an order is confirmed on going In Process; payment days only on Credit', () => {
    expect(ORDER_STATUSES.filter(confirmsOrder)).toEqual(['In Process']);
    expect(orderPaymentDays('Credit', 21)).toBe(21);
    expect(orderPaymentDays('Cash', 21)).toBe(0);
    expect(orderPaymentDays('Advance', 21)).toBe(0);
  });
});
