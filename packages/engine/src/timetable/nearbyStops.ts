import type { AccessLeg } from '../raptor/types.ts';
import { haversineM } from '../geo/geometry.ts';
import { straightLineWalkSec } from './footpaths.ts';
import type { Timetable } from './timetable.ts';

/**
 * Walking legs from a point to the stops around it, timed by straight line × detour factor (until
 * the street graph supplies real walks). Only stops some trip calls at are returned.
 */
export function listStopsWithinWalk(
  tt: Timetable,
  lat: number,
  lon: number,
  radiusM: number,
  mode = 'walk',
): AccessLeg[] {
  const a = tt.a;
  const out: AccessLeg[] = [];
  for (let s = 0; s < tt.stopCount; s++) {
    if (a.stopPatternOffsets[s + 1] === a.stopPatternOffsets[s]) continue;
    const d = haversineM(lat, lon, a.stopLat[s]!, a.stopLon[s]!);
    if (d <= radiusM)
      out.push({ stopIdx: s, durationSec: straightLineWalkSec(d, tt.meta.transferSettings), mode });
  }
  return out;
}
