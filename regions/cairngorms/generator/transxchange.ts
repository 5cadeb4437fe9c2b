import { readGtfsSource, writeTransxchange } from '@cairn/engine/region';
import type { DemoNetwork } from './network.ts';

/*
 * Part of the demo's buses is shipped as TransXChange with a NaPTAN Stops.csv, as UK operators
 * publish them, so every start of the demo exercises the TransXChange and NaPTAN readers: the
 * Atholl villages bus (route 87, Demo Atholl Buses). Its timetable is written from the same
 * model as the GTFS feeds, through GTFS text read back by the engine, then out as TransXChange.
 */

/** Routes shipped as TransXChange instead of in the bus GTFS feed. */
export const TRANSXCHANGE_ROUTES: ReadonlySet<string> = new Set(['87']);

/** Where the TransXChange document and the NaPTAN stops go, relative to the region folder. */
export const TRANSXCHANGE_PATH = 'transxchange/atholl.xml';
export const NAPTAN_PATH = 'naptan/Stops.csv';

/** The network without the routes shipped as TransXChange (and their operators), for the GTFS feeds. */
export function withoutTransxchangeRoutes(network: DemoNetwork): DemoNetwork {
  const routes = network.routes.filter((r) => !TRANSXCHANGE_ROUTES.has(r.id));
  const agencies = new Set(routes.map((r) => r.agencyId));
  return {
    ...network,
    routes,
    agencies: network.agencies.filter((a) => agencies.has(a.id)),
  };
}

/** The network with only the routes shipped as TransXChange. */
export function onlyTransxchangeRoutes(network: DemoNetwork): DemoNetwork {
  const routes = network.routes.filter((r) => TRANSXCHANGE_ROUTES.has(r.id));
  const agencies = new Set(routes.map((r) => r.agencyId));
  return { ...network, routes, agencies: network.agencies.filter((a) => agencies.has(a.id)) };
}

/** The TransXChange document and NaPTAN CSV of the bus GTFS files of those routes. */
export function transxchangeFiles(busGtfs: Record<string, string>): Record<string, string> {
  const read = readGtfsSource(
    { path: 'demo', has: (f) => f in busGtfs, read: (f) => busGtfs[f] },
    { feedId: 'atholl' },
  );
  if (!read.ok) throw new Error(`demo TransXChange source not readable: ${JSON.stringify(read.warnings)}`);
  const { xml, naptanCsv } = writeTransxchange(read.feed);
  return { [TRANSXCHANGE_PATH]: xml, [NAPTAN_PATH]: naptanCsv };
}
