import { parseGtfsDate } from '../../time/serviceDay.ts';
import { eachRow } from '../rows.ts';
import type { GtfsSource } from '../source.ts';
import type { GtfsFeedInfo } from '../types.ts';
import type { WarningLog } from '../warnings.ts';

/** feed_info.txt (optional): the publisher and version, from the first row. */
export function readFeedInfo(source: GtfsSource, log: WarningLog): GtfsFeedInfo | undefined {
  let feedInfo: GtfsFeedInfo | undefined;
  eachRow(
    source,
    log,
    'feed_info.txt',
    ['feed_publisher_name'],
    (get) => {
      feedInfo ??= {
        publisherName: get('feed_publisher_name'),
        version: get('feed_version'),
        startDate: parseGtfsDate(get('feed_start_date')) ?? 0,
        endDate: parseGtfsDate(get('feed_end_date')) ?? 0,
      };
    },
    false,
  );
  return feedInfo;
}
