import type { DemoNetwork } from './network.ts';
import type { DemoStop } from './model.ts';

/*
 * Step-free access in the demo region (issue #19): a mix like a rural network's rather than
 * everything accessible. Which station or bus is which is invented; the region README says where
 * the shares come from.
 */

/** Stations by CRS code: step-free throughout unless listed. */
export const STATION_ACCESS: Readonly<Record<string, 'platform 2 by steps' | 'unknown'>> = {
  // Platform 2 (trains towards Perth and Edinburgh) is reached over a stepped footbridge only.
  NWR: 'platform 2 by steps',
  // No survey of these stations in the demo data.
  DLW: 'unknown',
  CAG: 'unknown',
};

/** Stations with a stepped footpath beside the approach road; 'ramp' ones have a wheelchair ramp alongside. */
export const STATION_STEPS: Readonly<Record<string, 'steps' | 'ramp'>> = {
  NWR: 'steps',
  KIN: 'steps',
  PIT: 'ramp',
};

/** The OSM wheelchair tag of a station: yes, limited (a stepped platform) or none (not known). */
export function stationWheelchairTag(crs: string): { wheelchair?: string } {
  const access = STATION_ACCESS[crs];
  if (access === 'unknown') return {};
  return { wheelchair: access ? 'limited' : 'yes' };
}

/** Bus stops with no step-free information (not surveyed); every other stop has a raised kerb. */
export const UNKNOWN_BUS_STOPS: ReadonlySet<string> = new Set([
  'bus:cock-bridge-centre',
  'bus:dufftown-centre',
]);

/** Routes run partly with high-floor coaches (every other trip), and routes whose vehicles are not known. */
const HIGH_FLOOR_ROUTES: ReadonlySet<string> = new Set(['M91']);
const UNKNOWN_VEHICLE_ROUTES: ReadonlySet<string> = new Set(['366']);

/** Sets each stop's and trip's GTFS accessibility values; run before the OSM is drawn from the stops. */
export function applyAccess(network: DemoNetwork): void {
  for (const s of network.stops) {
    if (s.kind === 'rail') s.wheelchair = STATION_ACCESS[s.code] === 'unknown' ? 0 : 1;
    else if (UNKNOWN_BUS_STOPS.has(s.id)) s.wheelchair = 0;
  }
  const shortName = new Map(network.routes.map((r) => [r.id, r.shortName]));
  const seen = new Map<string, number>();
  for (const t of network.trips) {
    const name = shortName.get(t.routeId) ?? '';
    const n = seen.get(name) ?? 0;
    seen.set(name, n + 1);
    if (HIGH_FLOOR_ROUTES.has(name)) t.wheelchair = n % 2 === 0 ? 1 : 2;
    else if (UNKNOWN_VEHICLE_ROUTES.has(name)) t.wheelchair = 0;
    else t.wheelchair = 1;
  }
}

/**
 * Writes each station with a stepped platform as a GTFS parent station and two platforms: trains
 * heading north call at platform 1 (step-free), trains heading south at platform 2 (steps). Run
 * after the OSM and the route shapes are drawn from the single station stops.
 */
export function splitSteppedPlatforms(network: DemoNetwork): void {
  for (const [crs, access] of Object.entries(STATION_ACCESS)) {
    if (access !== 'platform 2 by steps') continue;
    const station = network.stops.find((s) => s.kind === 'rail' && s.code === crs);
    if (!station) continue;
    const platform = (n: 1 | 2): DemoStop => ({
      ...station,
      id: `${station.id}:${n}`,
      parentId: station.id,
      locationType: 0,
      platformCode: String(n),
      wheelchair: n === 1 ? 1 : 2,
    });
    station.locationType = 1;
    network.stops.push(platform(1), platform(2));
    const lat = new Map(network.stops.map((s) => [s.id, s.lat]));
    for (const t of network.trips)
      t.stopTimes.forEach((st, i) => {
        if (st.stopId !== station.id) return;
        const next = t.stopTimes[i + 1];
        const prev = t.stopTimes[i - 1];
        const south = next ? lat.get(next.stopId)! < station.lat : lat.get(prev!.stopId)! > station.lat;
        st.stopId = `${station.id}:${south ? 2 : 1}`;
      });
  }
}
