import polyline from '@mapbox/polyline';
import type { StreetRoute } from './directions.ts';
import { metresToMiles } from '../format/distance.ts';
import { haversineM } from '../geo/geometry.ts';
import { WALK_DETOUR_FACTOR, WALK_MPS } from '../figures/planningFigures.ts';
import type { GeoPoint } from '../geo/geometry.ts';

/*
 * Where no mapped path serves a place (a stop in a field the extract leaves out, a building far
 * from any way), a walk goes in a straight line rather than not at all, timed with a detour
 * factor and shown as such. It stays short: beyond the access walk limit nobody should be sent
 * across unmapped ground.
 */

/*
 * A street walk many times its straight line is a gap in the extract (a footbridge, an underpass
 * or a station's passage left out), not a way anyone would walk: on RNV, Vogelstang Zentrum's two
 * poles 106 m apart were 4.8 km apart along the mapped roads, and Käfertaler Straße to Käfertal
 * Bahnhof 158 m against 2.0 km. Such a walk is offered as a labelled straight-line estimate instead.
 * Both limits must be passed, so ordinary detours (a block round, a bridge a few hundred metres
 * off) keep their street route; a river with no bridge for a kilometre would pass them too, which
 * is why the step says it is an estimate and names the street route's length.
 */

/** A street walk over this many times the straight line may be a gap in the map… */
export const GAP_DETOUR_FACTOR = 5;
/** …when it is also this much longer than the straight line, metres. */
export const GAP_MIN_EXTRA_M = 1000;

/** Whether a street walk of `streetM` between points `crowM` apart in a straight line is a gap in the map. */
export function isMapGapDetour(streetM: number, crowM: number): boolean {
  return streetM > GAP_DETOUR_FACTOR * crowM && streetM - crowM > GAP_MIN_EXTRA_M;
}

/** Longest straight-line walk offered, seconds (the walk access limit, 15 minutes). */
export const STRAIGHT_WALK_MAX_SEC = 15 * 60;

/** Distance and time of a straight-line walk between two points, or undefined beyond the limit. */
export function findStraightWalk(
  from: GeoPoint,
  to: GeoPoint,
  maxSec = STRAIGHT_WALK_MAX_SEC,
): { distanceM: number; durationSec: number } | undefined {
  const distanceM = haversineM(from.lat, from.lon, to.lat, to.lon) * WALK_DETOUR_FACTOR;
  const durationSec = distanceM / WALK_MPS;
  return durationSec <= maxSec ? { distanceM, durationSec } : undefined;
}

/**
 * A straight-line walk as a street route (flagged `straightLine`), or undefined beyond the limit;
 * `streetDetourM`, when given, is the length of the absurd street walk it replaces.
 */
export function describeStraightWalk(
  from: GeoPoint,
  to: GeoPoint,
  maxSec = STRAIGHT_WALK_MAX_SEC,
  streetDetourM?: number,
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
    ...(streetDetourM !== undefined ? { streetDetourM } : {}),
  };
}
