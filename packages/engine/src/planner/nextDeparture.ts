import { POS_NO_PICKUP } from '../raptor/transitData.ts';
import type { Timetable } from '../timetable/timetable.ts';
import { serviceRunsOn } from '../timetable/transitView.ts';
import {
  dateToDayNumber,
  dayNumberToDate,
  epochToLocal,
  serviceDayStartEpochSec,
} from '../time/serviceDay.ts';

/*
 * When nothing runs between two places at the asked time (Isle of Wight, Newport Road to Ryde on
 * a Saturday), "nothing runs" alone leaves the traveller guessing whether a bus ever leaves there.
 * The first boardable departure from the stops within a walk of the origin, over the next days,
 * is the fact they need: which line, from which stop, when; or that none leaves for a week.
 */

/** How many days ahead the next departure is looked for: a week covers every weekly pattern. */
export const NEXT_DEPARTURE_DAYS = 7;

/** A departure a traveller could board at one of the stops near their origin. */
export interface NextDeparture {
  /** The timetable stop. */
  stopIdx: number;
  stopName: string;
  /** The line's short name ("D"), else its long name. */
  line: string;
  /** The trip's headsign, else the name of its last stop. */
  towards: string;
  /** Epoch seconds. */
  departSec: number;
}

/**
 * The first departure at or after `fromSec` that can be boarded at any of `stops`, within
 * NEXT_DEPARTURE_DAYS days; undefined when none runs in that time.
 */
export function findNextDeparture(
  tt: Timetable,
  stops: readonly number[],
  fromSec: number,
  timeZone: string,
): NextDeparture | undefined {
  const a = tt.a;
  const untilSec = fromSec + NEXT_DEPARTURE_DAYS * 86_400;
  const firstDay = dateToDayNumber(epochToLocal(timeZone, fromSec).date);
  // Trips of earlier service days still running after midnight count too (times over 24:00).
  const pastDays = Math.ceil(tt.meta.maxTimeSec / 86_400);
  let best: { stop: number; trip: number; pos: number; sec: number } | undefined;
  for (let day = firstDay - pastDays; day <= firstDay + NEXT_DEPARTURE_DAYS; day++) {
    const zero = serviceDayStartEpochSec(timeZone, dayNumberToDate(day));
    for (const stop of stops)
      for (let k = a.stopPatternOffsets[stop]!; k < a.stopPatternOffsets[stop + 1]!; k++) {
        const pattern = a.stopPatterns[k]!;
        const pos = a.stopPatternPos[k]!;
        if (a.patternPosFlags[a.patternStopOffsets[pattern]! + pos]! & POS_NO_PICKUP) continue;
        for (let t = a.patternTripOffsets[pattern]!; t < a.patternTripOffsets[pattern + 1]!; t++) {
          const sec = zero + a.departures[a.tripTimeOffsets[t]! + pos]!;
          if (sec < fromSec || sec > untilSec || (best && sec >= best.sec)) continue;
          if (serviceRunsOn(a, a.tripService[t]!, day)) best = { stop, trip: t, pos, sec };
        }
      }
  }
  if (!best) return undefined;
  const pattern = a.tripPattern[best.trip]!;
  const line = tt.meta.lines[a.patternLine[pattern]!];
  const lastStop = a.patternStops[a.patternStopOffsets[pattern + 1]! - 1]!;
  return {
    stopIdx: best.stop,
    stopName: tt.meta.stopNames[best.stop] ?? '',
    line: line?.shortName || line?.longName || '',
    towards: tt.meta.tripInfoHeadsigns[a.tripInfo[best.trip]!] || (tt.meta.stopNames[lastStop] ?? ''),
    departSec: best.sec,
  };
}
