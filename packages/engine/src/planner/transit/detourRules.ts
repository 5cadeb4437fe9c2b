import type { AccessLeg, RaptorJourney, RaptorLeg } from '../../raptor/types.ts';
import { POS_NO_DROP_OFF, POS_NO_PICKUP } from '../../raptor/transitData.ts';
import type { TransitView } from '../../timetable/transitView.ts';

/*
 * Transit journeys a traveller would laugh at, found on the rides' positions (ADR 008). All times
 * are view seconds. A ride is one RAPTOR transit leg: its trip calls at positions boardPos to
 * alightPos of its pattern.
 */

type Ride = Extract<RaptorLeg, { kind: 'transit' }>;

/** Stops of a first or last mile by stop, with the time to reach them (the shortest when a stop repeats). */
export function byStop(legs: readonly AccessLeg[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const l of legs) {
    const seen = out.get(l.stopIdx);
    if (seen === undefined || l.durationSec < seen) out.set(l.stopIdx, l.durationSec);
  }
  return out;
}

const ridesOf = (j: RaptorJourney): Ride[] => j.legs.filter((l): l is Ride => l.kind === 'transit');

/** The stop, departure and arrival of a ride's trip at pattern position `pos`. */
function call(view: TransitView, ride: Ride, pos: number) {
  const at = view.patternStopOffsets[ride.pattern]! + pos;
  const t = view.tripTimeOffsets[ride.trip]! + pos;
  return {
    stop: view.patternStops[at]!,
    flags: view.patternPosFlags[at]!,
    dep: view.departures[t]! + ride.shiftSec,
    arr: view.arrivals[t]! + ride.shiftSec,
  };
}

/**
 * Could the traveller board `ride` at another of its calls before it reaches its alighting stop,
 * coming from the door by one of `reach` (stop → seconds), leaving no earlier than `notBefore`
 * and, when `shorterThan` is given, with a first mile shorter than that?
 */
function boardable(
  view: TransitView,
  ride: Ride,
  reach: Map<number, number>,
  notBefore: number,
  shorterThan = Infinity,
): boolean {
  for (let pos = 0; pos < ride.alightPos; pos++) {
    if (pos === ride.boardPos) continue;
    const c = call(view, ride, pos);
    const d = reach.get(c.stop);
    if (d === undefined || d >= shorterThan || c.flags & POS_NO_PICKUP) continue;
    if (c.dep - d >= notBefore) return true;
  }
  return false;
}

/** Could the traveller leave `ride` at another of its calls after boarding and reach the door by one of `reach` by `notAfter`? */
function alightable(
  view: TransitView,
  ride: Ride,
  reach: Map<number, number>,
  notAfter: number,
  shorterThan = Infinity,
): boolean {
  const last = view.patternStopOffsets[ride.pattern + 1]! - view.patternStopOffsets[ride.pattern]!;
  for (let pos = ride.boardPos + 1; pos < last; pos++) {
    if (pos === ride.alightPos) continue;
    const c = call(view, ride, pos);
    const d = reach.get(c.stop);
    if (d === undefined || d >= shorterThan || c.flags & POS_NO_DROP_OFF) continue;
    if (c.arr + d <= notAfter) return true;
  }
  return false;
}

/**
 * A detour visits a place twice by vehicle: a later ride calls where an earlier ride already
 * called. A change at the same stop is a change, not a detour. When the traveller can change
 * there instead (leaving the earlier ride at the place and boarding the later one, with the
 * change time the timetable asks between the two stops), the rides in between are cut out: the
 * journey arrives at the same time with fewer rides. When they cannot (the later train passed
 * the place before the earlier one got there), riding on and back is the only way to make the
 * connection, and the journey stays as it is.
 */
export function cutDetours(view: TransitView, j: RaptorJourney): RaptorJourney {
  let journey = j;
  for (let pass = 0; pass < 3; pass++) {
    const cut = findCut(view, journey);
    if (!cut) return journey;
    journey = applyCut(view, journey, cut);
  }
  return journey;
}

interface Cut {
  /** Leg indices of the earlier and later rides. */
  from: number;
  to: number;
  /** Where the earlier ride is left and the later one boarded. */
  alightPos: number;
  boardPos: number;
  changeSec: number;
}

/** The change at the place visited twice that skips the most rides, if the timetable allows it. */
function findCut(view: TransitView, j: RaptorJourney): Cut | undefined {
  const idx = j.legs.map((l, i) => (l.kind === 'transit' ? i : -1)).filter((i) => i >= 0);
  let best: Cut | undefined;
  for (let x = 0; x < idx.length; x++)
    for (let y = idx.length - 1; y > x; y--) {
      const ri = j.legs[idx[x]!] as Ride;
      const rk = j.legs[idx[y]!] as Ride;
      for (let p = ri.boardPos + 1; p <= ri.alightPos; p++) {
        const a = call(view, ri, p);
        if (a.flags & POS_NO_DROP_OFF) continue;
        for (let q = rk.boardPos; q < rk.alightPos; q++) {
          // Leaving one ride at its last call for the next ride's first: the journey's own change.
          if (y === x + 1 && p === ri.alightPos && q === rk.boardPos) continue;
          const b = call(view, rk, q);
          if (b.flags & POS_NO_PICKUP) continue;
          const changeSec = transferSec(view, a.stop, b.stop);
          if (changeSec === undefined || a.arr + changeSec > b.dep) continue;
          const cut = { from: idx[x]!, to: idx[y]!, alightPos: p, boardPos: q, changeSec };
          if (!best || cut.to - cut.from > best.to - best.from) best = cut;
        }
      }
    }
  return best;
}

/** The timetable's change time from one stop to another (the same stop included), if it allows one. */
function transferSec(view: TransitView, from: number, to: number): number | undefined {
  for (let i = view.transferOffsets[from]!; i < view.transferOffsets[from + 1]!; i++)
    if (view.transferTo[i] === to) return view.transferSec[i]!;
  return undefined;
}

function applyCut(view: TransitView, j: RaptorJourney, cut: Cut): RaptorJourney {
  const ri = j.legs[cut.from] as Ride;
  const rk = j.legs[cut.to] as Ride;
  const a = call(view, ri, cut.alightPos);
  const b = call(view, rk, cut.boardPos);
  const legs: RaptorLeg[] = [
    ...j.legs.slice(0, cut.from),
    { ...ri, alightPos: cut.alightPos, alightStop: a.stop as Ride['alightStop'], endSec: a.arr },
  ];
  if (a.stop !== b.stop)
    legs.push({
      kind: 'transfer',
      from: a.stop as Ride['boardStop'],
      to: b.stop as Ride['boardStop'],
      durationSec: cut.changeSec,
      isWalk: true,
      startSec: a.arr,
      endSec: a.arr + cut.changeSec,
    });
  legs.push({ ...rk, boardPos: cut.boardPos, boardStop: b.stop as Ride['boardStop'], startSec: b.dep });
  legs.push(...j.legs.slice(cut.to + 1));
  const rides = legs.filter((l) => l.kind === 'transit').length;
  const walkSec = legs.reduce(
    (s, l) =>
      s + (l.kind === 'transfer' ? (l.isWalk ? l.durationSec : 0) : l.kind === 'transit' ? 0 : l.durationSec),
    0,
  );
  return { ...j, legs, transfers: rides - 1, walkSec };
}

/**
 * Rides that could be skipped: a later ride calls at a stop of the first mile in time to be
 * boarded there directly (the earlier rides went out and came back), or an earlier ride calls at
 * a stop of the last mile from which the traveller arrives no later (it rode past the destination).
 */
export function skippableRides(
  view: TransitView,
  j: RaptorJourney,
  first: Map<number, number>,
  last: Map<number, number>,
): boolean {
  const rides = ridesOf(j);
  for (let k = 1; k < rides.length; k++) if (boardable(view, rides[k]!, first, j.departureSec)) return true;
  for (let k = 0; k < rides.length - 1; k++) if (alightable(view, rides[k]!, last, j.arrivalSec)) return true;
  return false;
}

/** Could any ride of the journey be boarded from `reach` (walking from the door) leaving no earlier than `notBefore`? */
export function anyRideBoardable(
  view: TransitView,
  j: RaptorJourney,
  reach: Map<number, number>,
  notBefore: number,
): boolean {
  const rides = ridesOf(j);
  return rides.some((r) => boardable(view, r, reach, notBefore) || boardsAt(view, r, reach, notBefore));
}

/** Could any ride be left for `reach` (walking to the door) arriving by `notAfter`? */
export function anyRideAlightable(
  view: TransitView,
  j: RaptorJourney,
  reach: Map<number, number>,
  notAfter: number,
): boolean {
  const rides = ridesOf(j);
  return rides.some((r) => alightable(view, r, reach, notAfter) || alightsAt(view, r, reach, notAfter));
}

function boardsAt(view: TransitView, ride: Ride, reach: Map<number, number>, notBefore: number): boolean {
  const d = reach.get(ride.boardStop);
  return d !== undefined && call(view, ride, ride.boardPos).dep - d >= notBefore;
}

function alightsAt(view: TransitView, ride: Ride, reach: Map<number, number>, notAfter: number): boolean {
  const d = reach.get(ride.alightStop);
  return d !== undefined && call(view, ride, ride.alightPos).arr + d <= notAfter;
}

/**
 * A vehicle to a further station: the first ride also calls where the same first mile is shorter,
 * in time (`notBefore`); or the last ride also calls where the same last mile is shorter, arriving
 * by `notAfter`.
 */
export function nearerStation(
  view: TransitView,
  j: RaptorJourney,
  end: 'first' | 'last',
  reach: Map<number, number>,
  usedSec: number,
  limitSec: number,
): boolean {
  const rides = ridesOf(j);
  const ride = end === 'first' ? rides[0] : rides[rides.length - 1];
  if (!ride) return false;
  const shorter = usedSec - NEARER_SEC;
  return end === 'first'
    ? boardable(view, ride, reach, limitSec, shorter)
    : alightable(view, ride, reach, limitSec, shorter);
}

/** A station counts as nearer when its first or last mile is at least this much shorter. */
const NEARER_SEC = 2 * 60;
