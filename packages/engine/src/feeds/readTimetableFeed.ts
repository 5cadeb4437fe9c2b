import { readAtcoCifFeed } from '../cif/readAtcoCif.ts';
import { readRailCifFeed } from '../cif/readRailCif.ts';
import { readGtfsFeed } from '../gtfs/readFeed.ts';
import type { ReadFeedResult } from '../gtfs/types.ts';
import { WarningLog } from '../gtfs/warnings.ts';
import { listOsmAtcoStops } from '../naptan/osmStops.ts';
import { readNaptan } from '../naptan/readNaptan.ts';
import type { Nation } from '../transxchange/bankHolidays.ts';
import { readTransxchangeFeed } from '../transxchange/readFeed.ts';

/*
 * One place that knows which reader reads which feed format. Every reader produces the parsed
 * feed the GTFS reader produces, so everything after this (the timetable builder, snapshots,
 * the router) is the same whatever the format.
 */

/** The formats a region's timetable feeds may come in. */
export type FeedFormat = 'gtfs' | 'transxchange' | 'atco-cif' | 'rail-cif';

/** Each format's name as operators know it, for what a build prints. */
export const FEED_FORMAT_NAMES: Record<FeedFormat, string> = {
  gtfs: 'GTFS',
  transxchange: 'TransXChange',
  'atco-cif': 'ATCO-CIF',
  'rail-cif': 'rail CIF',
};

/** What reading one feed needs beyond its path. */
export interface TimetableFeedOptions {
  feedId: string;
  /** GTFS when absent. */
  type?: FeedFormat;
  /** TransXChange and ATCO-CIF: NaPTAN stops (CSV, folder or XML) for positions by ATCO code. */
  stopsPath?: string;
  /** UK formats: an OSM extract whose nodes tagged naptan:AtcoCode place stops NaPTAN does not. */
  osmPath?: string;
  /** TransXChange and ATCO-CIF: whose bank holidays the holiday groups mean. */
  nation?: Nation;
  onProgress?: (message: string) => void;
}

/** Reads a timetable feed of any supported format into the parsed-feed shape the builder takes. */
export function readTimetableFeed(path: string, options: TimetableFeedOptions): ReadFeedResult {
  if ((options.type ?? 'gtfs') === 'gtfs')
    return readGtfsFeed(path, { feedId: options.feedId, onProgress: options.onProgress });
  const naptanLog = new WarningLog(options.feedId);
  const naptan = options.stopsPath ? readNaptan(options.stopsPath, naptanLog) : undefined;
  if (naptanLog.hasErrors) return { ok: false, warnings: naptanLog.list };
  const osmPath = options.osmPath;
  const txcOptions = {
    feedId: options.feedId,
    naptan,
    nation: options.nation,
    onProgress: options.onProgress,
    ...(osmPath ? { fallbackPositions: () => listOsmAtcoStops(osmPath) } : {}),
  };
  const read =
    options.type === 'atco-cif'
      ? readAtcoCifFeed(path, txcOptions)
      : options.type === 'rail-cif'
        ? readRailCifFeed(path, txcOptions)
        : readTransxchangeFeed(path, txcOptions);
  const warnings = [...naptanLog.list, ...read.warnings];
  if (!read.ok) return { ok: false, warnings };
  const warningCounts = new Map([...naptanLog.counts, ...read.warningCounts]);
  return { ...read, warnings, warningCounts };
}
