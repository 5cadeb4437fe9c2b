import { servedTransfers } from './servedTransfers.ts';
import type { TransitData } from './transitData.ts';
import type { AccessLeg } from './types.ts';

const UNREACHED = 255;
const INF = 0x3fffffff;
/**
 * Bounds kept per router: a search's queries take turns between a few end-leg sets (each family's
 * range search forward to the destination walk, its latest departures backward to its first
 * mile), so with only the last one kept most queries computed theirs again.
 */
const KEPT = 4;

/** One computed set of bounds and what it was computed for. */
interface Kept {
  key: string;
  afterRide: Uint8Array;
  toBoard: Uint8Array;
  usefulTo: Int32Array;
}

/** By the patterns at each stop (a live view may have its own): per `beyond`, what `toBoard` starts from. */
const unservedByTimetable = new WeakMap<Int32Array, Map<number, Uint8Array>>();

/** What `toBoard` starts from: `beyond` where a pattern stops, UNREACHED elsewhere (built once per timetable and value). */
function unservedAt(d: TransitData, beyond: number): Uint8Array {
  let byValue = unservedByTimetable.get(d.stopPatternOffsets);
  if (!byValue) unservedByTimetable.set(d.stopPatternOffsets, (byValue = new Map()));
  let start = byValue.get(beyond);
  if (!start) {
    start = new Uint8Array(d.stopCount);
    for (let s = 0; s < d.stopCount; s++)
      start[s] = d.stopPatternOffsets[s + 1]! > d.stopPatternOffsets[s]! ? beyond : UNREACHED;
    byValue.set(beyond, start);
  }
  return start;
}

/**
 * Per query, a lower bound on the vehicles still needed to reach the destination side from each
 * stop, by a breadth-first search from the end stops against the search direction over patterns
 * and transfers. Times, pickup/drop-off rules and wheelchair limits are ignored, so the counts never
 * overstate: a label with k vehicles at stop s can be dropped when k + bound > the vehicles allowed.
 */
export class VehicleBound {
  /** After arriving at the stop by a vehicle (0 at an end stop); only stops with patterns have theirs. */
  afterRide: Uint8Array;
  /** When ready to board at the stop (counts the vehicle boarded there); 255 where no pattern stops. */
  toBoard: Uint8Array;
  /**
   * Per level L and pattern r (index L·patternCount + r): the furthest position, in search order,
   * where alighting leaves at most L − 1 more vehicles to go. Boarding before it can be useful, and a
   * scan with L vehicles left (this one included) can stop there. Levels past the computed ones are
   * unbounded (forward INF, backward −1).
   */
  usefulTo: Int32Array;
  private readonly data: TransitData;
  private readonly rideQueue: Int32Array;
  private readonly boardQueue: Int32Array;
  /** The bounds last computed, most recently used first (the first is the one in use). */
  private readonly kept: Kept[] = [];

  constructor(data: TransitData) {
    this.data = data;
    this.afterRide = new Uint8Array(0);
    this.toBoard = new Uint8Array(0);
    this.usefulTo = new Int32Array(0);
    this.rideQueue = new Int32Array(data.stopCount);
    this.boardQueue = new Int32Array(data.stopCount);
  }

  /**
   * The bounds a search with `rounds` vehicles uses: rounds − 3 levels (at least 2), since the deeper
   * levels cost most and prune least (the first rounds improve few stops; compare with rounds − 1 on
   * `npx node packages/engine/bench/transit.ts`), and the start stops get the last level
   * on their own.
   */
  computeForSearch(
    starts: readonly AccessLeg[],
    ends: readonly AccessLeg[],
    fwd: boolean,
    rounds: number,
  ): void {
    this.compute(ends, fwd, Math.min(rounds - 1, Math.max(2, rounds - 3)), rounds);
    for (const a of starts) this.boundStart(a.stopIdx, fwd, rounds);
  }

  /** Offset of level `level` in usefulTo. */
  row(level: number): number {
    return level * this.data.patternCount;
  }

  /**
   * Fills the bounds up to `levels` vehicles for the given end legs, and usefulTo rows 0 … `rows`
   * (rows past `levels` unbounded). Stops out of reach get 255; when the search is cut at `levels`
   * with more to explore, the stops not reached get levels + 1 (the deeper levels cost the most and
   * prune the least: the first rounds of a search improve few stops).
   */
  compute(ends: readonly AccessLeg[], fwd: boolean, levels: number, rows = levels): void {
    const d = this.data;
    const key = `${fwd ? 'f' : 'b'} ${levels} ${rows} ${ends.map((e) => e.stopIdx).join(',')}`;
    const at = this.kept.findIndex((k) => k.key === key);
    if (at >= 0) {
      this.use(at);
      return;
    }
    // A transfer x → b in search order, by b: forward the real transfers into b, backward those
    // from it; only those between stops with patterns (servedTransfers.ts).
    const { offsets: inOff, other: inOther } = servedTransfers(d, !fwd);
    // Unseen stops hold `beyond` while the search runs (every level it sets is below it): what they
    // keep when the search is cut at `levels` with more to explore, so no pass over every stop after.
    const beyond = Math.min(levels + 1, UNREACHED);
    // A stop without patterns boards nothing: out of reach, so no router readies a label there.
    const unserved = unservedAt(d, beyond);
    // The least recently used arrays are reused (new ones until KEPT are held). What may throw (the
    // allocations above and here) comes before the slot is kept under its key: a slot kept
    // unfilled would answer later queries with those end legs.
    const slot: Kept =
      this.kept.length < KEPT
        ? {
            key,
            afterRide: new Uint8Array(d.stopCount),
            toBoard: new Uint8Array(d.stopCount),
            usefulTo: new Int32Array(0),
          }
        : this.kept.pop()!;
    slot.key = key;
    if (slot.usefulTo.length < (rows + 1) * d.patternCount)
      slot.usefulTo = new Int32Array((rows + 1) * d.patternCount);
    this.kept.push(slot);
    this.use(this.kept.length - 1);
    const { afterRide, toBoard, usefulTo, rideQueue, boardQueue } = this;
    const P = d.patternCount;
    const { stopPatternOffsets, stopPatterns, stopPatternPos, patternStopOffsets, patternStops } = d;
    afterRide.fill(beyond);
    toBoard.set(unserved);
    usefulTo.fill(fwd ? 0 : INF, 0, P);
    usefulTo.fill(fwd ? INF : -1, P, (rows + 1) * P);
    let rides = 0;
    for (const e of ends) {
      if (afterRide[e.stopIdx] !== 0) rideQueue[rides++] = e.stopIdx;
      afterRide[e.stopIdx] = 0;
    }
    for (let level = 1; level <= levels; level++) {
      const row = level * P;
      usefulTo.copyWithin(row, row - P, row);
      if (rides === 0) continue;
      // Stops from which one more vehicle reaches a stop of the previous level.
      let boards = 0;
      for (let f = 0; f < rides; f++) {
        const s = rideQueue[f]!;
        const patternsEnd = stopPatternOffsets[s + 1]!;
        for (let i = stopPatternOffsets[s]!; i < patternsEnd; i++) {
          const r = stopPatterns[i]!;
          const pos = stopPatternPos[i]!;
          const base = patternStopOffsets[r]!;
          const done = usefulTo[row + r]!;
          // Boarding before `pos` (forward) or after it (backward) reaches s; positions up to `done` have a level already.
          const from = fwd ? done : pos + 1;
          const to = fwd ? pos : Math.min(done, patternStopOffsets[r + 1]! - base - 1) + 1;
          for (let p = from; p < to; p++) {
            const q = patternStops[base + p]!;
            if (toBoard[q] === beyond) {
              toBoard[q] = level;
              boardQueue[boards++] = q;
            }
          }
          if (fwd ? pos > done : pos < done) usefulTo[row + r] = pos;
        }
      }
      // Stops from which a change or walk leads to a stop of this level.
      rides = 0;
      for (let f = 0; f < boards; f++) {
        const q = boardQueue[f]!;
        const inEnd = inOff[q + 1]!;
        for (let i = inOff[q]!; i < inEnd; i++) {
          const s = inOther[i]!;
          if (afterRide[s] === beyond) {
            afterRide[s] = level;
            rideQueue[rides++] = s;
          }
        }
      }
    }
    if (rides > 0) return;
    // The search ran out before `levels`: the stops it never saw are out of reach.
    for (let s = 0; s < afterRide.length; s++) {
      if (afterRide[s] === beyond) afterRide[s] = UNREACHED;
      if (toBoard[s] === beyond) toBoard[s] = UNREACHED;
    }
  }

  /** Makes kept bounds `at` the ones in use (first in the list). */
  private use(at: number): void {
    const [k] = this.kept.splice(at, 1);
    this.kept.unshift(k!);
    this.afterRide = k!.afterRide;
    this.toBoard = k!.toBoard;
    this.usefulTo = k!.usefulTo;
  }

  /**
   * Sets toBoard = `level` at a start stop when one of its own patterns reaches a stop with fewer
   * vehicles to go: the last level matters only at the start stops, so a search can compute one
   * level less and look along the start stops' patterns instead of running a whole extra level.
   */
  boundStart(stop: number, fwd: boolean, level: number): void {
    const d = this.data;
    // What this sets is the exact next breadth-first level, so cached bounds stay valid.
    if (this.toBoard[stop]! <= level) return;
    const step = fwd ? 1 : -1;
    for (let i = d.stopPatternOffsets[stop]!; i < d.stopPatternOffsets[stop + 1]!; i++) {
      const base = d.patternStopOffsets[d.stopPatterns[i]!]!;
      const n = d.patternStopOffsets[d.stopPatterns[i]! + 1]! - base;
      for (let p = d.stopPatternPos[i]! + step; p >= 0 && p < n; p += step) {
        if (this.afterRide[d.patternStops[base + p]!]! < level) {
          this.toBoard[stop] = level;
          return;
        }
      }
    }
  }
}
