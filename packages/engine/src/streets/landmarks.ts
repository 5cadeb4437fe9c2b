import { MinHeap } from '../collections/minHeap.ts';
import { MODE_INDEX } from './graph.ts';
import type { StreetGraph } from './graph.ts';
import { MODE_BIT } from '../osm/wayAccess.ts';
import type { StreetMode } from '../osm/wayAccess.ts';

/*
 * ALT landmarks (A*, Landmarks, Triangle inequality; Goldberg & Harrelson 2005). For a few
 * far-apart landmark vertices L we store exact travel times d(L,v) and d(v,L) for every
 * vertex; then d(v,t) >= max(d(L,t) - d(L,v), d(v,L) - d(t,L)) is a lower bound that is far
 * tighter than straight distance at top speed, especially for cars.
 *
 *   fromL  Float32[V*K]   d(L_k, v) at v*K + k   (Infinity when unreachable)
 *   toL    Float32[V*K]   d(v, L_k) at v*K + k
 */
export interface Landmarks {
  mode: StreetMode;
  count: number;
  vertices: Int32Array;
  fromL: Float32Array;
  toL: Float32Array;
}

/** Exact travel times from (direction 'from') or to ('to') one vertex to/from every vertex. */
export function allVertexCosts(
  g: StreetGraph,
  mode: StreetMode,
  source: number,
  direction: 'from' | 'to',
): Float64Array {
  const dist = new Float64Array(g.vertexCount).fill(Infinity);
  const heap = new MinHeap(1024);
  const bit = MODE_BIT[mode];
  const off = MODE_INDEX[mode] * g.edgeCount;
  const forward = direction === 'from';
  dist[source] = 0;
  heap.push(source, 0);
  while (heap.size > 0) {
    const key = heap.peekKey();
    const v = heap.pop();
    if (key > dist[v]!) continue;
    const start = forward ? g.outStart[v]! : g.inStart[v]!;
    const end = forward ? g.outStart[v + 1]! : g.inStart[v + 1]!;
    for (let i = start; i < end; i++) {
      const a = forward ? i : g.inArcs[i]!;
      if ((g.arcModes[a]! & bit) === 0) continue;
      const w = forward ? g.arcHead[a]! : g.arcTail[a]!;
      const nd = key + (g.arcReverse[a] ? g.edgeCostReverseSec : g.edgeCostSec)[off + g.arcEdge[a]!]!;
      if (nd < dist[w]!) {
        dist[w] = nd;
        heap.push(w, nd);
      }
    }
  }
  return dist;
}

/**
 * Choose `count` landmarks by farthest-point selection inside the mode's largest reachable
 * area and store their travel times. Costs 2 full searches per landmark.
 */
export function buildLandmarks(g: StreetGraph, mode: StreetMode, count = 8): Landmarks {
  const V = g.vertexCount;
  const fromL = new Float32Array(V * count).fill(Infinity);
  const toL = new Float32Array(V * count).fill(Infinity);
  const vertices = new Int32Array(count).fill(-1);
  const bit = MODE_BIT[mode];
  // Start from the vertex with most arcs for the mode: it sits in the main network.
  let start = 0;
  let bestDeg = -1;
  for (let v = 0; v < V; v++) {
    let deg = 0;
    for (let i = g.outStart[v]!; i < g.outStart[v + 1]!; i++) if (g.arcModes[i]! & bit) deg++;
    if (deg > bestDeg) {
      bestDeg = deg;
      start = v;
    }
  }
  if (V === 0) return { mode, count: 0, vertices, fromL, toL };
  // Closeness of each vertex to the chosen landmarks (min over them of the round trip).
  const near = new Float64Array(V).fill(Infinity);
  let next = start;
  let chosen = 0;
  const seed = allVertexCosts(g, mode, start, 'from');
  let far = -1;
  for (let v = 0; v < V; v++) if (Number.isFinite(seed[v]!) && (far < 0 || seed[v]! > seed[far]!)) far = v;
  next = far >= 0 ? far : start;
  for (let k = 0; k < count; k++) {
    const f = allVertexCosts(g, mode, next, 'from');
    const t = allVertexCosts(g, mode, next, 'to');
    vertices[k] = next;
    chosen++;
    for (let v = 0; v < V; v++) {
      fromL[v * count + k] = f[v]!;
      toL[v * count + k] = t[v]!;
      const round = f[v]! + t[v]!;
      if (round < near[v]!) near[v] = round;
    }
    // Next landmark: the vertex reachable both ways that is farthest from all chosen so far.
    let pick = -1;
    for (let v = 0; v < V; v++) {
      if (!Number.isFinite(near[v]!)) continue;
      if (pick < 0 || near[v]! > near[pick]!) pick = v;
    }
    if (pick < 0 || near[pick] === 0) break;
    next = pick;
  }
  return {
    mode,
    count: chosen === count ? count : chosen,
    vertices,
    fromL: chosen === count ? fromL : shrink(fromL, V, count, chosen),
    toL: chosen === count ? toL : shrink(toL, V, count, chosen),
  };
}

function shrink(a: Float32Array, V: number, from: number, to: number): Float32Array {
  const out = new Float32Array(V * to);
  for (let v = 0; v < V; v++) for (let k = 0; k < to; k++) out[v * to + k] = a[v * from + k]!;
  return out;
}

/**
 * Lower bound of the travel time from vertex v to vertex u (seconds). Float32 storage rounds,
 * so the bound is shaded down slightly to stay below the true time.
 */
export function landmarkLowerBound(lm: Landmarks, v: number, u: number): number {
  const K = lm.count;
  const { fromL, toL } = lm;
  let best = 0;
  for (let k = 0; k < K; k++) {
    const a = fromL[u * K + k]! - fromL[v * K + k]!;
    if (a > best && a !== Infinity) best = a;
    const b = toL[v * K + k]! - toL[u * K + k]!;
    if (b > best && b !== Infinity) best = b;
  }
  return best > 0 ? best * (1 - 1e-6) - 0.01 : 0;
}
