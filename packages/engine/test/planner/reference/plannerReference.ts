import { readFileSync } from 'node:fs';
import { BrandSettings, Journey, SearchRequest, TIMETABLED_TYPES } from '@cairn/contracts';
import type { SearchRequestInput, Step } from '@cairn/contracts';
import { listStopAccess } from '../../../src/modes/accessEgress.ts';
import { listStreetFootpaths } from '../../../src/modes/footpaths.ts';
import { buildStreetChain } from '../../../src/modes/streetStep.ts';
import { checkDarkRuralWalk } from '../../../src/modes/walk.ts';
import type { Settlement } from '../../../src/places/types.ts';
import { loadPlanner } from '../../../src/planner/loadPlanner.ts';
import type { Planner } from '../../../src/planner/loadPlanner.ts';
import { loadRegionData } from '../../../src/loader/regionData.ts';
import type { RegionData } from '../../../src/loader/regionData.ts';
import type { StreetNetwork } from '../../../src/streets/streetNetwork.ts';
import type { LiveVersion } from '../../../src/realtime/liveVersion.ts';
import { resolveRegionPath } from '../../../src/region/loadRegionConfig.ts';
import {
  dateToDayNumber,
  dayNumberToDate,
  epochToLocal,
  localToEpochSec,
} from '../../../src/time/serviceDay.ts';
import type { DateInt } from '../../../src/time/serviceDay.ts';
import { buildReferenceNetwork, scanEarliest, scanLatest } from './connectionScan.ts';
import type { ReferenceJourney, ReferenceNetwork } from './connectionScan.ts';

/*
 * The planner-level reference: what plan() should at least find for a depart-after search, from
 * an independent connection scan over the region's GTFS with the planner's documented limits.
 * Inputs shared with the planner on purpose (they are not what is under test): the walking times
 * between the search ends and stops (modes/accessEgress.ts listStopAccess, as plan.ts calls it),
 * the footpaths between stops (modes/footpaths.ts, which the region's timetable is built from) and
 * a direct walk along the streets (modes/streetStep.ts buildStreetChain).
 */

/** The planner's documented limits (planner/transit/miles.ts, transit/search.ts, families/walk.ts, plan.ts), restated so a change there shows up here. */
export const PLANNER_LIMITS = {
  /** MILE_MAX_SEC.walk: walking to the first and from the last stop. */
  walkAccessSec: 20 * 60,
  /** MAX_TRANSFERS = 3: at most four vehicles. */
  maxVehicles: 4,
  /** MAX_SHIFT_SEC: a transit option leaves at most six hours after the asked time… */
  maxShiftSec: 6 * 3600,
  /** WALK_DIRECT_M: a direct walk is offered up to this straight-line distance… */
  directWalkM: 6_000,
  /** …and modes/walk.ts MAX_WALK_SEC: taking at most two hours (checkWalkLeg). */
  directWalkMaxSec: 2 * 3600,
  /** SAME_PLACE_M: closer ends have no journey to plan. */
  samePlaceM: 100,
  /** region.json connections.walkToRideSec (default): at the first stop this long before the ride, unless at the door. */
  walkToRideSec: 60,
  /** connections.stepFreeExtraSec and stepFreeRailExtraSec (defaults): a step-free traveller's extra margin, more onto a train. */
  stepFreeExtraSec: 3 * 60,
  stepFreeRailExtraSec: 10 * 60,
} as const;

/** A stop some train calls at (the planner's drop-offs and assistance take longer there). */
function servedByTrain(data: RegionData, stop: number): boolean {
  const a = data.timetable.a;
  for (let i = a.stopPatternOffsets[stop] ?? 0; i < (a.stopPatternOffsets[stop + 1] ?? 0); i++)
    if (data.timetable.meta.lines[a.patternLine[a.stopPatterns[i] ?? 0] ?? 0]?.mode === 'train') return true;
  return false;
}

/** The margin a walk from the origin leaves before its first ride (none for a stop at the door, none after the last ride). */
function boardMarginSec(r: ReferenceRegion, stop: number, walkSec: number, direction: 'from' | 'to'): number {
  if (direction === 'to' || walkSec === 0) return 0;
  if (!r.stepFree) return PLANNER_LIMITS.walkToRideSec;
  const rail = servedByTrain(r.data, stop) ? PLANNER_LIMITS.stepFreeRailExtraSec : 0;
  return PLANNER_LIMITS.walkToRideSec + PLANNER_LIMITS.stepFreeExtraSec + rail;
}

/** Walks between a place and the reference's stops (seconds, with the planner's board margin after the first). */
export function walkLegs(r: ReferenceRegion, p: Place, direction: 'from' | 'to'): Map<number, number> {
  const { data, net } = r;
  const m = new Map<number, number>();
  for (const a of listStopAccess(data, p, 'walk', PLANNER_LIMITS.walkAccessSec, direction)) {
    const s = net.stopById.get(data.timetable.meta.stopIds[a.stopIdx] ?? '');
    if (s === undefined) throw new Error(`reference: stop ${a.stopIdx} not in the GTFS`);
    m.set(
      s,
      Math.min(m.get(s) ?? Infinity, a.durationSec + boardMarginSec(r, a.stopIdx, a.durationSec, direction)),
    );
  }
  return m;
}

/** A search end. */
export interface Place {
  name: string;
  lat: number;
  lon: number;
}

/** A loaded region: the planner under test and what the reference reads. */
export interface ReferenceRegion {
  planner: Planner;
  data: RegionData;
  net: ReferenceNetwork;
  brand: BrandSettings;
  /** The planner is asked for step-free journeys: its board margins are the step-free ones. */
  stepFree?: boolean;
}

const brandsDir = new URL('../../../../../brands/', import.meta.url);

/** What a reference variant changes: where it reads each feed, and the region data its walks use. */
export interface ReferenceVariant {
  feedPath?: (feedId: string, path: string) => string;
  data?: (data: RegionData) => RegionData;
  /** Changes between two stops take this many times as long (a step-free traveller). */
  walkTransferFactor?: number;
  /** Step-free searches: the first walk leaves the step-free board margin. */
  stepFree?: boolean;
}

/** Loads the planner (the public facade) and, separately, the region data and GTFS the reference reads. */
export async function loadReferenceRegion(
  dir: string,
  nowMs: number,
  variant: ReferenceVariant = {},
): Promise<ReferenceRegion> {
  const planner = await loadPlanner(dir, { now: () => nowMs, log: () => {} });
  // The data checks count "today" from the same clock as the planner, not the machine's.
  const loaded = await loadRegionData(dir, { log: () => {}, now: () => nowMs });
  const settings = loaded.timetable.meta.transferSettings;
  const net = buildReferenceNetwork({
    timeZone: loaded.region.timeZone,
    feeds: loaded.region.feeds.map((f) => {
      const path = resolveRegionPath(dir, f.path);
      const read = { type: f.type, nation: f.nation, stopsPath: f.stops && resolveRegionPath(dir, f.stops) };
      return { id: f.id, path: variant.feedPath?.(f.id, path) ?? path, read };
    }),
    // The region's footpaths are walked along its streets (loader/regionTimetable.ts).
    footpaths: (stops) => listStreetFootpaths(loaded.streets, stops, settings),
    sameStopChangeSec: settings.sameStopTransferSec,
    straightLineWalkSec: (m) => Math.round((m * settings.detourFactor) / settings.walkSpeedMps),
    walkTransferFactor: variant.walkTransferFactor,
  });
  const brand = BrandSettings.parse(
    JSON.parse(readFileSync(new URL('default/brand.json', brandsDir), 'utf8')),
  );
  return {
    planner,
    data: variant.data?.(loaded) ?? loaded,
    net,
    brand,
    ...(variant.stepFree ? { stepFree: true } : {}),
  };
}

/** 'YYYY/MM/DD HH:mm:ss' as local date, seconds of day and epoch. */
function parseOut(tz: string, out: string): { date: DateInt; epochSec: number } {
  const m = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(out);
  if (!m) throw new Error(`bad search time ${out}`);
  const date = Number(m[1]) * 10000 + Number(m[2]) * 100 + Number(m[3]);
  return {
    date,
    epochSec: localToEpochSec(tz, date, Number(m[4]) * 3600 + Number(m[5]) * 60 + Number(m[6])),
  };
}

export function crowM(a: Place, b: Place): number {
  const r = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * r) / 2) ** 2 +
    Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.sin(((b.lon - a.lon) * r) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Seconds of the direct walk along the streets the planner would offer from `from` to `to`,
 * setting off at `at.startSec` or arriving at `at.endSec`: none beyond WALK_DIRECT_M straight
 * line, nor taking over MAX_WALK_SEC, nor half an hour or more on unlit rural roads outside
 * daylight (plan.ts drops that option as a 'dark rural walk', modes/walk.ts checkDarkRuralWalk,
 * called here on the same settlements: it is a rule of plan(), not what this reference checks).
 */
export function directWalkSec(
  streets: StreetNetwork,
  settlements: readonly Settlement[],
  from: Place,
  to: Place,
  at: { startSec: number } | { endSec: number },
): number | undefined {
  if (crowM(from, to) > PLANNER_LIMITS.directWalkM) return undefined;
  const timedFrom = 'startSec' in at ? at.startSec : at.endSec;
  const built = buildStreetChain(streets, [{ type: 'walk', from, to }], { startSec: timedFrom });
  const end = built?.steps[built.steps.length - 1]?.endSec;
  if (!built || end === undefined || end - timedFrom > PLANNER_LIMITS.directWalkMaxSec) return undefined;
  const sec = end - timedFrom;
  // A walk takes as long whenever it starts: arriving at endSec, it sets off that much before.
  const shift = 'startSec' in at ? 0 : -sec;
  const leg = {
    ...built,
    steps: built.steps.map((s) => ({ ...s, startSec: s.startSec + shift, endSec: s.endSec + shift })),
  };
  return checkDarkRuralWalk(settlements, leg) === null ? sec : undefined;
}

/** What the reference says about one search. */
export interface ReferenceAnswer {
  /** Earliest walk + public transport arrival (epoch seconds), transit or a direct walk. */
  arrivalSec: number | undefined;
  transit: ReferenceJourney | undefined;
  directWalkArrivalSec: number | undefined;
}

/**
 * The reference's earliest arrival. Mirrors plan()'s documented limits: a transit option leaves
 * the origin (first boarding minus its walk) within MAX_SHIFT_SEC of the asked time and on the
 * asked local day, and arrives on the day it leaves (no overnight waits); at most four vehicles;
 * walks of up to 20 minutes at either end (too short for the dark rural walk rule); a direct walk
 * within 6 km, of at most two hours, and not half an hour in the dark on unlit roads.
 */
export function referenceEarliest(r: ReferenceRegion, from: Place, to: Place, out: string): ReferenceAnswer {
  const { data, net } = r;
  const tz = data.region.timeZone;
  const { date, epochSec } = parseOut(tz, out);
  const nextMidnight = localToEpochSec(tz, dayNumberToDate(dateToDayNumber(date) + 1), 0);
  const legs = (p: Place, direction: 'from' | 'to') => walkLegs(r, p, direction);
  const query = {
    date,
    startSec: epochSec,
    access: legs(from, 'from'),
    egress: legs(to, 'to'),
    maxVehicles: PLANNER_LIMITS.maxVehicles,
    latestDepartureSec: Math.min(epochSec + PLANNER_LIMITS.maxShiftSec, nextMidnight - 1),
    arriveBeforeSec: nextMidnight,
  };
  const transit = query.access.size && query.egress.size ? scanEarliest(net, query) : undefined;
  const walkSec = directWalkSec(data.streets, data.places.settlements, from, to, { startSec: epochSec });
  const walk = walkSec === undefined ? undefined : epochSec + walkSec;
  const times = [transit?.arrivalSec, walk].filter((t): t is number => t !== undefined);
  return {
    arrivalSec: times.length ? Math.min(...times) : undefined,
    transit,
    directWalkArrivalSec: walk,
  };
}

/** A step the reference also could take: a walk, or a ride on a timetabled (GTFS) service. */
const walkOrTimetabled = (s: Step): boolean =>
  s.type === 'walk' || TIMETABLED_TYPES.includes(s.type) || s.stops !== undefined;

/** What plan() answered. */
export interface PlanAnswer {
  journeys: Journey[];
  /** Options using only walking and public transport. */
  walkAndTransit: Journey[];
  arrivalSec: number | undefined;
}

/** Runs plan() for a one-way depart-after search between two points. */
export async function planEarliest(
  r: ReferenceRegion,
  from: Place,
  to: Place,
  out: string,
  extra: Partial<SearchRequestInput> = {},
  live?: LiveVersion,
): Promise<PlanAnswer> {
  const req = SearchRequest.parse({
    ...extra,
    origin: from.name,
    destination: to.name,
    origin_location: { lat: from.lat, lng: from.lon },
    destination_location: { lat: to.lat, lng: to.lon },
    out_time: out,
  });
  const { journeys } = await r.planner.plan(req, null, r.brand, live);
  for (const j of journeys) Journey.parse(j);
  const walkAndTransit = journeys.filter((j) => j.depart.steps.every(walkOrTimetabled));
  const arrivals = walkAndTransit.map((j) => Date.parse(j.depart.arrival_datetime) / 1000);
  return { journeys, walkAndTransit, arrivalSec: arrivals.length ? Math.min(...arrivals) : undefined };
}

/** One compared search. */
export interface ComparedSearch {
  from: Place;
  to: Place;
  out: string;
  plan: PlanAnswer;
  ref: ReferenceAnswer;
  /** 'late': plan's earliest walk + transit arrives after the reference's; 'missing': none at all. */
  verdict: 'ok' | 'late' | 'missing' | 'no reference journey';
}

/** plan() against the reference for one search. */
export async function compareSearch(
  r: ReferenceRegion,
  from: Place,
  to: Place,
  out: string,
  extra: Partial<SearchRequestInput> = {},
  live?: LiveVersion,
): Promise<ComparedSearch> {
  const ref = referenceEarliest(r, from, to, out);
  const plan = await planEarliest(r, from, to, out, extra, live);
  let verdict: ComparedSearch['verdict'] = 'ok';
  if (ref.arrivalSec === undefined) verdict = 'no reference journey';
  else if (plan.arrivalSec === undefined) verdict = 'missing';
  else if (plan.arrivalSec > ref.arrivalSec) verdict = 'late';
  return { from, to, out, plan, ref, verdict };
}

/** The reference journey as one line: "Walk 4m ~ Aviemore 09:12 HML ~ Inverness 09:50 ~ change 5m ~ …". */
export function describeReference(r: ReferenceRegion, j: ReferenceJourney | undefined): string {
  if (!j) return '-';
  const tz = r.data.region.timeZone;
  const name = (s: number) => r.net.stopNames[s] ?? '?';
  return j.legs
    .map((l) => {
      if (l.kind === 'ride')
        return `${name(l.from)} ${hhmm(tz, l.depSec)} ${l.route} → ${name(l.to)} ${hhmm(tz, l.arrSec)}`;
      if (l.kind === 'change')
        return l.from === l.to
          ? `change ${Math.round(l.durationSec / 60)}m`
          : `walk ${Math.round(l.durationSec / 60)}m to ${name(l.to)}`;
      return `Walk ${Math.round(l.durationSec / 60)}m`;
    })
    .join(' ~ ');
}

/** A stop the journey boards or alights at twice (a change at the same stop is one), or undefined. */
export function repeatedStop(j: ReferenceJourney | undefined): number | undefined {
  const seen = new Set<number>();
  for (const l of j?.legs ?? []) {
    if (l.kind !== 'ride') continue;
    for (const s of [l.from, l.to]) {
      if (seen.has(s)) return s;
      seen.add(s);
    }
  }
  return undefined;
}

export function hhmm(tz: string, epochSec: number | undefined): string {
  if (epochSec === undefined) return '-';
  const { secondsOfDay } = epochToLocal(tz, epochSec);
  const p2 = (n: number) => String(n).padStart(2, '0');
  return `${p2(Math.floor(secondsOfDay / 3600))}:${p2(Math.floor(secondsOfDay / 60) % 60)}:${p2(secondsOfDay % 60)}`;
}

/** A compact table of compared searches, for assertion messages. */
export function formatTable(r: ReferenceRegion, rows: ComparedSearch[]): string {
  const tz = r.data.region.timeZone;
  const lines = rows.map((c) => {
    const late = c.plan.arrivalSec !== undefined && c.ref.arrivalSec !== undefined;
    const mins = late ? Math.round((c.plan.arrivalSec! - c.ref.arrivalSec!) / 60) : 0;
    const delta = late ? `${mins >= 0 ? '+' : ''}${mins}m` : '';
    const repeated = repeatedStop(c.ref.transit);
    const noSame = repeated === undefined ? '' : ` | boards or alights twice at ${r.net.stopNames[repeated]}`;
    // An option by bike, car or taxi as early as the reference: the walk one may have been pruned for it.
    const rival = c.plan.journeys.find(
      (j) =>
        !c.plan.walkAndTransit.includes(j) &&
        c.ref.arrivalSec !== undefined &&
        Date.parse(j.depart.arrival_datetime) / 1000 <= c.ref.arrivalSec &&
        j.depart.stages.some((t) => t !== 'walk' && TIMETABLED_TYPES.includes(t)),
    );
    const rivalText = rival
      ? ` | as early by other modes: ${rival.depart.stages.join('>')} ${rival.depart.departure_at}–${rival.depart.arrival_at}`
      : '';
    return (
      `${c.verdict.padEnd(7)} ${c.from.name} → ${c.to.name} @ ${c.out} | plan ${hhmm(tz, c.plan.arrivalSec)} ` +
      `(${c.plan.walkAndTransit.length}/${c.plan.journeys.length} walk+PT/all) | ref ${hhmm(tz, c.ref.arrivalSec)} ${delta}` +
      `${c.ref.directWalkArrivalSec !== undefined ? ` (direct walk ${hhmm(tz, c.ref.directWalkArrivalSec)})` : ''}` +
      `${noSame}${rivalText} | ${describeReference(r, c.ref.transit)}`
    );
  });
  return lines.join('\n');
}

/*
 * Arrive-by. plan.ts plans to arrive by out_time minus arrive_by_buffer minutes (the deadline);
 * planner/transit/search.ts then keeps a transit journey that arrives by the deadline, within
 * MAX_SHIFT_SEC before it, on the deadline's local day, and departs on the day it arrives (no
 * overnight wait); at most four vehicles. The reference below applies exactly those limits.
 */

/** What the reference says about one arrive-by search. */
export interface ReferenceArriveByAnswer {
  /** The deadline: out_time less the buffer (epoch seconds). */
  deadlineSec: number;
  /** Latest walk + public transport departure (epoch seconds) arriving by the deadline. */
  departureSec: number | undefined;
  transit: ReferenceJourney | undefined;
  directWalkDepartureSec: number | undefined;
}

/** The reference's latest departure for an arrive-by search (out is the appointment time). */
export function referenceLatest(
  r: ReferenceRegion,
  from: Place,
  to: Place,
  out: string,
  bufferMin: number,
): ReferenceArriveByAnswer {
  const { data, net } = r;
  const tz = data.region.timeZone;
  const deadlineSec = parseOut(tz, out).epochSec - bufferMin * 60;
  // The asked day is the deadline's local day (search.ts: epochToLocal(tz, at.endSec).date).
  const date = epochToLocal(tz, deadlineSec).date;
  const midnight = localToEpochSec(tz, date, 0);
  const legs = (p: Place, direction: 'from' | 'to') => walkLegs(r, p, direction);
  const query = {
    date,
    access: legs(from, 'from'),
    egress: legs(to, 'to'),
    maxVehicles: PLANNER_LIMITS.maxVehicles,
    arriveBySec: deadlineSec,
    // Within MAX_SHIFT_SEC before the deadline and on its day…
    arriveNotBeforeSec: Math.max(deadlineSec - PLANNER_LIMITS.maxShiftSec, midnight),
    // …and leaving on the day it arrives, so on the deadline's day too.
    earliestDepartureSec: midnight,
  };
  const transit = query.access.size && query.egress.size ? scanLatest(net, query) : undefined;
  const walkSec = directWalkSec(data.streets, data.places.settlements, from, to, { endSec: deadlineSec });
  const walk = walkSec === undefined ? undefined : deadlineSec - walkSec;
  const times = [transit?.departureSec, walk].filter((t): t is number => t !== undefined);
  return {
    deadlineSec,
    departureSec: times.length ? Math.max(...times) : undefined,
    transit,
    directWalkDepartureSec: walk,
  };
}

/** What plan() answered to an arrive-by search. */
export interface PlanArriveByAnswer {
  journeys: Journey[];
  walkAndTransit: Journey[];
  /** Latest departure of the walk + public transport options. */
  departureSec: number | undefined;
  /** The buffer plan() applied (SearchRequest's default when not sent). */
  bufferMin: number;
}

/** Runs plan() for a one-way arrive-by search (out is the time to arrive by, before the buffer). */
export async function planLatest(
  r: ReferenceRegion,
  from: Place,
  to: Place,
  out: string,
): Promise<PlanArriveByAnswer> {
  const req = SearchRequest.parse({
    origin: from.name,
    destination: to.name,
    origin_location: { lat: from.lat, lng: from.lon },
    destination_location: { lat: to.lat, lng: to.lon },
    out_time: out,
    arrive_by: true,
  });
  const { journeys } = await r.planner.plan(req, null, r.brand);
  for (const j of journeys) Journey.parse(j);
  const walkAndTransit = journeys.filter((j) => j.depart.steps.every(walkOrTimetabled));
  const deps = walkAndTransit.map((j) => Date.parse(j.depart.departure_datetime) / 1000);
  return {
    journeys,
    walkAndTransit,
    departureSec: deps.length ? Math.max(...deps) : undefined,
    bufferMin: req.arrive_by_buffer,
  };
}

/** One compared arrive-by search. */
export interface ComparedArriveBy {
  from: Place;
  to: Place;
  out: string;
  plan: PlanArriveByAnswer;
  ref: ReferenceArriveByAnswer;
  /** 'early': plan's latest walk + transit departure is before the reference's; 'missing': none at all. */
  verdict: 'ok' | 'early' | 'missing' | 'no reference journey';
}

/** plan() against the reference for one arrive-by search. */
export async function compareArriveBy(
  r: ReferenceRegion,
  from: Place,
  to: Place,
  out: string,
): Promise<ComparedArriveBy> {
  const plan = await planLatest(r, from, to, out);
  const ref = referenceLatest(r, from, to, out, plan.bufferMin);
  let verdict: ComparedArriveBy['verdict'] = 'ok';
  if (ref.departureSec === undefined) verdict = 'no reference journey';
  else if (plan.departureSec === undefined) verdict = 'missing';
  else if (plan.departureSec < ref.departureSec) verdict = 'early';
  return { from, to, out, plan, ref, verdict };
}

/** A compact table of compared arrive-by searches, for assertion messages. */
export function formatArriveByTable(r: ReferenceRegion, rows: ComparedArriveBy[]): string {
  const tz = r.data.region.timeZone;
  return rows
    .map((c) => {
      const both = c.plan.departureSec !== undefined && c.ref.departureSec !== undefined;
      const mins = both ? Math.round((c.plan.departureSec! - c.ref.departureSec!) / 60) : 0;
      const delta = both ? `${mins >= 0 ? '+' : ''}${mins}m` : '';
      const planArr = c.plan.walkAndTransit
        .filter((j) => Date.parse(j.depart.departure_datetime) / 1000 === c.plan.departureSec)
        .map((j) => `${j.depart.departure_at}–${j.depart.arrival_at} ${j.depart.stages.join('>')}`)[0];
      const walk = c.ref.directWalkDepartureSec;
      return (
        `${c.verdict.padEnd(7)} ${c.from.name} → ${c.to.name} by ${c.out} (deadline ${hhmm(tz, c.ref.deadlineSec)}) | ` +
        `plan leaves ${hhmm(tz, c.plan.departureSec)}${planArr ? ` (${planArr})` : ''} ` +
        `(${c.plan.walkAndTransit.length}/${c.plan.journeys.length} walk+PT/all) | ref leaves ${hhmm(tz, c.ref.departureSec)} ${delta}` +
        `${walk !== undefined ? ` (direct walk ${hhmm(tz, walk)})` : ''} | ` +
        `${describeReference(r, c.ref.transit)}${c.ref.transit ? ` ~ there ${hhmm(tz, c.ref.transit.arrivalSec)}` : ''}`
      );
    })
    .join('\n');
}
