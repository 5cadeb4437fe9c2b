// A region folder an older revision's loader can read, for the benches that plan against a base copy
// (planAgainst.ts): today's region.json may carry blocks the base's strict schema rejects, and feeds
// in formats it cannot read (TransXChange, CIF). The timetable must stay the same on both sides, so
// such feeds are read with this tree's readers and written out as GTFS for the base; the blocks the
// base does not know are dropped (they are what the newer planner adds). Every change is printed.
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ZodType } from 'zod';
import { readTimetableFeed } from '../src/feeds/readTimetableFeed.ts';
import type { FeedFormat } from '../src/feeds/readTimetableFeed.ts';
import type { GtfsFeed } from '../src/gtfs/types.ts';
import type { Nation } from '../src/transxchange/bankHolidays.ts';

type Json = Record<string, unknown>;

/** A region folder the base can read, and how to remove it when it is a copy. */
export interface BaseRegion {
  dir: string;
  remove: () => void;
}

/** `dir` itself when the base revision at `base` reads its region.json, else an adapted copy (symlinks plus a new region.json). */
export async function baseRegionDir(
  base: string,
  dir: string,
  log: (line: string) => void,
): Promise<BaseRegion> {
  const schemaUrl = pathToFileURL(resolve(base, 'packages/engine/src/region/regionConfig.ts')).href;
  const { RegionConfig } = (await import(schemaUrl)) as { RegionConfig: ZodType };
  const json = JSON.parse(readFileSync(join(dir, 'region.json'), 'utf8')) as Json;
  if (RegionConfig.safeParse(json).success) return { dir, remove: () => {} };
  const out = mkdtempSync(join(tmpdir(), 'cairn-base-region-'));
  const remove = () => rmSync(out, { recursive: true, force: true });
  for (const name of readdirSync(dir))
    if (name !== 'region.json' && name !== 'timetable.bin') symlinkSync(resolve(dir, name), join(out, name));
  const feeds = json.feeds as Json[];
  for (const feed of feeds) {
    const type = feed.type as FeedFormat | undefined;
    if (!type || type === 'gtfs') continue;
    const read = readTimetableFeed(resolve(dir, feed.path as string), {
      feedId: feed.id as string,
      type,
      ...(feed.stops ? { stopsPath: resolve(dir, feed.stops as string) } : {}),
      ...(feed.nation ? { nation: feed.nation as Nation } : {}),
      // As the tree's loader reads it (loader/regionTimetable.ts): stops NaPTAN lacks are placed from the OSM file.
      ...(json.osm ? { osmPath: resolve(dir, (json.osm as Json).path as string) } : {}),
    });
    if (!read.ok) {
      remove();
      throw new Error(`feed ${String(feed.id)} cannot be read for the base`);
    }
    const path = `base-gtfs-${String(feed.id)}`;
    writeFeedAsGtfs(read.feed, join(out, path));
    log(`base region: ${type} feed ${String(feed.id)} written as GTFS (${read.feed.trips.length} trips)`);
    feed.path = path;
    delete feed.type;
    delete feed.stops;
    delete feed.nation;
  }
  // Drop what the base's strict objects do not know, one round of issues at a time (a dropped key may hide nested ones).
  for (let round = 0; round < 10; round++) {
    const parsed = RegionConfig.safeParse(json);
    if (parsed.success) break;
    const unknown = parsed.error.issues.filter((i) => i.code === 'unrecognized_keys');
    if (unknown.length === 0) {
      remove();
      throw new Error(`the base cannot read region.json: ${parsed.error.issues[0]?.message ?? ''}`);
    }
    for (const issue of unknown) {
      let at: unknown = json;
      for (const p of issue.path) at = (at as Json)[p as string];
      for (const key of issue.keys) delete (at as Json)[key];
      log(`base region: dropped ${[...issue.path, `{${issue.keys.join(', ')}}`].join('.')} from region.json`);
    }
  }
  writeFileSync(join(out, 'region.json'), JSON.stringify(json, null, 1));
  return { dir: out, remove };
}

/** One CSV line, quoting fields that need it. */
const row = (fields: Array<string | number>) =>
  fields.map((f) => (/[",\n]/.test(String(f)) ? `"${String(f).replace(/"/g, '""')}"` : String(f))).join(',');

/** Seconds after midnight as GTFS HH:MM:SS (hours may pass 24). */
const clock = (s: number) =>
  [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60].map((n) => String(n).padStart(2, '0')).join(':');

/** Writes the parts of a parsed feed the timetable builder reads as a GTFS folder (no fares or shapes). */
function writeFeedAsGtfs(feed: GtfsFeed, dir: string): void {
  mkdirSync(dir, { recursive: true });
  const file = (name: string, header: string[], rows: Array<Array<string | number>>) =>
    writeFileSync(join(dir, name), [header, ...rows].map(row).join('\n') + '\n');
  file(
    'agency.txt',
    ['agency_id', 'agency_name', 'agency_url', 'agency_timezone', 'agency_phone'],
    feed.agencies.map((a) => [
      a.id,
      a.name,
      a.url || 'https://example.invalid',
      a.timezone || feed.timezone,
      a.phone,
    ]),
  );
  file(
    'stops.txt',
    [
      'stop_id',
      'stop_code',
      'stop_name',
      'stop_lat',
      'stop_lon',
      'location_type',
      'parent_station',
      'wheelchair_boarding',
      'platform_code',
      'zone_id',
    ],
    feed.stops.map((s) => [
      s.id,
      s.code,
      s.name,
      s.lat,
      s.lon,
      s.locationType,
      feed.stops[s.parentIdx]?.id ?? '',
      s.wheelchair,
      s.platformCode,
      s.zoneId,
    ]),
  );
  file(
    'routes.txt',
    [
      'route_id',
      'agency_id',
      'route_short_name',
      'route_long_name',
      'route_type',
      'route_color',
      'route_text_color',
    ],
    feed.routes.map((r) => [
      r.id,
      feed.agencies[r.agencyIdx]?.id ?? '',
      r.shortName,
      r.longName,
      r.routeType,
      r.color,
      r.textColor,
    ]),
  );
  const valid = feed.trips.filter((t) => t.valid);
  file(
    'trips.txt',
    [
      'route_id',
      'service_id',
      'trip_id',
      'trip_headsign',
      'trip_short_name',
      'direction_id',
      'wheelchair_accessible',
    ],
    valid.map((t) => [
      feed.routes[t.routeIdx]!.id,
      feed.services[t.serviceIdx]!.id,
      t.id,
      t.headsign,
      t.shortName,
      t.directionId,
      t.wheelchair,
    ]),
  );
  const st = feed.stopTimes;
  const times: Array<Array<string | number>> = [];
  feed.trips.forEach((t, i) => {
    if (!t.valid) return;
    for (let k = st.tripOffsets[i]!, seq = 1; k < st.tripOffsets[i + 1]!; k++, seq++)
      times.push([
        t.id,
        clock(st.arrivalSec[k]!),
        clock(st.departureSec[k]!),
        feed.stops[st.stopIdx[k]!]!.id,
        seq,
        st.pickupType[k]!,
        st.dropOffType[k]!,
      ]);
  });
  file(
    'stop_times.txt',
    ['trip_id', 'arrival_time', 'departure_time', 'stop_id', 'stop_sequence', 'pickup_type', 'drop_off_type'],
    times,
  );
  const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  file(
    'calendar.txt',
    ['service_id', ...days, 'start_date', 'end_date'],
    feed.services
      .filter((s) => s.startDate)
      .map((s) => [s.id, ...days.map((_, d) => (s.weekdays >> d) & 1), s.startDate, s.endDate]),
  );
  file(
    'calendar_dates.txt',
    ['service_id', 'date', 'exception_type'],
    feed.services.flatMap((s) => [
      ...s.added.map((d) => [s.id, d, 1]),
      ...s.removed.map((d) => [s.id, d, 2]),
    ]),
  );
  file(
    'frequencies.txt',
    ['trip_id', 'start_time', 'end_time', 'headway_secs', 'exact_times'],
    feed.frequencies.map((f) => [
      feed.trips[f.tripIdx]!.id,
      clock(f.startSec),
      clock(f.endSec),
      f.headwaySec,
      f.exactTimes ? 1 : 0,
    ]),
  );
}
