import { findModeForRouteType } from '../routeTypes.ts';
import { eachRow, parseIntField } from '../rows.ts';
import type { GtfsSource } from '../source.ts';
import type { GtfsAgency, GtfsRoute } from '../types.ts';
import type { WarningLog } from '../warnings.ts';

export interface RouteTable {
  routes: GtfsRoute[];
  routeById: Map<string, number>;
}

/** routes.txt (required): an unknown route_type is shown as a bus; a route of an unknown agency is skipped. */
export function readRoutes(
  source: GtfsSource,
  log: WarningLog,
  agencies: readonly GtfsAgency[],
  agencyById: ReadonlyMap<string, number>,
): RouteTable {
  const routes: GtfsRoute[] = [];
  const routeById = new Map<string, number>();
  eachRow(source, log, 'routes.txt', ['route_id', 'route_type'], (get, line) => {
    const id = get('route_id');
    if (routeById.has(id))
      return log.add('routes.txt', line, 'route_id', `duplicate route_id "${id}"; row skipped`);
    const routeType = parseIntField(get('route_type'), Number.NaN);
    let mode = findModeForRouteType(routeType);
    if (!mode) {
      log.add('routes.txt', line, 'route_type', `unknown route_type "${get('route_type')}"; shown as bus`);
      mode = 'bus';
    }
    const agencyId = get('agency_id');
    let agencyIdx = agencyById.get(agencyId) ?? -1;
    if (agencyIdx < 0) {
      // A feed of one agency may leave agency_id out.
      if (agencies.length === 1) agencyIdx = 0;
      else return log.add('routes.txt', line, 'agency_id', `unknown agency_id "${agencyId}"; row skipped`);
    }
    routeById.set(id, routes.length);
    routes.push({
      id,
      agencyIdx,
      shortName: get('route_short_name'),
      longName: get('route_long_name'),
      routeType,
      mode,
      color: get('route_color'),
      textColor: get('route_text_color'),
      url: get('route_url'),
      networkId: get('network_id'),
    });
  });
  return { routes, routeById };
}
