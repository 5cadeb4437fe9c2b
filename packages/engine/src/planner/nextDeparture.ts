import { POS_NO_DROP_OFF, POS_NO_PICKUP } from '../raptor/transitData.ts';
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
 * A bus the other way is no answer: the first departure whose run later sets down near the
 * destination is named, and only when none does in the week the first of any, saying so.
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
  /** The run later sets down at one of the stops near the destination (always true when none were given). */
  servesDestination: boolean;
}

/**
 * The first departure at or after `fromSec` that can be boarded at any of `stops`, within
 * NEXT_DEPARTURE_DAYS days, preferring one whose run later sets down at a stop of `destStops`;
 * undefined when none runs in that time.
 */
export function findNextDeparture(
  tt: Timetable,
  stops: readonly number[],
  fromSec: number,
  timeZone: string,
  destStops?: ReadonlySet<number>,
): NextDeparture | undefined {
  const a = tt.a;
  // Whether a pattern boarded at `pos` later sets down at a stop near the destination.
  const servesDestination = (pattern: number, pos: number): boolean => {
    if (!destStops) return true;
    const first = a.patternStopOffsets[pattern]!;
    for (let p = first + pos + 1; p < a.patternStopOffsets[pattern + 1]!; p++)
      if (destStops.has(a.patternStops[p]!) && !(a.patternPosFlags[p]! & POS_NO_DROP_OFF)) return true;
    return false;
  };
  const untilSec = fromSec + NEXT_DEPARTURE_DAYS * 86_400;
  const firstDay = dateToDayNumber(epochToLocal(timeZone, fromSec).date);
  // Trips of earlier service days still running after midnight count too (times over 24:00).
  const pastDays = Math.ceil(tt.meta.maxTimeSec / 86_400);
  type Found = { stop: number; trip: number; pos: number; sec: number };
  // The first departure of all, and the first whose run reaches the destination.
  let any: Found | undefined;
  let toward: Found | undefined;
  for (let day = firstDay - pastDays; day <= firstDay + NEXT_DEPARTURE_DAYS; day++) {
    const zero = serviceDayStartEpochSec(timeZone, dayNumberToDate(day));
    for (const stop of stops)
      for (let k = a.stopPatternOffsets[stop]!; k < a.stopPatternOffsets[stop + 1]!; k++) {
        const pattern = a.stopPatterns[k]!;
        const pos = a.stopPatternPos[k]!;
        if (a.patternPosFlags[a.patternStopOffsets[pattern]! + pos]! & POS_NO_PICKUP) continue;
        const reaches = servesDestination(pattern, pos);
        for (let t = a.patternTripOffsets[pattern]!; t < a.patternTripOffsets[pattern + 1]!; t++) {
          const sec = zero + a.departures[a.tripTimeOffsets[t]! + pos]!;
          if (sec < fromSec || sec > untilSec) continue;
          const better = !any || sec < any.sec || (reaches && (!toward || sec < toward.sec));
          if (!better || !serviceRunsOn(a, a.tripService[t]!, day)) continue;
          const found = { stop, trip: t, pos, sec };
          if (!any || sec < any.sec) any = found;
          if (reaches && (!toward || sec < toward.sec)) toward = found;
        }
      }
  }
  const best = toward ?? any;
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
    servesDestination: best === toward,
  };
}
