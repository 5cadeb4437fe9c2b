import { dateToDayNumber, weekdayOfDayNumber } from '../../src/time/serviceDay.ts';
import type { GtfsFeed, GtfsService } from '../../src/gtfs/types.ts';

/*
 * What a parsed feed runs on one date, read the plain way a printed timetable is: every trip
 * whose service runs that day, with its calls. Shared by the TransXChange tests.
 */

/** Whether a service runs on a date (YYYYMMDD), by calendar.txt and calendar_dates.txt rules. */
export function serviceRuns(s: GtfsService, date: number): boolean {
  if (s.removed.includes(date)) return false;
  if (s.added.includes(date)) return true;
  return (
    s.weekdays !== 0 &&
    date >= s.startDate &&
    date <= s.endDate &&
    (s.weekdays & (1 << weekdayOfDayNumber(dateToDayNumber(date)))) !== 0
  );
}

/** One call of a journey as a timetable prints it. */
export interface PrintedCall {
  atco: string;
  name: string;
  /** "HH:MM" of departure (of arrival at the last call). */
  time: string;
}

/** One journey running on the date. */
export interface PrintedJourney {
  id: string;
  direction: 'outbound' | 'inbound';
  calls: PrintedCall[];
}

const hhmm = (sec: number): string =>
  `${String(Math.floor(sec / 3600)).padStart(2, '0')}:${String(Math.floor(sec / 60) % 60).padStart(2, '0')}`;

/** The journeys of a feed that run on a date, in departure order. */
export function journeysOn(feed: GtfsFeed, date: number): PrintedJourney[] {
  const out: Array<PrintedJourney & { start: number }> = [];
  const st = feed.stopTimes;
  feed.trips.forEach((t, i) => {
    if (!serviceRuns(feed.services[t.serviceIdx]!, date)) return;
    const calls: PrintedCall[] = [];
    for (let k = st.tripOffsets[i]!; k < st.tripOffsets[i + 1]!; k++) {
      const stop = feed.stops[st.stopIdx[k]!]!;
      const last = k === st.tripOffsets[i + 1]! - 1;
      calls.push({
        atco: stop.id,
        name: stop.name,
        time: hhmm(last ? st.arrivalSec[k]! : st.departureSec[k]!),
      });
    }
    out.push({
      id: t.id,
      direction: t.directionId === 1 ? 'inbound' : 'outbound',
      calls,
      start: st.departureSec[st.tripOffsets[i]!]!,
    });
  });
  return out.sort((a, b) => a.start - b.start).map(({ start: _, ...j }) => j);
}

/** Distinct (route, direction, stop) calls of a feed: what bustimes.org counts as a service's "stop usages". */
export function countStopUsages(feed: GtfsFeed): number {
  const seen = new Set<string>();
  const st = feed.stopTimes;
  feed.trips.forEach((t, i) => {
    for (let k = st.tripOffsets[i]!; k < st.tripOffsets[i + 1]!; k++)
      seen.add(`${t.routeIdx}|${t.directionId}|${st.stopIdx[k]}`);
  });
  return seen.size;
}
