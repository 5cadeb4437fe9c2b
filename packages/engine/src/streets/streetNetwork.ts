import { buildSnapIndex, listSnapPoints } from './snap.ts';
import type { GeoPoint } from '../geo/geometry.ts';
import type { SnapIndex } from './snap.ts';
import { findStreetPath, findStreetPathInHierarchy, listEnds } from './search.ts';
import type { SearchStats, SnapEnds, StreetPath } from './search.ts';
import { buildContractionHierarchy } from './contraction.ts';
import type { ContractionHierarchy } from './contraction.ts';
import { describeStreetPath } from './directions.ts';
import type { StreetRoute } from './directions.ts';
import type { StreetGraph } from './graph.ts';
import { buildLandmarks } from './landmarks.ts';
import type { Landmarks } from './landmarks.ts';
import type { StreetMode } from '../osm/wayAccess.ts';
import type { PreparedStreets } from './preparedStreets.ts';

/** A street graph with its snapping index: what every street search needs. */
export interface StreetNetwork {
  graph: StreetGraph;
  snap: SnapIndex;
  /** ALT landmarks for the modes with long trips (car, bicycle); walking uses straight-line bounds. */
  landmarks: Partial<Record<StreetMode, Landmarks>>;
  /** Contraction hierarchies, built for cars (trips across the whole region). */
  hierarchies: Partial<Record<StreetMode, ContractionHierarchy>>;
}

export interface StreetNetworkOptions {
  /** Build the car contraction hierarchy (default true; a few seconds for a city region). */
  carHierarchy?: boolean;
  /** Landmarks and hierarchies already built for this graph (read from a region's streets.bin), used instead of building them. */
  prepared?: PreparedStreets;
}

/** Default furthest distance (m) from a coordinate to the street it is snapped to. */
export const MAX_SNAP_M = 1000;

/** Landmarks per mode; 8 keeps the preprocessing to 32 full searches per graph. */
export const LANDMARK_COUNT = 8;

/** The slow part of a street network: car and bicycle landmarks, and the car hierarchy unless left out. */
export function prepareStreets(graph: StreetGraph, options: StreetNetworkOptions = {}): PreparedStreets {
  return {
    landmarks: {
      car: buildLandmarks(graph, 'car', LANDMARK_COUNT),
      bicycle: buildLandmarks(graph, 'bicycle', LANDMARK_COUNT),
    },
    hierarchies: options.carHierarchy === false ? {} : { car: buildContractionHierarchy(graph, 'car') },
  };
}

/** Wrap a graph with its snapping index and routing speed-ups (landmarks, car hierarchy). */
export function createStreetNetwork(graph: StreetGraph, options: StreetNetworkOptions = {}): StreetNetwork {
  return { graph, snap: buildSnapIndex(graph), ...(options.prepared ?? prepareStreets(graph, options)) };
}

/**
 * Fastest path between snapped points with the best search the network has for the mode. Ends
 * with several candidates (walkers, see `listSnapPoints`) take the A* search.
 */
export function routeSnapped(
  net: StreetNetwork,
  from: SnapEnds,
  to: SnapEnds,
  mode: StreetMode,
  stats?: SearchStats,
): StreetPath | null {
  const ch = net.hierarchies[mode];
  const froms = listEnds(from);
  const tos = listEnds(to);
  if (ch && froms.length === 1 && tos.length === 1)
    return findStreetPathInHierarchy(net.graph, ch, froms[0]!, tos[0]!, stats);
  return findStreetPath(net.graph, from, to, mode, stats, net.landmarks[mode]);
}

/**
 * Fastest street route between two coordinates for a mode, with directions; undefined when
 * either end is too far from a usable street or no path exists.
 */
export function findStreetRoute(
  net: StreetNetwork,
  from: GeoPoint,
  to: GeoPoint,
  mode: StreetMode,
  stats?: SearchStats,
): StreetRoute | undefined {
  const a = listSnapPoints(net.snap, from.lat, from.lon, mode, MAX_SNAP_M);
  const b = listSnapPoints(net.snap, to.lat, to.lon, mode, MAX_SNAP_M);
  if (a.length === 0 || b.length === 0) return undefined;
  const path = routeSnapped(net, a, b, mode, stats);
  return path ? describeStreetPath(net.graph, path) : undefined;
}
