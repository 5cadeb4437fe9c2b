import { readAgencies } from './files/agency.ts';
import { readStops } from './files/stops.ts';
import { openGtfsSource } from './source.ts';
import type { GtfsAgency, GtfsStop } from './types.ts';
import { WarningLog } from './warnings.ts';
import type { FeedWarning } from './warnings.ts';

/** A feed's outline: its agencies, their time zone and its stops, without its timetable. */
export type FeedOutline =
  | { ok: true; agencies: GtfsAgency[]; timezone: string; stops: GtfsStop[]; warnings: FeedWarning[] }
  | { ok: false; message: string };

/** Reads only agency.txt and stops.txt of a GTFS feed (a zip or a folder): enough to describe a region. */
export function readFeedOutline(path: string, feedId: string): FeedOutline {
  const opened = openGtfsSource(path, new Set(['agency.txt', 'stops.txt']));
  if (!opened.ok) return { ok: false, message: opened.message };
  const log = new WarningLog(feedId);
  const { agencies, timezone } = readAgencies(opened.source, log);
  const { stops } = readStops(opened.source, log);
  return { ok: true, agencies, timezone, stops, warnings: log.list };
}
