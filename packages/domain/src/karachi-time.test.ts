import { describe, expect, it } from 'vitest';
import { formatKarachiDate, formatKarachiDateTime, toKarachiIso } from './karachi-time.ts';

describe('Asia/Karachi time (issue 15 point 8)', () => {
  // 02:00 in Pakistan on 24 November is 21:00 UTC on the 23rd.
  const twoAm = '2026-11-23T21:00:00.000Z';

  it('serialises an instant with the +05:00 offset, the same instant', () => {
    expect(toKarachiIso(twoAm)).toBe('2026-11-24T02:00:00.000+05:00');
    expect(new Date(toKarachiIso(twoAm)).toISOString()).toBe(twoAm);
    expect(toKarachiIso(new Date('2026-11-24T18:59:59.123Z'))).toBe('2026-11-24T23:59:59.123+05:00');
  });

  it("shows the buyer's date and time, not UTC's", () => {
    expect(formatKarachiDate(twoAm)).toBe('2026-11-24');
    expect(formatKarachiDateTime(twoAm)).toBe('2026-11-24 02:00');
    expect(formatKarachiDate('2026-11-24T02:00:00+05:00')).toBe('2026-11-24');
    expect(formatKarachiDate('2026-11-24T19:00:00Z')).toBe('2026-11-25');
  });

  it('refuses what is not an instant', () => {
    expect(() => toKarachiIso('yesterday')).toThrow(RangeError);
  });
});
