import type { TransitData } from './transit-data.ts';
import type { AccessLeg } from './types.ts';

const UNREACHED = 255;

/**
 * Per query, a lower bound on the vehicles still needed to reach the destination side from each
 * stop, by a breadth-first search from the end stops against the search direction over patterns
 * and transfers. Times, pickup/drop-off rules, wheelchair limits and missing same-stop changes are
 * ignored, so the counts never overstate: a label with k vehicles at stop s can be dropped when
 * k + bound > the vehicles allowed.
 */
export class VehicleBound {
  /** After arriving at the stop by a vehicle (0 at an end stop). */
  readonly afterRide: Uint8Array;
  /** When ready to board at the stop (counts the vehicle boarded there). */
  readonly toBoard: Uint8Array;
  private readonly data: TransitData;
  /** Per pattern: positions before (forward) / after (backward) this one already have a toBoard level. */
  private readonly doneTo: Int32Array;
  private readonly reachPos: Int32Array;
  private readonly patterns: Int32Array;

  constructor(data: TransitData) {
    this.data = data;
    this.afterRide = new Uint8Array(data.stopCount);
    this.toBoard = new Uint8Array(data.stopCount);
    this.doneTo = new Int32Array(data.patternCount);
    this.reachPos = new Int32Array(data.patternCount);
    this.patterns = new Int32Array(data.patternCount);
  }

  /** Fills the bounds up to `levels` vehicles for the given end legs; farther stops get 255. */
  compute(ends: readonly AccessLeg[], fwd: boolean, levels: number): void {
    const d = this.data;
    const { afterRide, toBoard, doneTo, reachPos, patterns } = this;
    afterRide.fill(UNREACHED);
    toBoard.fill(UNREACHED);
    // Forward: positions [0, doneTo) are done; backward: positions (doneTo, n) are done.
    for (let r = 0; r < d.patternCount; r++)
      doneTo[r] = fwd ? 0 : d.patternStopOffsets[r + 1]! - d.patternStopOffsets[r]! - 1;
    reachPos.fill(-1);
    // A transfer x → b in search order: forward the real transfer, backward its reverse.
    const inOff = fwd ? d.transferInOffsets : d.transferOffsets;
    const inOther = fwd ? d.transferInFrom : d.transferTo;
    let frontier: number[] = [];
    for (const e of ends) {
      if (afterRide[e.stopIdx] !== 0) frontier.push(e.stopIdx);
      afterRide[e.stopIdx] = 0;
    }
    for (let level = 1; level <= levels && frontier.length > 0; level++) {
      // Patterns reaching a frontier stop, with the farthest position that does.
      let n = 0;
      for (const f of frontier) {
        for (let i = d.stopPatternOffsets[f]!; i < d.stopPatternOffsets[f + 1]!; i++) {
          const r = d.stopPatterns[i]!;
          const pos = d.stopPatternPos[i]!;
          if (reachPos[r] === -1) patterns[n++] = r;
          if (reachPos[r] === -1 || (fwd ? pos > reachPos[r]! : pos < reachPos[r]!)) reachPos[r] = pos;
        }
      }
      const boarded: number[] = [];
      for (let i = 0; i < n; i++) {
        const r = patterns[i]!;
        const to = reachPos[r]!;
        reachPos[r] = -1;
        const base = d.patternStopOffsets[r]!;
        if (fwd) {
          for (let p = doneTo[r]!; p < to; p++) this.markBoard(d.patternStops[base + p]!, level, boarded);
          if (to > doneTo[r]!) doneTo[r] = to;
        } else {
          for (let p = doneTo[r]!; p > to; p--) this.markBoard(d.patternStops[base + p]!, level, boarded);
          if (to < doneTo[r]!) doneTo[r] = to;
        }
      }
      const next: number[] = [];
      for (const b of boarded) {
        // Changing at the stop itself counts as a transfer here even where the feed forbids it.
        if (afterRide[b] === UNREACHED) {
          afterRide[b] = level;
          next.push(b);
        }
        for (let i = inOff[b]!; i < inOff[b + 1]!; i++) {
          const x = inOther[i]!;
          if (afterRide[x] === UNREACHED) {
            afterRide[x] = level;
            next.push(x);
          }
        }
      }
      frontier = next;
    }
  }

  private markBoard(stop: number, level: number, boarded: number[]): void {
    if (this.toBoard[stop] !== UNREACHED) return;
    this.toBoard[stop] = level;
    boarded.push(stop);
  }
}
