import { describe, expect, it } from 'vitest';
import { OrderStatusInputSchema } from './orders.ts';
import { describeOrderChange, ORDER_VERSION_INVALID, ORDER_VERSION_REQUIRED, orderChangedText } from './order-version.ts';

describe('the approve/reject body names the version shown (issue 37)', () => {
  it('requires a whole version of at least 1, with a text a person can read', () => {
    const missing = OrderStatusInputSchema.safeParse({ status: 'In Process' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.message).toBe(ORDER_VERSION_REQUIRED);
    for (const version of [0, 1.5, '2', null]) {
      expect(OrderStatusInputSchema.safeParse({ status: 'Rejected', version }).error?.issues[0]?.message).toBe(ORDER_VERSION_INVALID);
    }
    expect(OrderStatusInputSchema.parse({ status: 'Rejected', version: 3 })).toEqual({ status: 'Rejected', version: 3 });
  });
});

describe('orderChangedText', () => {
  it('says what the order totals now and what it totalled when shown', () => {
    expect(orderChangedText('101430.00', '86940.00')).toBe(
      'This order was changed after you opened it: it now totals Rs. 101,430 (was Rs. 86,940). Review it and decide again.',
    );
    expect(orderChangedText('500.00', '500.00')).toBe('This order was changed after you opened it: its lines changed and it still totals Rs. 500. Review it and decide again.');
    expect(orderChangedText('500.00', null)).toBe('This order was changed after you opened it: it now totals Rs. 500. Review it and decide again.');
  });
});

describe('describeOrderChange', () => {
  const line = (product_id: number, product_name: string, quantity: number, unit_price = '100.00') => ({ product_id, product_name, quantity, unit_price });
  it('names the total and every line added, changed or removed', () => {
    const shown = { total_price: '86940.00', order_details: [line(1, 'Dalda 5L', 2), line(2, 'Sugar 1 kg', 5), line(3, 'Rice 5 kg', 1)] };
    const now = { total_price: '101430.00', order_details: [line(1, 'Dalda 5L', 3), line(2, 'Sugar 1 kg', 5, '110.00'), line(4, 'Tea 900 g', 4)] };
    expect(describeOrderChange(shown, now)).toEqual({
      total: 'Rs. 86,940 → Rs. 101,430',
      lines: ['Dalda 5L: 2 → 3', 'Sugar 1 kg: Rs. 100 → Rs. 110 each', 'Tea 900 g: added (4)', 'Rice 5 kg: removed (was 1)'],
    });
  });
  it('leaves the total out when it is the same, and has no lines when none changed', () => {
    const order = { total_price: '200.00', order_details: [line(1, 'Dalda 5L', 2)] };
    expect(describeOrderChange(order, order)).toEqual({ total: null, lines: [] });
  });
});
