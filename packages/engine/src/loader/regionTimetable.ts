import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { FEED_FORMAT_NAMES, readTimetableFeed } from '../feeds/readTimetableFeed.ts';
import { fareFeedOf, readGtfsFareFeed } from '../gtfs/readFeed.ts';
import { streetFootpathSource } from '../modes/footpaths.ts';
import type { StreetNetwork } from '../streets/streetNetwork.ts';
import type { GtfsFareFeed, GtfsFeed } from '../gtfs/types.ts';
import { feedsToTimetableInput } from '../gtfs/toTimetableInput.ts';
import { resolveRegionPath } from '../region/loadRegionConfig.ts';
import type { RegionConfig } from '../region/regionConfig.ts';
import { buildTimetable } from '../timetable/builder.ts';
import { readTimetableSnapshot, writeTimetableSnapshot } from '../timetable/snapshot.ts';
import type { Timetable } from '../timetable/timetable.ts';

/*
 * A region's timetable comes from `<region>/timetable.bin` when that snapshot was written from the
 * very feed files the folder holds now (same feed ids, paths, file names, sizes and modification
 * times); otherwise the GTFS feeds are parsed and the snapshot is (re)written for the next start.
 * Given a street network, the footpaths between stops are walked along its streets before the
 * snapshot is written, and the OSM file's stamp joins the fingerprint: a new extract means new
 * footpaths. Without one they are straight lines.
 */

/** File name of a region's timetable snapshot, inside the region folder (beside region.json). */
export const REGION_SNAPSHOT_FILE = 'timetable.bin';

const SOURCE_KIND = 'cairn-region-feeds/1';

/** What a region snapshot records about the feeds it was built from. */
interface SnapshotSource {
  kind: typeof SOURCE_KIND;
  fingerprint: string;
  /** Ids of the feeds that made it into the timetable (a feed that could not be read is left out). */
  feedIds: string[];
  /** Messages about feeds that could not be read, repeated to the operator on every load. */
  messages: string[];
}

/** A region's timetable and how it was obtained. */
export interface RegionTimetable {
  timetable: Timetable;
  /** Ids of the feeds in the timetable. */
  feedIds: string[];
  /** What the fare code reads of those feeds: from the parse, or from their fare files beside a snapshot. */
  fareFeeds: GtfsFareFeed[];
  /** Feeds that could not be read, and snapshot problems (damaged file, folder not writable). */
  warnings: string[];
  /** One line saying whether the snapshot or the GTFS feeds were used, and how long it took. */
  note: string;
  source: 'snapshot' | 'gtfs';
}

/** The footpathSource label for footpaths walked along the streets of an OSM file (name, size, mtime). */
export function streetFootpathsLabel(osmPath: string): string {
  try {
    const st = statSync(osmPath);
    return `streets ${basename(osmPath)}:${st.size}:${Math.round(st.mtimeMs)}`;
  } catch {
    return `streets ${basename(osmPath)}`;
  }
}

/** Streets to walk footpaths along, and the label recorded for them. */
export interface FootpathStreets {
  network: StreetNetwork;
  label: string;
}

/** The region's feed files as "feed id, path, then name:size:mtime per file", in a stable order. */
export function feedFingerprint(dir: string, config: RegionConfig): string {
  const parts: string[] = [];
  for (const feed of config.feeds) {
    // A GTFS feed's line reads as it did before feeds had a type, so existing snapshots stay current.
    const kind =
      feed.type && feed.type !== 'gtfs' ? ` ${feed.type}${feed.nation ? ` ${feed.nation}` : ''}` : '';
    parts.push(`feed ${feed.id}${kind} ${feed.path}`);
    for (const path of [feed.path, feed.stops]) {
      if (path) parts.push(...fileStamps(resolveRegionPath(dir, path)));
    }
  }
  return parts.join('\n');
}

/** "name:size:mtime" of a file, or of each file of a folder; "missing" when absent. */
function fileStamps(path: string): string[] {
  try {
    const st = statSync(path);
    if (!st.isDirectory()) return [`:${st.size}:${Math.round(st.mtimeMs)}`];
    const parts: string[] = [];
    for (const name of readdirSync(path).sort()) {
      const f = statSync(join(path, name));
      if (f.isFile()) parts.push(`${name}:${f.size}:${Math.round(f.mtimeMs)}`);
    }
    return parts;
  } catch {
    return ['missing'];
  }
}

/**
 * Loads the region's timetable from its current snapshot, else from GTFS (writing the snapshot when
 * it can). `rebuild` ignores any snapshot (cairn build-region --region).
 */
export function loadRegionTimetable(
  dir: string,
  config: RegionConfig,
  options: { rebuild?: boolean; streets?: FootpathStreets } = {},
): RegionTimetable {
  const started = performance.now();
  const file = join(dir, REGION_SNAPSHOT_FILE);
  const streets = options.streets;
  const fingerprint = feedFingerprint(dir, config) + (streets ? `\nfootpaths ${streets.label}` : '');
  const warnings: string[] = [];
  let why = options.rebuild ? 'rebuild asked for' : 'no snapshot';
  const read = !options.rebuild && existsSync(file) ? readTimetableSnapshot(file) : undefined;
  if (read?.ok) {
    const source = read.source as Partial<SnapshotSource> | undefined;
    if (source?.kind === SOURCE_KIND && source.fingerprint === fingerprint) {
      const feedIds = source.feedIds ?? [];
      return {
        timetable: read.timetable,
        feedIds,
        fareFeeds: readSnapshotFareFeeds(dir, config, feedIds),
        warnings: [...(source.messages ?? [])],
        note: `timetable: snapshot ${file} (${elapsed(started)})`,
        source: 'snapshot',
      };
    }
    why = 'snapshot is out of date with the feeds';
  } else if (read) {
    why = 'snapshot unusable';
    warnings.push(`timetable snapshot ignored, parsing GTFS instead: ${read.message}`);
  }
  const built = buildRegionTimetable(dir, config);
  warnings.push(...built.messages);
  if (streets) built.timetable.replaceFootpaths(streetFootpathSource(streets.network), streets.label);
  let wrote = '';
  try {
    const { bytes } = writeTimetableSnapshot(built.timetable, file, {
      source: { kind: SOURCE_KIND, fingerprint, feedIds: built.feedIds, messages: built.messages },
    });
    wrote = `, wrote ${file} (${(bytes / 1e6).toFixed(1)} MB)`;
  } catch (e) {
    warnings.push(`timetable snapshot not written to ${file}: ${(e as Error).message}`);
  }
  return {
    timetable: built.timetable,
    feedIds: built.feedIds,
    fareFeeds: built.fareFeeds,
    warnings,
    note: `timetable: parsed ${formatsOf(config)} (${why}) in ${elapsed(started)}${wrote}`,
    source: 'gtfs',
  };
}

/** The formats of the region's feeds by name, as "GTFS" or "GTFS + TransXChange". */
function formatsOf(config: RegionConfig): string {
  return [...new Set(config.feeds.map((feed) => FEED_FORMAT_NAMES[feed.type ?? 'gtfs']))].join(' + ');
}

/** Parses the region's GTFS feeds into a timetable; a feed that cannot be read is left out with a message. */
function buildRegionTimetable(
  dir: string,
  config: RegionConfig,
): { timetable: Timetable; feedIds: string[]; fareFeeds: GtfsFareFeed[]; messages: string[] } {
  const feeds: GtfsFeed[] = [];
  const messages: string[] = [];
  for (const feed of config.feeds) {
    const read = readTimetableFeed(resolveRegionPath(dir, feed.path), {
      feedId: feed.id,
      type: feed.type,
      stopsPath: feed.stops ? resolveRegionPath(dir, feed.stops) : undefined,
      nation: feed.nation,
      osmPath: config.osm ? resolveRegionPath(dir, config.osm.path) : undefined,
    });
    if (!read.ok) {
      messages.push(`feed ${feed.id}: ${read.warnings.map((w) => w.message).join('; ')}`);
      continue;
    }
    feeds.push(read.feed);
  }
  return {
    timetable: buildTimetable(feedsToTimetableInput(feeds)),
    feedIds: feeds.map((f) => f.id),
    fareFeeds: feeds.map(fareFeedOf),
    messages,
  };
}

/** The fare side of the feeds of a snapshot (a snapshot holds no fares), read from their fare files. */
function readSnapshotFareFeeds(
  dir: string,
  config: RegionConfig,
  feedIds: readonly string[],
): GtfsFareFeed[] {
  const out: GtfsFareFeed[] = [];
  for (const feed of config.feeds) {
    if (!feedIds.includes(feed.id) || (feed.type ?? 'gtfs') !== 'gtfs') continue;
    const fares = readGtfsFareFeed(resolveRegionPath(dir, feed.path), feed.id);
    if (fares) out.push(fares);
  }
  return out;
}

/** Milliseconds since `started` (performance.now()), for the start-up log. */
export function elapsed(started: number): string {
  return `${Math.round(performance.now() - started)} ms`;
}
