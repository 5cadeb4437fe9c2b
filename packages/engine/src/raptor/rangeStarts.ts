import { POS_NO_DROP_OFF, POS_NO_PICKUP } from './transitData.ts';
import type { TransitData } from './transitData.ts';
import type { AccessLeg, RaptorQuery } from './types.ts';

/**
 * Iteration starts of a range query (rRAPTOR), in search time (real time forward, negated time
 * backward), latest first (the map's key order): the query start itself plus every time at which
 * leaving the origin side just catches a running vehicle at one of `starts` within the window. A
 * single query (no window) has one start. Each start maps to the indices into `starts` of the legs
 * that catch a vehicle exactly then (empty for the query start when nothing does).
 */
export function mapRangeStarts(
  d: TransitData,
  query: RaptorQuery,
  starts: readonly AccessLeg[],
  fwd: boolean,
): Map<number, number[]> {
  const first = fwd ? query.timeSec : -query.timeSec;
  const windowSec = query.windowSec ?? 0;
  if (windowSec <= 0) return new Map([[first, starts.map((_, i) => i)]]);
  const last = first + windowSec;
  const wheelchair = query.wheelchair === true;
  const blocked = fwd ? POS_NO_PICKUP : POS_NO_DROP_OFF;
  const found = new Map<number, number[]>([[first, []]]);
  const add = (t: number, leg: number): void => {
    if (t < first || t > last) return;
    const legs = found.get(t);
    if (!legs) found.set(t, [leg]);
    else if (legs[legs.length - 1] !== leg) legs.push(leg);
  };
  starts.forEach((leg, li) => {
    const s = leg.stopIdx;
    const dur = leg.durationSec;
    for (let i = d.stopPatternOffsets[s]!; i < d.stopPatternOffsets[s + 1]!; i++) {
      const pattern = d.stopPatterns[i]!;
      const pos = d.stopPatternPos[i]!;
      if (d.patternPosFlags[d.patternStopOffsets[pattern]! + pos]! & blocked) continue;
      // Forward: departures in [first + dur, last + dur]; backward: arrivals in [−last − dur, −first − dur].
      if (fwd)
        d.forEachInstanceTime(pattern, pos, first + dur, last + dur, false, wheelchair, (t) =>
          add(t - dur, li),
        );
      else
        d.forEachInstanceTime(pattern, pos, -last - dur, -first - dur, true, wheelchair, (t) =>
          add(-t - dur, li),
        );
    }
  });
  return new Map([...found].sort((x, y) => y[0] - x[0]));
}
