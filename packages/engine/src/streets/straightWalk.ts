import polyline from '@mapbox/polyline';
import type { StreetRoute } from './directions.ts';
import { metresToMiles } from '../journeys/format/distance.ts';
import { haversineM } from '../geo/geometry.ts';
import { WALK_MPS } from '../osm/wayAccess.ts';
import type { GeoPoint } from '../geo/geometry.ts';

/*
 * Where no mapped path serves a place (a stop in a field the extract leaves out, a building far
 * from any way), a walk goes in a straight line rather than not at all, timed with a detour
 * factor and shown as such. It stays short: beyond the access walk limit nobody should be sent
 * across unmapped ground.
 */

/** Real walks run about this much longer than the straight line between their ends. */
export const STRAIGHT_WALK_DETOUR = 1.3;
/** Longest straight-line walk offered, seconds (the walk access limit, 15 minutes). */
export const STRAIGHT_WALK_MAX_SEC = 15 * 60;

/** Distance and time of a straight-line walk between two points, or undefined beyond the limit. */
export function findStraightWalk(
  from: GeoPoint,
  to: GeoPoint,
  maxSec = STRAIGHT_WALK_MAX_SEC,
): { distanceM: number; durationSec: number } | undefined {
  const distanceM = haversineM(from.lat, from.lon, to.lat, to.lon) * STRAIGHT_WALK_DETOUR;
  const durationSec = distanceM / WALK_MPS;
  return durationSec <= maxSec ? { distanceM, durationSec } : undefined;
}

/** A straight-line walk as a street route (flagged `straightLine`), or undefined beyond the limit. */
export function describeStraightWalk(
  from: GeoPoint,
  to: GeoPoint,
  maxSec = STRAIGHT_WALK_MAX_SEC,
): StreetRoute | undefined {
  const walk = findStraightWalk(from, to, maxSec);
  if (!walk) return undefined;
  const coordinates: Array<[number, number]> = [
    [from.lat, from.lon],
    [to.lat, to.lon],
  ];
  return {
    mode: 'foot',
    durationSec: walk.durationSec,
    distanceM: walk.distanceM,
    distanceMiles: metresToMiles(walk.distanceM),
    polyline: polyline.encode(coordinates, 5),
    coordinates,
    elevationHighestM: null,
    elevationLowestM: null,
    ascentM: null,
    descentM: null,
    directions: [
      {
        action: 'walk-unmapped',
        distance_m: walk.distanceM,
        durationSec: walk.durationSec,
        start: { lat: from.lat, lon: from.lon },
      },
    ],
    straightLine: true,
  };
}
