/**
 * Service-day arithmetic for GTFS timetables.
 *
 * GTFS measures stop times from "noon minus 12 h" of the service date in the agency time zone, not
 * from midnight: on a clock-change day the two differ by an hour, and times past 24:00 belong to the
 * previous service day. Everything here works in whole seconds of UTC epoch time.
 *
 * This is the one module that reads a time zone's clock (all local clock arithmetic is here, and it
 * imports nothing, so the browser shares it through `@cairn/engine/format`); turning its answers
 * into text is the formatters' job (`format/clock.ts`, `format/localTime.ts`).
 */

/** A wall-clock instant as its calendar and clock fields (month 1–12), in whatever zone the caller chose. */
export interface ClockFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** A calendar date as the integer YYYYMMDD (20260329). */
export type DateInt = number;

const DAY_SEC = 86_400;

/** True when the runtime knows the IANA time zone name. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    clockFieldsIn(timeZone, new Date(0));
    return true;
  } catch {
    return false;
  }
}

/** Offset of local time from UTC, in seconds, at the given instant (Europe/London in summer: 3600). */
export function utcOffsetSec(timeZone: string, epochSec: number): number {
  // A search reads the clock thousands of times (every stop time it shows) and Intl is slow, so
  // offsets are kept per quarter hour. A quarter hour with a clock change in it is not kept: no
  // zone changes its clock twice within 15 minutes, so equal offsets at both ends hold throughout.
  const quarter = Math.floor(epochSec / OFFSET_SPAN_SEC);
  const kept = offsetsByQuarter.get(timeZone)?.get(quarter);
  if (kept !== undefined) return kept;
  const start = quarter * OFFSET_SPAN_SEC;
  const offset = readUtcOffsetSec(timeZone, start);
  if (readUtcOffsetSec(timeZone, start + OFFSET_SPAN_SEC - 1) !== offset)
    return readUtcOffsetSec(timeZone, epochSec);
  let zone = offsetsByQuarter.get(timeZone);
  if (!zone) offsetsByQuarter.set(timeZone, (zone = new Map()));
  if (zone.size >= MAX_KEPT_OFFSETS) zone.clear();
  zone.set(quarter, offset);
  return offset;
}

const OFFSET_SPAN_SEC = 900;
/** About a year of quarter hours per zone; beyond it the cache starts again. */
const MAX_KEPT_OFFSETS = 40_000;
const offsetsByQuarter = new Map<string, Map<number, number>>();

/** The offset as the zone's clock reads it (Intl), uncached. */
function readUtcOffsetSec(timeZone: string, epochSec: number): number {
  const f = clockFieldsIn(timeZone, new Date(epochSec * 1000));
  const asUtc = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second) / 1000;
  return asUtc - Math.floor(epochSec);
}

/** Epoch seconds of a local wall-clock time; in a skipped hour it moves forward, in a repeated hour it takes the first. */
export function localToEpochSec(timeZone: string, date: DateInt, secondsOfDay: number): number {
  const { y, m, d } = splitDate(date);
  const naive = Date.UTC(y, m - 1, d) / 1000 + secondsOfDay;
  // Two passes settle the offset except inside a gap, where the later offset is taken.
  const first = naive - utcOffsetSec(timeZone, naive - utcOffsetSec(timeZone, naive));
  const before = naive - utcOffsetSec(timeZone, first - 3 * 3600);
  if (before !== first && utcOffsetSec(timeZone, before) === naive - before) return Math.min(before, first);
  return first;
}

/** Epoch seconds of "noon minus 12 h" on the service date: the zero of that day's GTFS times. */
export function serviceDayStartEpochSec(timeZone: string, date: DateInt): number {
  return localToEpochSec(timeZone, date, 12 * 3600) - 12 * 3600;
}

/** Splits YYYYMMDD into its parts. */
export function splitDate(date: DateInt): { y: number; m: number; d: number } {
  return { y: Math.floor(date / 10000), m: Math.floor(date / 100) % 100, d: date % 100 };
}

/** Days since 1970-01-01 for a calendar date (no time zone involved). */
export function dateToDayNumber(date: DateInt): number {
  const { y, m, d } = splitDate(date);
  return Math.round(Date.UTC(y, m - 1, d) / 1000 / DAY_SEC);
}

/** The calendar date of a day number. */
export function dayNumberToDate(day: number): DateInt {
  const dt = new Date(day * DAY_SEC * 1000);
  return dt.getUTCFullYear() * 10000 + (dt.getUTCMonth() + 1) * 100 + dt.getUTCDate();
}

/** Day of week of a day number, Monday = 0 … Sunday = 6 (the order of calendar.txt's columns). */
export function weekdayOfDayNumber(day: number): number {
  // 1970-01-01 was a Thursday (index 3).
  return (((day + 3) % 7) + 7) % 7;
}

/** Parses "YYYYMMDD"; undefined when malformed. */
export function parseGtfsDate(text: string): DateInt | undefined {
  if (!/^\d{8}$/.test(text)) return undefined;
  const v = Number(text);
  const { y, m, d } = splitDate(v);
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return undefined;
  return v;
}

/** Parses GTFS "H:MM:SS" (hours may exceed 24) to seconds; undefined when malformed. */
export function parseGtfsTime(text: string): number | undefined {
  const t = text.trim();
  const m = /^(\d{1,3}):(\d{2}):(\d{2})$/.exec(t);
  if (!m) return undefined;
  const min = Number(m[2]);
  const sec = Number(m[3]);
  if (min > 59 || sec > 59) return undefined;
  return Number(m[1]) * 3600 + min * 60 + sec;
}

/** Local date and seconds-of-day of an instant. */
export function epochToLocal(
  timeZone: string,
  epochSec: number,
): { date: DateInt; secondsOfDay: number; offsetSec: number } {
  const offsetSec = utcOffsetSec(timeZone, epochSec);
  const local = epochSec + offsetSec;
  const day = Math.floor(local / DAY_SEC);
  return { date: dayNumberToDate(day), secondsOfDay: local - day * DAY_SEC, offsetSec };
}

/** Parses "YYYY-MM-DDTHH:mm[:ss]" as local date and seconds of day; undefined when malformed. */
export function parseLocalDateTime(text: string): { date: DateInt; secondsOfDay: number } | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) return undefined;
  const date = parseGtfsDate(`${m[1]}${m[2]}${m[3]}`);
  const h = Number(m[4]);
  const mi = Number(m[5]);
  const s = Number(m[6] ?? 0);
  if (date === undefined || h > 23 || mi > 59 || s > 59) return undefined;
  return { date, secondsOfDay: h * 3600 + mi * 60 + s };
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The wall-clock fields of an instant in an IANA time zone: the one reading of a zone's clock that
 * the engine's service days, the API's search window and the web's "now" all use. Throws a
 * RangeError for a zone the runtime does not know.
 */
export function clockFieldsIn(timeZone: string, instant: Date): ClockFields {
  let f = zoneFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormatters.set(timeZone, f);
  }
  const parts = f.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}
