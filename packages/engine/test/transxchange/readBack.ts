import { readTimetableFeed } from '../../src/feeds/readTimetableFeed.ts';
import type { GtfsFeed } from '../../src/gtfs/types.ts';

/** Reads a TransXChange file with its NaPTAN stops through the region's feed reader, failing loudly. */
export function readFeedOfFormat(xmlPath: string, stopsPath: string, feedId: string): GtfsFeed {
  const r = readTimetableFeed(xmlPath, { feedId, type: 'transxchange', stopsPath });
  if (!r.ok) throw new Error(r.warnings.map((w) => `${w.file}:${w.line} ${w.message}`).join('\n'));
  return r.feed;
}
