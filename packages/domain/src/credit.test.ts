import { describe, expect, it } from 'vitest';
import { availableCredit, checkCredit, exposureOf, formatExactRupees, liveRelease, releaseNotice } from './credit.ts';

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

describe('a credit release (issue 37)', () => {
  // Ends 1 Dec 2026 at 17:52 in Pakistan (12:52 UTC).
  const release = { amount: 500_00, until: '2026-12-01T12:52:00.000Z' };
  const terms = { limit: 1_000_00, ledgerOutstanding: 1_200_00, openOrders: 0 };

  it('allows what the business owes up to its limit plus the release amount, to the paisa', () => {
    expect(checkCredit(123_00, terms).ok).toBe(false);
    expect(checkCredit(123_00, { ...terms, release })).toEqual({ ok: true, available: 300_00 });
    expect(checkCredit(300_00, { ...terms, release }).ok).toBe(true);
    expect(availableCredit({ ...terms, release })).toBe(300_00);
  });

  it('refuses beyond it with a message that names the release', () => {
    expect(checkCredit(300_01, { ...terms, release })).toEqual({
      ok: false,
      available: 300_00,
      message:
        'This order of Rs. 300.01 would take your business above its credit limit of Rs. 1,000.00 plus the Rs. 500.00 released until 1 Dec 2026, 17:52 (available now: Rs. 300.00). ' +
        'Please choose Cash on Delivery, order less, or clear your outstanding first.',
    });
  });

  it('counts only while its end is ahead', () => {
    expect(liveRelease(release, new Date('2026-12-01T12:51:59.999Z'))).toEqual(release);
    expect(liveRelease(release, new Date('2026-12-01T12:52:00.000Z'))).toBeNull();
    expect(liveRelease(null, new Date())).toBeNull();
  });

  it('is said in one sentence, in Pakistan time, for the checkout and the staff screen', () => {
    expect(releaseNotice(release)).toBe('Your business is ordering on Credit under a release until 1 Dec 2026, 17:52 (up to Rs. 500.00 above its credit limit).');
    expect(releaseNotice({ ...release, amount: 0 }, 'Ali Traders')).toBe('Ali Traders is ordering on Credit under a release until 1 Dec 2026, 17:52 (within its credit limit).');
  });

  it('comes from GET /api/orders/credit to the checkout', () => {
    const standing = { credit_limit: '1000.00', ledger_outstanding: '1200.00', open_orders: '0.00' };
    expect(exposureOf({ ...standing, release: { amount: '500.00', until: release.until } })).toEqual({ ...terms, release });
    expect(exposureOf({ ...standing, release: null }).release).toBeNull();
  });
});
