import { formatMoney } from '../format/money.ts';
import { existsSync } from 'node:fs';
import { fromLatLng, toLatLng } from '../geo/geometry.ts';
import { join } from 'node:path';
import { BrandSettings, noPublicTransportBackAt, RAILCARDS } from '@cairn/contracts';
import type { Journey, LatLng, Leg, SearchRequest, Step } from '@cairn/contracts';
import { parseFeedSpec } from '../gtfs/loadFeeds.ts';
import { legChangeCount } from '../format/changes.ts';
import { clockTextSpanSec } from '../format/duration.ts';
import { formatLocalTime, formatSearchDate } from '../format/localTime.ts';
import { serviceAfterMode } from '../format/serviceName.ts';
import { locateEnd } from '../places/locateEnd.ts';
import { createPlanner } from '../planner/loadPlanner.ts';
import type {
  ExplainedOption,
  NextDepartureFact,
  NoJourneyReason,
  NoPublicTransportReason,
  Planner,
  PlanResult,
  Protection,
} from '../planner/port.ts';
import { NEXT_DEPARTURE_DAYS } from '../planner/nextDeparture.ts';
import { loadRegionData, regionDataFromFeeds, regionDataFromTimetable } from '../loader/regionData.ts';
import type { RegionData } from '../loader/regionData.ts';
import { loadRegionConfig, REGION_CONFIG_FILE } from '../region/loadRegionConfig.ts';
import type { RegionConfig } from '../region/regionConfig.ts';
import { localToEpochSec, parseLocalDateTime } from '../time/serviceDay.ts';
import { readTimetableSnapshot } from '../timetable/snapshot.ts';
import { TIMETABLE_SNAPSHOT_FILE } from './buildRegion.ts';
import { EXIT, parseCommandArgs, reportWarnings, say } from './common.ts';
import { secondsSince } from './streets.ts';

const USAGE = `usage: cairn plan (--region DIR | --gtfs FEED [--gtfs …] [--osm FILE]) --from PLACE --to PLACE
                  [--depart YYYY-MM-DDTHH:mm] [--arrive-by] [--return YYYY-MM-DDTHH:mm] [--step-free]
                  [--age N] [--young-scot] [--concession] [--scheme ID …] [--railcard NAME] [--car] [--explain]
                  [--json | --journeys]
  Runs the journey planner the API runs and prints every option it offers (walk, cycle, transit
  with its first and last miles, …) with departure, arrival, changes, price, CO2 and steps.
  --region DIR  a folder with region.json (its feeds, OSM file, taxis, fares…), or one made by
                cairn build-region --out (its timetable.bin; add --osm to walk along streets)
  --gtfs FEED   GTFS folder or .zip ([ID=]PATH), repeatable: a region with default settings (box
                around the stops, the feed's time zone, no taxis or car clubs, prices from the
                feeds' fare files or unknown)
  --osm FILE    streets for walking, cycling and driving; without it walks are straight lines at
                walking speed (labelled so) and no cycling or driving is offered
  --from, --to  LAT,LON inside the region, or a place name the planner's geocoder finds
  --depart      local time of the region (default: now); with --arrive-by, the time to arrive by;
                a region folder's calendars are checked as of this day (a past feed plans on a day it ran)
  --return      also plan the way back, leaving at this time
  --step-free   step-free journeys: each step labelled step-free, not step-free or not known
  --age N       the traveller's age (child fares, the under-22 scheme, Young Scot rail discount)
  --young-scot  a Young Scot card issued for the under-22 free bus scheme (from January 2022)
  --concession  a National Entitlement Card (over 60 or disabled): free bus and coach
  --scheme ID   a concession scheme of the region's own (region.json fares.concessions.schemes),
                repeatable
  --railcard    the traveller's railcard, one of: ${RAILCARDS.join(', ')}
  --car         the traveller has a car to drive (driving and park & ride are offered)
  --explain     also print every candidate the planner weighed, outbound leg, with the rule that
                removed it ("clearly beaten by #2", "family cap"; ADR 008) or "shown", with
                the protection that kept it from a rule ("kept as lowest CO2"); with
                --json, as \`explained\` (planner/port.ts ExplainedOption)
  --json        a compact projection of the options on stdout:
                { region, from, to, options: [{ id, mode, stages, departure, arrival (ISO with
                offset), duration_sec, changes, cost ("£3.20" | "€2.90" | "free" | "unknown"),
                cost_pence (hundredths of cost_currency), cost_currency ("GBP", "EUR"…), cost_is_estimate, co2_kg, walking_m, steps: [{ type, service, headsign, from, to
                ({ name, lat, lon }), departure, arrival ("HH:mm"), duration_sec, distance_m,
                description }], return: same leg fields | null, notices?: [text] }],
                no_journey (when there is no option): why, planner/port.ts NoJourneyReason;
                no_public_transport (options, none by public transport nor reachable on foot): why,
                no_public_transport_back (a return, every option back by car, taxi, bike or on
                foot): { return_time ("HH:mm") } }
  --journeys    the full Journey documents as the API stores them: { journeys: [...] }
  No longer taken (the planner decides them): --window (it searches two hours of departures),
  --max-transfers (up to 3 changes), --walk-radius (walks of up to 20 minutes), --wheelchair
  (use --step-free).`;

const DROPPED: Record<string, string> = {
  window: 'the planner searches two hours of departures itself',
  'max-transfers': 'the planner allows up to 3 changes',
  'walk-radius': 'the planner walks up to 20 minutes to and from stops',
  wheelchair: 'use --step-free',
};

/** The brand of a command-line search: every travel type allowed, no extras the terminal cannot show. */
const CLI_BRAND = BrandSettings.parse({
  brand: 'cli',
  title: 'Cairn',
  shortTitle: 'Cairn',
  contactEmail: 'cli@example.invalid',
  supportLink: null,
  appStoreLinks: { ios: null, android: null },
  showBreadcrumbs: false,
  showUpdatesFooter: false,
  showNeedHelp: false,
  showPois: false,
  enableUserAccounts: false,
  enableMultipleJourneyTypeFilter: false,
  blockedTravelTypes: [],
  footer: { address: [], quickLinks: [], socialLinks: [], supportedBy: [] },
  mapColours: { outbound: '#1f5fa8', return: '#c25e00', accent: '#1f5fa8' },
});

/** A place of the --json projection. */
export interface PlanJsonPlace {
  name: string;
  lat: number;
  lon: number;
}

/** A step of the --json projection; times are local "HH:mm". */
export interface PlanJsonStep {
  type: string;
  service: string | null;
  headsign: string | null;
  from: PlanJsonPlace;
  to: PlanJsonPlace;
  departure: string;
  arrival: string;
  duration_sec: number;
  distance_m: number;
  description: string;
}

/** One way (outbound or return) of an option in the --json projection; times ISO with offset. */
export interface PlanJsonLeg {
  departure: string;
  arrival: string;
  duration_sec: number;
  changes: number;
  walking_m: number;
  steps: PlanJsonStep[];
}

/** An option of the --json projection. */
export interface PlanJsonOption extends PlanJsonLeg {
  id: string;
  mode: string;
  stages: string[];
  cost: string;
  cost_pence: number | null;
  cost_currency: string;
  cost_is_estimate: boolean;
  co2_kg: number;
  return: PlanJsonLeg | null;
  /** What the traveller must know (Journey notices' text: a tight last connection, an estimate…); absent when nothing. */
  notices?: string[];
}

/** What `cairn plan --json` prints. */
export interface PlanJson {
  region: string;
  from: PlanJsonPlace;
  to: PlanJsonPlace;
  options: PlanJsonOption[];
  /** Present when there is no option: why (planner/port.ts NoJourneyReason). */
  no_journey?: NoJourneyReason;
  /** Present when there are options, none by public transport nor any reachable on foot: why (PlanResult noPublicTransport). */
  no_public_transport?: NoPublicTransportReason;
  /**
   * Present on a return search whose options all come back by car, taxi, bike or on foot (and
   * `no_public_transport` is absent): the return time, local 'HH:mm' (contracts noPublicTransportBackAt,
   * the rule the web's "No public transport back at 17:00" follows).
   */
  no_public_transport_back?: { return_time: string };
  /** With --explain: every candidate and the rule that removed it. */
  explained?: ExplainedOption[];
}

type End = { text: string; location?: LatLng };

function parseLatLon(text: string): LatLng | undefined {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!m) return undefined;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : undefined;
}

/** `cairn plan`: the planner's options between two places, as a table or JSON. */
export async function planCommand(argv: string[]): Promise<number> {
  const args = parseCommandArgs(
    argv,
    {
      gtfs: { type: 'string', multiple: true },
      osm: { type: 'string' },
      region: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      depart: { type: 'string' },
      'arrive-by': { type: 'boolean' },
      return: { type: 'string' },
      json: { type: 'boolean' },
      journeys: { type: 'boolean' },
      window: { type: 'string' },
      'max-transfers': { type: 'string' },
      'walk-radius': { type: 'string' },
      wheelchair: { type: 'boolean' },
      'step-free': { type: 'boolean' },
      age: { type: 'string' },
      'young-scot': { type: 'boolean' },
      concession: { type: 'boolean' },
      scheme: { type: 'string', multiple: true },
      railcard: { type: 'string' },
      car: { type: 'boolean' },
      explain: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    USAGE,
  );
  if ('exit' in args) return args.exit;
  const v = args.values;
  const problems: string[] = [];
  for (const [flag, why] of Object.entries(DROPPED))
    if (v[flag as keyof typeof v] !== undefined) problems.push(`--${flag} is no longer taken: ${why}`);
  if (!v.gtfs?.length && !v.region)
    problems.push(
      'give --region (a folder with region.json, or made by build-region) or --gtfs (one or more feeds)',
    );
  if (v.gtfs?.length && v.region) problems.push('give --region or --gtfs, not both');
  if (v.osm && v.region && existsSync(join(v.region, REGION_CONFIG_FILE)))
    problems.push(`--osm cannot be used with a ${REGION_CONFIG_FILE} folder: it names its own OSM file`);
  const endOf = (flag: 'from' | 'to', text: string | undefined): End | undefined => {
    if (text === undefined || text.trim() === '') {
      problems.push(`--${flag} is needed: LAT,LON or a place name`);
      return undefined;
    }
    if (/^\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*$/.test(text)) {
      const location = parseLatLon(text);
      if (!location) problems.push(`--${flag} must be LAT,LON with latitude −90…90 and longitude −180…180`);
      return location ? { text: flag === 'from' ? 'Origin' : 'Destination', location } : undefined;
    }
    return { text: text.trim() };
  };
  const from = endOf('from', v.from);
  const to = endOf('to', v.to);
  const depart = v.depart === undefined ? undefined : parseLocalDateTime(v.depart);
  if (v.depart !== undefined && !depart)
    problems.push('--depart must be YYYY-MM-DDTHH:mm (local time of the region)');
  const back = v.return === undefined ? undefined : parseLocalDateTime(v.return);
  if (v.return !== undefined && !back)
    problems.push('--return must be YYYY-MM-DDTHH:mm (local time of the region)');
  if (v.json && v.journeys) problems.push('give --json or --journeys, not both');
  const age = v.age === undefined ? undefined : Number(v.age);
  if (age !== undefined && !(Number.isInteger(age) && age >= 0 && age <= 130))
    problems.push('--age must be a whole number of years, 0 to 130');
  const railcard = v.railcard?.trim();
  if (railcard !== undefined && !(RAILCARDS as readonly string[]).includes(railcard))
    problems.push(`--railcard must be one of: ${RAILCARDS.join(', ')}`);
  if (problems.length > 0 || !from || !to) {
    for (const p of problems) say(`error: ${p}`);
    say(USAGE);
    return EXIT.usage;
  }

  const data = await openRegion(v.region, v.gtfs ?? [], v.osm, depart);
  if (!data) return EXIT.failed;
  const schemes = data.region.fares.concessions.schemes.map((s) => s.id);
  const unknownScheme = (v.scheme ?? []).find((id) => !schemes.includes(id));
  if (unknownScheme !== undefined) {
    say(
      `error: --scheme ${unknownScheme}: region.json names ${schemes.length ? `only ${schemes.join(', ')}` : 'no concession scheme'} (fares.concessions.schemes)`,
    );
    return EXIT.usage;
  }
  const planner = createPlanner(data, { log: (m) => say(m) });
  for (const w of planner.warnings) say(`note: ${w}`);
  const origin = placeEnd(planner, data.region, 'from', from);
  const destination = origin && placeEnd(planner, data.region, 'to', to);
  if (!origin || !destination) return EXIT.failed;

  const tz = data.region.timeZone;
  const outSec = depart
    ? localToEpochSec(tz, depart.date, depart.secondsOfDay)
    : Math.floor(Date.now() / 1000);
  const request: SearchRequest = {
    origin: origin.text,
    destination: destination.text,
    origin_location: origin.location,
    destination_location: destination.location,
    out_time: formatSearchDate(tz, outSec),
    return_time: back ? formatSearchDate(tz, localToEpochSec(tz, back.date, back.secondsOfDay)) : undefined,
    arrive_by: v['arrive-by'] === true,
    arrive_by_buffer: 0,
    ...(v['step-free'] ? { step_free: true } : {}),
    ...travellerFields(age, railcard, v),
  };
  const started = performance.now();
  let result: PlanResult;
  try {
    result = await planner.plan(request, null, CLI_BRAND, undefined, { explain: v.explain === true });
  } catch (e) {
    say(`plan failed: ${(e as Error).message}`);
    return EXIT.failed;
  }
  const { journeys } = result;
  say(`planned ${journeys.length} option${journeys.length === 1 ? '' : 's'} in ${secondsSince(started)}`);
  if (!result.found && result.why.reason === 'unplaced') {
    for (const e of result.why.ends) say(`error: --${e.end === 'origin' ? 'from' : 'to'}: ${e.message}`);
    return EXIT.failed;
  }
  if (v.journeys) process.stdout.write(`${JSON.stringify({ journeys }, null, 2)}\n`);
  else {
    const json = toPlanJson(journeys, data.region.name, origin, destination);
    if (!result.found) json.no_journey = result.why;
    else if (result.noPublicTransport) json.no_public_transport = result.noPublicTransport;
    else {
      const back = noPublicTransportBackAt(request.return_time, journeys);
      if (back) json.no_public_transport_back = { return_time: back };
    }
    if (result.explained) json.explained = result.explained;
    process.stdout.write(v.json ? `${JSON.stringify(json, null, 2)}\n` : formatPlanTable(json));
    if (!v.json && result.explained)
      process.stdout.write(formatExplained(result.explained, tz, data.region.currency));
  }
  return EXIT.ok;
}

/** The search's traveller fields from the command's --age, --young-scot, --concession, --scheme, --railcard and --car. */
function travellerFields(
  age: number | undefined,
  railcard: string | undefined,
  flags: { 'young-scot'?: boolean; concession?: boolean; car?: boolean; scheme?: string[] },
): Partial<SearchRequest> {
  return {
    ...(flags.scheme?.length ? { concession_schemes: flags.scheme } : {}),
    ...(age !== undefined ? { user_age: age } : {}),
    ...(flags['young-scot'] ? { has_young_scot_card: true, has_new_young_scot_card: true } : {}),
    ...(flags.concession ? { has_concessionary_pass: true } : {}),
    ...(railcard ? { has_railcard: true, railcard_type: railcard as SearchRequest['railcard_type'] } : {}),
    ...(flags.car ? { has_access_to_car: true } : {}),
  };
}

/** The region data of a region folder, of a build-region snapshot folder, or of feeds; undefined after saying why not. */
async function openRegion(
  region: string | undefined,
  gtfs: string[],
  osmPath: string | undefined,
  depart: LocalDateTime | undefined,
): Promise<RegionData | undefined> {
  const log = (m: string) => say(m);
  if (region && existsSync(join(region, REGION_CONFIG_FILE))) {
    try {
      // The calendars are checked as of the day planned: a feed of another period (built with
      // build-region --today) is planned on a day it runs, and refused on a day it does not.
      const now = depart && (await departureMs(region, depart));
      return await loadRegionData(region, { log, ...(now ? { now: () => now } : {}) });
    } catch (e) {
      say(`plan failed: ${(e as Error).message}`);
      if (!depart && /\[calendar-/.test((e as Error).message))
        say(
          'to plan on a day the timetable runs, give --depart YYYY-MM-DDTHH:mm: the checks then count from that day',
        );
      return undefined;
    }
  }
  if (region) {
    const file = join(region, TIMETABLE_SNAPSHOT_FILE);
    if (!existsSync(file)) {
      say(
        `error: ${region} has neither ${REGION_CONFIG_FILE} nor ${TIMETABLE_SNAPSHOT_FILE}; make one with cairn build-region --out ${region}`,
      );
      return undefined;
    }
    say(`loading ${file}`);
    const snap = readTimetableSnapshot(file);
    if (!snap.ok) {
      say(`error: ${snap.message}`);
      return undefined;
    }
    const built = regionDataFromTimetable(snap.timetable, { ...(osmPath ? { osmPath } : {}), log });
    if (built.ok) return built.data;
    say(`error: ${built.message}`);
    return undefined;
  }
  const loaded = regionDataFromFeeds(gtfs.map(parseFeedSpec), { ...(osmPath ? { osmPath } : {}), log });
  if (!loaded.ok) {
    reportWarnings(loaded.feedWarnings);
    say(
      loaded.feedWarnings.length ? 'plan failed: the feed above cannot be used' : `error: ${loaded.message}`,
    );
    return undefined;
  }
  reportWarnings(loaded.feedWarnings, loaded.warningCounts, 5);
  return loaded.data;
}

type LocalDateTime = NonNullable<ReturnType<typeof parseLocalDateTime>>;

/** A local --depart time of a region folder as epoch milliseconds in its time zone; undefined when region.json is unusable (its loader says why). */
async function departureMs(dir: string, depart: LocalDateTime): Promise<number | undefined> {
  const { config } = await loadRegionConfig(dir);
  return config ? localToEpochSec(config.timeZone, depart.date, depart.secondsOfDay) * 1000 : undefined;
}

type Placed = End & { location: LatLng };

/**
 * Coordinates are checked against the region's box; a name is looked up with the planner's
 * geocoder (the place it picks is printed). Undefined after saying why the end cannot be used.
 */
function placeEnd(planner: Planner, region: RegionConfig, flag: 'from' | 'to', end: End): Placed | undefined {
  const area = { name: region.name, ...region.bbox };
  const found = end.location ? undefined : planner.findPlace(end.text);
  const text = end.location ? `${end.location.lat},${end.location.lng}` : end.text;
  const located = locateEnd(
    text,
    end.location,
    () => found && { label: found.label, ...fromLatLng(found.location) },
    area,
  );
  if (!located.ok) {
    say(`error: --${flag}: ${located.message}`);
    return undefined;
  }
  if (!found) return { text: end.text, location: toLatLng(located) };
  say(
    `${flag}: ${found.label}${found.description ? ` (${found.description})` : ''} at ${found.location.lat.toFixed(5)},${found.location.lng.toFixed(5)}`,
  );
  return { text: found.label, location: found.location };
}

const placeOf = (name: string, p: LatLng): PlanJsonPlace => ({ name, ...fromLatLng(p) });

function legJson(leg: Leg): PlanJsonLeg {
  return {
    departure: leg.departure_datetime,
    arrival: leg.arrival_datetime,
    duration_sec: leg.duration.value,
    changes: legChangeCount(leg),
    walking_m: leg.walking_distance.value,
    steps: leg.steps.map(stepJson),
  };
}

function stepJson(s: Step): PlanJsonStep {
  return {
    type: s.type,
    service: s.service_number ?? null,
    headsign: s.headsign ?? null,
    from: placeOf(s.start_address, s.start_location),
    to: placeOf(s.end_address, s.end_location),
    departure: s.departure_time,
    arrival: s.arrival_time,
    duration_sec: s.duration.value,
    distance_m: Math.round(s.distance.value),
    description: s.description,
  };
}

/** The --json projection of the planner's Journey documents (in the planner's order). */
function toPlanJson(journeys: Journey[], region: string, origin: Placed, destination: Placed): PlanJson {
  return {
    region,
    from: placeOf(origin.text, origin.location),
    to: placeOf(destination.text, destination.location),
    options: journeys.map((j) => ({
      id: j.id,
      mode: j.transport_mode,
      stages: j.depart.stages,
      ...legJson(j.depart),
      cost: j.cost,
      cost_pence: j.cost_pence,
      cost_currency: j.cost_currency ?? 'GBP',
      cost_is_estimate: j.cost_is_estimate,
      co2_kg: j.carbon_emission,
      return: j.return ? legJson(j.return) : null,
      ...(j.notices?.length ? { notices: j.notices.map((n) => n.text) } : {}),
    })),
  };
}

/** A readable table of the options and their steps. */
function formatPlanTable(json: PlanJson): string {
  if (json.options.length === 0)
    return `No journey found${json.no_journey ? `: ${explainNoJourney(json.no_journey)}` : ''}.\n`;
  const hhmm = (iso: string): string => iso.slice(11, 16);
  const km = (m: number): string => (m >= 1000 ? `${(m / 1000).toFixed(1)} km` : `${Math.round(m)} m`);
  // The minutes between the two clock times printed beside them (the product's one rule).
  const min = (from: string, to: string): string => `${clockTextSpanSec(from, to) / 60} min`;
  const lines: string[] = [];
  const legLines = (label: string, leg: PlanJsonLeg) => {
    lines.push(
      `   ${label}${hhmm(leg.departure)} → ${hhmm(leg.arrival)}  ${min(hhmm(leg.departure), hhmm(leg.arrival))}, ${leg.changes} change${leg.changes === 1 ? '' : 's'}, walk ${km(leg.walking_m)}`,
    );
    for (const s of leg.steps) {
      const service = serviceAfterMode(s.type, s.service ?? '');
      const what = service ? `${s.type} ${service}` : s.type;
      lines.push(
        `     ${s.departure}–${s.arrival}  ${what.padEnd(14)} ${s.from.name} → ${s.to.name}  (${km(s.distance_m)})`,
      );
      if (s.type === 'walk' && /no mapped path/.test(s.description))
        lines.push(`${' '.repeat(19)}straight line, no mapped path: time estimated`);
    }
  };
  json.options.forEach((o, i) => {
    const price =
      o.cost === 'unknown' ? 'price unknown' : `${o.cost}${o.cost_is_estimate ? ' (estimate)' : ''}`;
    lines.push(
      `${i + 1}. ${o.mode === 'transit' ? `transit: ${o.stages.join(', ')}` : o.mode}  ·  ${price}  ·  ${o.co2_kg.toFixed(2)} kg CO2`,
    );
    for (const text of o.notices ?? []) lines.push(`   ! ${text}`);
    legLines(o.return ? 'out    ' : '', o);
    if (o.return) legLines('return ', o.return);
  });
  if (json.no_public_transport)
    lines.push(`No public transport: ${explainNoPublicTransport(json.no_public_transport)}.`);
  if (json.no_public_transport_back) {
    const at = json.no_public_transport_back.return_time;
    lines.push(
      `No public transport back at ${at}: nothing by bus, train or other public transport comes back then; ` +
        `every option above returns by car, taxi, bike or on foot (the last service back may leave before ${at}, ` +
        'or the way there by public transport arrive after it).',
    );
  }
  return `${lines.join('\n')}\n`;
}

/** How --explain names each protection: the option best on a SPEC sort key, or a pinned walk. */
const PROTECTION_NAMES: Record<Protection, string> = {
  pinned: 'walking alone',
  emissions: 'lowest CO2',
  cost: 'cheapest',
  'depature-time': 'earliest departure',
  'travel-time': 'shortest',
  'arrival-time': 'earliest arrival',
  'wait-time': 'least waiting',
  'walk-distance': 'least walking',
  'least-changes': 'fewest changes',
};

/** Every candidate of --explain, numbered, each with what removed it, or "shown" and any protection that kept it. */
export function formatExplained(
  list: readonly ExplainedOption[],
  timeZone: string,
  currency: string,
): string {
  const hhmm = (sec: number) => formatLocalTime(timeZone, sec);
  const lines = [`\nEvery candidate (${list.length}), outbound, and what removed it:`];
  list.forEach((o, i) => {
    const byIndex = (by: number | undefined) => (by !== undefined ? ` by #${by + 1}` : '');
    const kept = o.keptBy
      ? ` (kept as ${o.keptBy.protections.map((p) => PROTECTION_NAMES[p]).join(', ')}; else ${o.keptBy.rule}${byIndex(o.keptBy.by)})`
      : '';
    const verdict = o.removedBy ? `removed: ${o.removedBy.rule}${byIndex(o.removedBy.by)}` : `shown${kept}`;
    const price = o.costPence === null ? 'price ?' : formatMoney(o.costPence, currency);
    lines.push(
      `#${i + 1} ${o.kind}  ${hhmm(o.departSec)} → ${hhmm(o.arriveSec)}  ${price}  ${o.carbonKg.toFixed(2)} kg  ${o.changes} ch  walk ${o.walkM} m  — ${verdict}`,
    );
    lines.push(
      `     ${o.steps.map((s) => `${hhmm(s.startSec)} ${s.service ? `${s.type} ${s.service}` : s.type} ${s.from} → ${s.to}`).join('; ')}`,
    );
  });
  return `${lines.join('\n')}\n`;
}

/** The next departure from the stops near the origin, as the end of the no-service sentence; '' when not looked for. */
function nextDepartureText(next: NextDepartureFact | null | undefined): string {
  if (next === undefined) return '';
  if (next === null)
    return `; no public transport leaves the stops near the start in the next ${NEXT_DEPARTURE_DAYS} days`;
  const day = new Date(`${next.departure.slice(0, 10)}T12:00Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  const sentence = `${next.line} towards ${next.towards} from ${next.stop} at ${next.departure.slice(11, 16)} on ${day}`;
  if (next.reaches_destination === false)
    return `; nothing from the stops near the start goes towards the destination without a change in the next ${NEXT_DEPARTURE_DAYS} days: the next departure there, ${sentence}, does not go that way`;
  return `; the next departure from the stops near the start that calls near the destination is ${sentence}`;
}

/** Why options include no public transport, as a terminal reader reads it. */
function explainNoPublicTransport(why: NoPublicTransportReason): string {
  return why.reason === 'no stop near'
    ? `no stop within a walk of the ${why.ends.join(' and ')}`
    : explainNoJourney(why);
}

/** The reason a search found nothing, as a terminal reader reads it. */
export function explainNoJourney(why: NoJourneyReason): string {
  const ends = (list: readonly string[]) => list.join(' and ');
  switch (why.reason) {
    case 'unplaced':
      return why.ends.map((e) => e.message).join(' ');
    case 'same place':
      return 'the origin and the destination are the same place';
    case 'bad time':
      return 'the search time is not a valid date and time';
    case 'no stop near':
      return `no public transport stop within a walk of the ${ends(why.ends)}, and no door-to-door option fits`;
    case 'no service':
      return `nothing runs between the stops near these places at that time on ${why.date}${nextDepartureText(why.next)}`;
    case 'no return':
      return why.arrival
        ? `every way there arrives after the return time: the first arrives at ${why.arrival.slice(11, 16)} on ${why.arrival.slice(0, 10)}`
        : 'no option has a way back at the return time';
    case 'no option':
      return 'every option found is left out by booking windows or the allowed travel types';
  }
}
