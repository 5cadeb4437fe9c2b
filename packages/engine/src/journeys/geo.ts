/** Small geometry helpers for fares, extras and option building (WGS84, metres). */

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number): number => (deg * Math.PI) / 180;

/** Great-circle distance in metres. */
export function haversineM(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const dLat = rad(bLat - aLat);
  const dLng = rad(bLng - aLng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(aLat)) * Math.cos(rad(bLat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Ray-casting point-in-polygon over GeoJSON rings of [lon, lat]; holes (later rings) exclude. */
export function pointInPolygon(
  lat: number,
  lng: number,
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
      if (ya > lat !== yb > lat && lng < ((xb - xa) * (lat - ya)) / (yb - ya) + xa) inRing = !inRing;
    }
    if (i === 0) inside = inRing;
    else if (inRing) inside = false;
  });
  return inside;
}

/** Length in metres of a lat/lng path. */
export function pathLengthM(coords: ReadonlyArray<readonly [number, number]>): number {
  let sum = 0;
  for (let i = 1; i < coords.length; i++) {
    const a = coords[i - 1];
    const b = coords[i];
    if (a && b) sum += haversineM(a[0], a[1], b[0], b[1]);
  }
  return sum;
}
