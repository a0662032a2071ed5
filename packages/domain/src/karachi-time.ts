// ARCHITECTURE "Data": instants are stored in UTC and shown in Asia/Karachi. One place turns an
// instant into Pakistan's wall clock, for the API's timestamps (with their +05:00 offset, so SPEC 2's
// "date part before the T" is the buyer's date), for the screens and for mails.
export const SHOP_TIME_ZONE = 'Asia/Karachi';

// Made on first use, not at import: a time-zone formatter costs milliseconds to build on a phone, and
// the web app imports this module on pages that never show a date (issue 15, first load).
// Only the zone's offset is read from it ('GMT+05:00'); the wall clock is computed from the offset below.
let zoneOffsetName: Intl.DateTimeFormat | undefined;
const zoneOffsetFormat = () => (zoneOffsetName ??= new Intl.DateTimeFormat('en-US', { timeZone: SHOP_TIME_ZONE, timeZoneName: 'longOffset' }));

interface Wall {
  date: string;
  time: string;
  offset: string;
}

// The zone's offset from UTC, in minutes, read from the zone once per quarter hour of UTC: every
// offset of every zone is a whole number of quarter hours, so a change of offset (Pakistan's summer
// time of 2008 and 2009, say) falls on a quarter hour's start and one quarter hour has one offset.
// formatToParts costs tens of microseconds a call; an order's answer has several timestamps and the
// order desk's pages hundreds (issue 17, the order benchmark).
const QUARTER_HOUR_MS = 900_000;
const offsets = new Map<number, number>();
function offsetMinutes(ms: number): number {
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  let minutes = offsets.get(quarter);
  if (minutes === undefined) {
    const name = zoneOffsetFormat()
      .formatToParts(new Date(quarter * QUARTER_HOUR_MS))
      .find((p) => p.type === 'timeZoneName')?.value;
    // 'GMT+05:00' (or 'GMT' for a zero offset, which Asia/Karachi never has today).
    const m = name?.match(/^GMT(?:([+-])(\d\d):(\d\d))?$/);
    if (!m) throw new RangeError(`Unexpected time zone name: ${String(name)}`);
    minutes = m[1] ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
    if (offsets.size >= 10_000) offsets.clear();
    offsets.set(quarter, minutes);
  }
  return minutes;
}

const two = (n: number) => String(n).padStart(2, '0');

function wallClock(instant: Date | string | number): Wall {
  const d = instant instanceof Date ? instant : new Date(instant);
  const ms = d.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`Not an instant: ${String(instant)}`);
  const minutes = offsetMinutes(ms);
  // The wall clock is the UTC fields of the instant moved by the offset.
  const w = new Date(ms + minutes * 60_000);
  const abs = Math.abs(minutes);
  return {
    date: `${String(w.getUTCFullYear()).padStart(4, '0')}-${two(w.getUTCMonth() + 1)}-${two(w.getUTCDate())}`,
    time: `${two(w.getUTCHours())}:${two(w.getUTCMinutes())}:${two(w.getUTCSeconds())}`,
    offset: `${minutes < 0 ? '-' : '+'}${two(Math.floor(abs / 60))}:${two(abs % 60)}`,
  };
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

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Date and time in Pakistan as a sentence shows it, '1 Dec 2026, 17:52' (issue 37: a credit release's end). */
export function formatKarachiDayTime(instant: Date | string | number): string {
  const w = wallClock(instant);
  const [y, m, d] = w.date.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]} ${y}, ${w.time.slice(0, 5)}`;
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
