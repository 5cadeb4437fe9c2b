import { basename } from 'node:path';
import { buildTimetable } from '../timetable/builder.ts';
import type { BuildOptions } from '../timetable/builder.ts';
import type { Timetable } from '../timetable/timetable.ts';
import { fareFeedOf, readGtfsFeed } from './readFeed.ts';
import { feedsToTimetableInput } from './toTimetableInput.ts';
import type { GtfsFareFeed, GtfsFeed } from './types.ts';
import type { FeedWarning } from './warnings.ts';

export interface FeedSpec {
  /** Namespace for the feed's ids; defaults to the file or folder name without extension. */
  id?: string;
  path: string;
}

export type LoadFeedsResult =
  | {
      ok: true;
      timetable: Timetable;
      /** What the fare code reads of each feed, taken from the same read. */
      fareFeeds: GtfsFareFeed[];
      warnings: FeedWarning[];
      warningCounts: Map<string, number>;
    }
  | { ok: false; warnings: FeedWarning[] };

/** Parses "id=path" or "path" (command-line form). */
export function parseFeedSpec(text: string): FeedSpec {
  const eq = text.indexOf('=');
  if (eq > 0 && !text.slice(0, eq).includes('/')) return { id: text.slice(0, eq), path: text.slice(eq + 1) };
  return { path: text };
}

/** A feed's id: the one given, else its file or folder name without .zip (.xml, .cif, .mca); "-2", "-3"… when `used` has it already. */
export function uniqueFeedId(spec: FeedSpec, used: Set<string>): string {
  let id =
    spec.id ??
    basename(spec.path)
      .replace(/\.(zip|xml|cif|mca)$/i, '')
      .replace(/[^A-Za-z0-9_-]+/g, '-');
  for (let n = 2; used.has(id); n++) id = `${spec.id ?? id}-${n}`;
  used.add(id);
  return id;
}

/** Reads several GTFS feeds side by side (ids namespaced per feed) and builds one timetable. */
export function loadGtfsFeeds(specs: FeedSpec[], options: BuildOptions = {}): LoadFeedsResult {
  const progress = options.onProgress ?? (() => {});
  const feeds: GtfsFeed[] = [];
  const warnings: FeedWarning[] = [];
  const warningCounts = new Map<string, number>();
  const used = new Set<string>();
  for (const spec of specs) {
    const id = uniqueFeedId(spec, used);
    progress(`reading GTFS feed ${id} from ${spec.path}`);
    const result = readGtfsFeed(spec.path, { feedId: id, onProgress: (m) => progress(`${id}: ${m}`) });
    warnings.push(...result.warnings);
    if (!result.ok) return { ok: false, warnings };
    for (const [k, v] of result.warningCounts) warningCounts.set(`${id}:${k}`, v);
    feeds.push(result.feed);
  }
  progress('building the timetable');
  const timetable = buildTimetable(feedsToTimetableInput(feeds), options);
  return { ok: true, timetable, fareFeeds: feeds.map(fareFeedOf), warnings, warningCounts };
}
