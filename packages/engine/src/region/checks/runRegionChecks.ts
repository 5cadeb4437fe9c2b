import type { StreetNetwork } from '../../streets/streetNetwork.ts';
import type { Timetable } from '../../timetable/timetable.ts';
import type { GtfsFareFeed } from '../../gtfs/types.ts';
import { epochToLocal } from '../../time/serviceDay.ts';
import type { RegionConfigIssue } from '../loadRegionConfig.ts';
import type { RegionConfig } from '../regionConfig.ts';
import { formatReport, hasErrors } from './findings.ts';
import type { DataReport } from './findings.ts';
import { CHECK_TITLES, checkRegionData } from './regionChecks.ts';

/** A region's data checks, ready to print: the report, its lines, and whether it stops the region. */
export interface RegionCheckOutcome {
  report: DataReport;
  lines: string[];
  failed: boolean;
}

/**
 * Runs the data checks on a loaded region as of `nowMs` (its local date in the region's time zone):
 * what `cairn check-region` prints, and what `build-region --region` and `serve` stop on.
 */
export function runRegionChecks(
  config: RegionConfig,
  configIssues: readonly RegionConfigIssue[],
  timetable: Timetable,
  streets: StreetNetwork | undefined,
  nowMs: number,
  fareFeeds: readonly GtfsFareFeed[] = [],
): RegionCheckOutcome {
  const today = epochToLocal(config.timeZone, Math.floor(nowMs / 1000)).date;
  const report = checkRegionData({
    config,
    configIssues,
    timetable,
    ...(streets ? { streets } : {}),
    today,
    fareFeeds,
  });
  return { report, lines: formatReport(report, CHECK_TITLES), failed: hasErrors(report) };
}
