import { approxDistance2 } from './geo.ts';
import type { Point } from './geo.ts';
import type { Place } from './places.ts';

/*
 * A hand-made elevation model for demo data only: inverse-distance weighting between the
 * approximate heights of the towns and a few road passes, plus Gaussian hills for the big
 * summits (heights from Ordnance Survey maps as quoted on Wikipedia). Not a terrain model.
 */

interface Anchor extends Point {
  eleM: number;
}

// Road passes and summit areas (approximate positions and heights).
const PASSES: Anchor[] = [
  { lat: 56.86, lon: -4.24, eleM: 462 }, // Pass of Drumochter (A9)
  { lat: 56.879, lon: -3.421, eleM: 670 }, // Cairnwell Pass (A93)
  { lat: 57.2, lon: -3.245, eleM: 637 }, // The Lecht (A939)
  { lat: 57.31, lon: -3.91, eleM: 405 }, // Slochd summit (A9)
  { lat: 57.0, lon: -3.7, eleM: 700 }, // high Cairngorm plateau south of Glenmore
  { lat: 57.1226, lon: -3.6517, eleM: 1097 }, // Ptarmigan, the funicular top station
];

const PEAKS: (Anchor & { sigmaM: number })[] = [
  { lat: 57.1166, lon: -3.6436, eleM: 1245, sigmaM: 900 }, // Cairn Gorm
  { lat: 57.0704, lon: -3.6691, eleM: 1309, sigmaM: 1100 }, // Ben Macdui
  { lat: 57.0783, lon: -3.7286, eleM: 1296, sigmaM: 900 }, // Braeriach
  { lat: 56.9603, lon: -3.2461, eleM: 1155, sigmaM: 1100 }, // Lochnagar
  { lat: 56.8398, lon: -3.6893, eleM: 1129, sigmaM: 1100 }, // Beinn a' Ghlo
];

/** Elevation in whole metres for any point of the region. */
export function makeElevationModel(places: readonly Place[]): (p: Point) => number {
  const anchors: Anchor[] = [...places.map((p) => ({ lat: p.lat, lon: p.lon, eleM: p.eleM })), ...PASSES];
  return (p) => {
    let wSum = 0;
    let eSum = 0;
    for (const a of anchors) {
      const w = 1 / Math.max(2500, approxDistance2(p, a));
      wSum += w;
      eSum += w * a.eleM;
    }
    let ele = eSum / wSum;
    for (const k of PEAKS) {
      const bump = (k.eleM - ele) * Math.exp(-approxDistance2(p, k) / (2 * k.sigmaM * k.sigmaM));
      if (bump > 0) ele += bump;
    }
    // A gentle ripple so roads are not perfectly smooth between anchors.
    ele += 8 * Math.sin(p.lat * 900) * Math.cos(p.lon * 700);
    return Math.max(0, Math.round(ele));
  };
}
