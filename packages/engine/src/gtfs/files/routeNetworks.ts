import { eachRow } from '../rows.ts';
import type { GtfsSource } from '../source.ts';
import type { GtfsFareTables } from '../types.ts';
import type { WarningLog } from '../warnings.ts';

/** route_networks.txt (Fares v2, optional): the network of a route, instead of routes.txt network_id. */
export function readRouteNetworks(source: GtfsSource, log: WarningLog): GtfsFareTables['routeNetworks'] {
  const out: GtfsFareTables['routeNetworks'] = [];
  eachRow(
    source,
    log,
    'route_networks.txt',
    [],
    (get) => {
      if (get('route_id') !== '' && get('network_id') !== '')
        out.push({ routeId: get('route_id'), networkId: get('network_id') });
    },
    false,
  );
  return out;
}
