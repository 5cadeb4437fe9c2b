import { readGtfsSource } from '../../src/gtfs/readFeed.ts';
import { feedsToTimetableInput } from '../../src/gtfs/toTimetableInput.ts';
import type { GtfsSource } from '../../src/gtfs/source.ts';
import type { ReadFeedResult } from '../../src/gtfs/types.ts';
import { buildGtfsFares } from '../../src/journeys/fares/gtfsFares.ts';
import type { GtfsFares } from '../../src/journeys/fares/gtfsFares.ts';
import { buildTimetable } from '../../src/timetable/builder.ts';
import type { TransferSettings } from '../../src/timetable/types.ts';
import type { Timetable } from '../../src/timetable/timetable.ts';
import { TransitView } from '../../src/timetable/transitView.ts';
import { Raptor } from '../../src/raptor/raptor.ts';
import type { RaptorLeg, SearchDirection } from '../../src/raptor/types.ts';
import { localToEpochSec } from '../../src/time/serviceDay.ts';
import { formatLocalIso } from '../../src/format/localTime.ts';

/** A feed from inline file texts (leading indentation removed). */
export function sourceFromFiles(files: Record<string, string>): GtfsSource {
  const clean = new Map(Object.entries(files).map(([k, v]) => [k, v.replace(/^[ \t]+/gm, '')]));
  return { path: 'inline', has: (f) => clean.has(f), read: (f) => clean.get(f) };
}

export function readInline(files: Record<string, string>, feedId = 'f'): ReadFeedResult {
  return readGtfsSource(sourceFromFiles(files), { feedId });
}

/** Reads and builds, failing loudly if the feed is not usable. */
export function timetableFrom(
  files: Record<string, string> | Record<string, string>[],
  settings: Partial<TransferSettings> = {},
): Timetable {
  const list = Array.isArray(files) ? files : [files];
  const feeds = list.map((f, i) => {
    const r = readInline(f, list.length === 1 ? 'f' : `f${i + 1}`);
    if (!r.ok) throw new Error(`feed not usable: ${JSON.stringify(r.warnings)}`);
    return r.feed;
  });
  return buildTimetable(feedsToTimetableInput(feeds), {
    transferSettings: { sameStopTransferSec: 0, ...settings },
  });
}

/**
 * Plans stop to stop and renders each itinerary as a readable path:
 * "A 09:00 ~ BUS 1 09:00 09:20 ~ B". Times are local (HH:MM) in the feed's time zone.
 */
export function planPaths(
  tt: Timetable,
  fromStopId: string,
  toStopId: string,
  date: number,
  hhmm: string,
  direction: SearchDirection = 'depart-after',
  windowMin = 0,
): string[] {
  const view = new TransitView(tt, date);
  const [h, m] = hhmm.split(':').map(Number);
  const timeSec = localToEpochSec(tt.timezone, date, h! * 3600 + m! * 60) - view.epochZeroSec;
  const from = tt.findStopById(fromStopId);
  const to = tt.findStopById(toStopId);
  if (from === undefined || to === undefined) throw new Error('unknown stop');
  const res = new Raptor(view).route({
    direction,
    timeSec,
    windowSec: windowMin * 60,
    access: [{ stopIdx: from, durationSec: 0, mode: 'walk' }],
    egress: [{ stopIdx: to, durationSec: 0, mode: 'walk' }],
  });
  const clock = (epoch: number): string => formatLocalIso(tt.timezone, epoch).slice(11, 16);
  return res.journeys.map((j) => {
    const parts: string[] = [];
    for (const l of j.legs) {
      if (l.kind === 'transit') {
        if (parts.length === 0) parts.push(stopName(tt, l.boardStop));
        const line = lineOf(tt, l);
        parts.push(
          `${line.mode.toUpperCase()} ${line.shortName} ${clock(view.epochZeroSec + l.startSec)} ${clock(view.epochZeroSec + l.endSec)}`,
          stopName(tt, l.alightStop),
        );
      } else if (l.kind === 'transfer' && l.from !== l.to)
        parts.push(`Walk ${Math.round(l.durationSec / 60)}m`, stopName(tt, l.to));
    }
    return parts.join(' ~ ');
  });
}

/** The route of a transit leg. */
function lineOf(
  tt: Timetable,
  l: Extract<RaptorLeg, { kind: 'transit' }>,
): { mode: string; shortName: string } {
  const line = tt.meta.lines[tt.a.tripInfoLine[tt.a.tripInfo[l.trip]!]!]!;
  return { mode: line.mode, shortName: line.shortName };
}

/** A stop's name; a platform without a name of its own takes its station's. */
function stopName(tt: Timetable, stop: number): string {
  const own = tt.meta.stopNames[stop] ?? '';
  const parent = tt.a.stopParent[stop] ?? -1;
  return own !== '' || parent < 0 ? own : (tt.meta.stopNames[parent] ?? '');
}

/** The ISO local departure of the first vehicle of the first itinerary. */
export function firstBoardingIso(
  tt: Timetable,
  fromStopId: string,
  toStopId: string,
  date: number,
  hhmm: string,
): string | undefined {
  const view = new TransitView(tt, date);
  const [h, m] = hhmm.split(':').map(Number);
  const timeSec = localToEpochSec(tt.timezone, date, h! * 3600 + m! * 60) - view.epochZeroSec;
  const res = new Raptor(view).route({
    direction: 'depart-after',
    timeSec,
    access: [{ stopIdx: tt.findStopById(fromStopId)!, durationSec: 0, mode: 'walk' }],
    egress: [{ stopIdx: tt.findStopById(toStopId)!, durationSec: 0, mode: 'walk' }],
  });
  const j = res.journeys[0];
  if (!j) return undefined;
  const ride = j.legs.find((l) => l.kind === 'transit');
  return ride ? formatLocalIso(tt.timezone, view.epochZeroSec + ride.startSec) : undefined;
}

/** A minimal valid feed: one agency (Europe/London), stops A–D, route 1 with the given trips. */
export function baseFeed(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    'agency.txt': `agency_id,agency_name,agency_url,agency_timezone
      AG,Test Buses,https://example.invalid,Europe/London`,
    'stops.txt': `stop_id,stop_name,stop_lat,stop_lon
      A,Alpha,57.000,-3.800
      B,Bravo,57.010,-3.800
      C,Charlie,57.020,-3.800
      D,Delta,57.030,-3.800`,
    'routes.txt': `route_id,agency_id,route_short_name,route_long_name,route_type
      R1,AG,1,One,3`,
    'calendar.txt': `service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
      ALL,1,1,1,1,1,1,1,20260101,20271231`,
    'trips.txt': `route_id,service_id,trip_id
      R1,ALL,T1`,
    'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence
      T1,09:00:00,09:00:00,A,1
      T1,09:10:00,09:10:00,B,2
      T1,09:20:00,09:20:00,C,3`,
    ...overrides,
  };
}

/** The fare model of baseFeed() with the given files over it, as the region loader builds it. */
export function faresFromFiles(files: Record<string, string>, feedId = 'f'): GtfsFares {
  const read = readInline({ ...baseFeed(), ...files }, feedId);
  if (!read.ok) throw new Error(`feed not usable: ${JSON.stringify(read.warnings)}`);
  const fares = buildGtfsFares(read.feed);
  if (!fares) throw new Error('the feed has no fares');
  return fares;
}
