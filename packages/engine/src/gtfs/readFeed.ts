import { readAgencies } from './files/agency.ts';
import { readCalendarDates } from './files/calendarDates.ts';
import { readCalendar } from './files/calendar.ts';
import { readFareAttributes } from './files/fareAttributes.ts';
import { readFareLegRules } from './files/fareLegRules.ts';
import { readFareProducts } from './files/fareProducts.ts';
import { readFareRules } from './files/fareRules.ts';
import { readFareTransferRules } from './files/fareTransferRules.ts';
import { readFeedInfo } from './files/feedInfo.ts';
import { readFrequencies } from './files/frequencies.ts';
import { readRiderCategories } from './files/riderCategories.ts';
import { readRouteNetworks } from './files/routeNetworks.ts';
import { readRoutes } from './files/routes.ts';
import { readShapes } from './files/shapes.ts';
import { readStopAreas } from './files/stopAreas.ts';
import { readStopTimes } from './files/stopTimes.ts';
import { readStops } from './files/stops.ts';
import { readTransfers } from './files/transfers.ts';
import { readTrips } from './files/trips.ts';
import { ServiceTable } from './serviceTable.ts';
import { openGtfsSource } from './source.ts';
import type { GtfsSource } from './source.ts';
import type { GtfsFareFeed, GtfsFareTables, GtfsFeed, ReadFeedResult } from './types.ts';
import { WarningLog } from './warnings.ts';

/*
 * One GTFS feed is read here, each file once, by the module of files/ named after it; the order
 * below is the order of references (a trip names a route and a service, a stop time a trip and a
 * stop). The fare files are read with the rest and kept as tables for journeys/fares.
 */

export interface ReadFeedOptions {
  /** Namespace for this feed's ids when several feeds load side by side. */
  feedId: string;
  /** Progress messages for long loads. */
  onProgress?: (message: string) => void;
}

/** Reads a GTFS feed (zip or folder). Bad rows are skipped with warnings; a missing core file or column is an error. */
export function readGtfsFeed(path: string, options: ReadFeedOptions): ReadFeedResult {
  const log = new WarningLog(options.feedId);
  const opened = openGtfsSource(path);
  if (!opened.ok) {
    log.add(path, 0, '', opened.message, 'error');
    return { ok: false, warnings: log.list };
  }
  return readGtfsSource(opened.source, options, log);
}

/** As readGtfsFeed, from an already opened source (tests build sources from inline text). */
export function readGtfsSource(
  source: GtfsSource,
  options: ReadFeedOptions,
  log = new WarningLog(options.feedId),
): ReadFeedResult {
  const progress = options.onProgress ?? (() => {});
  const { agencies, agencyById, timezone } = readAgencies(source, log);
  progress('reading stops');
  const { stops, stopById } = readStops(source, log);
  const { routes, routeById } = readRoutes(source, log, agencies, agencyById);

  const services = new ServiceTable();
  if (!source.has('calendar.txt') && !source.has('calendar_dates.txt'))
    log.add('calendar.txt', 0, '', 'neither calendar.txt nor calendar_dates.txt is present', 'error');
  readCalendar(source, log, services);
  readCalendarDates(source, log, services);

  const { shapes, shapeById } = readShapes(source, log);
  progress('reading trips');
  const { trips, tripById } = readTrips(source, log, routeById, services.serviceById, shapeById);
  progress('reading stop_times');
  const stopTimes = readStopTimes(source, log, stops, stopById, trips, tripById);
  const frequencies = readFrequencies(source, log, tripById);
  const { transfers, present: hasTransfersFile } = readTransfers(source, log, stopById);
  const feedInfo = readFeedInfo(source, log);
  const fares = readFareTables(source, log);

  if (log.hasErrors) return { ok: false, warnings: log.list };
  const feed: GtfsFeed = {
    id: options.feedId,
    timezone,
    agencies,
    stops,
    routes,
    trips,
    services: services.services,
    stopTimes,
    frequencies,
    transfers,
    hasTransfersFile,
    shapes,
    feedInfo,
    fares,
  };
  return { ok: true, feed, warnings: log.list, warningCounts: log.counts };
}

/** The fare side of a feed read whole, without the stop times and trips the fare code never reads. */
export function fareFeedOf(feed: GtfsFeed): GtfsFareFeed {
  return { id: feed.id, stops: feed.stops, routes: feed.routes, fares: feed.fares };
}

/** The files readGtfsFareFeed opens: the fare files, and those naming agencies, zones and networks. */
const FARE_FEED_FILES = new Set([
  'agency.txt',
  'stops.txt',
  'routes.txt',
  'fare_attributes.txt',
  'fare_rules.txt',
  'fare_products.txt',
  'fare_leg_rules.txt',
  'fare_transfer_rules.txt',
  'rider_categories.txt',
  'stop_areas.txt',
  'route_networks.txt',
]);

/**
 * The fare side of a feed whose timetable came from a snapshot (which holds no fares): only the
 * files fares need are opened. Undefined when the feed cannot be opened or has no fare files;
 * problems in the other files were reported when the snapshot was built from the whole feed.
 */
export function readGtfsFareFeed(path: string, feedId: string): GtfsFareFeed | undefined {
  const opened = openGtfsSource(path, FARE_FEED_FILES);
  if (!opened.ok) return undefined;
  const source = opened.source;
  if (!source.has('fare_attributes.txt') && !source.has('fare_products.txt')) return undefined;
  const log = new WarningLog(feedId);
  const { agencies, agencyById } = readAgencies(source, log);
  const { stops } = readStops(source, log);
  const { routes } = readRoutes(source, log, agencies, agencyById);
  return { id: feedId, stops, routes, fares: readFareTables(source, log) };
}

function readFareTables(source: GtfsSource, log: WarningLog): GtfsFareTables {
  const products = readFareProducts(source, log);
  return {
    attributes: readFareAttributes(source, log),
    rules: readFareRules(source, log),
    products,
    legRules: readFareLegRules(source, log),
    transferRules: readFareTransferRules(source, log, new Set(products.map((p) => p.productId))),
    riderCategories: readRiderCategories(source, log),
    stopAreas: readStopAreas(source, log),
    routeNetworks: readRouteNetworks(source, log),
  };
}
