// The days the plan benches search the demo region on. Its timetables are dated from the day the
// build was generated (scripts/prepare-region.ts regenerates it daily, stamping GENERATED), so
// fixed dates fall before the calendar once the build is newer than they are: every weekday search
// then found no bus or train and timed only walks, rides and taxis.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const DAY_MS = 86_400_000;

/** A date as the search requests write it (YYYY/MM/DD). */
const slashed = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '/');

/** The first day on or after `ms` falling on weekday `dow` (0 = Sunday). */
const onOrAfter = (ms: number, dow: number) => ms + ((dow - new Date(ms).getUTCDay() + 7) % 7) * DAY_MS;

/**
 * A Tuesday, the Saturday and the Sunday after it, from the first Tuesday after the demo build's
 * calendar starts, and the clock two days before it (booking windows of DRT and community transport).
 */
export function demoDays(dir: string): { weekday: string; saturday: string; sunday: string; nowMs: number } {
  const stamp = readFileSync(join(dir, 'GENERATED'), 'utf8');
  const date = /date=(\d{4}-\d{2}-\d{2})/.exec(stamp)?.[1];
  if (!date) throw new Error(`${dir}/GENERATED names no date`);
  const tuesday = onOrAfter(Date.parse(`${date}T00:00:00Z`) + DAY_MS, 2);
  return {
    weekday: slashed(tuesday),
    saturday: slashed(tuesday + 4 * DAY_MS),
    sunday: slashed(tuesday + 5 * DAY_MS),
    nowMs: tuesday - 2 * DAY_MS + 9 * 3_600_000,
  };
}
