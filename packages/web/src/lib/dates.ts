// Date rules of SPEC §5/§9: search dates as YYYY/MM/DD HH:mm:ss, a 6-month window, 5-minute steps.

export const STEP_MINUTES = 5;
export const WINDOW_MONTHS = 6;

import { clockFieldsIn, formatDateFields, formatSearchDateFields, pad2 } from '@cairn/engine/format';

/** The browser-local fields of a Date. */
const fieldsOf = (date: Date) => ({
  year: date.getFullYear(),
  month: date.getMonth() + 1,
  day: date.getDate(),
  hour: date.getHours(),
  minute: date.getMinutes(),
  second: date.getSeconds(),
});

/** Formats a local time the way searches send it: `YYYY/MM/DD HH:mm:ss`. */
export function formatSearchDate(date: Date): string {
  return formatSearchDateFields(fieldsOf(date));
}

/** Parses `YYYY/MM/DD HH:mm:ss` (or `YYYY-MM-DD HH:mm[:ss]`) as a local time; undefined when malformed. */
export function parseSearchDate(text: string): Date | undefined {
  const m = /^(\d{4})[/-](\d{2})[/-](\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) return undefined;
  const date = new Date(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    Number(m[4]),
    Number(m[5]),
    Number(m[6] ?? 0),
  );
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * The wall clock of the region's zone at `now`, as a Date whose local fields read that clock.
 * Search times are the region's wall-clock times, so a visitor whose browser is in another zone
 * still starts from the region's "now". Without a known zone, the browser's clock.
 */
export function wallClockIn(timeZone: string | undefined, now: Date): Date {
  if (!timeZone) return now;
  try {
    const f = clockFieldsIn(timeZone, now);
    return new Date(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  } catch {
    return now; // a zone this browser does not know
  }
}

/** The value format of `<input type="datetime-local">`: `YYYY-MM-DDTHH:mm`. */
export function toInputValue(date: Date): string {
  return `${formatDateFields(fieldsOf(date))}T${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

/** Parses a datetime-local value as local time. */
export function fromInputValue(value: string): Date | undefined {
  return parseSearchDate(value.replace('T', ' '));
}

/** Rounds up to the next 5-minute step (seconds dropped). */
export function roundUpToStep(date: Date): Date {
  const d = new Date(date);
  d.setSeconds(0, 0);
  const rem = d.getMinutes() % STEP_MINUTES;
  if (rem !== 0) d.setMinutes(d.getMinutes() + STEP_MINUTES - rem);
  return d;
}

/** Adds calendar months, clamping to the month's last day (31 Aug + 6 months = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date);
  const day = d.getDate();
  d.setDate(1);
  d.setMonth(d.getMonth() + months);
  const last = new Date(d.getFullYear(), d.getMonth() + 1, 0).getDate();
  d.setDate(Math.min(day, last));
  return d;
}

export type DateLimits = { outMin: Date; outMax: Date; returnMin: Date; returnMax: Date };

/** Picker limits: outbound from now to 6 months ahead; return from the outbound time. */
export function dateLimits(now: Date, outbound: Date | undefined): DateLimits {
  const outMin = new Date(now);
  outMin.setSeconds(0, 0);
  const outMax = addMonths(outMin, WINDOW_MONTHS);
  const returnMin = outbound && outbound > outMin ? outbound : outMin;
  return { outMin, outMax, returnMin, returnMax: outMax };
}

/** Why a chosen time is outside the window, or null when it is fine. */
export function checkDateInWindow(
  value: Date | undefined,
  min: Date,
  max: Date,
  label: string,
): string | null {
  if (!value) return `Choose the ${label} date and time.`;
  if (value.getTime() < min.getTime()) return `The ${label} time cannot be earlier than ${formatHuman(min)}.`;
  if (value.getTime() > max.getTime()) return `The ${label} time must be within ${WINDOW_MONTHS} months.`;
  return null;
}

/** `Sat 22 Nov 2026, 09:05` in British English. */
export function formatHuman(date: Date): string {
  return date.toLocaleString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

const WEEKDAYS_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
// "Sept", as en-GB's Intl writes it in Chromium 156 and Node 24 (ICU 78).
const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/**
 * `YYYY-MM-DD` to `Sat, 22 Nov 2026`: the text of en-GB's Intl day format, written by hand. Built
 * with Intl, the journey page's first date loaded ICU's date data, a task of 13 to 21 ms of a
 * phone's main thread on every load of a page that shows no other Intl date (issue 31).
 */
export function formatDayLabel(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  if (!y || !m || !d) return isoDate;
  const day = new Date(y, m - 1, d);
  return `${WEEKDAYS_SHORT[day.getDay()]}, ${day.getDate()} ${MONTHS_SHORT[day.getMonth()]} ${day.getFullYear()}`;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `YYYY-MM-DD` to `10 January 2022` (British English), without Intl. */
export function formatLongDay(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const month = m ? MONTH_NAMES[Number(m[2]) - 1] : undefined;
  return m && month ? `${Number(m[3])} ${month} ${m[1]}` : isoDate;
}

/** `YYYY-MM-DD` (dob on the wire) to `DD-MM-YYYY` (dob on screen). */
export function formatDob(dob: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : dob;
}
