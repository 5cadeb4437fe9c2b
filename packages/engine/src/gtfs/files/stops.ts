import { eachRow, parseIntField } from '../rows.ts';
import type { GtfsSource } from '../source.ts';
import type { GtfsStop } from '../types.ts';
import type { WarningLog } from '../warnings.ts';
import { applyPathways } from './pathways.ts';

export interface StopTable {
  stops: GtfsStop[];
  stopById: Map<string, number>;
}

/**
 * stops.txt (required): stops with a position (stations, entrances and platforms need one), parent
 * stations resolved to indices, and wheelchair access from pathways.txt, else inherited from the
 * parent, when unknown.
 */
export function readStops(source: GtfsSource, log: WarningLog): StopTable {
  const stops: GtfsStop[] = [];
  const stopById = new Map<string, number>();
  const parentIds: string[] = [];
  eachRow(source, log, 'stops.txt', ['stop_id'], (get, line) => {
    const id = get('stop_id');
    if (id === '') return log.add('stops.txt', line, 'stop_id', 'empty stop_id; row skipped');
    if (stopById.has(id))
      return log.add('stops.txt', line, 'stop_id', `duplicate stop_id "${id}"; row skipped`);
    const locationType = parseIntField(get('location_type'), 0);
    const lat = Number(get('stop_lat'));
    const lon = Number(get('stop_lon'));
    const needsPosition = locationType <= 2;
    if (needsPosition && (get('stop_lat') === '' || !Number.isFinite(lat) || Math.abs(lat) > 90)) {
      return log.add('stops.txt', line, 'stop_lat', `stop "${id}" has no valid latitude; row skipped`);
    }
    if (needsPosition && (get('stop_lon') === '' || !Number.isFinite(lon) || Math.abs(lon) > 180)) {
      return log.add('stops.txt', line, 'stop_lon', `stop "${id}" has no valid longitude; row skipped`);
    }
    stopById.set(id, stops.length);
    parentIds.push(get('parent_station'));
    stops.push({
      id,
      code: get('stop_code'),
      name: get('stop_name'),
      lat: Number.isFinite(lat) ? lat : 0,
      lon: Number.isFinite(lon) ? lon : 0,
      locationType: Number.isNaN(locationType) ? 0 : locationType,
      parentIdx: -1,
      wheelchair: parseIntField(get('wheelchair_boarding'), 0) || 0,
      platformCode: get('platform_code'),
      zoneId: get('zone_id'),
    });
  });
  stops.forEach((s, i) => {
    const pid = parentIds[i] ?? '';
    if (pid === '') return;
    const p = stopById.get(pid);
    if (p === undefined)
      log.add('stops.txt', 0, 'parent_station', `stop "${s.id}" names unknown parent "${pid}"`);
    else s.parentIdx = p;
  });
  // Pathways first: what they show of a platform is closer to it than its station's value.
  applyPathways(source, log, stops, stopById);
  for (const s of stops) {
    const parent = s.parentIdx >= 0 ? stops[s.parentIdx] : undefined;
    if (s.wheelchair === 0 && parent) s.wheelchair = parent.wheelchair;
  }
  return { stops, stopById };
}
