import type { StopIdx, TransitData } from './transitData.ts';
import type { AccessLeg, RaptorJourney, RaptorLeg, RaptorQuery } from './types.ts';

/*
 * A vehicle first or last mile (a lift, a taxi, park & ride, DRT…) meets the network at a few stops
 * (for a car, the stations), and a traveller can walk a change between such a stop and its
 * neighbours: off bus 201 at Union Street, 135 m to Aberdeen station where the lift waits. The
 * routers start only at the caller's stops and reach the destination only from a stop a ride
 * alighted at, so that journey could not be represented, and they rode a train out and back to
 * alight at the station. Here each vehicle end leg is extended by the timetable's walking
 * transfers (first mile: its stop → a neighbour; last mile: a neighbour → its stop) into an end leg
 * at the neighbour lasting both; the routers search the extended lists unchanged (their target,
 * vehicle and time bounds see the extended legs as any other), and the journeys they find are split
 * back into the caller's leg and a walking transfer leg.
 *
 * Walking end legs are not extended: the caller's walking lists already reach every stop within a
 * walk, so walking answers stay as they were. An extension is kept only where it reaches its stop
 * sooner than every leg of the caller's and every other extension (a lift straight to the stop is
 * at least as good on every criterion).
 */

/** One side's legs as searched: the caller's, then the extensions (caller's leg index and walk each). */
interface ExtendedSide {
  legs: AccessLeg[];
  /** Number of the caller's legs; legs[i] for i ≥ callerCount is an extension. */
  callerCount: number;
  /** Per extension: the caller's leg it extends and the walking transfer's seconds. */
  base: number[];
  walkSec: number[];
}

/** A query's end legs with their walking extensions, and the way back to the caller's legs. */
export interface EndTransfers {
  access: AccessLeg[];
  egress: AccessLeg[];
  /** The journey with each extended end leg split into the caller's leg and its walking transfer. */
  split: (j: RaptorJourney) => RaptorJourney;
}

/** The query's access and egress legs extended by walking transfers from (to) each vehicle leg's stop. */
export function withEndTransfers(d: TransitData, query: RaptorQuery): EndTransfers {
  const factor = query.walkTransferFactor ?? 1;
  const wheelchair = query.wheelchair === true;
  const access = extendSide(d, query.access, true, factor, wheelchair);
  const egress = extendSide(d, query.egress, false, factor, wheelchair);
  const noExtension = access.legs.length === access.callerCount && egress.legs.length === egress.callerCount;
  return {
    access: access.legs,
    egress: egress.legs,
    split: noExtension ? (j) => j : (j) => splitJourney(j, query, access, egress),
  };
}

function extendSide(
  d: TransitData,
  legs: AccessLeg[],
  first: boolean,
  factor: number,
  wheelchair: boolean,
): ExtendedSide {
  const side: ExtendedSide = { legs, callerCount: legs.length, base: [], walkSec: [] };
  if (legs.every((l) => l.mode === 'walk')) return side;
  // Real-time direction of the walk: out of a first mile's stop, into a last mile's.
  const offsets = first ? d.transferOffsets : d.transferInOffsets;
  const others = first ? d.transferTo : d.transferInFrom;
  const secs = first ? d.transferSec : d.transferInSec;
  const isWalk = first ? d.transferIsWalk : d.transferInIsWalk;
  const best = new Map<number, number>();
  for (const l of legs) best.set(l.stopIdx, Math.min(best.get(l.stopIdx) ?? Infinity, l.durationSec));
  const found = new Map<number, { leg: number; walkSec: number }>();
  legs.forEach((l, i) => {
    const s = l.stopIdx;
    if (l.mode === 'walk' || (wheelchair && !d.stopWheelchairOk(s))) return;
    for (let t = offsets[s]!; t < offsets[s + 1]!; t++) {
      const q = others[t]!;
      if (isWalk[t] !== 1 || q === s || (wheelchair && !d.stopWheelchairOk(q))) continue;
      // Scaled as the routers scale a walking transfer for a slower walker.
      const walkSec = factor !== 1 ? Math.round(secs[t]! * factor) : secs[t]!;
      if (l.durationSec + walkSec >= (best.get(q) ?? Infinity)) continue;
      best.set(q, l.durationSec + walkSec);
      found.set(q, { leg: i, walkSec });
    }
  });
  if (found.size === 0) return side;
  side.legs = [...legs];
  for (const [q, { leg, walkSec }] of found) {
    side.legs.push({ stopIdx: q, durationSec: best.get(q)!, mode: legs[leg]!.mode });
    side.base.push(leg);
    side.walkSec.push(walkSec);
  }
  return side;
}

type EndLeg = Extract<RaptorLeg, { kind: 'access' | 'egress' }>;
type Transfer = Extract<RaptorLeg, { kind: 'transfer' }>;

function splitJourney(
  j: RaptorJourney,
  query: RaptorQuery,
  access: ExtendedSide,
  egress: ExtendedSide,
): RaptorJourney {
  const legs = [...j.legs];
  const a = legs[0] as EndLeg;
  const e = legs[legs.length - 1] as EndLeg;
  if (e.index >= egress.callerCount) {
    const k = e.index - egress.callerCount;
    const caller = query.egress[egress.base[k]!]!;
    const walkSec = egress.walkSec[k]!;
    const walk = transfer(e.stop, caller.stopIdx, walkSec, e.startSec);
    legs.splice(legs.length - 1, 1, walk, {
      ...e,
      ...callerLeg(caller, egress.base[k]!),
      startSec: walk.endSec,
      endSec: e.endSec,
    });
  }
  if (a.index >= access.callerCount) {
    const k = a.index - access.callerCount;
    const caller = query.access[access.base[k]!]!;
    const startSec = a.startSec;
    const walk = transfer(caller.stopIdx, a.stop, access.walkSec[k]!, startSec + caller.durationSec);
    legs.splice(0, 1, { ...a, ...callerLeg(caller, access.base[k]!), startSec, endSec: walk.startSec }, walk);
  }
  return { ...j, legs };
}

const callerLeg = (l: AccessLeg, index: number) => ({
  stop: l.stopIdx as StopIdx,
  durationSec: l.durationSec,
  mode: l.mode,
  index,
});

const transfer = (from: number, to: number, durationSec: number, startSec: number): Transfer => ({
  kind: 'transfer',
  from: from as StopIdx,
  to: to as StopIdx,
  durationSec,
  isWalk: true,
  startSec,
  endSec: startSec + durationSec,
});
