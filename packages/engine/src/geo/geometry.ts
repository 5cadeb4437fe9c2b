/*
 * The engine's geometry, in one place: the point type, great-circle distance and bearing, the flat
 * projection used by spatial indexes, and point-in-polygon. WGS84 degrees in, metres out.
 */

import type { LatLng } from '@cairn/contracts';

/** A WGS84 position in degrees: the engine's one point type (OSM, GTFS and region.json say lon). */
export interface GeoPoint {
  lat: number;
  lon: number;
}

/** The wire's `{ lat, lng }` (contracts LatLng, SPEC §3) of a point: the one place the names change. */
export function toLatLng(p: GeoPoint): LatLng {
  return { lat: p.lat, lng: p.lon };
}

/** The engine point of a wire `{ lat, lng }` (the inverse of toLatLng). */
export function fromLatLng(p: LatLng): GeoPoint {
  return { lat: p.lat, lon: p.lng };
}

/** Mean Earth radius in metres (IUGG). */
export const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

/** Great-circle distance between two WGS84 points, in metres. */
export function haversineM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Initial compass bearing from point 1 to point 2, degrees 0..360 (0 = north). */
export function bearingDeg(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const y = Math.sin((lon2 - lon1) * RAD) * Math.cos(lat2 * RAD);
  const x =
    Math.cos(lat1 * RAD) * Math.sin(lat2 * RAD) -
    Math.sin(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.cos((lon2 - lon1) * RAD);
  return (Math.atan2(y, x) / RAD + 360) % 360;
}

/**
 * Local flat projection (equirectangular) in metres around a reference latitude. Good to a
 * fraction of a percent across a region; used for spatial indexes and A* estimates, while
 * distances themselves come from `haversineM`.
 */
export interface Projection {
  kx: number;
  ky: number;
}

/** A projection whose x scale is the smallest over [minLat, maxLat], so distances never exceed the true ones. */
export function projectionFor(minLat: number, maxLat: number): Projection {
  const lat = Math.abs(minLat) > Math.abs(maxLat) ? minLat : maxLat;
  return { kx: EARTH_RADIUS_M * RAD * Math.cos(lat * RAD), ky: EARTH_RADIUS_M * RAD };
}

/** Distance from point p to segment a-b in projected metres, with the fraction t along a-b of the nearest point. */
export function pointSegment(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): { distM: number; t: number } {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const qx = ax + t * dx - px;
  const qy = ay + t * dy - py;
  return { distM: Math.sqrt(qx * qx + qy * qy), t };
}

/** Whether a point lies inside a polygon given as GeoJSON rings of [lon, lat]: the outline, then holes. */
export function pointInPolygon(
  lat: number,
  lon: number,
  rings: ReadonlyArray<ReadonlyArray<readonly [number, number]>>,
): boolean {
  let inside = false;
  rings.forEach((ring, i) => {
    let inRing = false;
    for (let a = 0, b = ring.length - 1; a < ring.length; b = a++) {
      const pa = ring[a];
      const pb = ring[b];
      if (!pa || !pb) continue;
      const [xa, ya] = pa;
      const [xb, yb] = pb;
      if (ya > lat !== yb > lat && lon < ((xb - xa) * (lat - ya)) / (yb - ya) + xa) inRing = !inRing;
    }
    if (i === 0) inside = inRing;
    else if (inRing) inside = false;
  });
  return inside;
}
