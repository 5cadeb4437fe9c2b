import polyline from '@mapbox/polyline';
import { bearingDeg, haversineM } from '../geo/geometry.ts';
import {
  EDGE_FLAG,
  MODE_INDEX,
  edgeHighwayClass,
  edgePartCostSec,
  findEdgeName,
  findEdgeRef,
} from './graph.ts';
import type { StreetGraph } from './graph.ts';
import type { PathPiece, StreetPath } from './search.ts';
import type { DirectionAction, DirectionParts } from '@cairn/contracts';
import { metresToMiles } from '../format/distance.ts';
import { MODE_BIT } from '../osm/wayAccess.ts';
import type { StreetMode } from '../osm/wayAccess.ts';
import type { GeoPoint } from '../geo/geometry.ts';

/** How a direction step starts (the street maneuvers of the wire's direction actions). */
export type Maneuver = Exclude<DirectionAction, 'walk-to' | 'walk-unmapped'>;

/** One turn-by-turn instruction as structured data (its text and HTML come from format/). */
export interface Direction extends DirectionParts {
  durationSec: number;
  start: GeoPoint;
}

/** A street route ready for display: geometry, totals and directions. */
export interface StreetRoute {
  mode: StreetMode;
  durationSec: number;
  distanceM: number;
  distanceMiles: number;
  /** Encoded polyline, precision 5 (lat,lon). */
  polyline: string;
  coordinates: Array<[lat: number, lon: number]>;
  /** Metres above sea level, null when no point of the route has a known elevation. */
  elevationHighestM: number | null;
  elevationLowestM: number | null;
  /**
   * Metres climbed and descended: the sum of rises (falls) between consecutive route points
   * whose heights are known; null when no point has a known height.
   */
  ascentM: number | null;
  descentM: number | null;
  directions: Direction[];
  /** No mapped path serves an end: a straight line timed with a detour factor (streets/straightWalk.ts). */
  straightLine?: boolean;
  /** Set on a straight line taken instead of an absurd street walk: that walk's length (streets/straightWalk.ts). */
  streetDetourM?: number;
}

const GENERIC_ROAD: Record<string, string> = {
  footway: 'footpath',
  path: 'path',
  pedestrian: 'pedestrian street',
  cycleway: 'cycle path',
  bridleway: 'bridleway',
  track: 'track',
  steps: 'steps',
  service: 'service road',
  ferry: 'ferry',
};

/** What directions call the road of an edge: its name, else its number, else its kind. */
function roadLabel(g: StreetGraph, e: number): string {
  const name = findEdgeName(g, e);
  const ref = findEdgeRef(g, e);
  if (name && ref) return `${name} (${ref})`;
  return name ?? ref ?? GENERIC_ROAD[edgeHighwayClass(g, e)] ?? 'unnamed road';
}

/** Pieces shorter than this (metres) never start an instruction. */
const MIN_STEP_M = 1;

const COMPASS = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'];

interface PiecePoints {
  lat: number[];
  lon: number[];
  ele: number[];
}

/** The shape points of a piece in travel order, ends cut at its fractions. */
function piecePoints(g: StreetGraph, piece: PathPiece): PiecePoints {
  const start = g.edgeShapeStart[piece.edge]!;
  const end = g.edgeShapeStart[piece.edge + 1]!;
  const cum: number[] = [0];
  for (let p = start + 1; p < end; p++)
    cum.push(
      cum[cum.length - 1]! +
        haversineM(g.shapeLat[p - 1]!, g.shapeLon[p - 1]!, g.shapeLat[p]!, g.shapeLon[p]!),
    );
  const total = cum[cum.length - 1]!;
  const at = (fraction: number): [number, number, number] => {
    const d = fraction * total;
    let i = 1;
    while (i < cum.length - 1 && cum[i]! < d) i++;
    const seg = cum[i]! - cum[i - 1]!;
    const t = seg > 0 ? (d - cum[i - 1]!) / seg : 0;
    const a = start + i - 1;
    const b = start + i;
    return [
      g.shapeLat[a]! + t * (g.shapeLat[b]! - g.shapeLat[a]!),
      g.shapeLon[a]! + t * (g.shapeLon[b]! - g.shapeLon[a]!),
      g.shapeEle[a]! + t * (g.shapeEle[b]! - g.shapeEle[a]!),
    ];
  };
  const lo = Math.min(piece.fromFraction, piece.toFraction) * total;
  const hi = Math.max(piece.fromFraction, piece.toFraction) * total;
  const out: PiecePoints = { lat: [], lon: [], ele: [] };
  const push = (p: [number, number, number]): void => {
    out.lat.push(p[0]);
    out.lon.push(p[1]);
    out.ele.push(p[2]);
  };
  push(at(Math.min(piece.fromFraction, piece.toFraction)));
  for (let i = 0; i < cum.length; i++) {
    if (cum[i]! > lo && cum[i]! < hi)
      push([g.shapeLat[start + i]!, g.shapeLon[start + i]!, g.shapeEle[start + i]!]);
  }
  push(at(Math.max(piece.fromFraction, piece.toFraction)));
  if (piece.reverse) {
    out.lat.reverse();
    out.lon.reverse();
    out.ele.reverse();
  }
  return out;
}

/** Bearing of the first (or last) non-degenerate segment of a point list. */
function bearingAt(pts: PiecePoints, fromEnd: boolean): number | null {
  const n = pts.lat.length;
  if (fromEnd) {
    for (let i = n - 1; i > 0; i--) {
      if (pts.lat[i] !== pts.lat[i - 1] || pts.lon[i] !== pts.lon[i - 1])
        return bearingDeg(pts.lat[i - 1]!, pts.lon[i - 1]!, pts.lat[i]!, pts.lon[i]!);
    }
  } else {
    for (let i = 1; i < n; i++) {
      if (pts.lat[i] !== pts.lat[i - 1] || pts.lon[i] !== pts.lon[i - 1])
        return bearingDeg(pts.lat[i - 1]!, pts.lon[i - 1]!, pts.lat[i]!, pts.lon[i]!);
    }
  }
  return null;
}

/** Classify the change of heading (degrees, positive = clockwise) at a junction. */
export function turnManeuver(delta: number): Maneuver {
  const a = Math.abs(delta);
  const right = delta > 0;
  if (a < 20) return 'straight';
  if (a < 50) return right ? 'turn-slight-right' : 'turn-slight-left';
  if (a < 125) return right ? 'turn-right' : 'turn-left';
  if (a < 170) return right ? 'turn-sharp-right' : 'turn-sharp-left';
  return 'uturn';
}

/** Ways off a roundabout at a vertex for the mode: arcs onto edges that are not part of it. */
function countExits(g: StreetGraph, v: number, mode: StreetMode): number {
  const bit = MODE_BIT[mode];
  let n = 0;
  for (let i = g.outStart[v]!; i < g.outStart[v + 1]!; i++) {
    if (g.arcModes[i]! & bit && !(g.edgeFlags[g.arcEdge[i]!]! & EDGE_FLAG.roundabout)) n++;
  }
  return n;
}

/** Turn a street path into a displayable route with polyline, elevation and directions. */
export function describeStreetPath(g: StreetGraph, path: StreetPath): StreetRoute {
  const coords: Array<[number, number]> = [];
  let hi = -Infinity;
  let lo = Infinity;
  const directions: Direction[] = [];
  let prevBearing: number | null = null;
  let prevRoad: string | null = null;
  let prevFerry = false;
  let roundabout: { exits: number } | null = null;
  let ascentM = 0;
  let descentM = 0;
  let prevEle = Number.NaN;
  const modeIndex = MODE_INDEX[path.mode];
  path.pieces.forEach((piece, pieceIndex) => {
    const pts = piecePoints(g, piece);
    for (let i = 0; i < pts.lat.length; i++) {
      const lat = pts.lat[i]!;
      const lon = pts.lon[i]!;
      const last = coords[coords.length - 1];
      if (!last || last[0] !== lat || last[1] !== lon) coords.push([lat, lon]);
      const ele = pts.ele[i]!;
      if (!Number.isNaN(ele)) {
        hi = Math.max(hi, ele);
        lo = Math.min(lo, ele);
        if (!Number.isNaN(prevEle)) {
          if (ele > prevEle) ascentM += ele - prevEle;
          else descentM += prevEle - ele;
        }
        prevEle = ele;
      }
    }
    const f = Math.abs(piece.toFraction - piece.fromFraction);
    const distanceM = f * g.edgeLengthM[piece.edge]!;
    const durationSec = edgePartCostSec(g, modeIndex, piece.edge, piece.fromFraction, piece.toFraction);
    const road = roadLabel(g, piece.edge);
    const ferry = edgeHighwayClass(g, piece.edge) === 'ferry';
    const onRoundabout = (g.edgeFlags[piece.edge]! & EDGE_FLAG.roundabout) !== 0;
    const inBearing = bearingAt(pts, false);
    const current = directions[directions.length - 1];
    if (onRoundabout && path.mode !== 'foot') {
      // Round the roundabout: one instruction, counting the exits passed on the way.
      if (roundabout && current) {
        roundabout.exits += countExits(
          g,
          piece.reverse ? g.edgeTo[piece.edge]! : g.edgeFrom[piece.edge]!,
          path.mode,
        );
        current.distance_m += distanceM;
        current.durationSec += durationSec;
      } else {
        roundabout = { exits: 0 };
        directions.push({
          action: 'roundabout',
          distance_m: distanceM,
          durationSec,
          start: { lat: pts.lat[0]!, lon: pts.lon[0]! },
        });
      }
      prevRoad = null;
    } else if (roundabout && current) {
      // Leaving the roundabout: the instruction names the exit and the road it leads onto.
      current.exit = roundabout.exits + 1;
      current.street = road;
      current.distance_m += distanceM;
      current.durationSec += durationSec;
      roundabout = null;
      prevRoad = road;
      prevFerry = ferry;
    } else if (current && road === prevRoad && ferry === prevFerry) {
      current.distance_m += distanceM;
      current.durationSec += durationSec;
    } else if (distanceM >= MIN_STEP_M || (!current && pieceIndex === path.pieces.length - 1)) {
      // A sliver of an edge (a start or end snapped onto a junction) gets no instruction of its own.
      let maneuver: Maneuver;
      if (ferry) maneuver = 'ferry';
      else if (!current || prevBearing === null || inBearing === null) maneuver = 'depart';
      else maneuver = turnManeuver(((inBearing - prevBearing + 540) % 360) - 180);
      const direction: Direction = {
        action: maneuver,
        distance_m: distanceM,
        durationSec,
        start: { lat: pts.lat[0]!, lon: pts.lon[0]! },
      };
      if (maneuver === 'depart') direction.heading = COMPASS[Math.round((inBearing ?? 0) / 45) % 8]!;
      if (maneuver !== 'ferry') direction.street = road;
      directions.push(direction);
      prevRoad = road;
      prevFerry = ferry;
    }
    prevBearing = bearingAt(pts, true) ?? prevBearing;
  });
  return {
    mode: path.mode,
    durationSec: path.durationSec,
    distanceM: path.distanceM,
    distanceMiles: metresToMiles(path.distanceM),
    polyline: polyline.encode(coords, 5),
    coordinates: coords,
    elevationHighestM: hi === -Infinity ? null : hi,
    elevationLowestM: lo === Infinity ? null : lo,
    ascentM: hi === -Infinity ? null : Math.round(ascentM),
    descentM: hi === -Infinity ? null : Math.round(descentM),
    directions,
  };
}
