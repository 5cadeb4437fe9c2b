import type { Connections } from '../../region/connections.ts';
import type { Mile } from '../families/family.ts';

/*
 * The time a first mile leaves before the timetabled ride it meets (region.json `connections`,
 * issue 27). RAPTOR sees each first-mile leg lengthened by its margin, so no journey boards a ride
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
    taxi: at.rail ? c.dropOffToRailSec : c.dropOffToRoadSec,
    flexible: c.flexibleToRideSec,
  }[mile];
  if (!at.stepFree) return base;
  return base + c.stepFreeExtraSec + (at.rail ? c.stepFreeRailExtraSec : 0);
}
