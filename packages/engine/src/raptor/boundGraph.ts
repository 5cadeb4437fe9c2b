import type { TransitData } from './transitData.ts';

/**
 * The graph the time bound searches (timeBound.ts), built once per timetable, direction and walking
 * factor: from each stop, the stops one pattern hop or one transfer away against the search
 * direction, each once at its least time (the fastest hop of any trip over every pattern that
 * makes it, or the transfer). Read as CSR: stop s's edges are `edges[2i]` (the other stop) and
 * `edges[2i + 1]` (seconds) for i in [offsets[s], offsets[s + 1]).
 *
 * The bound's search walked the patterns through each stop (five arrays a stop, read out of
 * order) and its transfers (four more); on a network of 400,000 stops those cache misses were
 * most of its time, and a stop on several patterns of one route was relaxed once per pattern.
 */
export interface BoundGraph {
  offsets: Int32Array;
  edges: Int32Array;
}

/**
 * The bound's graph for `fwd` searches (edges into each stop: the hop from the previous pattern
 * position, transfers ending there) or backward ones (edges out of it); `hops` holds the fastest
 * hop per pattern position (patternStops indexing) and walking transfers take `walkFactor` times
 * their stored time, never more than stored.
 */
export function buildBoundGraph(
  d: TransitData,
  hops: Int32Array,
  fwd: boolean,
  walkFactor: number,
): BoundGraph {
  const n = d.stopCount;
  const tOff = fwd ? d.transferInOffsets : d.transferOffsets;
  const tOther = fwd ? d.transferInFrom : d.transferTo;
  const tSec = fwd ? d.transferInSec : d.transferSec;
  const tWalk = fwd ? d.transferInIsWalk : d.transferIsWalk;
  const step = fwd ? -1 : 1;
  const offsets = new Int32Array(n + 1);
  let edges = new Int32Array(2 * (d.stopPatterns.length + tOff[n]!));
  // Per other stop, its edge from the stop being built (valid when at or after that stop's first).
  const edgeOf = new Int32Array(n).fill(-1);
  let m = 0;
  let s = 0;
  let first = 0;
  const add = (q: number, sec: number) => {
    if (q === s) return;
    const at = edgeOf[q]!;
    if (at >= first) {
      if (sec < edges[2 * at + 1]!) edges[2 * at + 1] = sec;
      return;
    }
    edgeOf[q] = m;
    edges[2 * m] = q;
    edges[2 * m + 1] = sec;
    m++;
  };
  for (; s < n; s++) {
    first = m;
    for (let i = d.stopPatternOffsets[s]!; i < d.stopPatternOffsets[s + 1]!; i++) {
      const r = d.stopPatterns[i]!;
      const base = d.patternStopOffsets[r]!;
      const pos = d.stopPatternPos[i]! + step;
      if (pos < 0 || base + pos >= d.patternStopOffsets[r + 1]!) continue;
      add(d.patternStops[base + pos]!, hops[base + (fwd ? pos : pos - 1)]!);
    }
    for (let i = tOff[s]!; i < tOff[s + 1]!; i++) {
      const stored = tSec[i]!;
      const sec = tWalk[i] === 1 && walkFactor !== 1 ? Math.round(stored * walkFactor) : stored;
      add(tOther[i]!, Math.min(sec, stored));
    }
    offsets[s + 1] = m;
  }
  edges = edges.slice(0, 2 * m);
  return { offsets, edges };
}
