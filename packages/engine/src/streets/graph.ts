import { haversineM, projectionFor } from '../geo/geometry.ts';
import { cycleSpeedMps } from './gradient.ts';
import type { Projection } from '../geo/geometry.ts';
import { HIGHWAY_CLASSES, MODE_BIT } from '../osm/wayAccess.ts';
import { FIRST_UNKNOWN_CODE } from '../osm/stepFreeTags.ts';
import type { StreetMode, WayRouting } from '../osm/wayAccess.ts';

/*
 * The street network as compact column storage (CSR). OSM ways are cut at every node shared
 * with another way, so a vertex is a junction or a dead end and an edge is one stretch of one
 * way with its full shape kept for drawing and directions.
 *
 *   vertices (V)   vertexLat/vertexLon  Float64[V]      position
 *                  vertexX/vertexY      Float64[V]      metres in `projection` (A* estimates)
 *   edges (E)      edgeFrom/edgeTo      Int32[E]        end vertices in shape order
 *                  edgeLengthM          Float32[E]
 *                  edgeCostSec          Float32[3E]     travel time along the shape, index mode*E + e (foot, bicycle, car)
 *                  edgeCostReverseSec   Float32[3E]     travel time against the shape (differs for bicycles on slopes)
 *                  edgeForward/Backward Uint8[E]        MODE_BIT mask allowed along / against the shape
 *                  edgeClass            Uint8[E]        index into HIGHWAY_CLASSES
 *                  edgeFlags            Uint8[E]        EDGE_FLAG bits (roundabout)
 *                  edgeStepFree         Uint8[E]        index into STEP_FREE_CODES: the worst of the way and its nodes
 *                  edgeName/edgeRef     Int32[E]        index into `strings`, -1 when none
 *                  edgeShapeStart       Int32[E+1]      edge e's shape is points [start[e], start[e+1])
 *   shape points   shapeLat/shapeLon    Float64[P]      both end vertices included
 *                  shapeEle             Float32[P]      metres above sea level, NaN when unknown
 *                  shapeCycleSec        Float32[P]      cycling time from the edge's start to the point, along the shape
 *                  shapeCycleBackSec    Float32[P]      cycling time from the edge's end to the point, against the shape
 *   arcs (A)       outStart             Int32[V+1]      arcs leaving v are [outStart[v], outStart[v+1])
 *                  arcHead/arcTail      Int32[A]        vertex reached / left
 *                  arcEdge              Int32[A]
 *                  arcReverse           Uint8[A]        1 when the arc runs against the edge's shape
 *                  arcModes             Uint8[A]        MODE_BIT mask allowed on this arc
 *                  inStart, inArcs      Int32[V+1],[A]  arcs entering v (for backward searches)
 */
export interface StreetGraph {
  vertexCount: number;
  edgeCount: number;
  arcCount: number;
  vertexLat: Float64Array;
  vertexLon: Float64Array;
  vertexX: Float64Array;
  vertexY: Float64Array;
  projection: Projection;
  edgeFrom: Int32Array;
  edgeTo: Int32Array;
  edgeLengthM: Float32Array;
  edgeCostSec: Float32Array;
  edgeCostReverseSec: Float32Array;
  edgeForward: Uint8Array;
  edgeBackward: Uint8Array;
  edgeClass: Uint8Array;
  edgeFlags: Uint8Array;
  /** Index into STEP_FREE_CODES (osm/stepFreeTags.ts) per edge: step-free, not known, or why not. */
  edgeStepFree: Uint8Array;
  edgeName: Int32Array;
  edgeRef: Int32Array;
  edgeShapeStart: Int32Array;
  shapeLat: Float64Array;
  shapeLon: Float64Array;
  shapeEle: Float32Array;
  shapeCycleSec: Float32Array;
  shapeCycleBackSec: Float32Array;
  outStart: Int32Array;
  arcHead: Int32Array;
  arcTail: Int32Array;
  arcEdge: Int32Array;
  arcReverse: Uint8Array;
  arcModes: Uint8Array;
  inStart: Int32Array;
  inArcs: Int32Array;
  strings: string[];
  /** Fastest speed (m/s) of any edge per mode, for admissible A* estimates. */
  maxSpeedMps: Float64Array;
  /** Set on a step-free view of a graph (stepFree/streetProfile.ts): walks on it are labelled. */
  stepFreeProfile?: { blocks: boolean };
  /** Doors of stations and piers mapped in OSM, where walkers leave them (streets/snap.ts). */
  entrances?: EntrancePoints;
}

/** Positions of station and pier entrances (parallel arrays). */
export interface EntrancePoints {
  lat: Float64Array;
  lon: Float64Array;
}

export const MODE_INDEX: Record<StreetMode, number> = { foot: 0, bicycle: 1, car: 2 };

/** A way whose input says nothing about steps is not known to be step-free. */
const UNKNOWN_STEP_FREE = FIRST_UNKNOWN_CODE;

/** Bits of `edgeFlags`. */
export const EDGE_FLAG = { roundabout: 1 } as const;

/** One highway way with its nodes already resolved to positions. */
export interface GraphWayInput {
  /** Node keys: equal keys are the same node (shared between ways). */
  nodes: ArrayLike<number>;
  routing: WayRouting;
  /** Index into STEP_FREE_CODES from the way's tags; absent is not known. */
  stepFree?: number;
}

/** Positions of the node keys used by ways. */
export interface GraphNodeInput {
  lat: ArrayLike<number>;
  lon: ArrayLike<number>;
  /** Metres above sea level; NaN when unknown (that stretch then counts as flat). */
  ele: ArrayLike<number>;
  count: number;
  /** Index into STEP_FREE_CODES per node key (kerbs, stiles); absent means nothing on the nodes. */
  stepFree?: ArrayLike<number>;
}

class Growable {
  data: Float64Array;
  length = 0;
  constructor(capacity = 1024) {
    this.data = new Float64Array(capacity);
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Float64Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
}

/** Build the CSR street graph from highway ways whose node keys index `nodes`. */
export function buildStreetGraph(nodes: GraphNodeInput, ways: readonly GraphWayInput[]): StreetGraph {
  // A node is a vertex when two ways meet there, a way passes it twice, or a way ends there.
  const uses = new Uint8Array(nodes.count);
  for (const way of ways) {
    const n = way.nodes.length;
    for (let i = 0; i < n; i++) {
      const k = way.nodes[i]!;
      const end = i === 0 || i === n - 1;
      uses[k] = end ? 2 : Math.min(2, uses[k]! + 1);
    }
  }
  const vertexOf = new Int32Array(nodes.count).fill(-1);
  const vLat = new Growable();
  const vLon = new Growable();
  const vertex = (k: number): number => {
    let v = vertexOf[k]!;
    if (v < 0) {
      v = vertexOf[k] = vLat.length;
      vLat.push(nodes.lat[k]!);
      vLon.push(nodes.lon[k]!);
    }
    return v;
  };

  const strings: string[] = [];
  const stringIdx = new Map<string, number>();
  const intern = (s: string | null): number => {
    if (s === null) return -1;
    let i = stringIdx.get(s);
    if (i === undefined) {
      i = strings.length;
      strings.push(s);
      stringIdx.set(s, i);
    }
    return i;
  };

  const eFrom = new Growable();
  const eTo = new Growable();
  const eLen = new Growable();
  const eCost: Growable[] = [new Growable(), new Growable(), new Growable()];
  const eCycleBack = new Growable();
  const eFwd = new Growable();
  const eBwd = new Growable();
  const eCls = new Growable();
  const eFlags = new Growable();
  const eStepFree = new Growable();
  const eName = new Growable();
  const eRef = new Growable();
  const eShape = new Growable();
  const sLat = new Growable();
  const sLon = new Growable();
  const sEle = new Growable();
  const sCycle = new Growable();
  const sCycleBack = new Growable();
  // Fastest cycling stretch of any edge: a part of an edge (a descent) may beat the edge's average.
  let cycleTopMps = 0;

  for (const way of ways) {
    const r = way.routing;
    const n = way.nodes.length;
    if (n < 2) continue;
    let wayLength = 0;
    if (r.durationSec !== null)
      for (let i = 1; i < n; i++) wayLength += segLen(nodes, way.nodes[i - 1]!, way.nodes[i]!);
    const name = intern(r.name);
    const ref = intern(r.ref);
    let start = 0;
    for (let i = 1; i < n; i++) {
      if (uses[way.nodes[i]!]! < 2) continue;
      eShape.push(sLat.length);
      let len = 0;
      let stepFree = way.stepFree ?? UNKNOWN_STEP_FREE;
      for (let j = start; j <= i; j++) {
        const k = way.nodes[j]!;
        stepFree = Math.max(stepFree, nodes.stepFree?.[k] ?? 0);
        sLat.push(nodes.lat[k]!);
        sLon.push(nodes.lon[k]!);
        sEle.push(nodes.ele[k]!);
        if (j > start) len += segLen(nodes, way.nodes[j - 1]!, k);
      }
      eFrom.push(vertex(way.nodes[start]!));
      eTo.push(vertex(way.nodes[i]!));
      eLen.push(len);
      const timed = r.durationSec !== null && wayLength > 0;
      // A timed way (a ferry) runs at one speed: its cycling time is the crossing's, spread evenly.
      const cycle = cycleSecOnSlopes(nodes, way.nodes, start, i, timed ? 1 : r.cycleMps, !timed);
      if (timed) {
        const sec = ((r.durationSec ?? 0) * len) / wayLength;
        for (const c of eCost) c.push(sec);
        eCycleBack.push(sec);
        const scale = len > 0 ? sec / len : 0;
        for (let j = 0; j < cycle.along.length; j++) {
          sCycle.push(cycle.along[j]! * scale);
          sCycleBack.push(cycle.against[j]! * scale);
        }
      } else {
        if (r.forward & MODE_BIT.bicycle || r.backward & MODE_BIT.bicycle)
          cycleTopMps = Math.max(cycleTopMps, cycle.topMps);
        eCost[0]!.push(len / r.footMps);
        eCost[1]!.push(cycle.along[cycle.along.length - 1]!);
        eCycleBack.push(cycle.against[0]!);
        eCost[2]!.push(len / r.carMps);
        for (let j = 0; j < cycle.along.length; j++) {
          sCycle.push(cycle.along[j]!);
          sCycleBack.push(cycle.against[j]!);
        }
      }
      eFwd.push(r.forward);
      eBwd.push(r.backward);
      eCls.push(r.highwayClass);
      eFlags.push(r.roundabout ? EDGE_FLAG.roundabout : 0);
      eStepFree.push(stepFree);
      eName.push(name);
      eRef.push(ref);
      start = i;
    }
  }
  eShape.push(sLat.length);

  const V = vLat.length;
  const E = eFrom.length;
  const edgeFrom = Int32Array.from(eFrom.data.subarray(0, E));
  const edgeTo = Int32Array.from(eTo.data.subarray(0, E));
  const edgeForward = Uint8Array.from(eFwd.data.subarray(0, E));
  const edgeBackward = Uint8Array.from(eBwd.data.subarray(0, E));
  const edgeCostSec = new Float32Array(3 * E);
  for (let m = 0; m < 3; m++) edgeCostSec.set(eCost[m]!.data.subarray(0, E), m * E);
  const edgeCostReverseSec = Float32Array.from(edgeCostSec);
  edgeCostReverseSec.set(eCycleBack.data.subarray(0, E), MODE_INDEX.bicycle * E);
  const edgeLengthM = Float32Array.from(eLen.data.subarray(0, E));

  // Arcs: one per edge direction that any mode may use, grouped by tail vertex.
  const outStart = new Int32Array(V + 1);
  const inStart = new Int32Array(V + 1);
  let A = 0;
  for (let e = 0; e < E; e++) {
    if (edgeForward[e]) {
      outStart[edgeFrom[e]! + 1]!++;
      inStart[edgeTo[e]! + 1]!++;
      A++;
    }
    if (edgeBackward[e]) {
      outStart[edgeTo[e]! + 1]!++;
      inStart[edgeFrom[e]! + 1]!++;
      A++;
    }
  }
  for (let v = 0; v < V; v++) {
    outStart[v + 1]! += outStart[v]!;
    inStart[v + 1]! += inStart[v]!;
  }
  const arcHead = new Int32Array(A);
  const arcTail = new Int32Array(A);
  const arcEdge = new Int32Array(A);
  const arcReverse = new Uint8Array(A);
  const arcModes = new Uint8Array(A);
  const inArcs = new Int32Array(A);
  const outFill = outStart.slice(0, V);
  const inFill = inStart.slice(0, V);
  const addArc = (tail: number, head: number, e: number, reverse: number, modes: number): void => {
    const a = outFill[tail]!++;
    arcHead[a] = head;
    arcTail[a] = tail;
    arcEdge[a] = e;
    arcReverse[a] = reverse;
    arcModes[a] = modes;
    inArcs[inFill[head]!++] = a;
  };
  const maxSpeedMps = new Float64Array(3);
  for (let e = 0; e < E; e++) {
    if (edgeForward[e]) addArc(edgeFrom[e]!, edgeTo[e]!, e, 0, edgeForward[e]!);
    if (edgeBackward[e]) addArc(edgeTo[e]!, edgeFrom[e]!, e, 1, edgeBackward[e]!);
    const any = edgeForward[e]! | edgeBackward[e]!;
    for (let m = 0; m < 3; m++) {
      if (!(any & (1 << m))) continue;
      const cost = Math.min(edgeCostSec[m * E + e]!, edgeCostReverseSec[m * E + e]!);
      if (cost > 0) maxSpeedMps[m] = Math.max(maxSpeedMps[m]!, edgeLengthM[e]! / cost);
    }
  }
  maxSpeedMps[MODE_INDEX.bicycle] = Math.max(maxSpeedMps[MODE_INDEX.bicycle]!, cycleTopMps);

  const vertexLat = Float64Array.from(vLat.data.subarray(0, V));
  const vertexLon = Float64Array.from(vLon.data.subarray(0, V));
  let minLat = Infinity;
  let maxLat = -Infinity;
  for (let v = 0; v < V; v++) {
    minLat = Math.min(minLat, vertexLat[v]!);
    maxLat = Math.max(maxLat, vertexLat[v]!);
  }
  const projection = projectionFor(V ? minLat : 0, V ? maxLat : 0);
  const vertexX = new Float64Array(V);
  const vertexY = new Float64Array(V);
  for (let v = 0; v < V; v++) {
    vertexX[v] = vertexLon[v]! * projection.kx;
    vertexY[v] = vertexLat[v]! * projection.ky;
  }
  const P = sLat.length;
  return {
    vertexCount: V,
    edgeCount: E,
    arcCount: A,
    vertexLat,
    vertexLon,
    vertexX,
    vertexY,
    projection,
    edgeFrom,
    edgeTo,
    edgeLengthM,
    edgeCostSec,
    edgeCostReverseSec,
    edgeForward,
    edgeBackward,
    edgeClass: Uint8Array.from(eCls.data.subarray(0, E)),
    edgeFlags: Uint8Array.from(eFlags.data.subarray(0, E)),
    edgeStepFree: Uint8Array.from(eStepFree.data.subarray(0, E)),
    edgeName: Int32Array.from(eName.data.subarray(0, E)),
    edgeRef: Int32Array.from(eRef.data.subarray(0, E)),
    edgeShapeStart: Int32Array.from(eShape.data.subarray(0, E + 1)),
    shapeLat: Float64Array.from(sLat.data.subarray(0, P)),
    shapeLon: Float64Array.from(sLon.data.subarray(0, P)),
    shapeEle: Float32Array.from(sEle.data.subarray(0, P)),
    shapeCycleSec: Float32Array.from(sCycle.data.subarray(0, P)),
    shapeCycleBackSec: Float32Array.from(sCycleBack.data.subarray(0, P)),
    outStart,
    arcHead,
    arcTail,
    arcEdge,
    arcReverse,
    arcModes,
    inStart,
    inArcs,
    strings,
    maxSpeedMps,
  };
}

/** Slopes are measured over stretches of at least this length, so rounded heights on short segments do not read as steep. */
const MIN_SLOPE_RUN_M = 100;

/**
 * Cumulative cycling times at each node of [from..to] of a way whose flat cycling speed is
 * `flatMps`: `along[k]` from node `from` to node from+k along the way, `against[k]` from node `to`
 * back to node from+k. With `slopes`, each stretch's speed follows its grade (streets/gradient.ts);
 * stretches are cut at MIN_SLOPE_RUN_M or the edge's end, and unknown heights count as flat.
 */
function cycleSecOnSlopes(
  nodes: GraphNodeInput,
  keys: ArrayLike<number>,
  from: number,
  to: number,
  flatMps: number,
  slopes: boolean,
): { along: Float64Array; against: Float64Array; topMps: number } {
  const n = to - from + 1;
  let topMps = 0;
  const along = new Float64Array(n);
  const backSeg = new Float64Array(n);
  let runStart = from;
  let runM = 0;
  for (let j = from + 1; j <= to; j++) {
    runM += segLen(nodes, keys[j - 1]!, keys[j]!);
    if (runM < MIN_SLOPE_RUN_M && j < to) continue;
    const rise = nodes.ele[keys[j]!]! - nodes.ele[keys[runStart]!]!;
    const grade = slopes && runM > 0 && Number.isFinite(rise) ? rise / runM : 0;
    const upMps = cycleSpeedMps(flatMps, grade);
    const downMps = cycleSpeedMps(flatMps, -grade);
    topMps = Math.max(topMps, upMps, downMps);
    for (let k = runStart + 1; k <= j; k++) {
      const m = segLen(nodes, keys[k - 1]!, keys[k]!);
      along[k - from] = along[k - 1 - from]! + m / upMps;
      backSeg[k - from] = m / downMps;
    }
    runStart = j;
    runM = 0;
  }
  const against = new Float64Array(n);
  for (let k = n - 2; k >= 0; k--) against[k] = against[k + 1]! + backSeg[k + 1]!;
  return { along, against, topMps };
}

/** Travel time of a whole edge for a mode in one direction (reverse: against its shape). */
export function edgeCostFor(g: StreetGraph, modeIndex: number, e: number, reverse: boolean): number {
  return (reverse ? g.edgeCostReverseSec : g.edgeCostSec)[modeIndex * g.edgeCount + e]!;
}

/**
 * Travel time over part of an edge, from `fromFraction` to `toFraction` of its length (against the
 * shape when from > to). Walking and driving are even along an edge; cycling is read off the
 * cumulative times of its shape points, since one edge may climb and then descend.
 */
export function edgePartCostSec(
  g: StreetGraph,
  modeIndex: number,
  e: number,
  fromFraction: number,
  toFraction: number,
): number {
  const reverse = toFraction < fromFraction;
  if (modeIndex !== MODE_INDEX.bicycle || fromFraction === toFraction)
    return Math.abs(toFraction - fromFraction) * edgeCostFor(g, modeIndex, e, reverse);
  if (reverse) return cycleAt(g, e, toFraction, true) - cycleAt(g, e, fromFraction, true);
  return cycleAt(g, e, toFraction, false) - cycleAt(g, e, fromFraction, false);
}

/** Cumulative cycling time at a fraction of an edge: from its start along the shape, or from its end against it. */
function cycleAt(g: StreetGraph, e: number, fraction: number, back: boolean): number {
  const first = g.edgeShapeStart[e]!;
  const last = g.edgeShapeStart[e + 1]! - 1;
  const times = back ? g.shapeCycleBackSec : g.shapeCycleSec;
  if (fraction <= 0) return times[first]!;
  if (fraction >= 1) return times[last]!;
  const target = fraction * g.edgeLengthM[e]!;
  let walked = 0;
  for (let p = first + 1; p <= last; p++) {
    const seg = haversineM(g.shapeLat[p - 1]!, g.shapeLon[p - 1]!, g.shapeLat[p]!, g.shapeLon[p]!);
    if (walked + seg >= target || p === last) {
      const t = seg > 0 ? Math.min(1, (target - walked) / seg) : 0;
      return times[p - 1]! + t * (times[p]! - times[p - 1]!);
    }
    walked += seg;
  }
  return times[last]!;
}

function segLen(nodes: GraphNodeInput, a: number, b: number): number {
  return haversineM(nodes.lat[a]!, nodes.lon[a]!, nodes.lat[b]!, nodes.lon[b]!);
}

/** Highway class name of an edge ('ferry' for ferry crossings). */
export function edgeHighwayClass(g: StreetGraph, e: number): string {
  return HIGHWAY_CLASSES[g.edgeClass[e]!] ?? 'road';
}

/** Name of an edge, or null when unnamed. */
export function findEdgeName(g: StreetGraph, e: number): string | null {
  const i = g.edgeName[e]!;
  return i >= 0 ? (g.strings[i] ?? null) : null;
}

/** Road number of an edge (e.g. "A95"), or null. */
export function findEdgeRef(g: StreetGraph, e: number): string | null {
  const i = g.edgeRef[e]!;
  return i >= 0 ? (g.strings[i] ?? null) : null;
}

/** Approximate bytes held by the graph's typed arrays. */
export function graphBytes(g: StreetGraph): number {
  let total = 0;
  for (const value of Object.values(g)) if (ArrayBuffer.isView(value)) total += value.byteLength;
  return total;
}
