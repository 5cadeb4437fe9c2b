import { POS_NO_DROP_OFF, POS_NO_PICKUP } from './transit-data.ts';
import type { TransitData } from './transit-data.ts';
import type { AccessLeg, RaptorQuery } from './types.ts';

/**
 * Iteration starts of a range query (rRAPTOR), in search time (real time forward, negated time
 * backward), latest first: the query start itself plus every time at which leaving the origin side
 * just catches a running vehicle at one of `starts` within the window. A single query (no window)
 * has one start.
 */
export function listRangeStarts(
  d: TransitData,
  query: RaptorQuery,
  starts: readonly AccessLeg[],
  fwd: boolean,
): number[] {
  const first = fwd ? query.timeSec : -query.timeSec;
  const windowSec = query.windowSec ?? 0;
  if (windowSec <= 0) return [first];
  const last = first + windowSec;
  const wheelchair = query.wheelchair === true;
  const blocked = fwd ? POS_NO_PICKUP : POS_NO_DROP_OFF;
  const found = new Set<number>([first]);
  for (const leg of starts) {
    const s = leg.stopIdx;
    const dur = leg.durationSec;
    for (let i = d.stopPatternOffsets[s]!; i < d.stopPatternOffsets[s + 1]!; i++) {
      const pattern = d.stopPatterns[i]!;
      const pos = d.stopPatternPos[i]!;
      if (d.patternPosFlags[d.patternStopOffsets[pattern]! + pos]! & blocked) continue;
      // Forward: departures in [first + dur, last + dur]; backward: arrivals in [−last − dur, −first − dur].
      if (fwd)
        d.forEachInstanceTime(pattern, pos, first + dur, last + dur, false, wheelchair, (t) =>
          found.add(t - dur),
        );
      else
        d.forEachInstanceTime(pattern, pos, -last - dur, -first - dur, true, wheelchair, (t) =>
          found.add(-t - dur),
        );
    }
  }
  const out: number[] = [];
  for (const t of found) if (t >= first && t <= last) out.push(t);
  return out.sort((x, y) => y - x);
}
