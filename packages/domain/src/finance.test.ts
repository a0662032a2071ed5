import { describe, expect, it } from 'vitest';
import { checkCredit } from './credit.ts';
import { agingOfOpen, allocate, creditHold, csvField, HoldReleaseInputSchema, holdOf, isWithinReturnWindow, overdueOf, RecordReceiptInputSchema, releaseOfHold } from './finance.ts';

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
  const base = { limit: 100_000, ledgerOutstanding: 50_000, openOrders: 0, oldestOverdue: null, release: null, now };
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
    const release = { amount: 0, until: '2026-11-26T10:00:00Z' };
    expect(creditHold({ ...facts, release })).toEqual({ held: false, release });
    expect(creditHold({ ...facts, release: { amount: 0, until: '2026-11-25T09:59:59Z' } }).held).toBe(true);
  });
  it('issue 37: a running release lifts the over-limit hold too, and the check allows up to limit + its amount', () => {
    const over = { ...base, ledgerOutstanding: 120_000 };
    expect(creditHold(over)).toMatchObject({ held: true, reason: 'over_limit' });
    const release = { amount: 50_000, until: '2026-11-28T10:00:00Z' };
    const hold = creditHold({ ...over, release });
    expect(hold).toEqual({ held: false, release });
    // The staff screen's Hold answers the same release the checkout is given.
    expect(releaseOfHold(holdOf(hold))).toEqual(release);
    expect(holdOf(hold)).toMatchObject({ held: false, released_until: release.until, release_amount: '500.00' });
    const exposure = { limit: over.limit, ledgerOutstanding: over.ledgerOutstanding, openOrders: 0, release };
    expect(checkCredit(30_000, exposure)).toEqual({ ok: true, available: 30_000 });
    expect(checkCredit(30_001, exposure).ok).toBe(false);
    // Ended (its until passed): held again, and nothing fits above the limit.
    const later = new Date('2026-11-28T10:00:00Z');
    expect(creditHold({ ...over, release, now: later })).toMatchObject({ held: true, reason: 'over_limit' });
  });
});

describe('HoldReleaseInputSchema (issue 37)', () => {
  const ok = { days: 3, amount: '5000', reason: 'Owner promised payment on Friday' };
  it('takes days 1 to 30, an amount above 0 in rupees, and a reason', () => {
    expect(HoldReleaseInputSchema.parse(ok)).toEqual({ ...ok, amount: '5000.00' });
    for (const bad of [{ ...ok, days: 0 }, { ...ok, days: 31 }, { ...ok, days: 2.5 }, { ...ok, amount: '0' }, { ...ok, amount: '-5' }, { ...ok, amount: 'lots' }, { days: 3, reason: ok.reason }, { days: 3, amount: '5000' }, { ...ok, reason: ' ' }]) {
      expect(HoldReleaseInputSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
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
