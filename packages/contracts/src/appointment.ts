import { SEARCH_DATE_PATTERN } from './values.ts';

/** SPEC §4/§9: appointment lengths are 30 to 180 minutes in 30-minute steps, 60 by default. */
export const APPOINTMENT_LENGTHS_MIN = [30, 60, 90, 120, 150, 180] as const;
export const DEFAULT_APPOINTMENT_MIN = 60;

const p2 = (n: number): string => String(n).padStart(2, '0');

/**
 * The earliest the way home may leave after an appointment: the appointment time (the search's
 * arrive-by time, 'YYYY/MM/DD HH:mm:ss') plus its length, in the same format. Not the outbound
 * arrival plus the length: that arrival comes up to arrive_by_buffer minutes before the
 * appointment begins. The sum is taken on the local clock, so the caller's time zone does not
 * matter; undefined when the text is not a search date.
 */
export function appointmentReturnTime(appointmentTime: string, minutes: number): string | undefined {
  if (!SEARCH_DATE_PATTERN.test(appointmentTime)) return undefined;
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = appointmentTime.split(/[/ :]/).map(Number);
  const start = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // Date.UTC rolls 31 November over into December: such text is no date.
  if (searchDateText(start) !== appointmentTime) return undefined;
  return searchDateText(new Date(start.getTime() + minutes * 60_000));
}

/** 'YYYY/MM/DD HH:mm:ss' of a clock reading held in a Date's UTC fields. */
function searchDateText(t: Date): string {
  return `${t.getUTCFullYear()}/${p2(t.getUTCMonth() + 1)}/${p2(t.getUTCDate())} ${p2(t.getUTCHours())}:${p2(t.getUTCMinutes())}:${p2(t.getUTCSeconds())}`;
}
