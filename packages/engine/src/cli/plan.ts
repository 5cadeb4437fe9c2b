import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadGtfsFeeds, parseFeedSpec } from '../gtfs/load-feeds.ts';
import { Raptor } from '../raptor/raptor.ts';
import { formatIsoLocal, localToEpochSec, parseLocalDateTime } from '../time/service-day.ts';
import { buildItinerary } from '../timetable/itinerary.ts';
import type { ItineraryLeg, ItineraryStop, TransitItinerary } from '../timetable/itinerary.ts';
import { listStopsWithinWalk } from '../timetable/nearby-stops.ts';
import { readTimetableSnapshot } from '../timetable/snapshot.ts';
import type { Timetable } from '../timetable/timetable.ts';
import { TransitView } from '../timetable/transit-view.ts';
import { TIMETABLE_SNAPSHOT_FILE } from './build-region.ts';
import { EXIT, parseCommandArgs, reportWarnings, say } from './common.ts';

const USAGE =
  'usage: cairn plan (--gtfs FILE_OR_DIR [--gtfs …] | --region DIR) [--osm FILE] --from LAT,LON --to LAT,LON\n' +
  '                  --depart YYYY-MM-DDTHH:mm [--arrive-by] [--window MINUTES] [--wheelchair] [--max-transfers N]\n' +
  '                  [--walk-radius METRES] [--json]';

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

/** `cairn plan`: transit journeys between two coordinates, walking to and from stops in straight lines. */
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
  const from = parseLatLon(v.from);
  const to = parseLatLon(v.to);
  const when = v.depart ? parseLocalDateTime(v.depart) : undefined;
  const windowMin = v.window === undefined ? 0 : Number(v.window);
  const maxTransfers = v['max-transfers'] === undefined ? 4 : Number(v['max-transfers']);
  const radiusM = v['walk-radius'] === undefined ? DEFAULT_WALK_RADIUS_M : Number(v['walk-radius']);
  const problems: string[] = [];
  if (!v.gtfs?.length && !v.region)
    problems.push('give --gtfs (one or more feeds) or --region (a folder made by build-region)');
  if (!from) problems.push('--from must be LAT,LON');
  if (!to) problems.push('--to must be LAT,LON');
  if (!when) problems.push('--depart must be YYYY-MM-DDTHH:mm (local time of the feed)');
  if (!(windowMin >= 0 && windowMin <= 24 * 60)) problems.push('--window must be 0 to 1440 minutes');
  if (!(Number.isInteger(maxTransfers) && maxTransfers >= 0 && maxTransfers <= 8))
    problems.push('--max-transfers must be 0 to 8');
  if (!(radiusM > 0 && radiusM <= 5000)) problems.push('--walk-radius must be 1 to 5000 metres');
  if (problems.length > 0 || !from || !to || !when) {
    for (const p of problems) say(`error: ${p}`);
    say(USAGE);
    return EXIT.usage;
  }
  if (v.osm) say(`note: --osm is not used yet: walking is straight line × detour factor (${v.osm} ignored)`);

  let tt: Timetable;
  if (v.region) {
    const file = join(v.region, TIMETABLE_SNAPSHOT_FILE);
    if (!existsSync(file)) {
      say(
        `error: ${v.region} has no ${TIMETABLE_SNAPSHOT_FILE}; region folders are not read yet, build one with cairn build-region --out ${v.region}`,
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

  const tz = tt.timezone;
  const view = new TransitView(tt, when.date);
  const timeSec = localToEpochSec(tz, when.date, when.secondsOfDay) - view.epochZeroSec;
  const access = listStopsWithinWalk(tt, from.lat, from.lon, radiusM);
  const egress = listStopsWithinWalk(tt, to.lat, to.lon, radiusM);
  if (access.length === 0 || egress.length === 0) {
    say(`no stop within ${radiusM} m of the ${access.length === 0 ? 'origin' : 'destination'}`);
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
