import type { PlaceCatalogue } from '../places/types.ts';
import { loadRegionConfig, resolveRegionPath } from '../region/loadRegionConfig.ts';
import { loadRegionStreetData } from '../region/regionStreets.ts';
import type { RegionConfig } from '../region/regionConfig.ts';
import KDBush from 'kdbush';
import type { SnapPoint } from '../streets/search.ts';
import { createStreetNetwork } from '../streets/streetNetwork.ts';
import type { StreetNetwork } from '../streets/streetNetwork.ts';
import type { StreetMode } from '../osm/wayAccess.ts';
import { prepareStops } from '../modes/accessEgress.ts';
import type { PreparedStops } from '../modes/accessEgress.ts';
import { createModeContext } from '../modes/context.ts';
import type { ModeContext } from '../modes/types.ts';
import type { Timetable } from '../timetable/timetable.ts';
import { readGtfsFares } from '../journeys/fares/gtfsFares.ts';
import type { GtfsFares } from '../journeys/fares/gtfsFares.ts';
import { loadRegionTimetable } from './regionTimetable.ts';

/** How region.json says a route or agency's trips are shown and priced. */
export interface RouteFlags {
  drt: boolean;
  communityTransport: boolean;
  flexibleServiceId?: string;
}

/** Everything a region's searches read, loaded once. */
export interface RegionData {
  dir: string;
  region: RegionConfig;
  timetable: Timetable;
  streets: StreetNetwork;
  places: PlaceCatalogue;
  gtfsFares: Map<string, GtfsFares>;
  /** Timetable stops in a spatial index over projected metres (x = lon·kx, y = lat·ky). */
  stopIndex: { index: KDBush; kx: number; ky: number };
  /** Timetable stops snapped once for the first/last-mile helpers of modes/. */
  preparedStops: PreparedStops;
  /** Car-club bays, bike-hire docks and car parks snapped for the modes of modes/. */
  modes: ModeContext;
  /** Timetable stops snapped to the street network per mode (undefined when too far from a street). */
  stopSnaps: Record<StreetMode, Array<SnapPoint | undefined>>;
  /** Feed route flags by namespaced route id ("feed:route"): DRT / community transport. */
  routeFlags: Map<string, RouteFlags>;
  /** Feed agency flags by namespaced agency id ("feed:agency"). */
  agencyFlags: Map<string, RouteFlags>;
  /** Region operator id by namespaced agency id ("feed:agency"). */
  operatorByAgency: Map<string, string>;
  /** Messages about data that could not be used (feeds that failed to read). */
  warnings: string[];
}

/** Options of loadRegionData. */
export interface LoadRegionOptions {
  /** Where progress lines go (which timetable source was used); stderr by default. */
  log?: (message: string) => void;
}

/**
 * Loads region.json, the timetable (from `<dir>/timetable.bin` when current, else the GTFS feeds,
 * then writing that snapshot), the feeds' fare files and the OSM extract. Rejects when region.json is invalid.
 */
export async function loadRegionData(dir: string, options: LoadRegionOptions = {}): Promise<RegionData> {
  const log = options.log ?? ((m: string) => process.stderr.write(`${m}\n`));
  const { config, warnings } = await loadRegionConfig(dir);
  if (!config) {
    const detail = warnings.map((w) => `${w.path || w.file}: ${w.message}`).join('; ');
    throw new Error(`region.json in ${dir} is not usable: ${detail}`);
  }
  const messages = warnings.map((w) => `${w.path}: ${w.message}`);
  const { osm, label } = await loadRegionStreetData(dir, config);
  const streets = createStreetNetwork(osm.graph);
  // Changes between nearby stops walk along real streets (stored in the snapshot with the OSM and raster files' stamps).
  const loaded = loadRegionTimetable(dir, config, { streets: { network: streets, label } });
  log(loaded.note);
  for (const w of loaded.warnings) log(`warning: ${w}`);
  messages.push(...loaded.warnings);
  const timetable = loaded.timetable;
  // Fares are not in the snapshot: only the small fare files (and stops.txt for zones) are read.
  const gtfsFares = new Map<string, GtfsFares>();
  for (const feed of config.feeds) {
    if (!loaded.feedIds.includes(feed.id)) continue;
    const fares = readGtfsFares(feed.id, resolveRegionPath(dir, feed.path));
    if (fares) gtfsFares.set(feed.id, fares);
  }
  const prepared = prepareStops(
    streets,
    Array.from({ length: timetable.stopCount }, (_, s) => ({
      stopIdx: s,
      lat: timetable.a.stopLat[s] ?? 0,
      lon: timetable.a.stopLon[s] ?? 0,
    })),
  );
  const routeFlags = new Map<string, RouteFlags>();
  const agencyFlags = new Map<string, RouteFlags>();
  const operatorByAgency = new Map<string, string>();
  for (const feed of config.feeds) {
    for (const r of feed.routes) {
      const svc =
        r.flexibleServiceId ??
        config.flexibleServices.find((f) => f.gtfs?.feedId === feed.id && f.gtfs.routeId === r.routeId)?.id;
      routeFlags.set(`${feed.id}:${r.routeId}`, {
        drt: r.drt,
        communityTransport: r.communityTransport,
        ...(svc ? { flexibleServiceId: svc } : {}),
      });
    }
    for (const a of feed.agencies) {
      agencyFlags.set(`${feed.id}:${a.agencyId}`, { drt: a.drt, communityTransport: a.communityTransport });
      if (a.operatorId) operatorByAgency.set(`${feed.id}:${a.agencyId}`, a.operatorId);
    }
  }
  for (const op of config.operators)
    for (const g of op.gtfsAgencies) operatorByAgency.set(`${g.feedId}:${g.agencyId}`, op.id);
  return {
    dir,
    region: config,
    timetable,
    streets,
    places: osm.places,
    gtfsFares,
    stopSnaps: { foot: prepared.foot, bicycle: prepared.bicycle, car: prepared.car },
    preparedStops: prepared,
    stopIndex: buildStopIndex(timetable, config),
    modes: createModeContext(streets, config, osm.places),
    routeFlags,
    agencyFlags,
    operatorByAgency,
    warnings: messages,
  };
}

/** A KDBush over stop positions projected to metres around the region's middle latitude. */
function buildStopIndex(timetable: Timetable, region: RegionConfig): RegionData['stopIndex'] {
  const midLat = (region.bbox.minLat + region.bbox.maxLat) / 2;
  const ky = 111_195;
  const kx = ky * Math.cos((midLat * Math.PI) / 180);
  const index = new KDBush(Math.max(1, timetable.stopCount));
  for (let s = 0; s < timetable.stopCount; s++)
    index.add((timetable.a.stopLon[s] ?? 0) * kx, (timetable.a.stopLat[s] ?? 0) * ky);
  if (timetable.stopCount === 0) index.add(0, 0);
  index.finish();
  return { index, kx, ky };
}
