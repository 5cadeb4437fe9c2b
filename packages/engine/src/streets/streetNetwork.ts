import { buildSnapIndex, findSnapPoint } from './snap.ts';
import type { SnapIndex } from './snap.ts';
import { findStreetPath } from './search.ts';
import type { SearchStats } from './search.ts';
import { describeStreetPath } from './directions.ts';
import type { StreetRoute } from './directions.ts';
import type { StreetGraph } from './graph.ts';
import { buildLandmarks } from './landmarks.ts';
import type { Landmarks } from './landmarks.ts';
import type { StreetMode } from '../osm/wayAccess.ts';

/** A street graph with its snapping index: what every street search needs. */
export interface StreetNetwork {
  graph: StreetGraph;
  snap: SnapIndex;
  /** ALT landmarks for the modes with long trips (car, bicycle); walking uses straight-line bounds. */
  landmarks: Partial<Record<StreetMode, Landmarks>>;
}

/** A WGS84 coordinate. */
export interface Coordinate {
  lat: number;
  lon: number;
}

/** Default furthest distance (m) from a coordinate to the street it is snapped to. */
export const MAX_SNAP_M = 1000;

/** Landmarks per mode; 8 keeps the preprocessing to 32 full searches per graph. */
const LANDMARK_COUNT = 8;

/** Wrap a graph with its snapping index and routing landmarks. */
export function createStreetNetwork(graph: StreetGraph): StreetNetwork {
  return {
    graph,
    snap: buildSnapIndex(graph),
    landmarks: { car: buildLandmarks(graph, 'car', LANDMARK_COUNT), bicycle: buildLandmarks(graph, 'bicycle', LANDMARK_COUNT) },
  };
}

/**
 * Fastest street route between two coordinates for a mode, with directions; undefined when
 * either end is too far from a usable street or no path exists.
 */
export function findStreetRoute(
  net: StreetNetwork,
  from: Coordinate,
  to: Coordinate,
  mode: StreetMode,
  stats?: SearchStats,
): StreetRoute | undefined {
  const a = findSnapPoint(net.snap, from.lat, from.lon, mode, MAX_SNAP_M);
  const b = findSnapPoint(net.snap, to.lat, to.lon, mode, MAX_SNAP_M);
  if (!a || !b) return undefined;
  const path = findStreetPath(net.graph, a, b, mode, stats, net.landmarks[mode]);
  return path ? describeStreetPath(net.graph, path) : undefined;
}
