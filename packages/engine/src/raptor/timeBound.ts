import { MinHeap } from '../streets/heap.ts';
import type { TransitData } from './transitData.ts';
import type { AccessLeg } from './types.ts';

/** Time bound of a stop the end legs cannot be reached from. */
export const UNREACHABLE_SEC = 0x3fffffff;

/**
 * Per query, a lower bound on the time still needed from each stop to the destination side
 * (search order), end leg included: a shortest-path search from the end stops against the search
 * direction over the fastest hop any stored trip makes between consecutive stops of a pattern,
 * and over transfers. Timetables, waits, pickup/drop-off rules and wheelchair limits are ignored,
 * so the bound never overstates; being a shortest-path distance it is also consistent (never falls
 * by more than a hop or transfer takes), so whatever a label reaches from a stop is bounded too.
 *
 * McRAPTOR drops a label when a kept destination label arrives no later than the label's time plus
 * this bound, walks no more and uses no more vehicles (target pruning with a lower bound, as A*
 * does): on a dense network it stops the search from spreading away from the destination.
 */
export class TimeBound {
  /** Seconds from the stop to the end, at least (search order); UNREACHABLE_SEC when none. */
  readonly toEnd: Int32Array;
  private readonly data: TransitData;
  /** Per pattern position (patternStops indexing): the fastest hop of any trip to the next position. */
  private readonly fastestHop: Int32Array;
  private readonly heap = new MinHeap(1024);
  /** Per stop during compute: 1 for a start stop not yet settled, 2 once settled. */
  private readonly isStart: Uint8Array;
  /** What the bound was last computed for: a search's latest-departure queries share their end legs. */
  private lastKey = '';

  constructor(data: TransitData) {
    this.data = data;
    this.toEnd = new Int32Array(data.stopCount);
    this.isStart = new Uint8Array(data.stopCount);
    this.fastestHop = fastestHops(data);
  }

  /**
   * Fills `toEnd` for a search from `starts` to `ends`; transfers walk at `walkFactor` times their
   * stored time. The search stops past `horizonSec`, or past twice the time from the furthest start
   * stop plus `slackSec` (a journey that long is rarely the one to beat): stops beyond get the
   * horizon plus one second, still a consistent lower bound, at a fraction of the cost on a large
   * network.
   */
  compute(
    starts: readonly AccessLeg[],
    ends: readonly AccessLeg[],
    fwd: boolean,
    walkFactor: number,
    horizonSec: number,
    slackSec: number,
  ): void {
    const key = `${fwd ? 'f' : 'b'} ${walkFactor} ${horizonSec} ${slackSec} ${ends.map((e) => `${e.stopIdx}:${e.durationSec}`).join(',')} ${starts.map((e) => e.stopIdx).join(',')}`;
    if (key === this.lastKey) return;
    this.lastKey = key;
    const d = this.data;
    const { toEnd, heap, fastestHop } = this;
    toEnd.fill(UNREACHABLE_SEC);
    heap.clear();
    for (const e of ends)
      if (e.durationSec < toEnd[e.stopIdx]!) {
        toEnd[e.stopIdx] = e.durationSec;
        heap.push(e.stopIdx, e.durationSec);
      }
    // Against the search direction: forward searches come into s by a hop from the previous
    // position or by a transfer ending at s; backward searches the other way round.
    const tOff = fwd ? d.transferInOffsets : d.transferOffsets;
    const tOther = fwd ? d.transferInFrom : d.transferTo;
    const tSec = fwd ? d.transferInSec : d.transferSec;
    const tWalk = fwd ? d.transferInIsWalk : d.transferIsWalk;
    const step = fwd ? -1 : 1;
    const { isStart } = this;
    let startsLeft = 0;
    for (const a of starts)
      if (isStart[a.stopIdx] === 0) {
        isStart[a.stopIdx] = 1;
        startsLeft++;
      }
    let horizon = horizonSec;
    while (heap.size > 0) {
      const key = heap.peekKey();
      if (key > horizon) break;
      const s = heap.pop();
      if (key > toEnd[s]!) continue;
      if (isStart[s] === 1) {
        isStart[s] = 2;
        if (--startsLeft === 0) horizon = Math.min(horizon, 2 * key + slackSec);
      }
      const end = d.stopPatternOffsets[s + 1]!;
      for (let i = d.stopPatternOffsets[s]!; i < end; i++) {
        const r = d.stopPatterns[i]!;
        const base = d.patternStopOffsets[r]!;
        const pos = d.stopPatternPos[i]! + step;
        if (pos < 0 || base + pos >= d.patternStopOffsets[r + 1]!) continue;
        const hop = fastestHop[base + (fwd ? pos : pos - 1)]!;
        relax(d.patternStops[base + pos]!, key + hop);
      }
      const tEnd = tOff[s + 1]!;
      for (let i = tOff[s]!; i < tEnd; i++) {
        const stored = tSec[i]!;
        const sec = tWalk[i] === 1 && walkFactor !== 1 ? Math.round(stored * walkFactor) : stored;
        relax(tOther[i]!, key + Math.min(sec, stored));
      }
    }

    // Stops not settled are further than the horizon.
    const beyond = horizon + 1;
    for (let i = 0; i < toEnd.length; i++) if (toEnd[i]! > horizon) toEnd[i] = beyond;
    for (const a of starts) isStart[a.stopIdx] = 0;

    function relax(q: number, t: number): void {
      if (t >= toEnd[q]!) return;
      toEnd[q] = t;
      heap.push(q, t);
    }
  }
}

/** The fastest hop of any stored trip from each pattern position to the next (0 at a pattern's last position). */
function fastestHops(d: TransitData): Int32Array {
  const out = new Int32Array(d.patternStops.length).fill(UNREACHABLE_SEC);
  const tripCount = d.tripPattern.length;
  let backwards = false;
  for (let t = 0; t < tripCount; t++) {
    const r = d.tripPattern[t]!;
    const base = d.patternStopOffsets[r]!;
    const n = d.patternStopOffsets[r + 1]! - base;
    const tto = d.tripTimeOffsets[t]!;
    for (let p = 0; p + 1 < n; p++) {
      const hop = d.arrivals[tto + p + 1]! - d.departures[tto + p]!;
      if (hop < 0) backwards = true;
      if (hop < out[base + p]!) out[base + p] = hop;
    }
  }
  // A trip arriving before it left the previous stop would make the bound overstate: with one in
  // the data, every hop counts as instant (the bound keeps only reachability and end legs).
  for (let i = 0; i < out.length; i++) if (backwards && out[i] !== UNREACHABLE_SEC) out[i] = 0;
  for (let r = 0; r < d.patternCount; r++) out[d.patternStopOffsets[r + 1]! - 1] = 0;
  return out;
}
