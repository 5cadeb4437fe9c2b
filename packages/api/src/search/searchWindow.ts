import { clockFieldsIn, formatSearchDateFields } from '@cairn/engine/format';

/**
 * Search dates are wall-clock times of the region (`YYYY/MM/DD HH:mm:ss`, SPEC §5). Strings of
 * that fixed width sort like the times they name, so the window checks compare strings.
 */
export const SEARCH_WINDOW_MONTHS = 6;
/** The form steps in 5 minutes and rounds down, so "now" may be a few minutes past. */
export const PAST_GRACE_SEC = 10 * 60;

/** Formats an instant as the region's wall-clock time `YYYY/MM/DD HH:mm:ss`. */
export function formatLocal(instant: Date, timeZone: string): string {
  return formatSearchDateFields(clockFieldsIn(timeZone, instant));
}

/** True when the text names a real calendar date and time. */
export function isRealSearchDate(text: string): boolean {
  const [y, mo, d, h, mi, s] = text.split(/[/ :]/).map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo! - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi &&
    date.getUTCSeconds() === s
  );
}

/** Adds months to a wall-clock time, clamping the day (31 Aug + 6 months = 28/29 Feb). */
export function addMonthsLocal(text: string, months: number): string {
  const [y, mo, d] = text.slice(0, 10).split('/').map(Number) as [number, number, number];
  const total = y * 12 + (mo - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = (total % 12) + 1;
  const lastDay = new Date(Date.UTC(ny, nm, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${ny}/${pad(nm)}/${pad(Math.min(d, lastDay))}${text.slice(10)}`;
}

/** Field errors for times outside now … 6 months, or a return before the outbound. */
export function checkSearchWindow(
  times: { out_time: string; return_time?: string | null | undefined },
  now: Date,
  timeZone: string,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const earliest = formatLocal(new Date(now.getTime() - PAST_GRACE_SEC * 1000), timeZone);
  const latest = addMonthsLocal(formatLocal(now, timeZone), SEARCH_WINDOW_MONTHS);
  const check = (field: 'out_time' | 'return_time', value: string) => {
    if (!isRealSearchDate(value)) errors[field] = ['Enter a real date and time.'];
    else if (value < earliest) errors[field] = ['Choose a time from now on.'];
    else if (value > latest)
      errors[field] = [`Choose a time within the next ${SEARCH_WINDOW_MONTHS} months.`];
  };
  check('out_time', times.out_time);
  if (times.return_time) {
    check('return_time', times.return_time);
    if (!errors.return_time && !errors.out_time && times.return_time < times.out_time) {
      errors.return_time = ['The return must be after the outbound journey.'];
    }
  }
  return errors;
}
