// ARCHITECTURE "Data": instants are stored in UTC and shown in Asia/Karachi. One place turns an
// instant into Pakistan's wall clock, for the API's timestamps (with their +05:00 offset, so SPEC 2's
// "date part before the T" is the buyer's date), for the screens and for mails.
export const SHOP_TIME_ZONE = 'Asia/Karachi';

// Made on first use, not at import: a time-zone formatter costs milliseconds to build on a phone, and
// the web app imports this module on pages that never show a date (issue 15, first load).
let parts: Intl.DateTimeFormat | undefined;
const wallClockFormat = () =>
  (parts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: SHOP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  }));

interface Wall {
  date: string;
  time: string;
  offset: string;
}

function wallClock(instant: Date | string | number): Wall {
  const d = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(d.getTime())) throw new RangeError(`Not an instant: ${String(instant)}`);
  const p: Record<string, string> = {};
  for (const part of wallClockFormat().formatToParts(d)) p[part.type] = part.value;
  // 'GMT+05:00' (or 'GMT' for a zero offset, which Asia/Karachi never has today).
  const offset = p.timeZoneName === 'GMT' ? '+00:00' : (p.timeZoneName ?? '').replace('GMT', '');
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}:${p.second}`, offset };
}

/** The API's timestamp: ISO 8601 in Pakistan time with its offset, '2026-11-24T02:00:00.000+05:00'. */
export function toKarachiIso(instant: Date | string | number): string {
  const d = instant instanceof Date ? instant : new Date(instant);
  const w = wallClock(d);
  const ms = String(d.getUTCMilliseconds()).padStart(3, '0');
  return `${w.date}T${w.time}.${ms}${w.offset}`;
}

/** The date in Pakistan, 'YYYY-MM-DD' (SPEC 2 shows created_on's date part). */
export const formatKarachiDate = (instant: Date | string | number) => wallClock(instant).date;

/** Date and time in Pakistan, 'YYYY-MM-DD HH:mm'. */
export function formatKarachiDateTime(instant: Date | string | number): string {
  const w = wallClock(instant);
  return `${w.date} ${w.time.slice(0, 5)}`;
}

/**
 * The instant a Pakistan day ('YYYY-MM-DD', plus `addDays`) begins, as an ISO string: for filters by
 * day (the order desk's date range). Pakistan keeps UTC+5 all year, so the day starts at 19:00 UTC the
 * day before; the offset is read from the zone itself rather than assumed.
 */
export function karachiDayStart(day: string, addDays = 0): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(y, m - 1, d + addDays);
  const offset = wallClock(midnightUtc).offset; // '+05:00'
  const sign = offset.startsWith('-') ? -1 : 1;
  const [hh, mm] = offset.slice(1).split(':').map(Number) as [number, number];
  return new Date(midnightUtc - sign * (hh * 60 + mm) * 60_000).toISOString();
}
