import Flatbush from 'flatbush';
import { componentSizes, componentsOf } from './components.ts';
import { haversineM, pointSegment } from './geo.ts';
import { edgeHighwayClass, findEdgeName } from './graph.ts';
import type { StreetGraph } from './graph.ts';
import type { SnapPoint } from './search.ts';
import { MODE_BIT, STREET_MODES } from '../osm/wayAccess.ts';
import type { StreetMode } from '../osm/wayAccess.ts';

/*
 * Snapping: a Flatbush R-tree over every shape segment (projected metres). Per mode, edges of
 * small disconnected islands (a private car park, a footpath mapped without its connection)
 * are not offered, or a journey could start somewhere it can never leave. Cars never start
 * or end on motorways.
 */
export interface SnapIndex {
  graph: StreetGraph;
  tree: Flatbush;
  segEdge: Int32Array;
  segPoint: Int32Array;
  /** Per edge: MODE_BIT mask of modes that may snap to it. */
  snappable: Uint8Array;
}

/** Vertices per mode in connected components too small to snap to. */
const MIN_COMPONENT_VERTICES = 50;

/** Build the snapping index of a graph. */
export function buildSnapIndex(g: StreetGraph): SnapIndex {
  const snappable = new Uint8Array(g.edgeCount);
  for (const mode of STREET_MODES) {
    const bit = MODE_BIT[mode];
    const comp = componentsOf(g, mode);
    const size = componentSizes(comp);
    let largest = 0;
    for (const s of size) largest = Math.max(largest, s);
    const min = Math.min(MIN_COMPONENT_VERTICES, largest);
    for (let e = 0; e < g.edgeCount; e++) {
      if (!((g.edgeForward[e]! | g.edgeBackward[e]!) & bit)) continue;
      const cls = edgeHighwayClass(g, e);
      if (cls === 'ferry') continue;
      if (mode === 'car' && (cls === 'motorway' || cls === 'motorway_link')) continue;
      if (size[comp[g.edgeFrom[e]!]!]! >= min) snappable[e]! |= bit;
    }
  }
  let segments = 0;
  for (let e = 0; e < g.edgeCount; e++)
    if (snappable[e]) segments += g.edgeShapeStart[e + 1]! - g.edgeShapeStart[e]! - 1;
  const tree = new Flatbush(Math.max(1, segments));
  const segEdge = new Int32Array(segments);
  const segPoint = new Int32Array(segments);
  const { kx, ky } = g.projection;
  let k = 0;
  for (let e = 0; e < g.edgeCount; e++) {
    if (!snappable[e]) continue;
    for (let p = g.edgeShapeStart[e]!; p < g.edgeShapeStart[e + 1]! - 1; p++) {
      const ax = g.shapeLon[p]! * kx;
      const ay = g.shapeLat[p]! * ky;
      const bx = g.shapeLon[p + 1]! * kx;
      const by = g.shapeLat[p + 1]! * ky;
      tree.add(Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by));
      segEdge[k] = e;
      segPoint[k] = p;
      k++;
    }
  }
  if (segments === 0) tree.add(0, 0, 0, 0);
  tree.finish();
  return { graph: g, tree, segEdge, segPoint, snappable };
}

/** Nearest point on an edge usable by `mode` within `maxDistanceM`, or undefined. */
export function findSnapPoint(
  index: SnapIndex,
  lat: number,
  lon: number,
  mode: StreetMode,
  maxDistanceM = 1000,
): SnapPoint | undefined {
  const g = index.graph;
  if (index.segEdge.length === 0) return undefined;
  const { kx, ky } = g.projection;
  const px = lon * kx;
  const py = lat * ky;
  const bit = MODE_BIT[mode];
  // Boxes come back nearest first; the true segment distance is at least the box distance,
  // so a handful of candidates is enough to find the nearest segment.
  const candidates = index.tree.neighbors(
    px,
    py,
    16,
    maxDistanceM,
    (i) => (index.snappable[index.segEdge[i]!]! & bit) !== 0,
  );
  let best: { seg: number; distM: number; t: number } | null = null;
  for (const seg of candidates) {
    const p = index.segPoint[seg]!;
    const r = pointSegment(
      px,
      py,
      g.shapeLon[p]! * kx,
      g.shapeLat[p]! * ky,
      g.shapeLon[p + 1]! * kx,
      g.shapeLat[p + 1]! * ky,
    );
    if (!best || r.distM < best.distM) best = { seg, distM: r.distM, t: r.t };
  }
  if (!best || best.distM > maxDistanceM) return undefined;
  const e = index.segEdge[best.seg]!;
  const p = index.segPoint[best.seg]!;
  let along = 0;
  for (let q = g.edgeShapeStart[e]!; q < p; q++)
    along += haversineM(g.shapeLat[q]!, g.shapeLon[q]!, g.shapeLat[q + 1]!, g.shapeLon[q + 1]!);
  along += best.t * haversineM(g.shapeLat[p]!, g.shapeLon[p]!, g.shapeLat[p + 1]!, g.shapeLon[p + 1]!);
  const len = g.edgeLengthM[e]!;
  const fraction = len > 0 ? Math.min(1, Math.max(0, along / len)) : 0;
  const lat2 = g.shapeLat[p]! + best.t * (g.shapeLat[p + 1]! - g.shapeLat[p]!);
  const lon2 = g.shapeLon[p]! + best.t * (g.shapeLon[p + 1]! - g.shapeLon[p]!);
  return { edge: e, fraction, lat: lat2, lon: lon2, distanceM: haversineM(lat, lon, lat2, lon2) };
}

/** Name of the nearest named street within `maxDistanceM` (for "current location"), or null. */
export function findNearestStreetName(
  index: SnapIndex,
  lat: number,
  lon: number,
  maxDistanceM: number,
): string | null {
  const g = index.graph;
  if (index.segEdge.length === 0) return null;
  const { kx, ky } = g.projection;
  const px = lon * kx;
  const py = lat * ky;
  const candidates = index.tree.neighbors(
    px,
    py,
    16,
    maxDistanceM,
    (i) => g.edgeName[index.segEdge[i]!]! >= 0,
  );
  let best: string | null = null;
  let bestD = Infinity;
  for (const seg of candidates) {
    const p = index.segPoint[seg]!;
    const r = pointSegment(
      px,
      py,
      g.shapeLon[p]! * kx,
      g.shapeLat[p]! * ky,
      g.shapeLon[p + 1]! * kx,
      g.shapeLat[p + 1]! * ky,
    );
    if (r.distM < bestD && r.distM <= maxDistanceM) {
      bestD = r.distM;
      best = findEdgeName(g, index.segEdge[seg]!);
    }
  }
  return best;
}
