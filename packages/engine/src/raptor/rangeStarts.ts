import { POS_NO_DROP_OFF, POS_NO_PICKUP } from './transitData.ts';
import type { TransitData } from './transitData.ts';
import type { AccessLeg, RaptorQuery } from './types.ts';

/** One iteration start of a range query: the legs that catch a vehicle exactly then, and where. */
export interface RangeStart {
  /** Indices into the query's start legs, each once. */
  legs: number[];
  /** The stopPatterns slots (a start leg's stop and a pattern calling there) whose vehicle leaves exactly then. */
  slots: number[];
}

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
  const found = new Map<number, number[]>();
  for (const [t, start] of mapRangeStartSlots(d, query, starts, fwd)) found.set(t, start.legs);
  return found;
}

/**
 * The starts of `mapRangeStarts`, each with the pattern slots whose vehicle leaves exactly then: a
 * pattern at the same stop that leaves later was boarded by the same trip in an iteration already
 * run, so a multi-criteria search's first round need scan only these.
 */
export function mapRangeStartSlots(
  d: TransitData,
  query: RaptorQuery,
  starts: readonly AccessLeg[],
  fwd: boolean,
): Map<number, RangeStart> {
  const first = fwd ? query.timeSec : -query.timeSec;
  const windowSec = query.windowSec ?? 0;
  if (windowSec <= 0) return new Map([[first, { legs: starts.map((_, i) => i), slots: [] }]]);
  const last = first + windowSec;
  const wheelchair = query.wheelchair === true;
  const blocked = fwd ? POS_NO_PICKUP : POS_NO_DROP_OFF;
  const found = new Map<number, RangeStart>([[first, { legs: [], slots: [] }]]);
  const add = (t: number, leg: number, slot: number): void => {
    if (t < first || t > last) return;
    const at = found.get(t);
    if (!at) found.set(t, { legs: [leg], slots: [slot] });
    else {
      if (at.legs[at.legs.length - 1] !== leg) at.legs.push(leg);
      at.slots.push(slot);
    }
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
          add(t - dur, li, i),
        );
      else
        d.forEachInstanceTime(pattern, pos, -last - dur, -first - dur, true, wheelchair, (t) =>
          add(-t - dur, li, i),
        );
    }
  });
  return new Map([...found].sort((x, y) => y[0] - x[0]));
}
