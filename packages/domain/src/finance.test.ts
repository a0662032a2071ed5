import { describe, expect, it } from 'vitest';
import { checkCredit } from './credit.ts';
import { agingBucket } from './ledgers.ts';
import { agingOfOpen, allocate, creditHold, RECEIPT_MOVES, RECEIPT_STATES, receiptStateOf, csvField, HoldReleaseInputSchema, holdOf, isWithinReturnWindow, overdueOf, RecordReceiptInputSchema, releaseOfHold } from './finance.ts';

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

describe('agingOfOpen (issue 38: the buckets of ledgers.ts agingBucket, the buyer\'s Outstandings)', () => {
  it('sums each open amount into the bucket agingBucket gives it, leaving settled entries out', () => {
    const today = '2026-03-31';
    const entries = ['2026-04-10', '2026-03-31', '2026-03-30', '2026-03-17', '2026-03-16', '2026-03-02', '2026-03-01', '2025-12-01'].map((payableBy, i) => ({ payableBy, open: (i + 1) * 100 }));
    const expected = { zero_to_zero: 0, one_to_fourteen: 0, fifteen_to_twentynine: 0, thirty_to_onward: 0 };
    for (const e of entries) expected[agingBucket(e.payableBy, today)] += e.open;
    expect(agingOfOpen([...entries, { payableBy: '2026-01-01', open: 0 }], today)).toEqual(expected);
    expect(expected).toEqual({ zero_to_zero: 300, one_to_fourteen: 700, fifteen_to_twentynine: 1100, thirty_to_onward: 1500 });
  });
});

describe('a receipt\'s state and moves (issue 38: receiptStateOf, RECEIPT_MOVES)', () => {
  it('is undone by a bounce or a reversal, else a cheque is pending until cleared, else posted', () => {
    expect(receiptStateOf({ method: 'Cash', cleared: false, undo_kind: null })).toBe('Posted');
    expect(receiptStateOf({ method: 'Bank transfer', cleared: false, undo_kind: 'receipt_reversal' })).toBe('Reversed');
    expect(receiptStateOf({ method: 'Cheque', cleared: false, undo_kind: null })).toBe('Cheque pending');
    expect(receiptStateOf({ method: 'Cheque', cleared: true, undo_kind: null })).toBe('Cheque cleared');
    expect(receiptStateOf({ method: 'Cheque', cleared: false, undo_kind: 'cheque_bounce' })).toBe('Cheque bounced');
    expect(receiptStateOf({ method: 'Cheque', cleared: true, undo_kind: 'receipt_reversal' })).toBe('Reversed');
  });
  it('may be reversed until undone; only a pending cheque is cleared or bounced', () => {
    expect(RECEIPT_STATES.filter((s) => RECEIPT_MOVES[s].includes('reverse'))).toEqual(['Posted', 'Cheque pending', 'Cheque cleared']);
    expect(RECEIPT_STATES.filter((s) => RECEIPT_MOVES[s].includes('clear'))).toEqual(['Cheque pending']);
    expect(RECEIPT_STATES.filter((s) => RECEIPT_MOVES[s].includes('bounce'))).toEqual(['Cheque pending']);
  });
});
