import type { Connections } from '../../region/connections.ts';
import type { Mile } from '../families/family.ts';

/*
 * The time a first mile leaves before the timetabled ride it meets (region.json `connections`,
 * issue 27), and the time a booked last mile leaves after the ride is due. RAPTOR sees each first-mile leg lengthened by its margin, so no journey boards a ride
 * sooner after the traveller reaches the stop; the step itself still ends when the traveller gets
 * there (planner/transitSteps.ts), so the spare minutes show as a wait at the stop.
 */

/** What a margin depends on besides the mile: the ride's kind and who travels. */
export interface BoardAt {
  /** The stop is served by trains (a station): drop-offs and assistance take longer. */
  rail: boolean;
  stepFree: boolean;
  /** The first mile's own time: a stop at the door (0 s) needs no margin after the walk. */
  durationSec: number;
}

/** Seconds a traveller arriving by `mile` must be at the stop before the ride leaves. */
export function boardMarginSec(c: Connections, mile: Mile, at: BoardAt): number {
  if (mile === 'walk' && at.durationSec === 0) return 0;
  const base = {
    walk: c.walkToRideSec,
    'bike hire': c.walkToRideSec,
    'bike & ride': c.bikeParkingSec,
    'park & ride': c.parkAndRideSec,
    lift: at.rail ? c.dropOffToRailSec : c.dropOffToRoadSec,
    // A booked taxi keeps at least the station margin for a bus too: its pick-up time is the
    // operator's to keep, not the traveller's, and a rural bus missed may be the last of the day.
    taxi: at.rail ? c.dropOffToRailSec : Math.max(c.dropOffToRailSec, c.dropOffToRoadSec),
    flexible: c.flexibleToRideSec,
  }[mile];
  if (!at.stepFree) return base;
  return base + c.stepFreeExtraSec + (at.rail ? c.stepFreeRailExtraSec : 0);
}

/**
 * A taxi home from a ride is booked this long after the ride is due: a bus or train a few minutes
 * late still meets it, and the traveller has time to get from the platform or stop to the car. The
 * mirror of the station margin before a ride (Connections.dropOffToRailSec, 5 min by default);
 * OpenTripPlanner likewise adds slack after alighting before onward travel (its alightSlack).
 */
export const TAXI_AFTER_RIDE_SEC = 5 * 60;

/** Seconds between a ride's arrival and the last mile by `mile` leaving its stop. */
export function alightMarginSec(mile: Mile): number {
  return mile === 'taxi' ? TAXI_AFTER_RIDE_SEC : 0;
}
