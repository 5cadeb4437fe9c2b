import { OPTION_SET } from '../../journeys/ranking/optionSet.ts';
import { POS_NO_DROP_OFF } from '../../raptor/transitData.ts';
import type { TransitData } from '../../raptor/transitData.ts';
import type { AccessLeg, RaptorJourney, RaptorLeg } from '../../raptor/types.ts';

/*
 * Where to leave the last vehicle when the last mile is a walk. RAPTOR leaves it where the door is
 * reached first (depart-after) or, among equal departures, where the walk is shortest (arrive-by).
 * A traveller weighs the walk as well: staying on the bus two minutes to the stop beside the door
 * beats getting off at the stop before and walking four minutes to arrive six seconds sooner
 * (issue #27: "alight at Atholl Road, walk 239 m" while the same bus goes on to the station stop,
 * 87 m away). As OpenTripPlanner's generalized cost does with its walk reluctance, each second of
 * the last walk counts OPTION_SET.walkReluctance seconds of riding, and the alighting with the
 * least weighed door arrival is kept. Times are the router's view seconds.
 */

type Ride = Extract<RaptorLeg, { kind: 'transit' }>;
type Egress = Extract<RaptorLeg, { kind: 'egress' }>;

/** A walking last mile: the shortest walk from each stop and that leg's index in the egress list. */
export type WalkEgress = Map<number, { sec: number; index: number }>;

/** The walking legs of an egress list by stop (the shortest where a stop repeats). */
export function walkEgressByStop(egress: readonly AccessLeg[]): WalkEgress {
  const out: WalkEgress = new Map();
  egress.forEach((l, index) => {
    if (l.mode !== 'walk') return;
    const seen = out.get(l.stopIdx);
    if (!seen || l.durationSec < seen.sec) out.set(l.stopIdx, { sec: l.durationSec, index });
  });
  return out;
}

/** The door arrival a traveller weighs: the arrival with each walking second counted walkReluctance times. */
const weighed = (rideEndSec: number, walkSec: number): number =>
  rideEndSec + walkSec * OPTION_SET.walkReluctance;

/**
 * The journey leaving its last vehicle at the call that gives the least weighed door arrival
 * (`walkEgressByStop`), arriving less than OPTION_SET.clearlyFasterSec after the router's; only
 * walking last miles move. `notAfterSec` bounds the door arrival (arrive-by); `wheelchair` keeps to
 * stops marked usable. Ties keep the router's choice.
 */
export function withBestAlighting(
  d: TransitData,
  j: RaptorJourney,
  walks: WalkEgress,
  wheelchair: boolean,
  notAfterSec = Infinity,
): RaptorJourney {
  const n = j.legs.length;
  const egress = j.legs[n - 1];
  const ride = j.legs[n - 2];
  if (egress?.kind !== 'egress' || ride?.kind !== 'transit' || egress.mode !== 'walk') return j;
  const base = d.patternStopOffsets[ride.pattern]!;
  const count = d.patternStopOffsets[ride.pattern + 1]! - base;
  const tto = d.tripTimeOffsets[ride.trip]!;
  let best = { pos: ride.alightPos, score: weighed(ride.endSec, egress.durationSec) };
  // Less walking never costs a clearly later arrival (the option set's measure).
  const latestSec = j.arrivalSec + OPTION_SET.clearlyFasterSec;
  for (let pos = ride.boardPos + 1; pos < count; pos++) {
    if (pos === ride.alightPos) continue;
    const stop = d.patternStops[base + pos]!;
    const walk = walks.get(stop);
    if (!walk || d.patternPosFlags[base + pos]! & POS_NO_DROP_OFF) continue;
    if (wheelchair && !d.stopWheelchairOk(stop)) continue;
    const arrive = d.arrivals[tto + pos]! + ride.shiftSec;
    if (arrive + walk.sec > Math.min(notAfterSec, latestSec)) continue;
    const score = weighed(arrive, walk.sec);
    if (score < best.score) best = { pos, score };
  }
  if (best.pos === ride.alightPos) return j;
  const stop = d.patternStops[base + best.pos]!;
  const walk = walks.get(stop)!;
  const endSec = d.arrivals[tto + best.pos]! + ride.shiftSec;
  const moved: Ride = { ...ride, alightPos: best.pos, alightStop: stop as Ride['alightStop'], endSec };
  const out: Egress = {
    ...egress,
    stop: stop as Egress['stop'],
    durationSec: walk.sec,
    index: walk.index,
    startSec: endSec,
    endSec: endSec + walk.sec,
  };
  return {
    ...j,
    arrivalSec: out.endSec,
    walkSec: j.walkSec - egress.durationSec + walk.sec,
    legs: [...j.legs.slice(0, n - 2), moved, out],
  };
}

/** A journey's identity: its legs' stops, trips and positions (two searches can find the same one). */
export function journeyKey(j: RaptorJourney): string {
  return j.legs
    .map((l) =>
      l.kind === 'transit'
        ? `${l.trip}+${l.shiftSec}:${l.boardPos}-${l.alightPos}`
        : l.kind === 'transfer'
          ? `${l.from}>${l.to}`
          : `${l.kind}${l.index}@${l.stop}`,
    )
    .join(' ');
}
