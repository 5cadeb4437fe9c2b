import { eachRow, parseIntField } from '../rows.ts';
import type { GtfsSource } from '../source.ts';
import type { GtfsTrip } from '../types.ts';
import type { WarningLog } from '../warnings.ts';

export interface TripTable {
  trips: GtfsTrip[];
  tripById: Map<string, number>;
}

/** trips.txt (required): trips of known routes and services; an unknown shape is left out. */
export function readTrips(
  source: GtfsSource,
  log: WarningLog,
  routeById: ReadonlyMap<string, number>,
  serviceById: ReadonlyMap<string, number>,
  shapeById: ReadonlyMap<string, number>,
): TripTable {
  const trips: GtfsTrip[] = [];
  const tripById = new Map<string, number>();
  eachRow(source, log, 'trips.txt', ['route_id', 'service_id', 'trip_id'], (get, line) => {
    const id = get('trip_id');
    if (tripById.has(id))
      return log.add('trips.txt', line, 'trip_id', `duplicate trip_id "${id}"; row skipped`);
    const routeIdx = routeById.get(get('route_id'));
    if (routeIdx === undefined)
      return log.add('trips.txt', line, 'route_id', `unknown route_id "${get('route_id')}"; row skipped`);
    const serviceIdx = serviceById.get(get('service_id'));
    if (serviceIdx === undefined) {
      return log.add(
        'trips.txt',
        line,
        'service_id',
        `service_id "${get('service_id')}" is in neither calendar file; row skipped`,
      );
    }
    const shapeId = get('shape_id');
    tripById.set(id, trips.length);
    trips.push({
      id,
      routeIdx,
      serviceIdx,
      headsign: get('trip_headsign'),
      shortName: get('trip_short_name'),
      directionId: parseIntField(get('direction_id'), 0) || 0,
      shapeIdx: shapeId === '' ? -1 : (shapeById.get(shapeId) ?? -1),
      wheelchair: parseIntField(get('wheelchair_accessible'), 0) || 0,
      valid: true,
    });
  });
  return { trips, tripById };
}
