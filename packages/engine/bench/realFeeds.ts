// The real feeds of ../shared/data the planner benches use (issue 28), and their seeded searches.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BrandSettings, SearchRequest } from '@cairn/contracts';
import { loadPlannerFromFeeds } from '../src/planner/loadPlanner.ts';
import type { Planner } from '../src/planner/loadPlanner.ts';

export const brand = BrandSettings.parse(JSON.parse(readFileSync('brands/default/brand.json', 'utf8')));
const DATA =
  process.env.CAIRN_SHARED_DATA ?? fileURLToPath(new URL('../../../../shared/data/', import.meta.url));

export interface RealNetwork {
  id: string;
  feeds: string[];
  osm?: string;
  date: string;
  /** CPU p95 target of a whole search (ms). */
  target: number;
}

export const NETWORKS: RealNetwork[] = [
  { id: 'rnv', feeds: ['rnv/rnv-gtfs.zip'], osm: 'rnv/rnv.osm.pbf', date: '2016/11/08', target: 150 },
  {
    id: 'nyc',
    feeds: ['nyc/nyc-subway-gtfs.zip', 'nyc/nyc-bus-brooklyn-gtfs.zip'],
    date: '2026/10/06',
    target: 300,
  },
];

/** The network's planner from its feeds, or a line saying why it is skipped (feeds absent). */
export function loadRealNetwork(n: RealNetwork): Planner | string {
  const feeds = n.feeds.map((f) => join(DATA, f));
  if (!feeds.every(existsSync)) return `${n.id}: skipped (${DATA} has not got ${n.feeds.join(', ')})`;
  const built = loadPlannerFromFeeds(
    feeds.map((path) => ({ path })),
    { ...(n.osm ? { osmPath: join(DATA, n.osm) } : {}), log: () => undefined },
  );
  if (!built.ok) throw new Error(built.message);
  return built.planner;
}

/** `count` seeded one-way searches between random stops of the feed at morning times. */
export function seededSearches(planner: Planner, n: RealNetwork, count: number): SearchRequest[] {
  // Stops and stations trips call at, from the planner's own map layer.
  let seed = 28;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const stops = planner
    .mapFeatures()
    .features.filter((f) => f.properties.layer === 'stop' || f.properties.layer === 'station');
  const point = () => {
    const f = stops[Math.floor(random() * stops.length)]!;
    const [lng, lat] = f.geometry.coordinates as [number, number];
    return { lat, lng };
  };
  return Array.from({ length: count }, () =>
    SearchRequest.parse({
      origin: 'A',
      destination: 'B',
      origin_location: point(),
      destination_location: point(),
      out_time: `${n.date} 0${7 + Math.floor(random() * 3)}:${String(Math.floor(random() * 60)).padStart(2, '0')}:00`,
    }),
  );
}
