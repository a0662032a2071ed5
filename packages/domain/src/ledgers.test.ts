import { describe, expect, it } from 'vitest';
import { agingAmounts, agingBucket, bucketTotals, creditOutstanding, daysOverdue, invoiceNumber, isOverdue, payableBy } from './ledgers.ts';

describe('ledger aging (SPEC 2/9)', () => {
  const today = '2026-03-31';
  it('counts whole days past payable_by', () => {
    expect(daysOverdue('2026-03-30', today)).toBe(1);
    expect(daysOverdue('2026-02-28', today)).toBe(31);
    expect(daysOverdue('2026-04-10', today)).toBe(-10);
  });
  it('puts each boundary in its bucket', () => {
    expect(agingBucket('2026-04-10', today)).toBe('zero_to_zero');
    expect(agingBucket('2026-03-31', today)).toBe('zero_to_zero');
    expect(agingBucket('2026-03-30', today)).toBe('one_to_fourteen');
    expect(agingBucket('2026-03-17', today)).toBe('one_to_fourteen');
    expect(agingBucket('2026-03-16', today)).toBe('fifteen_to_twentynine');
    expect(agingBucket('2026-03-02', today)).toBe('fifteen_to_twentynine');
    expect(agingBucket('2026-03-01', today)).toBe('thirty_to_onward');
  });
  it('places the payable in one bucket only', () => {
    expect(agingAmounts('1200.5', '2026-03-20', today)).toEqual({
      zero_to_zero: '0.00',
      one_to_fourteen: '1200.50',
      fifteen_to_twentynine: '0.00',
      thirty_to_onward: '0.00',
    });
  });
  it('sums the Credit entries only for the outstanding total', () => {
    expect(creditOutstanding([
      { payable: '100.10', payment_mode: 'Credit' },
      { payable: '50.00', payment_mode: 'Cash' },
      { payable: '0.20', payment_mode: 'Credit' },
    ])).toBe('100.30');
  });
  it('totals the buckets exactly', () => {
    const a = agingAmounts('0.10', '2026-03-31', today);
    const b = agingAmounts('0.20', '2026-03-31', today);
    expect(bucketTotals([a, b]).zero_to_zero).toBe('0.30');
  });
});

describe('a delivered order\'s entry (issue 16: payableBy, invoiceNumber) and when it is overdue', () => {
  it('is payable by the delivery day plus the payment days, across a month and a year', () => {
    expect(payableBy('2026-11-28', 0)).toBe('2026-11-28');
    expect(payableBy('2026-11-28', 21)).toBe('2026-12-19');
    expect(payableBy('2026-12-20', 14)).toBe('2027-01-03');
    expect(invoiceNumber('2026-11-28', 123)).toBe('INV-2026-000123');
  });
  it('is overdue from the day after it is payable by: the buckets after the first', () => {
    expect(isOverdue('2026-03-31', '2026-03-31')).toBe(false);
    expect(isOverdue('2026-04-01', '2026-03-31')).toBe(false);
    expect(isOverdue('2026-03-30', '2026-03-31')).toBe(true);
  });
});
