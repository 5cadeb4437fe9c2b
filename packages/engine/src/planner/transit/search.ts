import type { PlannedLeg } from '../../journeys/model.ts';
import { OPTION_SET } from '../../journeys/ranking/optionSet.ts';
import { MAX_TRANSFERS, WALK_MPS } from '../../figures/planningFigures.ts';
import type { Raptor } from '../../raptor/raptor.ts';
import type { AccessLeg, RaptorJourney, RaptorQuery } from '../../raptor/types.ts';
import { STEP_FREE_WALK_FACTOR } from '../../stepFree/streetProfile.ts';
import { epochToLocal } from '../../time/serviceDay.ts';
import type { TransitView } from '../../timetable/transitView.ts';
import type { SearchContext } from '../context.ts';
import { journeySteps } from '../transitSteps.ts';
import type { TransitFamily } from './miles.ts';
import { journeyKey, walkEgressByStop, withBestAlighting } from './alighting.ts';
import { cutDetours } from './detourRules.ts';

/** Furthest a transit leg may leave after (arrive before) the asked time: rural services run a few times a day. */
export const MAX_SHIFT_SEC = 6 * 3600;

/** A transit journey found for a family, with its steps. */
export interface FoundJourney {
  leg: PlannedLeg;
  j: RaptorJourney;
  view: TransitView;
}

/** The journeys of one range search that pass the day rules, on their view. */
interface Routed {
  view: TransitView;
  journeys: RaptorJourney[];
}

/**
 * Runs one RAPTOR range search for a family and turns its journeys into legs. `weighWalking`
 * makes walking a full criterion (McRAPTOR): for the outbound walk family, where less walking is
 * worth a later arrival or another change. Vehicle first/last miles and return legs (picked to
 * match the way out) search on arrival and changes, at a third to half of the cost.
 *
 * Detours are cut where the traveller can change instead (transit/detourRules.ts), and a walking last
 * mile starts where the last vehicle is best left (transit/alighting.ts). Kept: journeys
 * with a ride, on the asked day, within MAX_SHIFT_SEC of the asked time, with no overnight wait
 * (flexible parts are checked against their hours with the whole option, plan.ts).
 *
 * Families whose first and last miles reach the same stops in the same times (park & ride, a lift
 * and a taxi all drive to the station) share one search through `ctx.routes`: only their steps
 * differ.
 */
export function searchFamily(
  ctx: SearchContext,
  fam: TransitFamily,
  windowSec: number,
  weighWalking = false,
): FoundJourney[] {
  return asFound(ctx, fam, route(ctx, fam, windowSec, weighWalking));
}

/**
 * `searchFamily` for several families, each answered on its own (an empty list where it finds
 * nothing), with one router run per first mile to all the last miles of the families sharing it
 * (Raptor.routeToEach): on a way back, the walk from the destination to the stops serves the walk
 * home, a lift or a taxi home from the station, and every car or bike to collect. Depart-after
 * searches on arrival and changes only.
 */
export function searchFamilies(
  ctx: SearchContext,
  fams: readonly TransitFamily[],
  windowSec: number,
): FoundJourney[][] {
  if ('endSec' in ctx.at) throw new Error('searchFamilies searches depart-after only');
  const keys = fams.map((fam) => routeKey(ctx, fam, windowSec, false));
  const byFirst = new Map<string, RouteQuery[]>();
  for (const key of new Set(keys)) {
    if (ctx.routes.has(key)) continue;
    const search = routeQuery(ctx, fams[keys.indexOf(key)]!, windowSec, key);
    const first = legsKey(search.query.access);
    const same = byFirst.get(first);
    if (same) same.push(search);
    else byFirst.set(first, [search]);
  }
  for (const [one, ...more] of byFirst.values()) {
    const found = one!.routers.raptor.routeToEach(
      one!.query,
      [one!, ...more].map((s) => s.query.egress),
    );
    [one!, ...more].forEach((s, i) => keptRoutes(ctx, s, found[i]!, false));
  }
  return fams.map((fam, i) => asFound(ctx, fam, ctx.routes.get(keys[i]!)!));
}

/** The legs of a family's routed journeys. */
function asFound(ctx: SearchContext, fam: TransitFamily, { view, journeys }: Routed): FoundJourney[] {
  const out: FoundJourney[] = [];
  for (const j of journeys) {
    const steps = journeySteps(ctx.data, view, j, ctx.origin, ctx.destination, (end) =>
      (end.kind === 'access' ? fam.first : fam.last).detail(end.index),
    );
    if (steps && steps.length > 0) out.push({ leg: { steps }, j, view });
  }
  return out;
}

const legsKey = (legs: readonly AccessLeg[]): string =>
  legs.map((l) => `${l.stopIdx}:${l.durationSec}`).join(',');

function route(ctx: SearchContext, fam: TransitFamily, windowSec: number, weighWalking: boolean): Routed {
  const key = routeKey(ctx, fam, windowSec, weighWalking);
  const cached = ctx.routes.get(key);
  if (cached) return cached;
  const search = routeQuery(ctx, fam, windowSec, key);
  const { raptor, mcRaptor } = search.routers;
  const router = weighWalking ? mcRaptor : raptor;
  return keptRoutes(ctx, search, router.route(search.query).journeys, weighWalking);
}

/** A family's router query, the routers of its day and the key its routes are kept under (ctx.routes). */
interface RouteQuery {
  key: string;
  query: RaptorQuery;
  routers: ReturnType<SearchContext['raptorFor']>;
  askedDate: number;
}

/** The key a family's routes are kept under in ctx.routes: what its router query depends on. */
function routeKey(ctx: SearchContext, fam: TransitFamily, windowSec: number, weighWalking: boolean): string {
  const arriveBy = 'endSec' in ctx.at;
  const epoch = 'startSec' in ctx.at ? ctx.at.startSec : ctx.at.endSec;
  const maxShiftSec = ctx.maxShiftSec ?? MAX_SHIFT_SEC;
  return `${arriveBy}|${epoch}|${windowSec}|${weighWalking}|${maxShiftSec}|${legsKey(fam.first.legs)}|${legsKey(fam.last.legs)}`;
}

function routeQuery(ctx: SearchContext, fam: TransitFamily, windowSec: number, key: string): RouteQuery {
  const { data, at } = ctx;
  const arriveBy = 'endSec' in at;
  const epoch = 'startSec' in at ? at.startSec : at.endSec;
  const askedDate = epochToLocal(data.region.timeZone, epoch).date;
  const routers = ctx.raptorFor(askedDate);
  const { view } = routers;
  const query: RaptorQuery = {
    direction: arriveBy ? 'arrive-by' : 'depart-after',
    timeSec: epoch - view.epochZeroSec,
    windowSec,
    access: fam.first.legs,
    egress: fam.last.legs,
    maxTransfers: MAX_TRANSFERS,
    wheelchair: ctx.stepFree?.blocks === true,
    // A step-free traveller changes between stops at the step-free walking pace, as on the streets.
    walkTransferFactor: ctx.stepFree ? STEP_FREE_WALK_FACTOR : 1,
  };
  return { key, query, routers, askedDate };
}

/** The router's journeys that pass the day rules (`route`), kept in ctx.routes under the query's key. */
function keptRoutes(
  ctx: SearchContext,
  { key, query, routers, askedDate }: RouteQuery,
  found: readonly RaptorJourney[],
  weighWalking: boolean,
): Routed {
  const { data } = ctx;
  const { view, raptor } = routers;
  const arriveBy = query.direction === 'arrive-by';
  const epoch = query.timeSec + view.epochZeroSec;
  const tz = data.region.timeZone;
  const maxShiftSec = ctx.maxShiftSec ?? MAX_SHIFT_SEC;
  const zero = view.epochZeroSec;
  const walksIn = walkEgressByStop(query.egress);
  const doorBy = arriveBy ? epoch - zero : Infinity;
  // RAPTOR answers with the next trip even when it runs the next day; a leg stays on the asked
  // day, within MAX_SHIFT_SEC (or the context's maxShiftSec) of the asked time, and departs and
  // arrives on the same day, except that it may pass midnight within its first day's own service
  // (its trips' times past 24:00): in a city whose trains run all night, the 23:20 L from 8 Av
  // arrives at 00:01 (NYC was "no service" from 23:14 on, and arriving by 00:30), while a night
  // spent waiting for the next morning's first bus is still no journey.
  const dayEndSec = Math.max(24 * 3600, data.timetable.meta.maxTimeSec);
  const kept = (found: RaptorJourney): RaptorJourney | undefined => {
    const j = withBestAlighting(view, cutDetours(view, found), walksIn, query.wheelchair === true, doorBy);
    if (!j.legs.some((l) => l.kind === 'transit')) return undefined;
    if (arriveBy && j.arrivalSec + zero > epoch) return undefined;
    const edge = (arriveBy ? j.arrivalSec : j.departureSec) + zero;
    if (Math.abs(edge - epoch) > maxShiftSec || epochToLocal(tz, edge).date !== askedDate) return undefined;
    const sameDay =
      epochToLocal(tz, j.departureSec + zero).date === epochToLocal(tz, j.arrivalSec + zero).date;
    // It ends within the overnight service of the day it starts on (times past 24:00), counted
    // from that day: arriving by, the day before the asked one.
    const endsSec = j.arrivalSec + (arriveBy ? 24 * 3600 : 0);
    if (!sameDay && endsSec > dayEndSec) return undefined;
    return j;
  };
  // Two journeys that differed only in where they left the last vehicle are now one.
  const seen = new Set<string>();
  const journeys: RaptorJourney[] = [];
  for (const raw of found) {
    const j = kept(raw);
    const key = j && journeyKey(j);
    if (!j || !key || seen.has(key)) continue;
    seen.add(key);
    journeys.push(j);
  }
  // The latest departure for each arrival: on the way out (a way back is picked to match it), for
  // every arrival of the walk family and the earliest the option set keeps of the others.
  const latestFor = arriveBy || ctx.isReturn ? 0 : weighWalking ? Infinity : OPTION_SET.perFamily;
  const routed = {
    view,
    journeys: latestFor
      ? withLatestDepartures(raptor, query, journeys, latestFor, weighWalking, kept)
      : journeys,
  };
  ctx.routes.set(key, routed);
  return routed;
}

/**
 * A depart-after range search answers each departure in its window with the earliest arrival; a
 * journey that waits long somewhere can often be made by a later departure outside the window (the
 * 10:10 bus that makes the same coach as the 08:10). For each arrival found (the first `maxArrivals`), one arrive-by query
 * finds the latest departure that still makes it. It joins the journeys when it leaves later than
 * one of them, arrives no later, changes no more often and passes the same checks (`kept`); the
 * journeys it beats give way to it,
 * except where walking is weighed and the walk it adds is worth more than the time it saves.
 */
function withLatestDepartures(
  raptor: Raptor,
  query: RaptorQuery,
  found: readonly RaptorJourney[],
  maxArrivals: number,
  weighWalking: boolean,
  kept: (j: RaptorJourney) => RaptorJourney | undefined,
): RaptorJourney[] {
  const out = [...found];
  // Within the window the range search is exact: only departures after it can be missing, so each
  // backward search stops at the window's end, and arrivals before it need none.
  const windowEndSec = query.timeSec + (query.windowSec ?? 0);
  const arrivals = [...new Set(found.map((j) => j.arrivalSec))]
    .sort((a, b) => a - b)
    .slice(0, maxArrivals)
    .filter((a) => a > windowEndSec);
  // One backward search per arrival, earliest first, each over the labels of the one before.
  const latest = raptor.latestDepartures(query, arrivals, windowEndSec).journeys;
  for (const journeys of latest) {
    for (const raw of journeys) {
      const l = raw.departureSec <= windowEndSec ? undefined : kept(raw);
      if (!l) continue;
      const beaten = (j: RaptorJourney) =>
        j.departureSec < l.departureSec && j.arrivalSec >= l.arrivalSec && j.transfers >= l.transfers;
      const asGood = (j: RaptorJourney) =>
        j.departureSec >= l.departureSec && j.arrivalSec <= l.arrivalSec && j.transfers <= l.transfers;
      if (!out.some(beaten) || out.some(asGood)) continue;
      for (let i = out.length - 1; i >= 0; i--) {
        const j = out[i]!;
        if (beaten(j) && (!weighWalking || walksWorthIt(l, j))) out.splice(i, 1);
      }
      out.push(l);
    }
  }
  return out.sort((a, b) => a.arrivalSec - b.arrivalSec);
}

/**
 * The extra walk of `later` over `earlier` is worth the time it saves, by the option set's
 * numbers: within its walking slack, or saving its clearly-faster time plus each extra walking
 * minute counted `walkReluctance` times.
 */
function walksWorthIt(later: RaptorJourney, earlier: RaptorJourney): boolean {
  const extraSec = later.walkSec - earlier.walkSec;
  if (extraSec <= OPTION_SET.walkSlackM / WALK_MPS) return true;
  const savedSec = later.departureSec - earlier.departureSec + (earlier.arrivalSec - later.arrivalSec);
  return savedSec >= OPTION_SET.clearlyFasterSec + extraSec * OPTION_SET.walkReluctance;
}
