import type { ClockFields } from '../time/serviceDay.ts';

/** Two digits: 9 → '09'. */
export const pad2 = (n: number): string => String(n).padStart(2, '0');

/** 'HH:mm' for seconds since local midnight (GTFS times past 24:00 wrap). */
export function formatSecondsOfDay(secondsOfDay: number): string {
  const s = ((Math.floor(secondsOfDay) % 86_400) + 86_400) % 86_400;
  return `${pad2(Math.floor(s / 3600))}:${pad2(Math.floor(s / 60) % 60)}`;
}

/** Minutes since local midnight of 'HH:mm'. */
export function minutesOfDay(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** 'HH:mm' moved by `sec` seconds, around the clock (a live delay applied to a timetable time). */
export function shiftClock(hhmm: string, sec: number): string {
  return formatSecondsOfDay(minutesOfDay(hhmm) * 60 + sec);
}

/** 'YYYY-MM-DD'. */
export function formatDateFields(f: Pick<ClockFields, 'year' | 'month' | 'day'>): string {
  return `${f.year}-${pad2(f.month)}-${pad2(f.day)}`;
}

/** The search date format of SPEC §5: 'YYYY/MM/DD HH:mm:ss'. */
export function formatSearchDateFields(f: ClockFields): string {
  return `${f.year}/${pad2(f.month)}/${pad2(f.day)} ${pad2(f.hour)}:${pad2(f.minute)}:${pad2(f.second)}`;
}
