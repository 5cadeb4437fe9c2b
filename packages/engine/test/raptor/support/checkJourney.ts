import { POS_NO_DROP_OFF, POS_NO_PICKUP } from '../../../src/raptor/transitData.ts';
import type { TransitData } from '../../../src/raptor/transitData.ts';
import type { AccessLeg, RaptorJourney } from '../../../src/raptor/types.ts';

/** Returns a description of the first way the journey breaks the timetable, or undefined when it is feasible. */
export function findJourneyProblem(
  d: TransitData,
  j: RaptorJourney,
  access: AccessLeg[],
  egress: AccessLeg[],
): string | undefined {
  const legs = j.legs;
  const first = legs[0];
  const last = legs[legs.length - 1];
  if (first?.kind !== 'access') return 'does not start with access';
  if (last?.kind !== 'egress') return 'does not end with egress';
  if (!access.some((a) => a.stopIdx === first.stop && a.durationSec === first.durationSec))
    return 'access leg not offered';
  if (!egress.some((a) => a.stopIdx === last.stop && a.durationSec === last.durationSec))
    return 'egress leg not offered';
  let at = first.stop as number;
  let time = first.endSec;
  let afterRide = false;
  let rides = 0;
  for (let i = 1; i < legs.length; i++) {
    const l = legs[i]!;
    if (l.kind === 'transit') {
      const base = d.patternStopOffsets[l.pattern]!;
      if (d.tripPattern[l.trip] !== l.pattern) return `trip ${l.trip} not in pattern ${l.pattern}`;
      if (!(l.boardPos < l.alightPos)) return 'rides backwards';
      if (
        d.patternStops[base + l.boardPos] !== l.boardStop ||
        d.patternStops[base + l.alightPos] !== l.alightStop
      )
        return 'stops do not match positions';
      if (d.patternPosFlags[base + l.boardPos]! & POS_NO_PICKUP) return 'boards where pickup is not allowed';
      if (d.patternPosFlags[base + l.alightPos]! & POS_NO_DROP_OFF)
        return 'alights where drop-off is not allowed';
      const tto = d.tripTimeOffsets[l.trip]!;
      if (d.departures[tto + l.boardPos]! + l.shiftSec !== l.startSec)
        return 'boarding time differs from timetable';
      if (d.arrivals[tto + l.alightPos]! + l.shiftSec !== l.endSec)
        return 'alighting time differs from timetable';
      let ready = time;
      if (afterRide) {
        // A change at the same stop needs that stop's own transfer entry.
        if (at !== l.boardStop) return 'boards away from where it stands';
        let ok = false;
        for (let e = d.transferOffsets[at]!; e < d.transferOffsets[at + 1]!; e++) {
          if (d.transferTo[e] === at) {
            ok = true;
            ready = time + d.transferSec[e]!;
          }
        }
        if (!ok) return 'changes at a stop where changing is not allowed';
      } else if (at !== l.boardStop) return 'boards away from where it stands';
      if (l.startSec < ready) return `boards at ${l.startSec} before ready at ${ready}`;
      at = l.alightStop;
      time = l.endSec;
      afterRide = true;
      rides++;
    } else if (l.kind === 'transfer') {
      if (l.from !== at) return 'transfer starts elsewhere';
      let ok = false;
      for (let e = d.transferOffsets[at]!; e < d.transferOffsets[at + 1]!; e++)
        if (d.transferTo[e] === l.to && d.transferSec[e] === l.durationSec) ok = true;
      if (!ok) return 'transfer not in the transfer set';
      if (l.startSec < time) return 'transfer starts before arriving';
      at = l.to;
      time = l.startSec + l.durationSec;
      afterRide = false;
    } else if (l.kind === 'egress') {
      if (l.stop !== at) return 'egress from another stop';
      if (l.startSec < time) return 'egress before arriving';
      if (l.endSec !== l.startSec + l.durationSec) return 'egress duration wrong';
    } else return 'access in the middle';
  }
  if (rides !== j.transfers + 1) return 'transfer count wrong';
  if (j.arrivalSec !== last.endSec || j.departureSec !== first.startSec)
    return 'journey times do not match legs';
  return undefined;
}

/** The door arrival and walk of each other place where a journey could leave its last vehicle for one of `egress`. */
export function listOtherAlightings(
  d: TransitData,
  j: RaptorJourney,
  egress: readonly AccessLeg[],
  wheelchair = false,
): { arrivalSec: number; walkSec: number }[] {
  const ride = j.legs[j.legs.length - 2];
  if (ride?.kind !== 'transit') return [];
  const base = d.patternStopOffsets[ride.pattern]!;
  const count = d.patternStopOffsets[ride.pattern + 1]! - base;
  const tto = d.tripTimeOffsets[ride.trip]!;
  const out: { arrivalSec: number; walkSec: number }[] = [];
  for (let pos = ride.boardPos + 1; pos < count; pos++) {
    const stop = d.patternStops[base + pos]!;
    if (pos === ride.alightPos || d.patternPosFlags[base + pos]! & POS_NO_DROP_OFF) continue;
    if (wheelchair && !d.stopWheelchairOk(stop)) continue;
    for (const e of egress)
      if (e.stopIdx === stop)
        out.push({
          arrivalSec: d.arrivals[tto + pos]! + ride.shiftSec + e.durationSec,
          walkSec: e.durationSec,
        });
  }
  return out;
}
