import type { TransitData } from './transitData.ts';
import type { AccessLeg } from './types.ts';
import { UNREACHABLE_SEC } from './timeBound.ts';

/**
 * Per query, lower bounds on the time still needed to the destination side (search order, end leg
 * included) for each number of vehicles still allowed: McRAPTOR's target pruning compares a label
 * with the destination's labels of each vehicle count it could end with, against the time it
 * could make with that many vehicles at most. The graph is `TimeBound`'s (each pattern hop at the
 * fastest any stored trip makes it, transfers at their query time), but a change of vehicle takes
 * one transfer (a stop's change time to itself, or a walk), as in the routers, and a ride counts one
 * vehicle. So a label one ride from the destination by a slow direct bus is compared with the
 * destination's two-vehicle labels using the slow bus's time, not the fastest three-ride path's.
 *
 * Worked out level by level (a RAPTOR over the fastest hops, every pattern and transfer each level):
 * O(levels × (pattern positions + transfers)), so only for networks of up to
 * RIDE_BOUNDS_MAX_POSITIONS pattern positions.
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

  constructor(data: TransitData, fastestHop: Int32Array) {
    this.data = data;
    this.fastestHop = fastestHop;
  }

  /** Whether a network is small enough for these bounds to be worked out per query. */
  static fits(data: TransitData): boolean {
    return data.patternStops.length <= RIDE_BOUNDS_MAX_POSITIONS;
  }

  /**
   * Fills the bounds for end legs `ends` with up to `levels` vehicles; `transferSec` gives a
   * transfer's time in the query from its stored time and walk flag. Time and walking are each a
   * least value over every way on, so each bounds what any one way takes.
   */
  compute(
    ends: readonly AccessLeg[],
    fwd: boolean,
    levels: number,
    transferSec: (stored: number, isWalk: number) => number,
  ): void {
    const d = this.data;
    const S = d.stopCount;
    const P = d.patternStops.length;
    if (this.levels < levels) {
      this.levels = levels;
      this.alighted = new Int32Array((levels + 1) * S);
      this.ready = new Int32Array((levels + 1) * S);
      this.onBoard = new Int32Array(levels * P);
      this.alightedWalk = new Int32Array((levels + 1) * S);
      this.readyWalk = new Int32Array((levels + 1) * S);
      this.onBoardWalk = new Int32Array(levels * P);
    }
    const { alighted, ready, onBoard, alightedWalk, readyWalk, onBoardWalk, fastestHop } = this;
    alighted.fill(UNREACHABLE_SEC, 0, (levels + 1) * S);
    ready.fill(UNREACHABLE_SEC, 0, (levels + 1) * S);
    alightedWalk.fill(UNREACHABLE_SEC, 0, (levels + 1) * S);
    readyWalk.fill(UNREACHABLE_SEC, 0, (levels + 1) * S);
    for (const e of ends)
      if (e.durationSec < alighted[e.stopIdx]!) alighted[e.stopIdx] = alightedWalk[e.stopIdx] = e.durationSec;
    const tOff = fwd ? d.transferOffsets : d.transferInOffsets;
    const tOther = fwd ? d.transferTo : d.transferInFrom;
    const tSecs = fwd ? d.transferSec : d.transferInSec;
    const tWalk = fwd ? d.transferIsWalk : d.transferInIsWalk;
    const { patternStopOffsets, patternStops } = d;
    for (let j = 1; j <= levels; j++) {
      const after = (j - 1) * S;
      const rowR = j * S;
      const rowB = (j - 1) * P;
      // Against the search direction along each pattern: on board arriving at a position, the
      // best of getting off there and staying on.
      for (let r = 0; r < d.patternCount; r++) {
        const base = patternStopOffsets[r]!;
        const n = patternStopOffsets[r + 1]! - base;
        let stayOn = UNREACHABLE_SEC;
        let stayOnWalk = UNREACHABLE_SEC;
        for (let i = 0; i < n; i++) {
          // Search-order position q, and the hop from it to the next in search order.
          const q = fwd ? n - 1 - i : i;
          const s = patternStops[base + q]!;
          const leave =
            i === 0
              ? UNREACHABLE_SEC
              : Math.min(UNREACHABLE_SEC, stayOn + fastestHop[base + (fwd ? q : q - 1)]!);
          onBoard[rowB + base + q] = leave;
          onBoardWalk[rowB + base + q] = stayOnWalk;
          if (leave < ready[rowR + s]!) ready[rowR + s] = leave;
          if (stayOnWalk < readyWalk[rowR + s]!) readyWalk[rowR + s] = stayOnWalk;
          const off = alighted[after + s]!;
          if (off < leave) stayOn = off;
          else stayOn = leave;
          const offWalk = alightedWalk[after + s]!;
          if (offWalk < stayOnWalk) stayOnWalk = offWalk;
        }
      }
      const rowA = j * S;
      for (let s = 0; s < S; s++) {
        let best = alighted[s]!;
        let bestWalk = alightedWalk[s]!;
        const end = tOff[s + 1]!;
        for (let i = tOff[s]!; i < end; i++) {
          const sec = transferSec(tSecs[i]!, tWalk[i]!);
          const q = tOther[i]!;
          const t = sec + ready[rowR + q]!;
          if (t < best) best = t;
          const w = (tWalk[i] === 1 ? sec : 0) + readyWalk[rowR + q]!;
          if (w < bestWalk) bestWalk = w;
        }
        alighted[rowA + s] = best;
        alightedWalk[rowA + s] = bestWalk;
      }
    }
  }
}

/**
 * The most pattern positions for McRAPTOR to work out ride bounds per query (NYC subway and
 * Brooklyn buses: 35,877; RNV: 17,328). Past it, a query's levels would cost milliseconds each.
 */
const RIDE_BOUNDS_MAX_POSITIONS = 2_000_000;
