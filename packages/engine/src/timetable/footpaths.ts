import KDBush from 'kdbush';
import { haversineM, projectionFor } from '../geo/geometry.ts';
import type { TransferSettings } from './types.ts';

/** A directed walk between two stops. */
export interface Footpath {
  from: number;
  to: number;
  durationSec: number;
}

export interface StopPositions {
  count: number;
  lat: Float64Array;
  lon: Float64Array;
}

/**
 * Where walking transfers come from. The default measures straight lines; the street engine can
 * supply real walking times instead (pass it to `buildTimetable` or `replaceFootpaths`).
 */
export type FootpathSource = (stops: StopPositions, settings: TransferSettings) => Footpath[];

/** Walking time for a straight-line distance, with the detour factor applied. */
export function straightLineWalkSec(distanceM: number, settings: TransferSettings): number {
  return Math.round((distanceM * settings.detourFactor) / settings.walkSpeedMps);
}

/** The footpathSource label of straight-line footpaths. */
export const STRAIGHT_LINE_FOOTPATHS = 'straight-line';

/** Footpaths between every pair of stops within the radius, timed as straight line × detour factor. */
export const straightLineFootpaths: FootpathSource = (stops, settings) => {
  const out: Footpath[] = [];
  if (stops.count < 2) return out;
  // A flat projection around the mean latitude finds the candidates; the padding absorbs its error.
  let meanLat = 0;
  for (let i = 0; i < stops.count; i++) meanLat += stops.lat[i]!;
  meanLat /= stops.count;
  const { kx, ky } = projectionFor(meanLat, meanLat);
  const index = new KDBush(stops.count);
  for (let i = 0; i < stops.count; i++) index.add(stops.lon[i]! * kx, stops.lat[i]! * ky);
  index.finish();
  const pad = settings.footpathRadiusM * 1.05;
  for (let i = 0; i < stops.count; i++) {
    const x = stops.lon[i]! * kx;
    const y = stops.lat[i]! * ky;
    for (const j of index.range(x - pad, y - pad, x + pad, y + pad)) {
      if (j === i) continue;
      const d = haversineM(stops.lat[i]!, stops.lon[i]!, stops.lat[j]!, stops.lon[j]!);
      if (d <= settings.footpathRadiusM)
        out.push({ from: i, to: j, durationSec: straightLineWalkSec(d, settings) });
    }
  }
  return out;
};
