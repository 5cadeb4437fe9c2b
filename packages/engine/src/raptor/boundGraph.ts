import type { TransitData } from './transitData.ts';

/**
 * The graph the time bound searches (timeBound.ts), built once per timetable, direction and walking
 * factor: from each stop, the stops one pattern hop or one transfer away against the search
 * direction, each once at its least time (the fastest hop of any trip over every pattern that
 * makes it, or the transfer). Read as CSR in the bound's numbering (`StopNumbering`): the edges of
 * the stop numbered s are `edges[2i]` (the other stop's number) and `edges[2i + 1]` (seconds) for
 * i in [offsets[s], offsets[s + 1]).
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
 * The bound's own numbering of the stops: `order[i]` is the stop numbered i, `rank[s]` the number
 * of stop s. Stops near each other get near numbers (Z-order on their coordinates), so a search
 * spreading from the end stops reads its per-stop arrays in runs; feeds number stops in no such
 * order (at GB x 1 a transfer's two stops were 118,000 numbers apart at the median, 12 after).
 */
export interface StopNumbering {
  order: Int32Array;
  rank: Int32Array;
}

/** Z-order of the stops on their coordinates (one per timetable); in stop order without coordinates. */
export function stopNumbering(d: TransitData): StopNumbering {
  const known = numberings.get(d.arrivals);
  if (known) return known;
  const n = d.stopCount;
  const order = new Int32Array(n);
  const rank = new Int32Array(n);
  const lat = d.stopLat;
  const lon = d.stopLon;
  if (!lat || !lon || lat.length < n || n >= 2 ** 21) {
    for (let s = 0; s < n; s++) order[s] = rank[s] = s;
  } else {
    let lat0 = Infinity;
    let lat1 = -Infinity;
    let lon0 = Infinity;
    let lon1 = -Infinity;
    for (let s = 0; s < n; s++) {
      lat0 = Math.min(lat0, lat[s]!);
      lat1 = Math.max(lat1, lat[s]!);
      lon0 = Math.min(lon0, lon[s]!);
      lon1 = Math.max(lon1, lon[s]!);
    }
    // 16 bits a coordinate interleaved, then the stop (21 bits): exact in a double.
    const keys = new Float64Array(n);
    for (let s = 0; s < n; s++) {
      const y = cell(lat[s]!, lat0, lat1);
      const x = cell(lon[s]!, lon0, lon1);
      keys[s] = (spread(x) * 2 + spread(y)) * 2 ** 21 + s;
    }
    keys.sort();
    for (let i = 0; i < n; i++) {
      const s = keys[i]! % 2 ** 21;
      order[i] = s;
      rank[s] = i;
    }
  }
  const numbering = { order, rank };
  numberings.set(d.arrivals, numbering);
  return numbering;
}

/** Numbering by the timetable's arrival times (one array per timetable, shared by its views). */
const numberings = new WeakMap<Int32Array, StopNumbering>();

/** A coordinate's cell of 2^16 across [lo, hi] (0 for a non-finite one). */
function cell(v: number, lo: number, hi: number): number {
  const c = Math.floor(((v - lo) / (hi - lo || 1)) * 65535);
  return c >= 0 && c <= 65535 ? c : 0;
}

/** The 16 bits of x spread to the even bits of a 32-bit number. */
function spread(x: number): number {
  let r = 0;
  for (let b = 0; b < 16; b++) r += ((x >> b) & 1) * 2 ** (2 * b);
  return r;
}

/**
 * The bound's graph (`buildBoundGraph`), built once per timetable, direction and walking factor:
 * each service day's view shares the timetable's trips and transfers (and so their fastest hops),
 * so all of a server's days search one graph (38 MB a direction at GB x 1, half a second to build).
 */
export function boundGraphOf(
  d: TransitData,
  hops: Int32Array,
  fwd: boolean,
  walkFactor: number,
  numbering: StopNumbering,
): BoundGraph {
  // By the trips' times (the hops) and the transfers searched (a live view may have its own).
  const tSec = fwd ? d.transferInSec : d.transferSec;
  let byTransfers = graphs.get(d.arrivals);
  if (!byTransfers) graphs.set(d.arrivals, (byTransfers = new WeakMap()));
  let byFactor = byTransfers.get(tSec);
  if (!byFactor) byTransfers.set(tSec, (byFactor = new Map()));
  let graph = byFactor.get(walkFactor);
  if (!graph) byFactor.set(walkFactor, (graph = buildBoundGraph(d, hops, fwd, walkFactor, numbering)));
  return graph;
}

const graphs = new WeakMap<Int32Array, WeakMap<Int32Array, Map<number, BoundGraph>>>();

/**
 * The bound's graph for `fwd` searches (edges into each stop: the hop from the previous pattern
 * position, transfers ending there) or backward ones (edges out of it), its stops in `numbering`;
 * `hops` holds the fastest hop per pattern position (patternStops indexing) and walking transfers
 * take `walkFactor` times their stored time, never more than stored.
 */
export function buildBoundGraph(
  d: TransitData,
  hops: Int32Array,
  fwd: boolean,
  walkFactor: number,
  numbering: StopNumbering,
): BoundGraph {
  const { order, rank } = numbering;
  const n = d.stopCount;
  const tOff = fwd ? d.transferInOffsets : d.transferOffsets;
  const tOther = fwd ? d.transferInFrom : d.transferTo;
  const tSec = fwd ? d.transferInSec : d.transferSec;
  const tWalk = fwd ? d.transferInIsWalk : d.transferIsWalk;
  const step = fwd ? -1 : 1;
  const offsets = new Int32Array(n + 1);
  let edges = new Int32Array(2 * (d.stopPatterns.length + tOff[n]!));
  // Per other stop (numbered), its edge from the stop being built (valid at or after that stop's first).
  const edgeOf = new Int32Array(n).fill(-1);
  let m = 0;
  let s = 0;
  let first = 0;
  const add = (stop: number, sec: number) => {
    if (stop === s) return;
    const q = rank[stop]!;
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
  for (let num = 0; num < n; num++) {
    s = order[num]!;
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
    offsets[num + 1] = m;
  }
  edges = edges.slice(0, 2 * m);
  return { offsets, edges };
}
