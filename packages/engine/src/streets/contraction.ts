import { MinHeap } from '../collections/minHeap.ts';
import { MODE_INDEX } from './graph.ts';
import type { StreetGraph } from './graph.ts';
import { MODE_BIT } from '../osm/wayAccess.ts';
import type { StreetMode } from '../osm/wayAccess.ts';

/*
 * Contraction hierarchy (Geisberger et al. 2008) for one mode, used for cars where trips cross
 * the whole region. Vertices are contracted one by one in order of "edge difference"; a
 * shortcut u→w replaces u→v→w when no witness path as short avoids v. A query then only climbs
 * the hierarchy from both ends (bidirectional Dijkstra on upward arcs).
 *
 *   CH arcs (C)   chTail/chHead Int32[C], chCost Float64[C]
 *                 chOrig Int32[C]    original graph arc, or -1 for a shortcut
 *                 chFirst/chSecond   Int32[C]  the two CH arcs a shortcut stands for
 *   up graph      upStart Int32[V+1], upArcs Int32[…]    arcs v→w with rank[w] > rank[v]
 *   down graph    downStart Int32[V+1], downArcs Int32[…] arcs u→v with rank[u] > rank[v], kept at v
 */
export interface ContractionHierarchy {
  mode: StreetMode;
  rank: Int32Array;
  chTail: Int32Array;
  chHead: Int32Array;
  chCost: Float64Array;
  chOrig: Int32Array;
  chFirst: Int32Array;
  chSecond: Int32Array;
  upStart: Int32Array;
  upArcs: Int32Array;
  downStart: Int32Array;
  downArcs: Int32Array;
  shortcuts: number;
}

/** Witness searches give up after settling this many vertices (a shortcut is then kept: safe). */
const WITNESS_SETTLE_LIMIT = 60;

/** Contract the graph for one mode. */
export function buildContractionHierarchy(g: StreetGraph, mode: StreetMode): ContractionHierarchy {
  const V = g.vertexCount;
  const bit = MODE_BIT[mode];
  const off = MODE_INDEX[mode] * g.edgeCount;
  const tail: number[] = [];
  const head: number[] = [];
  const cost: number[] = [];
  const orig: number[] = [];
  const first: number[] = [];
  const second: number[] = [];
  // Arcs among vertices not yet contracted, by tail and by head.
  const outs: number[][] = Array.from({ length: V }, () => []);
  const ins: number[][] = Array.from({ length: V }, () => []);

  const findArc = (u: number, w: number): number => {
    for (const a of outs[u]!) if (head[a] === w) return a;
    return -1;
  };
  const addArc = (u: number, w: number, c: number, o: number, f: number, s: number): void => {
    const existing = findArc(u, w);
    if (existing >= 0) {
      if (c < cost[existing]!) {
        cost[existing] = c;
        orig[existing] = o;
        first[existing] = f;
        second[existing] = s;
      }
      return;
    }
    const id = tail.length;
    tail.push(u);
    head.push(w);
    cost.push(c);
    orig.push(o);
    first.push(f);
    second.push(s);
    outs[u]!.push(id);
    ins[w]!.push(id);
  };
  for (let a = 0; a < g.arcCount; a++) {
    if ((g.arcModes[a]! & bit) === 0) continue;
    const u = g.arcTail[a]!;
    const w = g.arcHead[a]!;
    const c = (g.arcReverse[a] ? g.edgeCostReverseSec : g.edgeCostSec)[off + g.arcEdge[a]!]!;
    if (u !== w) addArc(u, w, c, a, -1, -1);
  }

  const contracted = new Uint8Array(V);
  const deleted = new Int32Array(V);
  const rank = new Int32Array(V).fill(-1);
  // Scratch for witness searches.
  const wDist = new Float64Array(V);
  const wStamp = new Uint32Array(V);
  let wGen = 0;
  let tGen = 0;
  const wHeap = new MinHeap(256);

  // Targets of the current witness search (the heads of v's out-arcs), stamped per search.
  const tStamp = new Uint32Array(V);

  /**
   * Shortest distance from u to v's out-neighbours avoiding `skip`, bounded by `limit`; stops
   * once every target is settled (their distances are then final).
   */
  const witness = (u: number, skip: number, limit: number, targets: number): void => {
    wGen++;
    wHeap.clear();
    wStamp[u] = wGen;
    wDist[u] = 0;
    wHeap.push(u, 0);
    let settled = 0;
    let left = targets;
    while (wHeap.size > 0 && settled < WITNESS_SETTLE_LIMIT) {
      const key = wHeap.peekKey();
      const x = wHeap.pop();
      if (key > wDist[x]!) continue;
      if (key > limit) break;
      settled++;
      if (tStamp[x] === tGen && --left === 0) break;
      for (const a of outs[x]!) {
        const y = head[a]!;
        if (y === skip) continue;
        const nd = key + cost[a]!;
        // Beyond the limit a path witnesses nothing: not worth a heap entry.
        if (nd > limit) continue;
        if (wStamp[y] !== wGen || nd < wDist[y]!) {
          wStamp[y] = wGen;
          wDist[y] = nd;
          wHeap.push(y, nd);
        }
      }
    }
  };
  const distTo = (y: number): number => (wStamp[y] === wGen ? wDist[y]! : Infinity);

  // The shortcuts of the last shortcutsFor call as flat (u, w, cost, inArc, outArc) tuples,
  // reused so the hundreds of thousands of evaluations allocate nothing.
  const found: number[] = [];

  /** How many shortcuts contracting v needs; they are left in `found`. */
  const shortcutsFor = (v: number): number => {
    found.length = 0;
    const outList = outs[v]!;
    if (outList.length === 0) return 0;
    let maxOut = 0;
    tGen++;
    let targets = 0;
    for (const a of outList) {
      maxOut = Math.max(maxOut, cost[a]!);
      const w = head[a]!;
      if (tStamp[w] !== tGen) {
        tStamp[w] = tGen;
        targets++;
      }
    }
    for (const ia of ins[v]!) {
      const u = tail[ia]!;
      const cu = cost[ia]!;
      witness(u, v, cu + maxOut, targets);
      for (const oa of outList) {
        const w = head[oa]!;
        if (w === u) continue;
        const via = cu + cost[oa]!;
        if (distTo(w) <= via) continue;
        found.push(u, w, via, ia, oa);
      }
    }
    return found.length / 5;
  };

  const degree = (v: number): number => outs[v]!.length + ins[v]!.length;
  // Edge difference, contracted neighbours and hierarchy level: the level term keeps
  // contraction spread evenly over the network (grids otherwise build deep, costly cores).
  const level = new Int32Array(V);
  const score = (v: number, shortcutCount: number): number =>
    2 * (shortcutCount - degree(v)) + deleted[v]! + level[v]!;
  const priority = (v: number): number => score(v, shortcutsFor(v));

  const queue = new MinHeap(V + 16);
  const prio = new Float64Array(V);
  for (let v = 0; v < V; v++) {
    prio[v] = priority(v);
    queue.push(v, prio[v]!);
  }
  let next = 0;
  let shortcuts = 0;
  while (queue.size > 0) {
    const key = queue.peekKey();
    const v = queue.pop();
    if (contracted[v] || key !== prio[v]) continue;
    // Lazy update: contract only if v is still the best candidate.
    const needed = shortcutsFor(v);
    const p = score(v, needed);
    if (p > queue.peekKey()) {
      prio[v] = p;
      queue.push(v, p);
      continue;
    }
    for (let i = 0; i < found.length; i += 5) {
      addArc(found[i]!, found[i + 1]!, found[i + 2]!, -1, found[i + 3]!, found[i + 4]!);
      shortcuts++;
    }
    contracted[v] = 1;
    rank[v] = next++;
    // Drop v from its neighbours' lists, so later scans only see the remaining graph.
    for (const a of outs[v]!) {
      const w = head[a]!;
      deleted[w]!++;
      level[w] = Math.max(level[w]!, level[v]! + 1);
      ins[w] = ins[w]!.filter((b) => tail[b] !== v);
    }
    for (const a of ins[v]!) {
      const u = tail[a]!;
      deleted[u]!++;
      level[u] = Math.max(level[u]!, level[v]! + 1);
      outs[u] = outs[u]!.filter((b) => head[b] !== v);
    }
    outs[v] = [];
    ins[v] = [];
  }

  const C = tail.length;
  const upStart = new Int32Array(V + 1);
  const downStart = new Int32Array(V + 1);
  for (let a = 0; a < C; a++) {
    if (rank[head[a]!]! > rank[tail[a]!]!) upStart[tail[a]! + 1]!++;
    else downStart[head[a]! + 1]!++;
  }
  for (let v = 0; v < V; v++) {
    upStart[v + 1]! += upStart[v]!;
    downStart[v + 1]! += downStart[v]!;
  }
  const upArcs = new Int32Array(upStart[V]!);
  const downArcs = new Int32Array(downStart[V]!);
  const upFill = upStart.slice(0, V);
  const downFill = downStart.slice(0, V);
  for (let a = 0; a < C; a++) {
    if (rank[head[a]!]! > rank[tail[a]!]!) upArcs[upFill[tail[a]!]!++] = a;
    else downArcs[downFill[head[a]!]!++] = a;
  }
  return {
    mode,
    rank,
    chTail: Int32Array.from(tail),
    chHead: Int32Array.from(head),
    chCost: Float64Array.from(cost),
    chOrig: Int32Array.from(orig),
    chFirst: Int32Array.from(first),
    chSecond: Int32Array.from(second),
    upStart,
    upArcs,
    downStart,
    downArcs,
    shortcuts,
  };
}

/** Seed of a hierarchy query: a vertex and the cost of reaching it (or leaving from it). */
export interface HierarchySeed {
  vertex: number;
  costSec: number;
}

/** Scratch arrays for queries, reused per hierarchy. */
interface QuerySpace {
  dist: [Float64Array, Float64Array];
  parent: [Int32Array, Int32Array];
  stamp: [Uint32Array, Uint32Array];
  heaps: [MinHeap, MinHeap];
  gen: number;
}
const querySpaces = new WeakMap<ContractionHierarchy, QuerySpace>();

/**
 * Cheapest connection between forward seeds (vertices reached from the start) and backward
 * seeds (vertices from which the end is reached), as original graph arcs in travel order.
 * Returns null when none exists. `seedFrom`/`seedTo` say which seed each end used.
 */
export function queryHierarchy(
  ch: ContractionHierarchy,
  forwardSeeds: readonly HierarchySeed[],
  backwardSeeds: readonly HierarchySeed[],
  bound = Infinity,
): { costSec: number; arcs: number[]; seedFrom: number; seedTo: number; settled: number } | null {
  const V = ch.rank.length;
  let q = querySpaces.get(ch);
  if (!q) {
    q = {
      dist: [new Float64Array(V), new Float64Array(V)],
      parent: [new Int32Array(V), new Int32Array(V)],
      stamp: [new Uint32Array(V), new Uint32Array(V)],
      heaps: [new MinHeap(256), new MinHeap(256)],
      gen: 0,
    };
    querySpaces.set(ch, q);
  }
  const gen = ++q.gen;
  const { dist, parent, stamp, heaps } = q;
  heaps[0].clear();
  heaps[1].clear();
  const get = (side: number, v: number): number => (stamp[side]![v] === gen ? dist[side]![v]! : Infinity);
  const set = (side: number, v: number, d: number, p: number): void => {
    stamp[side]![v] = gen;
    dist[side]![v] = d;
    parent[side]![v] = p;
  };
  forwardSeeds.forEach((s, i) => {
    if (s.costSec < get(0, s.vertex)) {
      set(0, s.vertex, s.costSec, -1 - i);
      heaps[0].push(s.vertex, s.costSec);
    }
  });
  backwardSeeds.forEach((s, i) => {
    if (s.costSec < get(1, s.vertex)) {
      set(1, s.vertex, s.costSec, -1 - i);
      heaps[1].push(s.vertex, s.costSec);
    }
  });
  let best = bound;
  let meet = -1;
  let settled = 0;
  const starts = [ch.upStart, ch.downStart];
  const lists = [ch.upArcs, ch.downArcs];
  for (;;) {
    const k0 = heaps[0].peekKey();
    const k1 = heaps[1].peekKey();
    if (Math.min(k0, k1) >= best) break;
    const side = k0 <= k1 ? 0 : 1;
    const heap = heaps[side]!;
    const key = heap.peekKey();
    const v = heap.pop();
    if (key > get(side, v)) continue;
    settled++;
    const other = get(1 - side, v);
    if (key + other < best) {
      best = key + other;
      meet = v;
    }
    const start = starts[side]!;
    const list = lists[side]!;
    for (let i = start[v]!; i < start[v + 1]!; i++) {
      const a = list[i]!;
      const w = side === 0 ? ch.chHead[a]! : ch.chTail[a]!;
      const nd = key + ch.chCost[a]!;
      if (nd < get(side, w)) {
        set(side, w, nd, a);
        heap.push(w, nd);
      }
    }
  }
  if (meet < 0) return null;
  const forwardArcs: number[] = [];
  let v = meet;
  while (parent[0]![v]! >= 0) {
    const a = parent[0]![v]!;
    forwardArcs.push(a);
    v = ch.chTail[a]!;
  }
  const seedFrom = -1 - parent[0]![v]!;
  forwardArcs.reverse();
  const backwardArcs: number[] = [];
  v = meet;
  while (parent[1]![v]! >= 0) {
    const a = parent[1]![v]!;
    backwardArcs.push(a);
    v = ch.chHead[a]!;
  }
  const seedTo = -1 - parent[1]![v]!;
  const arcs: number[] = [];
  const unpack = (a: number): void => {
    const o = ch.chOrig[a]!;
    if (o >= 0) arcs.push(o);
    else {
      unpack(ch.chFirst[a]!);
      unpack(ch.chSecond[a]!);
    }
  };
  for (const a of forwardArcs) unpack(a);
  for (const a of backwardArcs) unpack(a);
  return { costSec: best, arcs, seedFrom, seedTo, settled };
}
