// The generated large network for the plan bench: the transit bench's Scotland-scale synthetic
// timetable (40k stops of which 400 towns, 3k routes, 150k trips; same options and seed, so both
// benches describe one network) with a seeded synthetic road network (roads.ts: town street grids,
// trunk/primary/secondary roads between towns, local roads out to every stop) and a minimal
// region.json, written to a folder loadPlanner can read.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SearchRequest } from '@cairn/contracts';
import { writeRoadNetworkOsm } from './roads.ts';
import type { RoadStats } from './roads.ts';
import {
  generateGreatBritainNetwork,
  generateScotlandNetwork,
  GREAT_BRITAIN_BBOX,
  makeRandom,
  SCOTLAND_BBOX,
  SCOTLAND_BENCH_DATE,
  writeNetworkAsGtfs,
} from './transitNetwork.ts';

export const LARGE_DATE = SCOTLAND_BENCH_DATE;

/** The generated networks a large region can be made of: the transit bench's Scotland-scale one, or the Great-Britain-scale one. */
export type LargeNetwork = 'scotland' | 'gb';

/** Each network's generator, box and towns at scale 1 (transitNetwork.ts). */
const NETWORKS = {
  scotland: { generate: generateScotlandNetwork, bbox: SCOTLAND_BBOX, hubs: 400, roadSeed: 20260603 },
  gb: { generate: generateGreatBritainNetwork, bbox: GREAT_BRITAIN_BBOX, hubs: 4_000, roadSeed: 20261128 },
} as const;

/** A search end: a named stop or town of the generated network. */
export interface LargePlace {
  name: string;
  lat: number;
  lon: number;
}

/** What writeLargeRegion made: the stops (the first `hubs` are towns) and the road network's size. */
export interface LargeRegion {
  stops: LargePlace[];
  hubs: number;
  roads: RoadStats;
  tripCount: number;
}

/** The towns a large region of this network and scale has (its first stops). */
export function largeRegionHubs(scale: number, network: LargeNetwork = 'scotland'): number {
  return Math.round(NETWORKS[network].hubs * scale);
}

/** Writes the large region into dir (GTFS, roads.osm, region.json). */
export function writeLargeRegion(
  dir: string,
  scale: number,
  network: LargeNetwork = 'scotland',
): LargeRegion {
  const { generate, bbox, roadSeed } = NETWORKS[network];
  const hubs = largeRegionHubs(scale, network);
  // The same networks as the transit benches' (packages/engine/bench/transit.ts, greatBritain.ts).
  let input: ReturnType<typeof generate> | undefined = generate(scale);
  const tripCount = input.trips.length;
  mkdirSync(dir, { recursive: true });
  writeNetworkAsGtfs(input, join(dir, 'gtfs'));
  const { stops } = input;
  // The trips are on disk now; at Great-Britain scale they are gigabytes the roads do not need.
  input = undefined;
  // The roads join the generated coordinates, as they always have (roads.osm is unchanged).
  const roads = writeRoadNetworkOsm(join(dir, 'roads.osm'), stops, hubs, bbox, roadSeed);
  writeFileSync(join(dir, 'region.json'), JSON.stringify(regionJson(bbox), null, 1));
  // The search ends come from stops.txt as written (coordinates to 6 decimals), as on a reuse of the
  // folder: the unrounded ones moved every search end by up to 5 cm, so a fresh run and a reused
  // one planned different searches and printed different journey digests.
  return { ...readLargeRegion(dir, hubs), roads, tripCount };
}

function regionJson(bbox: [number, number, number, number]): unknown {
  const [south, west, north, east] = bbox;
  const square = {
    type: 'Polygon',
    coordinates: [
      [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
    ],
  };
  return {
    schemaVersion: 1,
    id: 'generated-large',
    name: 'Generated large network (synthetic)',
    demo: true,
    timeZone: 'UTC',
    currency: 'GBP',
    bbox: { minLat: south, minLon: west, maxLat: north, maxLon: east },
    map: { centre: { lat: (south + north) / 2, lon: (west + east) / 2 }, zoom: 7 },
    feeds: [{ id: 'gen', name: 'Generated', path: 'gtfs' }],
    osm: { path: 'roads.osm' },
    operators: [
      {
        id: 'gen',
        name: 'Generated Buses',
        modes: ['bus'],
        gtfsAgencies: [{ feedId: 'gen', agencyId: 'A' }],
        paymentMethods: ['cash'],
      },
    ],
    taxi: {
      operators: [
        {
          id: 'taxi',
          name: 'Generated Taxis',
          phone: '01000 000000',
          area: { kind: 'polygon', polygon: square },
        },
      ],
      tariff: {
        flagFallPence: 300,
        perMilePence: 200,
        perMinuteWaitingPence: 40,
        night: { from: '22:00', to: '06:00', upliftPercent: 50 },
        holidayUpliftPercent: 50,
      },
    },
    carClub: { providers: [], bays: [] },
    flexibleServices: [],
    fares: {
      rules: [
        {
          id: 'bus',
          kind: 'distance',
          description: 'Bus fares by distance',
          appliesTo: { modes: ['bus'] },
          concessionsFree: true,
          bands: [
            { upToKm: 5, singlePence: 200, returnPence: 350 },
            { upToKm: 50, singlePence: 600, returnPence: 1000 },
          ],
        },
      ],
      concessions: {
        nationalEntitlementCard: { freeModes: ['bus'], description: 'Free bus travel' },
        youngScot: { under22FreeModes: ['bus'], railDiscountPercent: 50 },
        railcards: [],
      },
    },
    ownCar: {
      runningCostPerMilePence: 20,
      parking: { defaultPerHourPence: 150, maxPerDayPence: 800, stationParkAndRideFree: true },
    },
  };
}

/**
 * The stops of a large region written by writeLargeRegion, read back from its stops.txt in file
 * order (the first `hubs` are the towns), so a reused folder gives the same search pairs. The road
 * and trip figures are not read back.
 */
export function readLargeRegion(dir: string, hubs: number): LargeRegion {
  const lines = readFileSync(join(dir, 'gtfs', 'stops.txt'), 'utf8')
    .trim()
    .split('\n')
    .slice(1);
  const stops: LargePlace[] = lines.map((line, i) => {
    const [, name, lat, lon] = line.split(',');
    return { name: i < hubs ? `Town ${i}` : name!, lat: Number(lat), lon: Number(lon) };
  });
  return { stops, hubs, roads: { nodes: 0, ways: 0, roadKm: 0 }, tripCount: 0 };
}

/**
 * Search ends between real places of the network, a few hundred metres off the stop (a street
 * address near it): half town to town 8–120 km apart, a quarter stop to town and a quarter stop
 * to stop, 5–60 km apart. Seeded: the same region always gives the same searches.
 */
export function pickLargePairs(region: LargeRegion, count: number): Array<[LargePlace, LargePlace]> {
  const rnd = makeRandom(7);
  const { stops, hubs } = region;
  const pairs: Array<[LargePlace, LargePlace]> = [];
  const jitter = () => (rnd() - 0.5) * 0.003;
  const town = () => stops[Math.floor(rnd() * hubs)];
  const stop = () => stops[hubs + Math.floor(rnd() * (stops.length - hubs))];
  for (let tries = 0; pairs.length < count && tries < count * 1000; tries++) {
    const kind = pairs.length % 4;
    const a = kind < 2 ? town() : stop();
    const b = kind < 3 ? town() : stop();
    if (!a || !b || a === b) continue;
    const km = Math.hypot((a.lat - b.lat) * 111.2, (a.lon - b.lon) * 64);
    if (km < (kind < 2 ? 8 : 5) || km > (kind < 2 ? 120 : 60)) continue;
    pairs.push([
      { name: a.name, lat: a.lat + jitter(), lon: a.lon + jitter() },
      { name: b.name, lat: b.lat + jitter(), lon: b.lon + jitter() },
    ]);
  }
  return pairs;
}

/**
 * The searches of a large region folder that the benches replay on it: pickLargePairs' ends, out
 * at 07:30, 09:10 or 13:45 and back at 17:00 on the bench date, with a car and a 16-25 Railcard.
 */
export function largeRegionSearches(dir: string, count: number): SearchRequest[] {
  const d = String(LARGE_DATE);
  const day = `${d.slice(0, 4)}/${d.slice(4, 6)}/${d.slice(6)}`;
  const region = readLargeRegion(dir, largeRegionHubs(1));
  return pickLargePairs(region, count).map(([a, b], i) =>
    SearchRequest.parse({
      origin: a.name,
      destination: b.name,
      origin_location: { lat: a.lat, lng: a.lon },
      destination_location: { lat: b.lat, lng: b.lon },
      out_time: `${day} ${['07:30:00', '09:10:00', '13:45:00'][i % 3]}`,
      return_time: `${day} 17:00:00`,
      has_access_to_car: true,
      has_railcard: true,
      railcard_type: '16-25 Railcard',
    }),
  );
}
