import { pointInPolygon } from '../geo/geometry.ts';

/*
 * A coarse outline of Great Britain (mainland with the Scottish islands, Anglesey, the Isle of
 * Wight and Scilly) as [lon, lat], drawn by hand through the sea around the coast from the
 * positions of headlands in OpenStreetMap (Land's End, Dover, Lowestoft Ness, Dunnet Head,
 * Muckle Flugga, St Kilda, the Mull of Kintyre, the Mull of Galloway, Holyhead). It leaves out
 * Ireland and Northern Ireland, the Isle of Man, the Channel Islands and France, which are not
 * in Great Britain. Good to a few kilometres: enough to keep address search on the island.
 */
const GREAT_BRITAIN_OUTLINE: ReadonlyArray<readonly [number, number]> = [
  [-6.5, 49.8],
  [-5.2, 49.9],
  [-3.65, 50.15],
  [-1.3, 50.55],
  [0.3, 50.68],
  [1.05, 50.85],
  [1.5, 51.1],
  [1.55, 51.4],
  [1.45, 51.8],
  [1.9, 52.5],
  [1.8, 52.95],
  [0.3, 53.6],
  [0.0, 54.1],
  [-0.4, 54.5],
  [-1.5, 55.6],
  [-2.4, 56.2],
  [-1.6, 57.5],
  [-1.6, 57.7],
  [-2.2, 59.4],
  [-1.4, 59.5],
  [-0.6, 60.3],
  [-0.6, 61.0],
  [-1.3, 60.9],
  [-2.3, 60.2],
  [-3.3, 59.5],
  [-3.5, 59.2],
  [-4.5, 59.3],
  [-6.0, 59.2],
  [-7.8, 58.3],
  [-8.8, 57.8],
  [-7.8, 56.75],
  [-7.2, 56.5],
  [-6.7, 55.7],
  [-6.6, 55.5],
  [-5.92, 55.27],
  [-5.3, 55.0],
  [-5.0, 54.6],
  [-4.5, 54.6],
  [-3.75, 54.4],
  [-3.8, 54.25],
  [-4.75, 53.45],
  [-4.85, 52.75],
  [-5.2, 52.1],
  [-5.7, 51.7],
  [-6.5, 49.8],
];

/** Whether a position lies in Great Britain (England, Scotland, Wales and their islands). */
export function isInGreatBritain(lat: number, lon: number): boolean {
  if (lat < 49.8 || lat > 61.0 || lon < -8.8 || lon > 1.9) return false;
  return pointInPolygon(lat, lon, [GREAT_BRITAIN_OUTLINE]);
}
