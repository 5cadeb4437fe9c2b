/** Small spherical-earth helpers; accuracy of a few metres is plenty for generated demo data. */

export interface Point {
  lat: number;
  lon: number;
}

const EARTH_RADIUS_M = 6_371_000;
const RAD = Math.PI / 180;

/** Great-circle distance in metres. */
export function distanceM(a: Point, b: Point): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLon = (b.lon - a.lon) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Squared flat-earth distance in m², for fast nearest-neighbour comparisons over short ranges. */
export function approxDistance2(a: Point, b: Point): number {
  const y = (b.lat - a.lat) * EARTH_RADIUS_M * RAD;
  const x = (b.lon - a.lon) * EARTH_RADIUS_M * RAD * Math.cos(((a.lat + b.lat) / 2) * RAD);
  return x * x + y * y;
}

/** Point reached by moving east and north by the given metres (flat approximation). */
export function offsetM(p: Point, eastM: number, northM: number): Point {
  return {
    lat: p.lat + northM / (EARTH_RADIUS_M * RAD),
    lon: p.lon + eastM / (EARTH_RADIUS_M * RAD * Math.cos(p.lat * RAD)),
  };
}

/** East and north metres from a to b (flat approximation, fine over tens of km). */
export function deltaM(a: Point, b: Point): { eastM: number; northM: number } {
  return {
    eastM: (b.lon - a.lon) * EARTH_RADIUS_M * RAD * Math.cos(((a.lat + b.lat) / 2) * RAD),
    northM: (b.lat - a.lat) * EARTH_RADIUS_M * RAD,
  };
}

export function lerp(a: Point, b: Point, t: number): Point {
  return { lat: a.lat + (b.lat - a.lat) * t, lon: a.lon + (b.lon - a.lon) * t };
}

/** Length of a polyline in metres. */
export function polylineLengthM(points: readonly Point[]): number {
  let sum = 0;
  for (let i = 1; i < points.length; i++) sum += distanceM(points[i - 1]!, points[i]!);
  return sum;
}

/** Fixed-precision coordinate text so output is byte-stable. */
export function fmtCoord(v: number): string {
  return v.toFixed(6);
}

/** Convex hull (Andrew's monotone chain) of points, counter-clockwise, closed (first point repeated). */
export function convexHull(points: readonly Point[]): Point[] {
  const pts = [...points].sort((a, b) => a.lon - b.lon || a.lat - b.lat);
  if (pts.length < 3) return [...pts, ...pts.slice(0, 1)];
  const cross = (o: Point, a: Point, b: Point) =>
    (a.lon - o.lon) * (b.lat - o.lat) - (a.lat - o.lat) * (b.lon - o.lon);
  const lower: Point[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0)
      lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0)
      upper.pop();
    upper.push(p);
  }
  const hull = [...lower.slice(0, -1), ...upper.slice(0, -1)];
  return [...hull, hull[0]!];
}

/** Polygon around places: the hull of a circle of radiusM around each of them. */
export function hullAround(centres: readonly Point[], radiusM: number, steps = 16): Point[] {
  const pts: Point[] = [];
  for (const c of centres) {
    for (let i = 0; i < steps; i++) {
      const a = (2 * Math.PI * i) / steps;
      pts.push(offsetM(c, radiusM * Math.cos(a), radiusM * Math.sin(a)));
    }
  }
  return convexHull(pts).map((p) => ({ lat: Number(p.lat.toFixed(5)), lon: Number(p.lon.toFixed(5)) }));
}
