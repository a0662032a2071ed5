import { describe, expect, it } from 'vitest';
import { agingOfOpen, allocate, creditHold, csvField, isWithinReturnWindow, overdueOf, RecordReceiptInputSchema } from './finance.ts';

describe('allocate (issue 18: oldest first or the chosen order; the rest stays on account)', () => {
  it('pays each entry up to its open amount, in order, and leaves the rest unapplied', () => {
    expect(allocate(70_000, [{ id: 1, open: 60_000 }, { id: 2, open: 40_000 }])).toEqual({ allocations: [{ id: 1, amount: 60_000 }, { id: 2, amount: 10_000 }], unapplied: 0 });
    expect(allocate(5_000, [{ id: 3, open: 0 }, { id: 4, open: 1_000 }])).toEqual({ allocations: [{ id: 4, amount: 1_000 }], unapplied: 4_000 });
    expect(allocate(1, [])).toEqual({ allocations: [], unapplied: 1 });
  });
});

describe('isWithinReturnWindow (SPEC: returns within 7 days)', () => {
  it('takes day 0 to day 7 after delivery, not day 8 or a day before', () => {
    expect(isWithinReturnWindow('2026-11-18', '2026-11-25')).toBe(true);
    expect(isWithinReturnWindow('2026-11-25', '2026-11-25')).toBe(true);
    expect(isWithinReturnWindow('2026-11-17', '2026-11-25')).toBe(false);
    expect(isWithinReturnWindow('2026-11-26', '2026-11-25')).toBe(false);
  });
});

describe('creditHold (issue 18)', () => {
  const now = new Date('2026-11-25T10:00:00Z');
  const base = { limit: 100_000, ledgerOutstanding: 50_000, openOrders: 0, oldestOverdue: null, releasedUntil: null, now };
  it('holds above the limit (not at it), and with an overdue Credit invoice', () => {
    expect(creditHold(base).held).toBe(false);
    expect(creditHold({ ...base, openOrders: 50_000 }).held).toBe(false);
    expect(creditHold({ ...base, openOrders: 50_001 })).toMatchObject({ held: true, reason: 'over_limit' });
    const overdue = creditHold({ ...base, oldestOverdue: { invoiceNumber: 'INV-2026-000001', payableBy: '2026-11-20' } });
    expect(overdue).toMatchObject({ held: true, reason: 'overdue' });
    expect(overdue.held && overdue.message).toContain('invoice INV-2026-000001 was due on 2026-11-20');
  });
  it('is lifted while a release runs, and back when it has ended', () => {
    const facts = { ...base, oldestOverdue: { invoiceNumber: null, payableBy: '2026-11-20' } };
    expect(creditHold({ ...facts, releasedUntil: '2026-11-26T10:00:00Z' })).toEqual({ held: false, releasedUntil: '2026-11-26T10:00:00Z' });
    expect(creditHold({ ...facts, releasedUntil: '2026-11-25T09:59:59Z' }).held).toBe(true);
  });
});

describe('agingOfOpen', () => {
  it('puts open amounts in the buckets the buyer sees; paid entries count nowhere', () => {
    const a = agingOfOpen(
      [
        { open: 100, payableBy: '2026-11-25' },
        { open: 200, payableBy: '2026-11-24' },
        { open: 300, payableBy: '2026-11-10' },
        { open: 400, payableBy: '2026-10-01' },
        { open: 0, payableBy: '2026-10-01' },
      ],
      '2026-11-25',
    );
    expect(a).toEqual({ zero_to_zero: 100, one_to_fourteen: 200, fifteen_to_twentynine: 300, thirty_to_onward: 400 });
    expect(overdueOf(a)).toBe(900);
  });
});

describe('RecordReceiptInputSchema', () => {
  const ok = { method: 'Cash', amount: '1250.5', received_on: '2026-11-25', idempotency_key: 'abcdefgh-1' };
  it('takes exact rupee amounts and asks a cheque for its number, bank and date', () => {
    expect(RecordReceiptInputSchema.parse(ok).amount).toBe('1250.50');
    expect(RecordReceiptInputSchema.safeParse({ ...ok, amount: '1.005' }).success).toBe(false);
    expect(RecordReceiptInputSchema.safeParse({ ...ok, amount: '0.00' }).success).toBe(false);
    const cheque = RecordReceiptInputSchema.safeParse({ ...ok, method: 'Cheque' });
    expect(cheque.success).toBe(false);
    expect(cheque.error?.issues.map((i) => i.path[0]).sort()).toEqual(['cheque_bank', 'cheque_date', 'cheque_number']);
  });
});

describe('csvField', () => {
  it('quotes commas and quotes, and neutralises formulas but not negative numbers', () => {
    expect(csvField('Crescent Hotel, Islamabad')).toBe('"Crescent Hotel, Islamabad"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-1250.50')).toBe('-1250.50');
  });
});
