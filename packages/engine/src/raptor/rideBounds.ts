import type { TransitData } from './transitData.ts';
import type { AccessLeg } from './types.ts';
import { UNREACHABLE_SEC } from './timeBound.ts';

/**
 * Per query, lower bounds on the time and, apart, the walking still needed to the destination side
 * (search order, end leg included) for each number of vehicles still allowed: McRAPTOR's target
 * pruning compares a label
 * with the destination's labels of each vehicle count it could end with, against the time it
 * could make with that many vehicles at most. The graph is `TimeBound`'s (each pattern hop at the
 * fastest any stored trip makes it, transfers at their query time), but a change of vehicle takes
 * one transfer (a stop's change time to itself, or a walk), as in the routers, and a ride counts one
 * vehicle. So a label one ride from the destination by a slow direct bus is compared with the
 * destination's two-vehicle labels using the slow bus's time, not the fastest three-ride path's.
 *
 * Worked out level by level (a RAPTOR over the fastest hops, every pattern and transfer each level):
 * O(levels × (stops + pattern positions + transfers)), so only for networks of up to `maxPositions`
 * pattern positions, and only once a query has grown large (`labelsToPay`).
 */
export class RideBounds {
  /** Level j (index j·stopCount + s): from arriving at s on a vehicle, with at most j more vehicles. */
  alighted = new Int32Array(0);
  /** Level j ≥ 1 (index j·stopCount + s): from being ready to board at s, with at most j vehicles. */
  ready = new Int32Array(0);
  /**
   * Level m (index m·positions + p, p in patternStops indexing): from leaving position p on board,
   * with at most m more vehicles after this one; UNREACHABLE_SEC at a pattern's last stop (search order).
   */
  onBoard = new Int32Array(0);
  /** The least walking still needed (end leg included) from each of the three, indexed alike. */
  alightedWalk = new Int32Array(0);
  readyWalk = new Int32Array(0);
  onBoardWalk = new Int32Array(0);
  private readonly data: TransitData;
  private readonly fastestHop: Int32Array;
  private levels = 0;
  /** Scratch: per transfer (in search order's list), its time in the query and the walking it adds. */
  private edgeSec = new Int32Array(0);
  private edgeWalk = new Int32Array(0);

  constructor(data: TransitData, fastestHop: Int32Array) {
    this.data = data;
    this.fastestHop = fastestHop;
  }

  /**
   * The most pattern positions for the routers to work these bounds out per query; past it they
   * use `TimeBound` alone (tests lower it to reach that path). NYC subway and Brooklyn buses have
   * 35,877, RNV 17,328: a query's levels cost about 3 ms on NYC, so at two million they would
   * cost more than a search on such a network gains (not measured there).
   */
  static maxPositions = 2_000_000;

  /**
   * The labels a McRAPTOR query makes before it works these bounds out (from its next range
   * iteration on), when set (tests: 0 for every query, Infinity for none); else `labelsToPay`.
   */
  static afterLabels: number | undefined = undefined;

  /**
   * The labels after which a McRAPTOR query works the bounds out: about a quarter of what working
   * them out costs, counted in labels (a label takes about 0.7 µs; the bounds cost about 4 ms on
   * NYC's 6,000 stops, 36,000 pattern positions and 90,000 transfers, 6–12 ms on the Scotland-scale
   * network's 40,000, 60,000 and 48,000, mostly per stop): 1,950 labels on NYC, 3,850 there, 540 on
   * RNV. Measured in one process against main (`routerAgainst.ts`, `planAgainst.ts --only=large`):
   * worked out for every query, NYC's router took 0.62 of main's CPU but the Scotland-scale
   * planner's searches (many small queries) 20 % more; after 4 × as many labels, NYC 0.75 and
   * Scotland 8 % more; at this count NYC 0.68, RNV 0.91, Scotland 2 % more (its noise is ±4 %).
   */
  static labelsToPay(data: TransitData): number {
    return (5 * data.stopCount + data.patternStops.length + data.transferTo.length) / 80;
  }

  /** Whether a network is small enough for these bounds to be worked out per query. */
  static fits(data: TransitData): boolean {
    return data.patternStops.length <= RideBounds.maxPositions;
  }

  /**
   * Fills the bounds for end legs `ends` with up to `levels` vehicles (`alighted` to level
   * levels − 1, the last a query reads); walking transfers take `walkFactor` times their stored
   * time. Time and walking are each a least value over every way on, so each bounds what any one
   * way takes.
   */
  compute(ends: readonly AccessLeg[], fwd: boolean, levels: number, walkFactor: number): void {
    const d = this.data;
    const S = d.stopCount;
    const P = d.patternStops.length;
    if (this.levels < levels) {
      this.alighted = new Int32Array((levels + 1) * S);
      this.ready = new Int32Array((levels + 1) * S);
      this.onBoard = new Int32Array(levels * P);
      this.alightedWalk = new Int32Array((levels + 1) * S);
      this.readyWalk = new Int32Array((levels + 1) * S);
      this.onBoardWalk = new Int32Array(levels * P);
      // Only once all are allocated: after an allocation that threw, the next query allocates again.
      this.levels = levels;
    }
    const { alighted, ready, alightedWalk, readyWalk } = this;
    alighted.fill(UNREACHABLE_SEC, 0, (levels + 1) * S);
    ready.fill(UNREACHABLE_SEC, 0, (levels + 1) * S);
    alightedWalk.fill(UNREACHABLE_SEC, 0, (levels + 1) * S);
    readyWalk.fill(UNREACHABLE_SEC, 0, (levels + 1) * S);
    for (const e of ends)
      if (e.durationSec < alighted[e.stopIdx]!) alighted[e.stopIdx] = alightedWalk[e.stopIdx] = e.durationSec;
    // Each transfer's time in the query and the walking it adds, once for every level.
    const tSecs = fwd ? d.transferSec : d.transferInSec;
    const tWalk = fwd ? d.transferIsWalk : d.transferInIsWalk;
    if (this.edgeSec.length < tSecs.length) {
      // edgeSec last, as `levels` above: after an allocation that threw, the next query allocates again.
      this.edgeWalk = new Int32Array(tSecs.length);
      this.edgeSec = new Int32Array(tSecs.length);
    }
    const { edgeSec, edgeWalk } = this;
    for (let i = 0; i < tSecs.length; i++) {
      const stored = tSecs[i]!;
      const walk = tWalk[i] === 1;
      const sec = walk && walkFactor !== 1 ? Math.round(stored * walkFactor) : stored;
      edgeSec[i] = sec;
      edgeWalk[i] = walk ? sec : 0;
    }
    for (let j = 1; j <= levels; j++) {
      this.ride(j, fwd);
      // alighted at the last level: no query reads it.
      if (j < levels) this.change(j, fwd);
    }
  }

  /**
   * Level j's rides: along each pattern against the search direction, on board arriving at a
   * position is the best of getting off there (level j − 1) and staying on; rides add no walking,
   * so its walking is the least of getting off anywhere further.
   */
  private ride(j: number, fwd: boolean): void {
    const d = this.data;
    const S = d.stopCount;
    const { alighted, ready, onBoard, alightedWalk, readyWalk, onBoardWalk, fastestHop } = this;
    const { patternStopOffsets, patternStops } = d;
    const after = (j - 1) * S;
    const rowR = j * S;
    const rowB = (j - 1) * d.patternStops.length;
    for (let r = 0; r < d.patternCount; r++) {
      const first = patternStopOffsets[r]!;
      const end = patternStopOffsets[r + 1]!;
      let stayOn = UNREACHABLE_SEC;
      let stayOnWalk = UNREACHABLE_SEC;
      // Search-order positions p, last first; the hop from p to the next in search order.
      for (let i = 0; i < end - first; i++) {
        const p = fwd ? end - 1 - i : first + i;
        const s = patternStops[p]!;
        const hop = i === 0 ? 0 : fastestHop[fwd ? p : p - 1]!;
        const leave = i === 0 || stayOn >= UNREACHABLE_SEC ? UNREACHABLE_SEC : stayOn + hop;
        onBoard[rowB + p] = leave;
        onBoardWalk[rowB + p] = stayOnWalk;
        if (leave < ready[rowR + s]!) ready[rowR + s] = leave;
        if (stayOnWalk < readyWalk[rowR + s]!) readyWalk[rowR + s] = stayOnWalk;
        const off = alighted[after + s]!;
        stayOn = off < leave ? off : leave;
        const offWalk = alightedWalk[after + s]!;
        if (offWalk < stayOnWalk) stayOnWalk = offWalk;
      }
    }
  }

  /**
   * Level j after a vehicle, time and walking in one pass over the transfers: an end leg here
   * (level 0), or a transfer then ready at level j.
   */
  private change(j: number, fwd: boolean): void {
    const d = this.data;
    const S = d.stopCount;
    const tOff = fwd ? d.transferOffsets : d.transferInOffsets;
    const tOther = fwd ? d.transferTo : d.transferInFrom;
    const { alighted, ready, alightedWalk, readyWalk, edgeSec, edgeWalk } = this;
    const row = j * S;
    let from = tOff[0]!;
    for (let s = 0; s < S; s++) {
      let best = alighted[s]!;
      let bestWalk = alightedWalk[s]!;
      const end = tOff[s + 1]!;
      for (let i = from; i < end; i++) {
        const q = row + tOther[i]!;
        const t = edgeSec[i]! + ready[q]!;
        if (t < best) best = t;
        const w = edgeWalk[i]! + readyWalk[q]!;
        if (w < bestWalk) bestWalk = w;
      }
      from = end;
      alighted[row + s] = best;
      alightedWalk[row + s] = bestWalk;
    }
  }
}
