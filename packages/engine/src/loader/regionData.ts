import { listFareCurrencies } from '../gtfs/fareCurrencies.ts';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { loadGtfsFeeds } from '../gtfs/loadFeeds.ts';
import type { FeedSpec } from '../gtfs/loadFeeds.ts';
import type { FeedWarning } from '../gtfs/warnings.ts';
import { streetFootpathSource } from '../modes/footpaths.ts';
import { loadOsmFile, loadOsmXml } from './loadOsm.ts';
import { emptyCatalogue } from '../places/types.ts';
import type { PlaceCatalogue } from '../places/types.ts';
import { loadRegionConfig } from '../region/loadRegionConfig.ts';
import { RegionConfig } from '../region/regionConfig.ts';
import { loadRegionStopSnaps, loadRegionStreetData, loadRegionStreetNetwork } from './regionStreets.ts';
import { runRegionChecks } from '../region/checks/runRegionChecks.ts';
import KDBush from 'kdbush';
import { projectionFor } from '../geo/geometry.ts';
import type { SnapPoint } from '../streets/search.ts';
import { createStreetNetwork } from '../streets/streetNetwork.ts';
import type { StreetNetwork } from '../streets/streetNetwork.ts';
import type { StreetMode } from '../osm/wayAccess.ts';
import { prepareStops } from '../modes/accessEgress.ts';
import type { PreparedStops, StopLocation } from '../modes/accessEgress.ts';
import { createModeContext } from '../modes/context.ts';
import type { ModeContext } from '../modes/types.ts';
import type { Timetable } from '../timetable/timetable.ts';
import { readGtfsFareFeed } from '../gtfs/readFeed.ts';
import type { GtfsFareFeed } from '../gtfs/types.ts';
import { buildGtfsFares } from '../journeys/fares/gtfsFares.ts';
import type { GtfsFares } from '../journeys/fares/gtfsFares.ts';
import { loadRegionTimetable, streetFootpathsLabel } from './regionTimetable.ts';

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
  /** The clock the data checks count "today" from (epoch milliseconds); Date.now by default. */
  now?: () => number;
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
  const street = await loadRegionStreetData(dir, config);
  const prepared = street ? loadRegionStreetNetwork(dir, street.osm.graph) : undefined;
  const streets = prepared?.network ?? createStreetNetwork(emptyStreetGraph());
  // Without an OSM file region.json's warning (osm: no OSM file…) is already among the messages.
  // Changes between nearby stops walk along real streets (stored in the snapshot with the OSM and raster files' stamps).
  const loaded = loadRegionTimetable(
    dir,
    config,
    street ? { streets: { network: streets, label: street.label } } : {},
  );
  log(loaded.note);
  if (prepared) log(prepared.note);
  for (const w of loaded.warnings) log(`warning: ${w}`);
  messages.push(...loaded.warnings);
  // The operator's data checks: errors (an ended timetable, a map of another area) stop the region here.
  const checked = runRegionChecks(
    config,
    warnings,
    loaded.timetable,
    street ? streets : undefined,
    (options.now ?? Date.now)(),
    loaded.fareFeeds,
  );
  if (checked.failed)
    throw new Error(
      `the region's data has errors (cairn check-region --region ${dir}):\n${checked.lines.join('\n')}`,
    );
  for (const line of checked.lines) log(line);
  const places = street?.osm.places ?? emptyCatalogue();
  const stops = stopLocations(loaded.timetable);
  const snapped = street
    ? loadRegionStopSnaps(dir, streets, stops, {
        lat: loaded.timetable.a.stopLat,
        lon: loaded.timetable.a.stopLon,
      })
    : undefined;
  if (snapped) log(snapped.note);
  return assembleRegionData(
    dir,
    config,
    loaded.timetable,
    streets,
    places,
    loaded.fareFeeds,
    messages,
    snapped?.prepared,
  );
}

/** The street network and places of an OSM file, or why it cannot be used. */
function readStreets(
  osmPath: string,
): { ok: true; streets: StreetNetwork; places: PlaceCatalogue } | { ok: false; message: string } {
  if (!existsSync(osmPath)) return { ok: false, message: `OSM file ${osmPath} not found` };
  let osm;
  try {
    osm = loadOsmFile(osmPath);
  } catch (e) {
    return { ok: false, message: `OSM file ${osmPath} cannot be read: ${(e as Error).message}` };
  }
  if (osm.graph.edgeCount === 0)
    return { ok: false, message: `OSM file ${osmPath} has no streets or paths to walk on` };
  return { ok: true, streets: createStreetNetwork(osm.graph), places: osm.places };
}

/** Options of regionDataFromFeeds. */
export interface FeedRegionOptions {
  /** OSM extract to walk, cycle and drive on; without it walks are straight lines (streets/straightWalk.ts). */
  osmPath?: string;
  /** Where progress lines go; stderr by default. */
  log?: (message: string) => void;
}

/** RegionData from GTFS feeds without region.json, or why it cannot be built. */
export type FeedRegionResult =
  | { ok: true; data: RegionData; feedWarnings: FeedWarning[]; warningCounts: Map<string, number> }
  | { ok: false; message: string; feedWarnings: FeedWarning[] };

/**
 * Builds a region from GTFS feeds (and an optional OSM extract) with the default region config of
 * feedRegionConfig: what `cairn plan --gtfs` plans on.
 */
export function regionDataFromFeeds(feeds: FeedSpec[], options: FeedRegionOptions = {}): FeedRegionResult {
  const log = options.log ?? ((m: string) => process.stderr.write(`${m}\n`));
  // The OSM file is checked first: a typo in its name should not wait for a large feed to parse.
  if (options.osmPath && !existsSync(options.osmPath))
    return { ok: false, message: `OSM file ${options.osmPath} not found`, feedWarnings: [] };
  const loaded = loadGtfsFeeds(feeds, { onProgress: log });
  if (!loaded.ok) return { ok: false, message: 'a feed cannot be used', feedWarnings: loaded.warnings };
  const used = loaded.timetable.meta.feeds.map((f, i) => ({ id: f.id, path: feeds[i]?.path ?? '' }));
  const built = regionDataFromTimetable(loaded.timetable, {
    ...options,
    feeds: used,
    fareFeeds: loaded.fareFeeds,
  });
  if (!built.ok) return { ok: false, message: built.message, feedWarnings: loaded.warnings };
  return { ok: true, data: built.data, feedWarnings: loaded.warnings, warningCounts: loaded.warningCounts };
}

/**
 * RegionData around a ready timetable (parsed feeds, or a snapshot made by `cairn build-region
 * --out`) with the default region config. With an OSM file, the changes between nearby stops are
 * walked along its streets (kept when the timetable already has them from that file); fares come
 * from `fareFeeds` when the feeds were just read, else from the fare files at the feed paths given.
 */
export function regionDataFromTimetable(
  timetable: Timetable,
  options: FeedRegionOptions & {
    feeds?: Array<{ id: string; path: string }>;
    fareFeeds?: GtfsFareFeed[];
  } = {},
): { ok: true; data: RegionData } | { ok: false; message: string } {
  const log = options.log ?? ((m: string) => process.stderr.write(`${m}\n`));
  const feeds = options.feeds ?? [];
  const fareFeeds =
    options.fareFeeds ??
    feeds.flatMap((f) => {
      const read = f.path ? readGtfsFareFeed(f.path, f.id) : undefined;
      return read ? [read] : [];
    });
  const messages: string[] = [];
  let streets: StreetNetwork;
  let places: PlaceCatalogue;
  if (options.osmPath) {
    const read = readStreets(options.osmPath);
    if (!read.ok) return read;
    ({ streets, places } = read);
    const label = streetFootpathsLabel(options.osmPath);
    if (timetable.meta.footpathSource === label)
      log('footpaths between stops: along these streets already (snapshot)');
    else {
      timetable.replaceFootpaths(streetFootpathSource(streets), label);
      log(`footpaths between stops: ${timetable.a.transferTo.length} transfers along streets`);
    }
  } else {
    streets = createStreetNetwork(emptyStreetGraph());
    places = emptyCatalogue();
    messages.push(NO_STREET_MAP);
  }
  const currencies = [...new Set(fareFeeds.flatMap((f) => listFareCurrencies(f.fares)))];
  const config = feedRegionConfig(timetable, feeds, options.osmPath, currencies[0]);
  const dir = feeds[0]?.path ? dirname(feeds[0].path) : '.';
  return { ok: true, data: assembleRegionData(dir, config, timetable, streets, places, fareFeeds, messages) };
}

/** Said when a region has no OSM file. */
const NO_STREET_MAP = 'no street map: walks are straight lines, and no cycling or driving is offered';

/** Margin around the stops of a feed region (m): origins a walk away from the outermost stop are inside. */
const FEED_BBOX_MARGIN_M = 2_000;

/**
 * The region config of feeds without region.json: bounding box of the served stops plus a walk,
 * time zone of the first feed, the currency of its fare files (else GBP), no taxis, car clubs,
 * bike hire, flexible services or fare rules (prices come from the feeds' own fare files, else are unknown).
 */
export function feedRegionConfig(
  timetable: Timetable,
  feeds: ReadonlyArray<{ id: string; path: string }>,
  osmPath?: string,
  currency = 'GBP',
): RegionConfig {
  const a = timetable.a;
  let minLat = Infinity;
  let minLon = Infinity;
  let maxLat = -Infinity;
  let maxLon = -Infinity;
  for (let s = 0; s < timetable.stopCount; s++) {
    if (a.stopPatternOffsets[s + 1] === a.stopPatternOffsets[s]) continue;
    const lat = a.stopLat[s] ?? 0;
    const lon = a.stopLon[s] ?? 0;
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
    minLon = Math.min(minLon, lon);
    maxLon = Math.max(maxLon, lon);
  }
  if (!(minLat <= maxLat)) [minLat, maxLat, minLon, maxLon] = [0, 0, 0, 0];
  const midLat = (minLat + maxLat) / 2;
  const dLat = FEED_BBOX_MARGIN_M / projectionFor(midLat, midLat).ky;
  const dLon = dLat / Math.max(0.01, Math.cos((midLat * Math.PI) / 180));
  const clamp = (x: number, limit: number) => Math.max(-limit, Math.min(limit, x));
  const names = timetable.meta.feeds.map((f) => f.id);
  return RegionConfig.parse({
    schemaVersion: 1,
    id: 'feeds',
    name: `GTFS ${names.join(', ') || 'feeds'}`,
    demo: false,
    timeZone: timetable.timezone,
    currency,
    bbox: {
      minLat: clamp(minLat - dLat, 90),
      maxLat: clamp(maxLat + dLat, 90),
      minLon: clamp(minLon - dLon, 180),
      maxLon: clamp(maxLon + dLon, 180),
    },
    map: { centre: { lat: midLat, lon: (minLon + maxLon) / 2 }, zoom: 11 },
    feeds: feeds.map((f) => ({ id: f.id, name: f.id, path: f.path })),
    osm: { path: osmPath ?? 'none (straight-line walks)' },
    taxi: {
      operators: [],
      tariff: {
        flagFallPence: 0,
        perMilePence: 0,
        perMinuteWaitingPence: 0,
        night: { from: '00:00', to: '00:00', upliftPercent: 0 },
        holidayUpliftPercent: 0,
        source: 'none: no taxi operators are known without region.json',
      },
    },
    carClub: { providers: [], bays: [] },
    fares: {
      rules: [],
      concessions: {
        nationalEntitlementCard: { freeModes: [], description: '' },
        youngScot: { under22FreeModes: [], railDiscountPercent: 0 },
        railcards: [],
      },
    },
    ownCar: {
      runningCostPerMilePence: 0,
      parking: { defaultPerHourPence: 0, maxPerDayPence: 0, stationParkAndRideFree: true },
    },
    attribution: [],
  });
}

/** A street graph with no streets: the network of a region without an OSM extract. */
function emptyStreetGraph() {
  return loadOsmXml('<osm version="0.6"></osm>', 'none.osm').graph;
}

/** The indexes and lookups every search reads, around a region's config, timetable, streets and places. */
function assembleRegionData(
  dir: string,
  config: RegionConfig,
  timetable: Timetable,
  streets: StreetNetwork,
  places: PlaceCatalogue,
  fareFeeds: readonly GtfsFareFeed[],
  messages: string[],
  preparedStops?: PreparedStops,
): RegionData {
  const gtfsFares = new Map<string, GtfsFares>();
  for (const feed of fareFeeds) {
    const fares = buildGtfsFares(feed);
    if (fares) gtfsFares.set(feed.id, fares);
  }
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
    places,
    gtfsFares,
    ...streetParts(timetable, config, places, streets, preparedStops),
    stopIndex: buildStopIndex(timetable, config),
    routeFlags,
    agencyFlags,
    operatorByAgency,
    warnings: messages,
  };
}

/** The parts of region data that hang on its street network: stops and region points snapped to it. */
function streetParts(
  timetable: Timetable,
  config: RegionConfig,
  places: PlaceCatalogue,
  streets: StreetNetwork,
  preparedStops?: PreparedStops,
): Pick<RegionData, 'streets' | 'stopSnaps' | 'preparedStops' | 'modes'> {
  const prepared = preparedStops ?? prepareStops(streets, stopLocations(timetable));
  return {
    streets,
    stopSnaps: { foot: prepared.foot, bicycle: prepared.bicycle, car: prepared.car },
    preparedStops: prepared,
    modes: createModeContext(streets, config, places),
  };
}

/** The timetable's stops as the first/last-mile helpers take them. */
export function stopLocations(timetable: Timetable): StopLocation[] {
  return Array.from({ length: timetable.stopCount }, (_, s) => ({
    stopIdx: s,
    lat: timetable.a.stopLat[s] ?? 0,
    lon: timetable.a.stopLon[s] ?? 0,
  }));
}

/** The same region over another street network (the step-free one, stepFree/streetProfile.ts). */
export function withStreets(data: RegionData, streets: StreetNetwork): RegionData {
  return { ...data, ...streetParts(data.timetable, data.region, data.places, streets) };
}

/** A KDBush over stop positions projected to metres around the region's middle latitude. */
function buildStopIndex(timetable: Timetable, region: RegionConfig): RegionData['stopIndex'] {
  const midLat = (region.bbox.minLat + region.bbox.maxLat) / 2;
  const { kx, ky } = projectionFor(midLat, midLat);
  const index = new KDBush(Math.max(1, timetable.stopCount));
  for (let s = 0; s < timetable.stopCount; s++)
    index.add((timetable.a.stopLon[s] ?? 0) * kx, (timetable.a.stopLat[s] ?? 0) * ky);
  if (timetable.stopCount === 0) index.add(0, 0);
  index.finish();
  return { index, kx, ky };
}
