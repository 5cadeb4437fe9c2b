import type { RegionConfigInput } from '@cairn/engine/region';

/*
 * The demo bike-hire scheme as static GBFS 2.3 files, so tools that speak GBFS can read it as
 * well as region.json. Availability numbers are demo values: half of each dock's capacity.
 */

type BikeHire = NonNullable<RegionConfigInput['bikeHire']>;

/** File name → JSON text of a GBFS 2.3 feed for the scheme, stamped with the generation day. */
export function writeGbfs(
  bikeHire: BikeHire,
  lastUpdatedSec: number,
  baseUrl: string,
): Record<string, string> {
  const wrap = (data: unknown) =>
    JSON.stringify({ last_updated: lastUpdatedSec, ttl: 86_400, version: '2.3', data }, null, 2) + '\n';
  const names = ['system_information', 'station_information', 'station_status', 'system_pricing_plans'];
  return {
    'gbfs.json': wrap({ en: { feeds: names.map((name) => ({ name, url: `${baseUrl}${name}.json` })) } }),
    'system_information.json': wrap(bikeHire.system_information),
    'station_information.json': wrap({
      stations: bikeHire.stations.map((s) => ({
        station_id: s.station_id,
        name: s.name,
        lat: s.lat,
        lon: s.lon,
        capacity: s.capacity,
      })),
    }),
    'station_status.json': wrap({
      stations: bikeHire.stations.map((s) => {
        const bikes = Math.floor(s.capacity / 2);
        return {
          station_id: s.station_id,
          num_bikes_available: bikes,
          num_docks_available: s.capacity - bikes,
          is_installed: true,
          is_renting: true,
          is_returning: true,
          last_reported: lastUpdatedSec,
        };
      }),
    }),
    'system_pricing_plans.json': wrap({ plans: bikeHire.pricing_plans }),
  };
}
