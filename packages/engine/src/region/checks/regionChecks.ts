import { haversineM } from '../../geo/geometry.ts';
import { FOOT_ONLY_CLASSES, HIGHWAY_CLASSES } from '../../osm/wayAccess.ts';
import { WALK_MPS } from '../../figures/planningFigures.ts';
import { findStopSnapPoint } from '../../streets/snap.ts';
import type { StreetNetwork } from '../../streets/streetNetwork.ts';
import { STRAIGHT_LINE_FOOTPATHS } from '../../timetable/footpaths.ts';
import { stopKindOf } from '../../timetable/stopKind.ts';
import type { Timetable } from '../../timetable/timetable.ts';
import { serviceRunsOn } from '../../timetable/transitView.ts';
import { dateToDayNumber, dayNumberToDate } from '../../time/serviceDay.ts';
import type { DateInt } from '../../time/serviceDay.ts';
import type { RegionConfigIssue } from '../loadRegionConfig.ts';
import type { RegionConfig } from '../regionConfig.ts';
import type { DataFinding, DataReport } from './findings.ts';
import { listFareCurrencies } from '../../gtfs/fareCurrencies.ts';
import type { GtfsFareFeed } from '../../gtfs/types.ts';

/*
 * The data checks an operator reads before serving a region (`cairn check-region`, and the same
 * checks in `build-region --region` and `serve`): is the timetable current, does it run every
 * day, are the stops where region.json says the region is, does the OSM extract cover them and can
 * one walk on it. Errors stop the build and the server; warnings are listed. The README's table
 * "Data checks" lists every check with what it says.
 */

/** One-line titles of the checks, for reports and the README's table. */
export const CHECK_TITLES: Readonly<Record<string, string>> = {
  'region-json': 'region.json',
  'calendar-expired': 'the timetable has ended',
  'calendar-not-yet-valid': 'the timetable has not started yet',
  'calendar-empty': 'a calendar with no day of service',
  'calendar-gaps': 'days without any service in the next four weeks',
  'stops-outside-box': "stops outside region.json's bbox",
  'box-swapped': "region.json's bbox has latitude and longitude swapped",
  'osm-coverage': 'stops with no walkable street within 200 m',
  'osm-no-footways': 'the OSM extract has no footways, paths or cycleways',
  'walk-detour': 'walks between stops over 3× the straight line',
  'fare-currency': "fares in a currency other than region.json's",
  'gateway-unknown': "region.json's gateways naming no station of the region",
};

/** How far a stop may be from a walkable street before it counts as not covered (m). */
const COVERAGE_RADIUS_M = 200;
/** Below this share of stops near a street, the OSM file is of another area (or not a street map). */
const COVERAGE_ERROR_SHARE = 0.5;
/** A street walk longer than this multiple of the straight line is a map problem (a missing path or crossing). */
const DETOUR_FACTOR = 3;
/** Pairs closer than this are left out of the detour check: a few metres of snapping dominate them. */
const DETOUR_MIN_M = 50;
/** The look-ahead of the service checks: the next four weeks. */
const AHEAD_DAYS = 28;

/** What the checks read: the loaded config, its warnings, the timetable, the streets (when there is an OSM file). */
export interface RegionCheckInput {
  config: RegionConfig;
  configIssues?: readonly RegionConfigIssue[];
  timetable: Timetable;
  streets?: StreetNetwork;
  /** The region's local date the checks count from (today). */
  today: DateInt;
  /** The feeds' fare files, whose currency must be the region's. */
  fareFeeds?: readonly GtfsFareFeed[];
}

/** Runs every check on a loaded region. */
export function checkRegionData(input: RegionCheckInput): DataReport {
  const findings: DataFinding[] = [];
  const notes: string[] = [];
  for (const i of input.configIssues ?? [])
    findings.push({
      check: 'region-json',
      feed: '',
      file: 'region.json',
      line: 0,
      field: i.path,
      message: i.message,
      severity: i.severity,
    });
  checkCalendars(input, findings, notes);
  checkGeography(input, findings, notes);
  checkGateways(input, findings);
  if (input.streets) checkStreets(input, input.streets, findings, notes);
  checkFareCurrency(input, findings);
  return { findings, notes };
}

/**
 * Every price is written in region.json's currency, so a feed whose fare files name another would
 * be shown with the wrong symbol (a euro fare as £2.90): an error, naming the currency to set.
 */
function checkFareCurrency(input: RegionCheckInput, out: DataFinding[]): void {
  for (const feed of input.fareFeeds ?? []) {
    const file = feed.fares.attributes.length > 0 ? 'fare_attributes.txt' : 'fare_products.txt';
    for (const code of listFareCurrencies(feed.fares))
      if (code !== input.config.currency)
        out.push({
          check: 'fare-currency',
          feed: feed.id,
          file,
          line: 0,
          field: file === 'fare_attributes.txt' ? 'currency_type' : 'currency',
          message: `the feed's fares are in ${code} but region.json's currency is ${input.config.currency}: its prices would be written in the wrong money; set "currency": "${code}" in region.json`,
          severity: 'error',
        });
  }
}

/** The feed id of a namespaced id ("bus:123" → "bus"). */
function feedOf(id: string): string {
  const colon = id.indexOf(':');
  return colon < 0 ? '' : id.slice(0, colon);
}

function isoDate(day: number): string {
  const d = String(dayNumberToDate(day));
  return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
}

/** Expired, not yet valid, empty calendars, and days without service in the next four weeks. */
function checkCalendars(input: RegionCheckInput, out: DataFinding[], notes: string[]): void {
  const tt = input.timetable;
  const a = tt.a;
  const today = dateToDayNumber(input.today);
  const used = new Uint8Array(tt.meta.serviceIds.length);
  for (let t = 0; t < tt.tripCount; t++) used[a.tripService[t]!] = 1;
  // Per feed: the first and last day any of its trips runs (days since 1970), and the day its
  // calendar opens: a service of Tuesdays and Fridays whose calendar started on Saturday has
  // started, though its first run is three days on (the demo's community bus, every weekend).
  const span = new Map<string, { first: number; last: number; opens: number }>();
  const runsOn = new Map<number, Set<number>>();
  for (let v = 0; v < used.length; v++) {
    if (!used[v]) continue;
    const id = tt.meta.serviceIds[v] ?? '';
    const feed = feedOf(id);
    const days = serviceDays(tt, v, today);
    if (days.length === 0) {
      out.push({
        check: 'calendar-empty',
        feed,
        file: 'calendar.txt',
        line: 0,
        field: 'service_id',
        message: `service "${id.slice(feed.length + 1)}" runs on no day (no weekday set in its dates, or every day removed in calendar_dates.txt); its trips never run`,
        severity: 'warning',
      });
      continue;
    }
    const s = span.get(feed) ?? { first: Infinity, last: -Infinity, opens: Infinity };
    s.first = Math.min(s.first, days[0]!);
    // A service of dated runs only (no weekday range) opens on its first run.
    const ranged = a.serviceEndDay[v]! >= a.serviceStartDay[v]!;
    s.opens = Math.min(s.opens, ranged ? Math.min(a.serviceStartDay[v]!, days[0]!) : days[0]!);
    s.last = Math.max(s.last, days[days.length - 1]!);
    span.set(feed, s);
    for (const d of days)
      if (d >= today && d < today + AHEAD_DAYS) (runsOn.get(d) ?? runsOn.set(d, new Set()).get(d)!).add(v);
  }
  for (const feed of tt.meta.feeds) {
    const s = span.get(feed.id);
    const where = { feed: feed.id, file: 'calendar.txt', line: 0, field: 'end_date' };
    if (!s) {
      out.push({
        check: 'calendar-empty',
        ...where,
        field: 'service_id',
        message: 'no trip of this feed runs on any day: the calendar has no service',
        severity: 'error',
      });
      continue;
    }
    notes.push(`${feed.id}: service from ${isoDate(s.first)} to ${isoDate(s.last)}`);
    if (s.last < today)
      out.push({
        check: 'calendar-expired',
        ...where,
        message: `the timetable ended on ${isoDate(s.last)}, before today (${isoDate(today)}): no journey can be planned on it; load the current feed`,
        severity: 'error',
      });
    else if (s.opens > today)
      out.push({
        check: 'calendar-not-yet-valid',
        ...where,
        field: 'start_date',
        message: `the timetable starts on ${isoDate(s.first)}, after today (${isoDate(today)}): nothing can be planned before then`,
        severity: s.first >= today + AHEAD_DAYS ? 'error' : 'warning',
      });
  }
  // Days with no service at all in the next four weeks, inside the period some feed covers.
  const firstAll = Math.min(...[...span.values()].map((s) => s.first));
  const lastAll = Math.max(...[...span.values()].map((s) => s.last));
  for (let d = Math.max(today, firstAll); d < today + AHEAD_DAYS && d <= lastAll; d++) {
    if (runsOn.has(d)) continue;
    out.push({
      check: 'calendar-gaps',
      feed: '',
      file: 'calendar.txt',
      line: 0,
      field: 'date',
      message: `no trip runs on ${isoDate(d)} (${WEEKDAY_NAMES[(d + 4) % 7]}) in any feed`,
      severity: 'warning',
    });
  }
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Every day (since 1970) service `v` runs on, in order. */
function serviceDays(tt: Timetable, v: number, today: number): number[] {
  const a = tt.a;
  const days = new Set<number>();
  const start = a.serviceStartDay[v]!;
  const end = a.serviceEndDay[v]!;
  // Open-ended calendars (end 2050 and the like) are read for the next two years only.
  const cap = Math.min(end, Math.max(start, today) + 2 * 366);
  for (let d = start; d <= cap; d++) if (serviceRunsOn(a, v, d)) days.add(d);
  for (let e = a.serviceExcOffsets[v]!; e < a.serviceExcOffsets[v + 1]!; e++)
    if (a.serviceExcAdd[e] === 1) days.add(a.serviceExcDay[e]!);
  if (end > cap && days.size > 0) days.add(end); // the real last day, for "expired" and spans
  return [...days].sort((x, y) => x - y);
}

/** Positions of the stops trips call at (a station or entrance no trip uses is left out). */
function servedStops(tt: Timetable): number[] {
  const a = tt.a;
  const out: number[] = [];
  for (let s = 0; s < tt.stopCount; s++)
    if (a.stopPatternOffsets[s + 1] !== a.stopPatternOffsets[s]) out.push(s);
  return out;
}

/** A stop finding in stops.txt, named by its id. */
function stopFinding(
  tt: Timetable,
  s: number,
  check: string,
  field: string,
  message: string,
  severity: DataFinding['severity'],
): DataFinding {
  const id = tt.meta.stopIds[s] ?? '';
  const feed = feedOf(id);
  const name = tt.meta.stopNames[s] ?? '';
  return {
    check,
    feed,
    file: 'stops.txt',
    line: 0,
    field,
    message: `stop "${id.slice(feed.length + 1)}" ${name} (${tt.a.stopLat[s]?.toFixed(5)}, ${tt.a.stopLon[s]?.toFixed(5)}) ${message}`,
    severity,
  };
}

/** Each of region.json's gateways that names no station inside the box: the estimate beyond would quietly run from the nearest station instead. */
function checkGateways(input: RegionCheckInput, out: DataFinding[]): void {
  const tt = input.timetable;
  const b = input.config.bbox;
  const names = new Set<string>();
  for (const s of servedStops(tt)) {
    const [lat, lon] = [tt.a.stopLat[s]!, tt.a.stopLon[s]!];
    if (lat < b.minLat || lat > b.maxLat || lon < b.minLon || lon > b.maxLon) continue;
    if (stopKindOf(tt, s) === 'station') names.add(tt.meta.stopNames[s] ?? '');
  }
  input.config.gateways.forEach((g, i) => {
    if (!names.has(g))
      out.push({
        check: 'gateway-unknown',
        feed: '',
        file: 'region.json',
        line: 0,
        field: `gateways.${i}`,
        message: `"${g}" is no station of the region (named as in the feeds): places beyond are estimated from their nearest station instead`,
        severity: 'warning',
      });
  });
}

/** Stops outside the box, and a box whose latitudes and longitudes are swapped. */
function checkGeography(input: RegionCheckInput, out: DataFinding[], notes: string[]): void {
  const tt = input.timetable;
  const b = input.config.bbox;
  const inBox = (lat: number, lon: number) =>
    lat >= b.minLat && lat <= b.maxLat && lon >= b.minLon && lon <= b.maxLon;
  const stops = servedStops(tt);
  const outside = stops.filter((s) => !inBox(tt.a.stopLat[s]!, tt.a.stopLon[s]!));
  const swappedIn = outside.filter((s) => inBox(tt.a.stopLon[s]!, tt.a.stopLat[s]!)).length;
  if (stops.length > 0 && outside.length > stops.length / 2 && swappedIn > outside.length / 2) {
    out.push({
      check: 'box-swapped',
      feed: '',
      file: 'region.json',
      line: 0,
      field: 'bbox',
      message: `${outside.length} of ${stops.length} stops lie outside the box, but inside it with latitude and longitude exchanged: minLat/maxLat take latitudes (north–south), minLon/maxLon longitudes (east–west)`,
      severity: 'error',
    });
    return;
  }
  for (const s of outside)
    out.push(
      stopFinding(
        tt,
        s,
        'stops-outside-box',
        'stop_lat',
        "lies outside the region's bbox: searches near it are refused",
        'warning',
      ),
    );
  if (stops.length > 0 && outside.length === stops.length)
    out.push({
      check: 'stops-outside-box',
      feed: '',
      file: 'region.json',
      line: 0,
      field: 'bbox',
      message: 'no stop lies inside the box: the box is of another area',
      severity: 'error',
    });
  notes.push(`${stops.length - outside.length} of ${stops.length} served stops inside the box`);
}

/**
 * `part` of `whole` as a percentage that never claims more than it is: rounded down, with a
 * decimal when the whole number would hide a shortfall (RNV's 2,054 of 2,057 is "99.8 %", not
 * "100 %"), so a note never says all while a warning lists the ones missing.
 */
export function formatSharePercent(part: number, whole: number): string {
  if (whole === 0 || part >= whole) return '100 %';
  const tenths = Math.floor((part / whole) * 1000) / 10;
  return tenths >= 99 ? `${tenths.toFixed(1)} %` : `${Math.floor(tenths)} %`;
}

/** OSM coverage of the stops, footways in the extract, and walks between stops far longer than the straight line. */
function checkStreets(
  input: RegionCheckInput,
  net: StreetNetwork,
  out: DataFinding[],
  notes: string[],
): void {
  const tt = input.timetable;
  const g = net.graph;
  const stops = servedStops(tt);
  const far = stops.filter(
    (s) => !findStopSnapPoint(net.snap, tt.a.stopLat[s]!, tt.a.stopLon[s]!, 'foot', COVERAGE_RADIUS_M),
  );
  const share = stops.length === 0 ? 1 : 1 - far.length / stops.length;
  notes.push(
    `${stops.length - far.length} of ${stops.length} served stops (${formatSharePercent(stops.length - far.length, stops.length)}) have a walkable street within ${COVERAGE_RADIUS_M} m`,
  );
  if (share < COVERAGE_ERROR_SHARE) {
    out.push({
      check: 'osm-coverage',
      feed: '',
      file: 'region.json',
      line: 0,
      field: 'osm.path',
      message: `only ${formatSharePercent(stops.length - far.length, stops.length)} of the ${stops.length} served stops have a walkable street within ${COVERAGE_RADIUS_M} m: the OSM file does not cover the stops (an extract of another area?)`,
      severity: 'error',
    });
  } else {
    for (const s of far)
      out.push(
        stopFinding(
          tt,
          s,
          'osm-coverage',
          'stop_lat',
          `has no walkable street within ${COVERAGE_RADIUS_M} m in the OSM file: walks to it are straight lines`,
          'warning',
        ),
      );
  }
  let footEdges = 0;
  for (let e = 0; e < g.edgeCount; e++)
    if (FOOT_ONLY_CLASSES.has(HIGHWAY_CLASSES[g.edgeClass[e]!] ?? '')) footEdges++;
  if (g.edgeCount > 0 && footEdges === 0)
    out.push({
      check: 'osm-no-footways',
      feed: '',
      file: 'region.json',
      line: 0,
      field: 'osm.path',
      message:
        'the OSM extract has roads only (no highway=footway, path, pedestrian, steps or cycleway): walks follow the roads (roads tagged foot=no are walked as if their pavement were there) and shortcuts through parks, squares and stations are missed; extract all highways',
      severity: 'warning',
    });
  if (tt.meta.footpathSource === STRAIGHT_LINE_FOOTPATHS) return;
  const a = tt.a;
  for (let s = 0; s < tt.stopCount; s++) {
    for (let k = a.transferOffsets[s]!; k < a.transferOffsets[s + 1]!; k++) {
      if (!a.transferIsWalk[k]) continue;
      const t = a.transferTo[k]!;
      const crowM = haversineM(a.stopLat[s]!, a.stopLon[s]!, a.stopLat[t]!, a.stopLon[t]!);
      const walkM = a.transferSec[k]! * WALK_MPS;
      if (crowM >= DETOUR_MIN_M && walkM > DETOUR_FACTOR * crowM)
        out.push(
          stopFinding(
            tt,
            s,
            'walk-detour',
            'stop_id',
            `to "${tt.meta.stopNames[t]}": ${Math.round(a.transferSec[k]! / 60)} min walk along the streets for ${Math.round(crowM)} m in a straight line (a missing path or crossing in the OSM extract?)`,
            'warning',
          ),
        );
    }
  }
}
