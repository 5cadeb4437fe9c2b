/*
 * Service calendars relative to the generation date. Dates are handled as UTC midnight so no
 * local clock or time zone can change the output.
 */
import { easterSunday } from '@cairn/engine/region';

const DAY_MS = 86_400_000;

/** A calendar date as UTC midnight epoch milliseconds. */
export type Day = number;

export function parseDay(iso: string): Day {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new Error(`expected a YYYY-MM-DD date, got "${iso}"`);
  const d = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (new Date(d).toISOString().slice(0, 10) !== iso) throw new Error(`not a real date: "${iso}"`);
  return d;
}

export const addDays = (d: Day, n: number): Day => d + n * DAY_MS;
export const weekday = (d: Day): number => (new Date(d).getUTCDay() + 6) % 7; // 0 = Monday
export const gtfsDate = (d: Day): string => new Date(d).toISOString().slice(0, 10).replaceAll('-', '');
export const isoDate = (d: Day): string => new Date(d).toISOString().slice(0, 10);
const ymd = (y: number, m: number, day: number): Day => Date.UTC(y, m - 1, day);

/** Easter Sunday, from the engine's bank holiday calendar (day number → this file's UTC-midnight ms). */
const easterDay = (year: number): Day => easterSunday(year) * DAY_MS;

const firstMonday = (y: number, m: number): Day => {
  const d = ymd(y, m, 1);
  return addDays(d, (7 - weekday(d)) % 7);
};
const lastMonday = (y: number, m: number): Day => {
  const d = ymd(y, m + 1, 1) - DAY_MS;
  return addDays(d, -weekday(d));
};
/** Next weekday on or after d that is not already taken (substitute day rule). */
function substitute(d: Day, taken: Set<Day>): Day {
  let x = d;
  while (weekday(x) >= 5 || taken.has(x)) x = addDays(x, 1);
  return x;
}

export type HolidayKind = 'christmas' | 'boxing' | 'new-year' | 'second-january' | 'other';
export interface BankHoliday {
  day: Day;
  name: string;
  kind: HolidayKind;
}

/**
 * Scottish bank holidays of a year, with weekend substitutes, as listed on gov.uk/bank-holidays
 * (New Year's Day, 2nd January, Good Friday, Early May, Spring, Summer (first Monday of August),
 * St Andrew's Day, Christmas Day, Boxing Day).
 */
export function scottishBankHolidays(year: number): BankHoliday[] {
  const taken = new Set<Day>();
  const out: BankHoliday[] = [];
  const add = (day: Day, name: string, kind: HolidayKind) => {
    taken.add(day);
    out.push({ day, name, kind });
  };
  add(substitute(ymd(year, 1, 1), taken), "New Year's Day", 'new-year');
  add(substitute(ymd(year, 1, 2), taken), '2nd January', 'second-january');
  add(addDays(easterDay(year), -2), 'Good Friday', 'other');
  add(firstMonday(year, 5), 'Early May bank holiday', 'other');
  add(lastMonday(year, 5), 'Spring bank holiday', 'other');
  add(firstMonday(year, 8), 'Summer bank holiday', 'other');
  add(substitute(ymd(year, 11, 30), taken), "St Andrew's Day", 'other');
  // Christmas is fixed on the 25th for "no service"; its substitute (if any) runs a Sunday service.
  const christmas = ymd(year, 12, 25);
  out.push({ day: christmas, name: 'Christmas Day', kind: 'christmas' });
  taken.add(christmas);
  if (weekday(christmas) >= 5) add(substitute(christmas, taken), 'Christmas Day (substitute day)', 'other');
  add(substitute(ymd(year, 12, 26), taken), 'Boxing Day', 'boxing');
  return out.sort((a, b) => a.day - b.day);
}

export interface Validity {
  start: Day;
  end: Day;
}

/** Timetables run from the generation date for a year and five weeks, so "12 months ahead" always works. */
export function validityFrom(start: Day): Validity {
  const d = new Date(start);
  const end = addDays(Date.UTC(d.getUTCFullYear() + 1, d.getUTCMonth(), d.getUTCDate()), 35);
  return { start, end };
}

export function holidaysWithin(v: Validity): BankHoliday[] {
  const y0 = new Date(v.start).getUTCFullYear();
  const y1 = new Date(v.end).getUTCFullYear();
  const out: BankHoliday[] = [];
  for (let y = y0; y <= y1; y++)
    out.push(...scottishBankHolidays(y).filter((h) => h.day >= v.start && h.day <= v.end));
  return out;
}

/** Summer seasons (1 June – 30 September) overlapping the validity window, clipped to it. */
export function summerSeasons(v: Validity): Validity[] {
  const y0 = new Date(v.start).getUTCFullYear();
  const y1 = new Date(v.end).getUTCFullYear();
  const out: Validity[] = [];
  for (let y = y0; y <= y1; y++) {
    const start = Math.max(ymd(y, 6, 1), v.start);
    const end = Math.min(ymd(y, 9, 30), v.end);
    if (start <= end) out.push({ start, end });
  }
  return out;
}
