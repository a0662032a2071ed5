import fc from 'fast-check';
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

  // The zone read for every instant, as the module did before it kept offsets per quarter hour.
  const zone = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Karachi', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZoneName: 'longOffset',
  });
  const direct = (ms: number) => {
    const p = Object.fromEntries(zone.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
    const offset = p.timeZoneName === 'GMT' ? '+00:00' : String(p.timeZoneName).replace('GMT', '');
    return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}.${String(new Date(ms).getUTCMilliseconds()).padStart(3, '0')}${offset}`;
  };

  it("follows the zone's own changes of offset (Pakistan's summer time of 2008: +06:00 from 1 June)", () => {
    // 2008-06-01 00:00 in Pakistan (+05:00) is 2008-05-31T19:00Z; the clocks went to 01:00 (+06:00).
    expect(toKarachiIso('2008-05-31T18:59:59.999Z')).toBe('2008-05-31T23:59:59.999+05:00');
    expect(toKarachiIso('2008-05-31T19:00:00.000Z')).toBe('2008-06-01T01:00:00.000+06:00');
    expect(toKarachiIso('2008-07-01T00:00:00.000Z')).toBe(direct(Date.parse('2008-07-01T00:00:00.000Z')));
  });

  it('gives what the zone gives for any instant from 1950 to 2100', () => {
    const from = Date.parse('1950-01-01T00:00:00Z');
    const to = Date.parse('2100-01-01T00:00:00Z');
    fc.assert(fc.property(fc.integer({ min: from, max: to }), (ms) => toKarachiIso(ms) === direct(ms)), { numRuns: 5_000 });
    // Around every quarter hour of Pakistan's summer-time years, where the offset changed.
    for (let ms = Date.parse('2002-01-01T00:00:00Z'); ms < Date.parse('2010-01-01T00:00:00Z'); ms += 3_600_000 * 7 + 1) {
      expect(toKarachiIso(ms)).toBe(direct(ms));
    }
  });
});
