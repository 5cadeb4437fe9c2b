/** A wall-clock instant as its calendar and clock fields (month 1–12), in whatever zone the caller chose. */
export interface ClockFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Two digits: 9 → '09'. */
export const pad2 = (n: number): string => String(n).padStart(2, '0');

/** 'HH:mm' for seconds since local midnight (GTFS times past 24:00 wrap). */
export function formatSecondsOfDay(secondsOfDay: number): string {
  const s = ((Math.floor(secondsOfDay) % 86_400) + 86_400) % 86_400;
  return `${pad2(Math.floor(s / 3600))}:${pad2(Math.floor(s / 60) % 60)}`;
}

/** 'YYYY-MM-DD'. */
export function formatDateFields(f: Pick<ClockFields, 'year' | 'month' | 'day'>): string {
  return `${f.year}-${pad2(f.month)}-${pad2(f.day)}`;
}

/** The search date format of SPEC §5: 'YYYY/MM/DD HH:mm:ss'. */
export function formatSearchDateFields(f: ClockFields): string {
  return `${f.year}/${pad2(f.month)}/${pad2(f.day)} ${pad2(f.hour)}:${pad2(f.minute)}:${pad2(f.second)}`;
}
