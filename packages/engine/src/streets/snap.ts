import Flatbush from 'flatbush';
import KDBush from 'kdbush';
import { componentSizes, componentsOf } from './components.ts';
import { haversineM, pointSegment } from '../geo/geometry.ts';
import { edgeHighwayClass, findEdgeName } from './graph.ts';
import type { StreetGraph } from './graph.ts';
import type { SnapPoint } from './search.ts';
import { MODE_BIT, STREET_MODES } from '../osm/wayAccess.ts';
import { WALK_MPS } from '../figures/planningFigures.ts';
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
  /** Station and pier entrances (projected metres) with their walking snap points. */
  entrances: {
    tree: KDBush | null;
    lat: Float64Array;
    lon: Float64Array;
    foot: Array<SnapPoint | undefined>;
  };
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
  const index: SnapIndex = {
    graph: g,
    tree,
    segEdge,
    segPoint,
    snappable,
    entrances: { tree: null, lat: new Float64Array(0), lon: new Float64Array(0), foot: [] },
  };
  const doors = g.entrances;
  if (doors && doors.lat.length > 0) {
    const doorTree = new KDBush(doors.lat.length);
    const foot: Array<SnapPoint | undefined> = [];
    for (let i = 0; i < doors.lat.length; i++) {
      doorTree.add(doors.lon[i]! * kx, doors.lat[i]! * ky);
      foot.push(findSnapPoint(index, doors.lat[i]!, doors.lon[i]!, 'foot', ENTRANCE_SNAP_M));
    }
    doorTree.finish();
    index.entrances = { tree: doorTree, lat: doors.lat, lon: doors.lon, foot };
  }
  return index;
}

/** An entrance further than this from a walkable way is not used (an unmapped concourse). */
const ENTRANCE_SNAP_M = 30;
/** Entrances within this distance of a place are its ways out when no path is nearer. */
export const ENTRANCE_REACH_M = 150;

/** Candidate segments a point may snap to: the nearest segment of each edge, nearest first. */
function nearestSegments(
  index: SnapIndex,
  px: number,
  py: number,
  bit: number,
  maxDistanceM: number,
  boxes: number,
): Array<{ seg: number; distM: number; t: number }> {
  const g = index.graph;
  // Boxes come back nearest first; the true segment distance is at least the box distance,
  // so a handful of candidates is enough to find the nearest segments.
  const candidates = index.tree.neighbors(
    px,
    py,
    boxes,
    maxDistanceM,
    (i) => (index.snappable[index.segEdge[i]!]! & bit) !== 0,
  );
  const byEdge = new Map<number, { seg: number; distM: number; t: number }>();
  for (const seg of candidates) {
    const p = index.segPoint[seg]!;
    const r = pointSegment(
      px,
      py,
      g.shapeLon[p]! * g.projection.kx,
      g.shapeLat[p]! * g.projection.ky,
      g.shapeLon[p + 1]! * g.projection.kx,
      g.shapeLat[p + 1]! * g.projection.ky,
    );
    if (r.distM > maxDistanceM) continue;
    const e = index.segEdge[seg]!;
    const known = byEdge.get(e);
    if (!known || r.distM < known.distM) byEdge.set(e, { seg, distM: r.distM, t: r.t });
  }
  return [...byEdge.values()].sort((a, b) => a.distM - b.distM);
}

/** The point on a segment at fraction t, as a snap point of the query coordinate. */
function snapPointOn(index: SnapIndex, lat: number, lon: number, seg: number, t: number): SnapPoint {
  const g = index.graph;
  const e = index.segEdge[seg]!;
  const p = index.segPoint[seg]!;
  let along = 0;
  for (let q = g.edgeShapeStart[e]!; q < p; q++)
    along += haversineM(g.shapeLat[q]!, g.shapeLon[q]!, g.shapeLat[q + 1]!, g.shapeLon[q + 1]!);
  along += t * haversineM(g.shapeLat[p]!, g.shapeLon[p]!, g.shapeLat[p + 1]!, g.shapeLon[p + 1]!);
  const len = g.edgeLengthM[e]!;
  const fraction = len > 0 ? Math.min(1, Math.max(0, along / len)) : 0;
  const lat2 = g.shapeLat[p]! + t * (g.shapeLat[p + 1]! - g.shapeLat[p]!);
  const lon2 = g.shapeLon[p]! + t * (g.shapeLon[p + 1]! - g.shapeLon[p]!);
  return { edge: e, fraction, lat: lat2, lon: lon2, distanceM: haversineM(lat, lon, lat2, lon2) };
}

/** Nearest point on an edge usable by `mode` within `maxDistanceM`, or undefined. */
export function findSnapPoint(
  index: SnapIndex,
  lat: number,
  lon: number,
  mode: StreetMode,
  maxDistanceM = 1000,
): SnapPoint | undefined {
  if (index.segEdge.length === 0) return undefined;
  const { kx, ky } = index.graph.projection;
  const best = nearestSegments(index, lon * kx, lat * ky, MODE_BIT[mode], maxDistanceM, 16)[0];
  return best ? snapPointOn(index, lat, lon, best.seg, best.t) : undefined;
}

/** Further edges a walker may step onto: up to this much further away than the nearest one. */
export const LINK_SLACK_M = 50;
/** Edges a place is linked to at most. */
const MAX_LINKS = 4;

/**
 * Where a walker at a place may join the network: the nearest walkable edge and the other edges
 * within `LINK_SLACK_M` further (nearest first, one point per edge, at most four), each carrying
 * the time of the straight walk to it (`linkSec`). A station forecourt, a pier or a dock sits
 * between several ways; joining only the nearest one (often the facility's own dead-end spur)
 * sends the walk round by the far end of that spur. A place inside a station or on a pier
 * leaves by its entrances instead (`listEntranceLinks`). Vehicles join only their nearest edge.
 */
export function listSnapPoints(
  index: SnapIndex,
  lat: number,
  lon: number,
  mode: StreetMode,
  maxDistanceM = 1000,
): SnapPoint[] {
  if (index.segEdge.length === 0) return [];
  const { kx, ky } = index.graph.projection;
  const found = nearestSegments(index, lon * kx, lat * ky, MODE_BIT[mode], maxDistanceM, 48);
  const nearest = found[0];
  if (mode === 'foot') {
    const doors = listEntranceLinks(index, lat, lon, nearest ? nearest.distM : Infinity);
    if (doors.length > 0) return doors;
  }
  if (!nearest) return [];
  if (mode !== 'foot') return [snapPointOn(index, lat, lon, nearest.seg, nearest.t)];
  return found
    .filter((c) => c.distM <= nearest.distM + LINK_SLACK_M)
    .slice(0, MAX_LINKS)
    .map((c) => {
      const p = snapPointOn(index, lat, lon, c.seg, c.t);
      return { ...p, linkM: p.distanceM, linkSec: p.distanceM / WALK_MPS };
    });
}

/**
 * Station or pier entrances first: when entrances lie within `ENTRANCE_REACH_M` and the nearest
 * is no further than any walkable way (the place is inside a station or on a pier whose paths are
 * not mapped), the walk leaves by them. Their snap points carry the walk through the door
 * (`distanceM` = place to door to way). Empty when no entrance applies.
 */
function listEntranceLinks(index: SnapIndex, lat: number, lon: number, nearestEdgeM: number): SnapPoint[] {
  const doors = index.entrances;
  if (!doors.tree) return [];
  const { kx, ky } = index.graph.projection;
  const near = doors.tree
    .within(lon * kx, lat * ky, ENTRANCE_REACH_M)
    .map((i) => ({ i, m: haversineM(lat, lon, doors.lat[i]!, doors.lon[i]!) }))
    .filter((d) => doors.foot[d.i] !== undefined)
    .sort((a, b) => a.m - b.m);
  if (near.length === 0 || near[0]!.m > nearestEdgeM) return [];
  return near.slice(0, MAX_LINKS).map(({ i, m }) => {
    const door = doors.foot[i]!;
    const viaM = m + door.distanceM;
    return { ...door, distanceM: viaM, linkM: viaM, linkSec: viaM / WALK_MPS };
  });
}

/**
 * Where a stop joins the walking network: by its nearest station or pier entrance when one
 * applies (see `listSnapPoints`), else at the nearest walkable way; `distanceM` is the
 * off-network walk. Other modes: the nearest usable edge.
 */
export function findStopSnapPoint(
  index: SnapIndex,
  lat: number,
  lon: number,
  mode: StreetMode,
  maxDistanceM: number,
): SnapPoint | undefined {
  const nearest = findSnapPoint(index, lat, lon, mode, maxDistanceM);
  if (mode !== 'foot') return nearest;
  const door = listEntranceLinks(index, lat, lon, nearest ? nearest.distanceM : Infinity)[0];
  if (!door) return nearest;
  return {
    edge: door.edge,
    fraction: door.fraction,
    lat: door.lat,
    lon: door.lon,
    distanceM: door.distanceM,
  };
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
