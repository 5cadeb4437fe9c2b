import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadGtfsFeeds, parseFeedSpec } from '../gtfs/load-feeds.ts';
import { prepareStops } from '../modes/accessEgress.ts';
import type { AccessDirection, PreparedStops } from '../modes/accessEgress.ts';
import { streetFootpathSource } from '../modes/footpaths.ts';
import { WALK_MPS } from '../osm/wayAccess.ts';
import { loadRegionTimetable, streetFootpathsLabel } from '../planner/regionTimetable.ts';
import type { AccessLeg } from '../raptor/types.ts';
import { locateEnd } from '../places/locateEnd.ts';
import type { CoveredArea } from '../places/locateEnd.ts';
import { loadPlanner } from '../planner/loadPlanner.ts';
import type { Planner } from '../planner/loadPlanner.ts';
import { loadRegionConfig, REGION_CONFIG_FILE, resolveRegionPath } from '../region/loadRegionConfig.ts';
import { findSnapPoint } from '../streets/snap.ts';
import { reachTargets } from '../streets/search.ts';
import type { SnapPoint } from '../streets/search.ts';
import { MAX_SNAP_M } from '../streets/streetNetwork.ts';
import type { StreetNetwork } from '../streets/streetNetwork.ts';
import { Raptor } from '../raptor/raptor.ts';
import { formatIsoLocal, localToEpochSec, parseLocalDateTime } from '../time/service-day.ts';
import { buildItinerary } from '../timetable/itinerary.ts';
import type { ItineraryLeg, ItineraryStop, TransitItinerary } from '../timetable/itinerary.ts';
import { listStopsWithinWalk } from '../timetable/nearby-stops.ts';
import { straightLineWalkSec } from '../timetable/footpaths.ts';
import { readTimetableSnapshot } from '../timetable/snapshot.ts';
import type { Timetable } from '../timetable/timetable.ts';
import { TransitView } from '../timetable/transit-view.ts';
import { TIMETABLE_SNAPSHOT_FILE } from './build-region.ts';
import { EXIT, parseCommandArgs, reportWarnings, say } from './common.ts';
import { loadStreets, secondsSince } from './streets.ts';

const USAGE =
  'usage: cairn plan (--gtfs FILE_OR_DIR [--gtfs …] | --region DIR) [--osm FILE] --from PLACE --to PLACE\n' +
  '                  --depart YYYY-MM-DDTHH:mm [--arrive-by] [--window MINUTES] [--wheelchair] [--max-transfers N]\n' +
  '                  [--walk-radius METRES] [--json]\n' +
  '  --from, --to  LAT,LON; with a region.json folder also a place name ("Aviemore"), which must lie in the region\n' +
  '  --region DIR  a folder with region.json (its feeds, OSM file and timetable.bin) or one made by build-region --out\n' +
  '  --osm FILE    walk along its streets to, from and between stops (a region.json folder names its own)';

/** Walking reach to and from stops when the caller does not say. */
const DEFAULT_WALK_RADIUS_M = 1000;

export interface PlanJsonPlace {
  name: string;
  lat: number;
  lon: number;
}

export interface PlanJsonLeg {
  mode: string;
  route: string | null;
  from: PlanJsonPlace;
  to: PlanJsonPlace;
  departure: string;
  arrival: string;
}

export interface PlanJson {
  itineraries: { departure: string; arrival: string; transfers: number; legs: PlanJsonLeg[] }[];
}

function parseLatLon(text: string | undefined): { lat: number; lon: number } | undefined {
  if (!text) return undefined;
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!m) return undefined;
  const lat = Number(m[1]);
  const lon = Number(m[2]);
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : undefined;
}

/** `cairn plan`: transit journeys between two coordinates, walking along the streets of --osm (else straight lines). */
export async function planCommand(argv: string[]): Promise<number> {
  const args = parseCommandArgs(argv, {
    gtfs: { type: 'string', multiple: true },
    osm: { type: 'string' },
    region: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    depart: { type: 'string' },
    'arrive-by': { type: 'boolean' },
    window: { type: 'string' },
    wheelchair: { type: 'boolean' },
    'max-transfers': { type: 'string' },
    'walk-radius': { type: 'string' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (!args.ok) {
    say(`${args.message}\n${USAGE}`);
    return EXIT.usage;
  }
  const v = args.values;
  if (v.help) {
    say(USAGE);
    return EXIT.ok;
  }
  const regionJson = v.region !== undefined && existsSync(join(v.region, REGION_CONFIG_FILE));
  let from = parseLatLon(v.from);
  let to = parseLatLon(v.to);
  // Names are looked up in the region's places, which only a region.json folder has.
  const named = (text: string | undefined) => regionJson && text !== undefined && text.trim() !== '';
  const when = v.depart ? parseLocalDateTime(v.depart) : undefined;
  const windowMin = v.window === undefined ? 0 : Number(v.window);
  const maxTransfers = v['max-transfers'] === undefined ? 4 : Number(v['max-transfers']);
  const radiusM = v['walk-radius'] === undefined ? DEFAULT_WALK_RADIUS_M : Number(v['walk-radius']);
  const problems: string[] = [];
  if (!v.gtfs?.length && !v.region)
    problems.push(
      'give --gtfs (one or more feeds) or --region (a folder with region.json, or made by build-region)',
    );
  if (!from && !named(v.from))
    problems.push('--from must be LAT,LON (or a place name with a region.json --region)');
  if (!to && !named(v.to))
    problems.push('--to must be LAT,LON (or a place name with a region.json --region)');
  if (!when) problems.push('--depart must be YYYY-MM-DDTHH:mm (local time of the feed)');
  if (!(windowMin >= 0 && windowMin <= 24 * 60)) problems.push('--window must be 0 to 1440 minutes');
  if (!(Number.isInteger(maxTransfers) && maxTransfers >= 0 && maxTransfers <= 8))
    problems.push('--max-transfers must be 0 to 8');
  if (!(radiusM > 0 && radiusM <= 5000)) problems.push('--walk-radius must be 1 to 5000 metres');
  if (problems.length > 0 || !when) {
    for (const p of problems) say(`error: ${p}`);
    say(USAGE);
    return EXIT.usage;
  }
  if (v.region && regionJson) {
    const ends = await locateEnds(v.region, v.from ?? '', v.to ?? '');
    if (!ends) return EXIT.failed;
    if (ends !== 'unusable') {
      from = ends.from;
      to = ends.to;
    }
  }
  let tt: Timetable;
  let osmPath = v.osm;
  if (v.region && regionJson) {
    const region = await loadRegionFolder(v.region);
    if (!region) return EXIT.failed;
    tt = region.timetable;
    osmPath ??= region.osmPath;
  } else if (v.region) {
    const file = join(v.region, TIMETABLE_SNAPSHOT_FILE);
    if (!existsSync(file)) {
      say(
        `error: ${v.region} has neither ${REGION_CONFIG_FILE} nor ${TIMETABLE_SNAPSHOT_FILE}; make one with cairn build-region --out ${v.region}`,
      );
      return EXIT.failed;
    }
    say(`loading ${file}`);
    const snap = readTimetableSnapshot(file);
    if (!snap.ok) {
      say(`error: ${snap.message}`);
      return EXIT.failed;
    }
    tt = snap.timetable;
  } else {
    const loaded = loadGtfsFeeds((v.gtfs ?? []).map(parseFeedSpec), { onProgress: (m) => say(m) });
    if (!loaded.ok) {
      reportWarnings(loaded.warnings);
      say('plan failed: the feed above cannot be used');
      return EXIT.failed;
    }
    reportWarnings(loaded.warnings, loaded.warningCounts, 5);
    tt = loaded.timetable;
  }

  if (!from || !to) return EXIT.usage;
  // Street walks may take as long as the straight-line walk of --walk-radius would.
  const walkMaxSec = straightLineWalkSec(radiusM, tt.meta.transferSettings);
  let access: AccessLeg[];
  let egress: AccessLeg[];
  if (osmPath) {
    const streets = loadStreets(osmPath);
    if (!streets) return EXIT.failed;
    let started = performance.now();
    const label = streetFootpathsLabel(osmPath);
    if (tt.meta.footpathSource === label)
      say('footpaths between stops: along these streets already (snapshot)');
    else {
      tt.replaceFootpaths(streetFootpathSource(streets), label);
      say(
        `footpaths between stops: ${tt.a.transferTo.length} transfers along streets in ${secondsSince(started)}`,
      );
    }
    started = performance.now();
    const prepared = prepareStops(streets, servedStops(tt));
    access = listStreetWalks(streets, prepared, from, 'access', walkMaxSec, 'origin');
    egress = listStreetWalks(streets, prepared, to, 'egress', walkMaxSec, 'destination');
    say(
      `walks to ${access.length} and from ${egress.length} stops along streets in ${secondsSince(started)}`,
    );
  } else {
    access = listStopsWithinWalk(tt, from.lat, from.lon, radiusM);
    egress = listStopsWithinWalk(tt, to.lat, to.lon, radiusM);
  }

  const tz = tt.timezone;
  const view = new TransitView(tt, when.date);
  const timeSec = localToEpochSec(tz, when.date, when.secondsOfDay) - view.epochZeroSec;
  if (access.length === 0 || egress.length === 0) {
    const end = access.length === 0 ? 'origin' : 'destination';
    say(
      osmPath
        ? `no stop within a ${Math.round(walkMaxSec / 60)} min walk along streets of the ${end}`
        : `no stop within ${radiusM} m of the ${end}`,
    );
    if (v.json) process.stdout.write(`${JSON.stringify({ itineraries: [] })}\n`);
    return EXIT.ok;
  }
  const raptor = new Raptor(view, maxTransfers);
  const result = raptor.route({
    direction: v['arrive-by'] ? 'arrive-by' : 'depart-after',
    timeSec,
    windowSec: windowMin * 60,
    access,
    egress,
    maxTransfers,
    wheelchair: v.wheelchair === true,
  });
  say(
    `searched in ${result.stats.durationMs.toFixed(1)} ms (${result.stats.iterations} departures, ${result.stats.rounds} rounds)`,
  );
  const itineraries = result.journeys.map((j) => buildItinerary(view, j));
  const origin: PlanJsonPlace = { name: 'Origin', lat: from.lat, lon: from.lon };
  const destination: PlanJsonPlace = { name: 'Destination', lat: to.lat, lon: to.lon };
  const json = toPlanJson(itineraries, tz, origin, destination);
  if (v.json) process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  else process.stdout.write(formatPlanTable(json));
  return EXIT.ok;
}

/**
 * The two ends in a region.json folder: coordinates as given, names looked up in the region's
 * places; either must lie in the region's area. Says why on stderr and answers undefined when not.
 */
async function locateEnds(
  dir: string,
  fromText: string,
  toText: string,
): Promise<
  { from: { lat: number; lon: number }; to: { lat: number; lon: number } } | 'unusable' | undefined
> {
  const { config } = await loadRegionConfig(dir);
  // An unusable region.json: loadRegionFolder reports it with its warnings.
  if (!config) return 'unusable';
  const area: CoveredArea = { name: config.name, ...config.bbox };
  let planner: Planner | undefined;
  const find = (text: string) => {
    const best = planner?.autocomplete(text, 1)[0];
    return best ? { label: best.label, lat: best.location.lat, lon: best.location.lng } : undefined;
  };
  const out: Array<{ lat: number; lon: number }> = [];
  let ok = true;
  for (const [flag, text] of [
    ['--from', fromText],
    ['--to', toText],
  ] as const) {
    const coords = parseLatLon(text);
    if (!coords && !planner) {
      say(`looking up place names in ${config.name}`);
      planner = await loadPlanner(dir, { log: () => {} });
    }
    const end = locateEnd(text, coords ? { lat: coords.lat, lng: coords.lon } : undefined, find, area);
    if (end.ok) {
      if (!coords) say(`${flag} ${JSON.stringify(text)}: ${end.lat.toFixed(5)},${end.lon.toFixed(5)}`);
      out.push({ lat: end.lat, lon: end.lon });
    } else {
      say(`error: ${flag}: ${end.message}`);
      ok = false;
    }
  }
  return ok && out[0] && out[1] ? { from: out[0], to: out[1] } : undefined;
}

/** A region folder's timetable (its snapshot when current, else its GTFS) and its OSM file, from region.json. */
async function loadRegionFolder(dir: string): Promise<{ timetable: Timetable; osmPath: string } | undefined> {
  const { config, warnings } = await loadRegionConfig(dir);
  for (const w of warnings)
    say(
      `${config ? 'warning' : 'error'}: ${w.path ? `${REGION_CONFIG_FILE} ${w.path}` : w.file}: ${w.message}`,
    );
  if (!config) {
    say(`plan failed: ${join(dir, REGION_CONFIG_FILE)} is not usable`);
    return undefined;
  }
  say(`loading the timetable of ${config.name} (${config.feeds.length} feeds)`);
  const loaded = loadRegionTimetable(dir, config);
  for (const w of loaded.warnings) say(`warning: ${w}`);
  say(loaded.note);
  if (loaded.feedIds.length === 0) {
    say(`plan failed: none of the feeds of ${join(dir, REGION_CONFIG_FILE)} could be read`);
    return undefined;
  }
  return { timetable: loaded.timetable, osmPath: resolveRegionPath(dir, config.osm.path) };
}

/** Stops some trip calls at, for snapping to the streets. */
function servedStops(tt: Timetable): { stopIdx: number; lat: number; lon: number }[] {
  const a = tt.a;
  const out: { stopIdx: number; lat: number; lon: number }[] = [];
  for (let s = 0; s < tt.stopCount; s++)
    if (a.stopPatternOffsets[s + 1] !== a.stopPatternOffsets[s])
      out.push({ stopIdx: s, lat: a.stopLat[s]!, lon: a.stopLon[s]! });
  return out;
}

/**
 * Walks along the streets between a point and the stops within `maxSec`, including the straight
 * stretches from the point and from each stop to the street they snap to (as the street footpaths do).
 */
function listStreetWalks(
  net: StreetNetwork,
  prepared: PreparedStops,
  point: { lat: number; lon: number },
  direction: AccessDirection,
  maxSec: number,
  label: string,
): AccessLeg[] {
  const snap = findSnapPoint(net.snap, point.lat, point.lon, 'foot', MAX_SNAP_M);
  if (!snap) {
    say(`note: the ${label} is more than ${MAX_SNAP_M} m from any walkable street`);
    return [];
  }
  const offStreetSec = snap.distanceM / WALK_MPS;
  const idx: number[] = [];
  const targets: SnapPoint[] = [];
  prepared.foot.forEach((s, i) => {
    if (s) {
      idx.push(i);
      targets.push(s);
    }
  });
  const out: AccessLeg[] = [];
  const reached = reachTargets(
    net.graph,
    snap,
    'foot',
    maxSec,
    targets,
    direction === 'access' ? 'from' : 'to',
  );
  for (const r of reached) {
    const durationSec = Math.ceil(r.durationSec + offStreetSec + targets[r.target]!.distanceM / WALK_MPS);
    if (durationSec <= maxSec)
      out.push({ stopIdx: prepared.stops[idx[r.target]!]!.stopIdx, durationSec, mode: 'walk' });
  }
  return out;
}

/** The `--json` shape: ISO times with offsets, legs with mode, route and ends; sorted by arrival. */
export function toPlanJson(
  itineraries: TransitItinerary[],
  tz: string,
  origin: PlanJsonPlace,
  destination: PlanJsonPlace,
): PlanJson {
  const place = (s: ItineraryStop | undefined, fallback: PlanJsonPlace): PlanJsonPlace =>
    s ? { name: s.name, lat: s.lat, lon: s.lon } : fallback;
  const leg = (l: ItineraryLeg): PlanJsonLeg => ({
    mode: l.mode,
    route: l.kind === 'transit' ? l.route.shortName || l.route.longName || l.route.id : null,
    from: place(l.kind === 'access' ? undefined : l.from, origin),
    to: place(l.kind === 'egress' ? undefined : l.to, destination),
    departure: formatIsoLocal(tz, l.departureEpochSec),
    arrival: formatIsoLocal(tz, l.arrivalEpochSec),
  });
  return {
    itineraries: [...itineraries]
      .sort((a, b) => a.arrivalEpochSec - b.arrivalEpochSec || b.departureEpochSec - a.departureEpochSec)
      .map((it) => ({
        departure: formatIsoLocal(tz, it.departureEpochSec),
        arrival: formatIsoLocal(tz, it.arrivalEpochSec),
        transfers: it.transfers,
        legs: it.legs.filter((l) => l.kind === 'transit' || l.arrivalEpochSec > l.departureEpochSec).map(leg),
      })),
  };
}

/** A readable table of the itineraries. */
export function formatPlanTable(json: PlanJson): string {
  if (json.itineraries.length === 0) return 'No journey found.\n';
  const hhmm = (iso: string): string => iso.slice(11, 16);
  const lines: string[] = [];
  json.itineraries.forEach((it, i) => {
    lines.push(
      `${i + 1}. ${hhmm(it.departure)} → ${hhmm(it.arrival)}  (${it.transfers} change${it.transfers === 1 ? '' : 's'})`,
    );
    for (const l of it.legs) {
      const what = l.route ? `${l.mode} ${l.route}` : l.mode;
      lines.push(
        `     ${hhmm(l.departure)}–${hhmm(l.arrival)}  ${what.padEnd(14)} ${l.from.name} → ${l.to.name}`,
      );
    }
  });
  return `${lines.join('\n')}\n`;
}
