import { MinHeap } from '../collections/minHeap.ts';
import { MODE_INDEX, edgePartCostSec } from './graph.ts';
import type { StreetGraph } from './graph.ts';
import { componentsOf } from './components.ts';
import { queryHierarchy } from './contraction.ts';
import type { ContractionHierarchy } from './contraction.ts';
import { landmarkLowerBound } from './landmarks.ts';
import type { Landmarks } from './landmarks.ts';
import { MODE_BIT } from '../osm/wayAccess.ts';
import type { StreetMode } from '../osm/wayAccess.ts';

/** A position on the street network: a point along one edge (fraction 0 = edge start). */
export interface SnapPoint {
  edge: number;
  fraction: number;
  lat: number;
  lon: number;
  /** Straight-line distance from the query coordinate to this point, metres. */
  distanceM: number;
  /**
   * The off-network walk from the query coordinate to this point (see `listSnapPoints`), which
   * the searches charge when a point is one of several candidates; absent means free.
   */
  linkSec?: number;
  linkM?: number;
}

/** A stretch of one edge; fractions follow the edge's shape, so a reverse piece has from > to. */
export interface PathPiece {
  edge: number;
  reverse: boolean;
  fromFraction: number;
  toFraction: number;
}

/** A street path for one mode: its cost and the edge pieces it runs along. */
export interface StreetPath {
  mode: StreetMode;
  durationSec: number;
  distanceM: number;
  pieces: PathPiece[];
  /** The candidates the path joined the network at, when either end had several. */
  start?: SnapPoint;
  end?: SnapPoint;
}

/** Work counters of one search, for benchmarks and debugging. */
export interface SearchStats {
  settled: number;
  pushed: number;
}

/** Per-graph scratch arrays reused by every search; a generation stamp avoids clearing them. */
class SearchSpace {
  readonly dist: Float64Array;
  readonly distM: Float64Array;
  readonly parent: Int32Array;
  readonly stamp: Uint32Array;
  readonly heap = new MinHeap(4096);
  gen = 0;
  constructor(n: number) {
    this.dist = new Float64Array(n);
    this.distM = new Float64Array(n);
    this.parent = new Int32Array(n);
    this.stamp = new Uint32Array(n);
  }
  reset(): void {
    this.heap.clear();
    if (++this.gen === 0xffffffff) {
      this.stamp.fill(0);
      this.gen = 1;
    }
  }
  get(v: number): number {
    return this.stamp[v] === this.gen ? this.dist[v]! : Infinity;
  }
  set(v: number, d: number, m: number, parent: number): void {
    this.stamp[v] = this.gen;
    this.dist[v] = d;
    this.distM[v] = m;
    this.parent[v] = parent;
  }
}

const spaces = new WeakMap<StreetGraph, SearchSpace>();
function spaceFor(g: StreetGraph): SearchSpace {
  let s = spaces.get(g);
  if (!s) {
    s = new SearchSpace(g.vertexCount);
    spaces.set(g, s);
  }
  s.reset();
  return s;
}

/** One point on the network, or several candidates of which the searches take the best. */
export type SnapEnds = SnapPoint | readonly SnapPoint[];

/** The candidates of an end, one or several. */
export function listEnds(p: SnapEnds): readonly SnapPoint[] {
  return 'edge' in p ? [p] : p;
}

interface Link {
  vertex: number;
  costSec: number;
  distanceM: number;
  /** Whether the partial edge between the point and the vertex is run against the shape. */
  reverse: boolean;
  /** Index of the candidate point the link belongs to. */
  point: number;
}

/** Ways to leave a point along its edge: to the edge's end (forward) or start (backward). */
function departures(g: StreetGraph, p: SnapPoint, mode: StreetMode, point = 0): Link[] {
  const e = p.edge;
  const m = MODE_INDEX[mode];
  const len = g.edgeLengthM[e]!;
  const bit = MODE_BIT[mode];
  const ls = p.linkSec ?? 0;
  const lm = p.linkM ?? 0;
  const out: Link[] = [];
  if (g.edgeForward[e]! & bit)
    out.push({
      vertex: g.edgeTo[e]!,
      costSec: ls + edgePartCostSec(g, m, e, p.fraction, 1),
      distanceM: lm + (1 - p.fraction) * len,
      reverse: false,
      point,
    });
  if (g.edgeBackward[e]! & bit)
    out.push({
      vertex: g.edgeFrom[e]!,
      costSec: ls + edgePartCostSec(g, m, e, p.fraction, 0),
      distanceM: lm + p.fraction * len,
      reverse: true,
      point,
    });
  return out;
}

/** Ways to reach a point along its edge: from the edge's start (forward) or end (backward). */
function arrivals(g: StreetGraph, p: SnapPoint, mode: StreetMode, point = 0): Link[] {
  const e = p.edge;
  const m = MODE_INDEX[mode];
  const len = g.edgeLengthM[e]!;
  const bit = MODE_BIT[mode];
  const ls = p.linkSec ?? 0;
  const lm = p.linkM ?? 0;
  const out: Link[] = [];
  if (g.edgeForward[e]! & bit)
    out.push({
      vertex: g.edgeFrom[e]!,
      costSec: ls + edgePartCostSec(g, m, e, 0, p.fraction),
      distanceM: lm + p.fraction * len,
      reverse: false,
      point,
    });
  if (g.edgeBackward[e]! & bit)
    out.push({
      vertex: g.edgeTo[e]!,
      costSec: ls + edgePartCostSec(g, m, e, 1, p.fraction),
      distanceM: lm + (1 - p.fraction) * len,
      reverse: true,
      point,
    });
  return out;
}

const allDepartures = (g: StreetGraph, ps: readonly SnapPoint[], mode: StreetMode): Link[] =>
  ps.flatMap((p, i) => departures(g, p, mode, i));
const allArrivals = (g: StreetGraph, ps: readonly SnapPoint[], mode: StreetMode): Link[] =>
  ps.flatMap((p, i) => arrivals(g, p, mode, i));

/** Cost of going from a to b without leaving their shared edge (links included), or null. */
function sameEdge(
  g: StreetGraph,
  a: SnapPoint,
  b: SnapPoint,
  mode: StreetMode,
): { costSec: number; distanceM: number } | null {
  if (a.edge !== b.edge) return null;
  const e = a.edge;
  const bit = MODE_BIT[mode];
  const ls = (a.linkSec ?? 0) + (b.linkSec ?? 0);
  const lm = (a.linkM ?? 0) + (b.linkM ?? 0);
  if (b.fraction === a.fraction) return { costSec: ls, distanceM: lm };
  const allowed = b.fraction > a.fraction ? g.edgeForward[e]! & bit : g.edgeBackward[e]! & bit;
  if (!allowed) return null;
  const f = Math.abs(b.fraction - a.fraction);
  return {
    costSec: ls + edgePartCostSec(g, MODE_INDEX[mode], e, a.fraction, b.fraction),
    distanceM: lm + f * g.edgeLengthM[e]!,
  };
}

/** The cheapest way between candidates on a shared edge, with the pair it joins. */
function bestSameEdge(
  g: StreetGraph,
  froms: readonly SnapPoint[],
  tos: readonly SnapPoint[],
  mode: StreetMode,
): { costSec: number; distanceM: number; from: SnapPoint; to: SnapPoint } | null {
  let best: { costSec: number; distanceM: number; from: SnapPoint; to: SnapPoint } | null = null;
  for (const a of froms)
    for (const b of tos) {
      const d = sameEdge(g, a, b, mode);
      if (d && (!best || d.costSec < best.costSec)) best = { ...d, from: a, to: b };
    }
  return best;
}

/** The one piece of a path that never leaves the shared edge of its ends. */
function sameEdgePiece(g: StreetGraph, from: SnapPoint, to: SnapPoint, bit: number): PathPiece {
  return {
    edge: from.edge,
    reverse:
      to.fraction < from.fraction || (to.fraction === from.fraction && !(g.edgeForward[from.edge]! & bit)),
    fromFraction: from.fraction,
    toFraction: to.fraction,
  };
}

/**
 * Fastest path between two snapped points for one mode: A* with a straight-line estimate at
 * the mode's top speed on this graph, tightened by landmark bounds (ALT) when given.
 * Vertices may be reopened, so the answer stays exact even where the flat-earth estimate is
 * slightly inconsistent. Either end may be several candidates (`listSnapPoints`): the path
 * joins the network at the best of them, their off-network links charged.
 */
export function findStreetPath(
  g: StreetGraph,
  fromEnds: SnapEnds,
  toEnds: SnapEnds,
  mode: StreetMode,
  stats?: SearchStats,
  landmarks?: Landmarks,
): StreetPath | null {
  const froms = listEnds(fromEnds);
  const tos = listEnds(toEnds);
  if (froms.length === 0 || tos.length === 0) return null;
  const s = spaceFor(g);
  const bit = MODE_BIT[mode];
  const costs = g.edgeCostSec;
  const costsBack = g.edgeCostReverseSec;
  const off = MODE_INDEX[mode] * g.edgeCount;
  const inv = 0.999 / Math.max(g.maxSpeedMps[MODE_INDEX[mode]]!, 1e-6);
  const goals = tos.map((t) => ({
    x: t.lon * g.projection.kx,
    y: t.lat * g.projection.ky,
    sec: t.linkSec ?? 0,
  }));
  const { vertexX, vertexY, outStart, arcHead, arcEdge, arcModes, arcReverse, edgeLengthM } = g;
  const heap = s.heap;
  const lm = landmarks && landmarks.mode === mode && landmarks.count > 0 ? landmarks : null;
  const h = (v: number): number => {
    let straight = Infinity;
    for (const t of goals)
      straight = Math.min(straight, Math.hypot(vertexX[v]! - t.x, vertexY[v]! - t.y) * inv + t.sec);
    if (!lm) return straight;
    let viaArrival = Infinity;
    for (const a of arr) viaArrival = Math.min(viaArrival, landmarkLowerBound(lm, v, a.vertex) + a.costSec);
    return viaArrival > straight && viaArrival !== Infinity ? viaArrival : straight;
  };

  let best = Infinity;
  let bestM = 0;
  let bestArrival: Link | null = null;
  const direct = bestSameEdge(g, froms, tos, mode);
  if (direct) {
    best = direct.costSec;
    bestM = direct.distanceM;
  }
  const deps = allDepartures(g, froms, mode);
  const arr = allArrivals(g, tos, mode);
  // Ends in different pieces of the network: nothing to search (saves exhausting a component).
  const comp = componentsOf(g, mode);
  if (!direct && !deps.some((d) => arr.some((a) => comp[a.vertex] === comp[d.vertex]))) return null;
  for (const d of deps) {
    if (d.costSec < s.get(d.vertex)) {
      s.set(d.vertex, d.costSec, d.distanceM, seedCode(d));
      heap.push(d.vertex, d.costSec + h(d.vertex));
    }
  }
  let settled = 0;
  let pushed = heap.size;
  while (heap.size > 0 && heap.peekKey() < best) {
    const key = heap.peekKey();
    const v = heap.pop();
    const dv = s.dist[v]!;
    const hv = h(v);
    if (key > dv + hv + 1e-9) continue;
    settled++;
    for (const a of arr) {
      if (a.vertex === v && dv + a.costSec < best) {
        best = dv + a.costSec;
        bestM = s.distM[v]! + a.distanceM;
        bestArrival = a;
      }
    }
    const mv = s.distM[v]!;
    for (let i = outStart[v]!, end = outStart[v + 1]!; i < end; i++) {
      if ((arcModes[i]! & bit) === 0) continue;
      const w = arcHead[i]!;
      const e = arcEdge[i]!;
      const nd = dv + (arcReverse[i] ? costsBack : costs)[off + e]!;
      if (nd < s.get(w)) {
        s.set(w, nd, mv + edgeLengthM[e]!, i);
        heap.push(w, nd + h(w));
        pushed++;
      }
    }
  }
  if (stats) {
    stats.settled += settled;
    stats.pushed += pushed;
  }
  if (best === Infinity) return null;
  if (!bestArrival) {
    const { from, to } = direct!;
    return {
      mode,
      durationSec: best,
      distanceM: bestM,
      pieces: [sameEdgePiece(g, from, to, bit)],
      ...(froms.length > 1 || tos.length > 1 ? { start: from, end: to } : {}),
    };
  }
  const to = tos[bestArrival.point]!;
  const pieces: PathPiece[] = [
    {
      edge: to.edge,
      reverse: bestArrival.reverse,
      fromFraction: bestArrival.reverse ? 1 : 0,
      toFraction: to.fraction,
    },
  ];
  let v = bestArrival.vertex;
  let from = froms[0]!;
  for (;;) {
    const p = s.parent[v]!;
    if (p < 0) {
      const seed = -p - 2;
      const reverse = seed % 2 === 1;
      from = froms[(seed - (reverse ? 1 : 0)) / 2]!;
      pieces.push({ edge: from.edge, reverse, fromFraction: from.fraction, toFraction: reverse ? 0 : 1 });
      break;
    }
    const reverse = g.arcReverse[p] === 1;
    pieces.push({ edge: arcEdge[p]!, reverse, fromFraction: reverse ? 1 : 0, toFraction: reverse ? 0 : 1 });
    v = g.arcTail[p]!;
  }
  pieces.reverse();
  return {
    mode,
    durationSec: best,
    distanceM: bestM,
    pieces,
    ...(froms.length > 1 || tos.length > 1 ? { start: from, end: to } : {}),
  };
}

/** Parent code of a search seed: which candidate, and whether it leaves against the edge's shape. */
function seedCode(d: Link): number {
  return -(2 + 2 * d.point + (d.reverse ? 1 : 0));
}

/** One target reached by a one-to-many search. */
export interface Reached {
  /** Index into the targets array given to the search. */
  target: number;
  durationSec: number;
  distanceM: number;
}

/**
 * Bounded one-to-many search: every target reachable within `maxSec`, travelling from `point`
 * to the targets (direction 'from', e.g. access to stops) or from the targets to `point`
 * (direction 'to', e.g. egress from stops). Targets must be snapped for the same mode. The
 * point may be several candidates (`listSnapPoints`), their off-network links charged.
 */
export function reachTargets(
  g: StreetGraph,
  pointEnds: SnapEnds,
  mode: StreetMode,
  maxSec: number,
  targets: readonly SnapPoint[],
  direction: 'from' | 'to',
  stats?: SearchStats,
): Reached[] {
  const s = spaceFor(g);
  const bit = MODE_BIT[mode];
  const costs = g.edgeCostSec;
  const costsBack = g.edgeCostReverseSec;
  const off = MODE_INDEX[mode] * g.edgeCount;
  const heap = s.heap;
  const forward = direction === 'from';
  const points = listEnds(pointEnds);
  const seeds = forward ? allDepartures(g, points, mode) : allArrivals(g, points, mode);
  for (const d of seeds) {
    if (d.costSec <= maxSec && d.costSec < s.get(d.vertex)) {
      s.set(d.vertex, d.costSec, d.distanceM, -2);
      heap.push(d.vertex, d.costSec);
    }
  }
  const { outStart, inStart, inArcs, arcHead, arcTail, arcEdge, arcModes, arcReverse, edgeLengthM } = g;
  let settled = 0;
  while (heap.size > 0) {
    const key = heap.peekKey();
    const v = heap.pop();
    const dv = s.dist[v]!;
    if (key > dv) continue;
    settled++;
    const mv = s.distM[v]!;
    const start = forward ? outStart[v]! : inStart[v]!;
    const end = forward ? outStart[v + 1]! : inStart[v + 1]!;
    for (let i = start; i < end; i++) {
      const a = forward ? i : inArcs[i]!;
      if ((arcModes[a]! & bit) === 0) continue;
      const w = forward ? arcHead[a]! : arcTail[a]!;
      const e = arcEdge[a]!;
      const nd = dv + (arcReverse[a] ? costsBack : costs)[off + e]!;
      if (nd <= maxSec && nd < s.get(w)) {
        s.set(w, nd, mv + edgeLengthM[e]!, a);
        heap.push(w, nd);
      }
    }
  }
  if (stats) stats.settled += settled;
  const out: Reached[] = [];
  for (let t = 0; t < targets.length; t++) {
    const target = targets[t]!;
    let bestSec = Infinity;
    let bestM = 0;
    const direct = forward
      ? bestSameEdge(g, points, [target], mode)
      : bestSameEdge(g, [target], points, mode);
    if (direct) {
      bestSec = direct.costSec;
      bestM = direct.distanceM;
    }
    for (const link of forward ? arrivals(g, target, mode) : departures(g, target, mode)) {
      const d = s.get(link.vertex) + link.costSec;
      if (d < bestSec) {
        bestSec = d;
        bestM = s.distM[link.vertex]! + link.distanceM;
      }
    }
    if (bestSec <= maxSec) out.push({ target: t, durationSec: bestSec, distanceM: bestM });
  }
  return out;
}

/**
 * Fastest path for the hierarchy's mode using a contraction hierarchy (cars across a region).
 * Same answer as `findStreetPath`, found by climbing the hierarchy from both ends.
 */
export function findStreetPathInHierarchy(
  g: StreetGraph,
  ch: ContractionHierarchy,
  from: SnapPoint,
  to: SnapPoint,
  stats?: SearchStats,
): StreetPath | null {
  const mode = ch.mode;
  const bit = MODE_BIT[mode];
  const direct = sameEdge(g, from, to, mode);
  const deps = departures(g, from, mode);
  const arr = arrivals(g, to, mode);
  const found = queryHierarchy(
    ch,
    deps.map((d) => ({ vertex: d.vertex, costSec: d.costSec })),
    arr.map((a) => ({ vertex: a.vertex, costSec: a.costSec })),
    direct ? direct.costSec : Infinity,
  );
  if (stats && found) stats.settled += found.settled;
  if (!found) {
    if (!direct) return null;
    return {
      mode,
      durationSec: direct.costSec,
      distanceM: direct.distanceM,
      pieces: [sameEdgePiece(g, from, to, bit)],
    };
  }
  const dep = deps[found.seedFrom]!;
  const last = arr[found.seedTo]!;
  const pieces: PathPiece[] = [
    { edge: from.edge, reverse: dep.reverse, fromFraction: from.fraction, toFraction: dep.reverse ? 0 : 1 },
  ];
  let distanceM = dep.distanceM + last.distanceM;
  for (const a of found.arcs) {
    const reverse = g.arcReverse[a] === 1;
    pieces.push({ edge: g.arcEdge[a]!, reverse, fromFraction: reverse ? 1 : 0, toFraction: reverse ? 0 : 1 });
    distanceM += g.edgeLengthM[g.arcEdge[a]!]!;
  }
  pieces.push({
    edge: to.edge,
    reverse: last.reverse,
    fromFraction: last.reverse ? 1 : 0,
    toFraction: to.fraction,
  });
  return { mode, durationSec: found.costSec, distanceM, pieces };
}
