import { describe, expect, it } from 'vitest';
import { availableCredit, checkCredit, formatExactRupees } from './credit.ts';

describe('checkCredit (issue 14 point 12)', () => {
  const terms = { limit: 500_000_00, ledgerOutstanding: 300_000_00, openOrders: 150_000_00 };

  it('lets an order fit up to the limit exactly, to the paisa', () => {
    expect(checkCredit(50_000_00, terms)).toEqual({ ok: true, available: 50_000_00 });
    const over = checkCredit(50_000_01, terms);
    expect(over.ok).toBe(false);
    expect(over.available).toBe(50_000_00);
  });

  it('counts the open Credit orders as owed, not only the ledger', () => {
    expect(checkCredit(100_000_00, { ...terms, openOrders: 0 }).ok).toBe(true);
    expect(checkCredit(100_000_00, terms).ok).toBe(false);
  });

  it('explains the refusal in rupees and never shows a negative amount available', () => {
    const result = checkCredit(1_234_50, { limit: 1_000_00, ledgerOutstanding: 2_000_00, openOrders: 0 });
    expect(result).toEqual({
      ok: false,
      available: 0,
      message:
        'This order of Rs. 1,234.50 would take your business above its credit limit of Rs. 1,000.00 (available now: Rs. 0.00). ' +
        'Please choose Cash on Delivery, order less, or clear your outstanding first.',
    });
    expect(availableCredit({ limit: 0, ledgerOutstanding: 0, openOrders: 0 })).toBe(0);
    expect(checkCredit(1, { limit: 0, ledgerOutstanding: 0, openOrders: 0 }).ok).toBe(false);
  });

  it('formats exact rupees with separators', () => {
    expect(formatExactRupees(123_456_789)).toBe('Rs. 1,234,567.89');
    expect(formatExactRupees(5)).toBe('Rs. 0.05');
  });
});
