import type { BrandSettings, Journey, Profile, SearchRequest, TravelType } from '@cairn/contracts';
import { assembleJourney } from '../journeys/assemble/assembleJourney.ts';
import type { ExtrasLookup } from '../journeys/assemble/assembleJourney.ts';
import { legStages, legWalkM } from '../journeys/assemble/assembleJourney.ts';
import { priceOption } from '../journeys/fares/priceOption.ts';
import { travellerFrom } from '../journeys/fares/traveller.ts';
import type { Traveller } from '../journeys/fares/traveller.ts';
import { parseSearchDate } from '../journeys/format/localTime.ts';
import { haversineM } from '../journeys/geo.ts';
import type { PlacePoint, PlannedLeg, PlannedOption, PlannedStep } from '../journeys/model.ts';
import { legEndSec, legStartSec } from '../journeys/model.ts';
import { compareJourneys } from '../journeys/ranking/sortKeys.ts';
import { pruneOptions } from '../journeys/ranking/prune.ts';
import { stepCo2Kg } from '../journeys/co2/factors.ts';
import type { AccessLeg, RaptorJourney } from '../raptor/types.ts';
import type { McRaptor } from '../raptor/mcRaptor.ts';
import type { Raptor } from '../raptor/raptor.ts';
import { TransitView } from '../timetable/transit-view.ts';
import { epochToLocal } from '../time/service-day.ts';
import type { DateInt } from '../time/service-day.ts';
import type { FlexibleService } from '../region/regionConfig.ts';
import type { RegionData } from './regionData.ts';
import { journeySteps, stopPlace } from './transitSteps.ts';
import type { AccessDetail } from './transitSteps.ts';
import { listBikeHireAccess, listStopAccess } from '../modes/accessEgress.ts';
import { listBaysNear } from '../modes/carClub.ts';
import { listDocksNear } from '../modes/bikeHire.ts';
import { listTaxiOperators } from '../modes/taxi.ts';
import { checkBookingNotice, flexibleRideSec, inServiceZone, serviceRunsBetween } from '../modes/flexible.ts';
import { buildStreetChain, buildStreetStep } from '../modes/streetStep.ts';
import type { At } from '../modes/streetStep.ts';

/*
 * The option set of one search. Outbound candidates: direct street modes sensible for the
 * distance, DRT/community transport inside their zones, and transit by RAPTOR range searches, one
 * per first/last-mile family (walk, bike & ride, park & ride, taxi to/from the station, DRT), so a
 * fast taxi access never hides the walking option. Each candidate then gets a return leg that
 * respects vehicle continuity: a car or bike left at a station is collected there; a direct mode
 * returns the same way; everything else may return by any public option (a taxi out may pair
 * with transit back).
 *
 * Lifts (SPEC "car", apart from "own car": someone else drives the traveller, see modes/car.ts)
 * need no car access in the profile, only a brand that does not block "car". They are offered
 * door to door (LIFT_DIRECT_M: a lift across the region, not across the country; back the same
 * way, collected at the return time) and to or from a station beyond a short walk, within
 * ACCESS_MAX_SEC.lift of driving (kiss & ride: 'lift out' dropped at the station, 'lift in'
 * collected from it). A lift is free to the traveller (the fares code prices 'car' steps at
 * nothing) but its CO2 is two car runs: the ride and the driver's empty run back
 * (journeys/co2/factors.ts LIFT_RUNS). A kiss & ride out returns by its mirror (collected at the
 * station), else by plain transit, else by a lift home. At most LIFT_OPTIONS_MAX options with a
 * lift are kept, so lifts (always possible, always free) never swamp the list.
 */

/** Direct options are offered up to these straight-line distances. */
export const DIRECT_LIMITS_M = { walk: 6_000, cycle: 25_000, taxi: 60_000, bikeHire: 20_000 } as const;
/** A direct lift spans this straight-line range: shorter is a walk, longer is beyond a local favour. */
export const LIFT_DIRECT_M = { min: 1_000, max: 60_000 } as const;
/** Options with a lift (door to door or to/from a station) kept at most. */
export const LIFT_OPTIONS_MAX = 2;
const ACCESS_MAX_SEC = {
  walk: 20 * 60,
  cycle: 20 * 60,
  car: 30 * 60,
  lift: 20 * 60,
  taxi: 25 * 60,
  drt: 40 * 60,
} as const;
const RANGE_WINDOW_SEC = 2 * 3600;
/**
 * Families with a vehicle at a station (driven to it or collected from it) are alternatives to the
 * walk family, which searches two hours: an hour of departures is choice enough for them, and the
 * search still finds the next train after the hour. Each station's departures are range
 * iterations; on the Scotland-scale bench these families were the slowest part of a search.
 */
const STATION_RANGE_WINDOW_SEC = 3600;
/** Return legs want the first way home, so their range is short. */
const RETURN_WINDOW_SEC = 30 * 60;
/** Furthest a transit leg may leave after (arrive before) the asked time: rural services run a few times a day. */
const MAX_SHIFT_SEC = 6 * 3600;
const MAX_TRANSFERS = 3;
const PER_FAMILY = 3;
const SAME_PLACE_M = 100;
const BIKE_RIDE_MIN_WALK_SEC = 10 * 60;
/**
 * Stations a vehicle first or last mile (park & ride, kiss & ride, taxi) considers: the nearest
 * by travel time. Each station's departures add RAPTOR range iterations; in a dense rail area
 * 30 minutes of driving reaches 50–100 stations and the search time grows with them (plan bench).
 */
const VEHICLE_STATIONS_MAX = 12;
/** Furthest walk to or from a hire dock on a direct bike-hire trip (about the 800 m it used to be). */
const BIKE_HIRE_WALK_SEC = 10 * 60;

export interface PlanInput {
  request: SearchRequest;
  profile: Profile | null;
  brand: BrandSettings;
  origin: PlacePoint;
  destination: PlacePoint;
  /** The time of the search (epoch seconds): services booked ahead must be bookable by then. */
  nowSec: number;
}

/** A leg plus what its return must respect. */
interface Candidate {
  kind: string;
  family: string;
  leg: PlannedLeg;
  /**
   * Return rule: 'same' = the same direct mode back; 'vehicle' = collect at a stop; 'public' = any
   * public option, else `home` door to door (a lift for kiss & ride, else a taxi).
   */
  back:
    | { rule: 'same'; type: TravelType }
    | { rule: 'vehicle'; type: 'own car' | 'cycle'; stop: number }
    | { rule: 'public'; prefer: string; home: 'car' | 'taxi' };
}

interface SearchContext {
  data: RegionData;
  traveller: Traveller;
  allowed: (t: TravelType) => boolean;
  raptorFor: (date: DateInt) => { view: TransitView; raptor: Raptor; mcRaptor: McRaptor };
}

/** Plans a search: outbound and return options, priced, assembled, pruned and ranked by emissions. */
export function planSearch(
  data: RegionData,
  input: PlanInput,
  extras: ExtrasLookup,
  raptorFor: SearchContext['raptorFor'],
): Journey[] {
  const { request, brand, origin, destination } = input;
  const tz = data.region.timeZone;
  const traveller = travellerFrom(request, input.profile);
  const blocked = new Set<TravelType>(brand.blockedTravelTypes);
  const allowed = (t: TravelType): boolean => !blocked.has(t) && (t !== 'own car' || traveller.carAccess);
  const ctx: SearchContext = { data, traveller, allowed, raptorFor };

  const outSec = parseSearchDate(tz, request.out_time);
  if (outSec === undefined) return [];
  // Origin and destination at the same spot: there is no journey to plan.
  if (haversineM(origin.lat, origin.lng, destination.lat, destination.lng) < SAME_PLACE_M) return [];
  const arriveBy = request.arrive_by === true;
  const at = arriveBy ? { endSec: outSec - request.arrive_by_buffer * 60 } : { startSec: outSec };
  let returnSec = request.return_time ? parseSearchDate(tz, request.return_time) : undefined;
  if (returnSec === undefined && arriveBy && brand.appointmentMode) returnSec = outSec + 60 * 60;

  const candidates = [
    ...directCandidates(ctx, origin, destination, at, returnSec !== undefined),
    ...transitCandidates(ctx, origin, destination, at),
  ];

  const options: PlannedOption[] = [];
  const returnCache = new Map<string, PlannedLeg | null>();
  const publicCache = new Map<string, PlannedLeg[]>();
  for (const c of candidates) {
    if (returnSec === undefined) {
      options.push({ kind: c.kind, depart: c.leg, ret: null });
      continue;
    }
    // An outbound leg still travelling at the return time cannot be paired.
    if (legEndSec(c.leg) > returnSec) continue;
    const ret = returnFor(ctx, c, origin, destination, returnSec, returnCache, publicCache);
    if (ret) options.push({ kind: c.kind, depart: c.leg, ret });
  }
  // DRT and community transport are booked ahead: drop options whose booking window has closed.
  const bookable = (leg: PlannedLeg | null) =>
    !leg ||
    leg.steps.every((s) => {
      const svc = s.flexibleServiceId
        ? data.region.flexibleServices.find((f) => f.id === s.flexibleServiceId)
        : undefined;
      return !svc || checkBookingNotice(svc, s.startSec, input.nowSec) === null;
    });
  const inTime = options.filter((o) => bookable(o.depart) && bookable(o.ret));
  const fams = new Map(candidates.map((c) => [c.leg, c.family]));

  const priced = inTime.map((option) => ({
    option,
    price: priceOption(option, { region: data.region, traveller, gtfsFares: data.gtfsFares }),
  }));
  const kept = pruneOptions(
    priced,
    ({ option, price }) => {
      const steps = [...option.depart.steps, ...(option.ret?.steps ?? [])];
      return {
        family: fams.get(option.depart) ?? option.kind,
        departSec: legStartSec(option.depart),
        arriveSec: legEndSec(option.depart),
        costPence: price.totalPence,
        carbonKg: steps.reduce((s, x) => s + stepCo2Kg(x.type, x.distanceM), 0),
        walkM: legWalkM(option.depart) + (option.ret ? legWalkM(option.ret) : 0),
        changes: legStages(option.depart).length,
        ...(steps.some((s) => s.type === 'car') ? { group: 'lift' } : {}),
      };
    },
    PER_FAMILY,
    12,
    arriveBy,
    { lift: LIFT_OPTIONS_MAX },
  );
  const journeys = kept.map(({ option, price }) =>
    assembleJourney(option, price, {
      region: data.region,
      origin,
      destination,
      extras,
      carClubPromo: brand.carClubPromo,
    }),
  );
  const unique = [...new Map(journeys.map((j) => [j.id, j])).values()];
  return unique.sort(compareJourneys('emissions'));
}

function directCandidates(
  ctx: SearchContext,
  origin: PlacePoint,
  destination: PlacePoint,
  at: At,
  hasReturn: boolean,
): Candidate[] {
  const { data, allowed } = ctx;
  const region = data.region;
  const crowM = haversineM(origin.lat, origin.lng, destination.lat, destination.lng);
  const out: Candidate[] = [];
  const direct = (type: TravelType, extra?: Partial<PlannedStep>) => {
    const leg = buildStreetChain(data.streets, [{ type, from: origin, to: destination, extra }], at);
    if (leg) out.push({ kind: type, family: type, leg, back: { rule: 'same', type } });
  };
  if (allowed('walk') && crowM <= DIRECT_LIMITS_M.walk) direct('walk');
  if (allowed('cycle') && crowM <= DIRECT_LIMITS_M.cycle) direct('cycle');
  if (allowed('own car')) direct('own car');
  if (allowed('car') && crowM >= LIFT_DIRECT_M.min && crowM <= LIFT_DIRECT_M.max) direct('car');
  if (
    allowed('taxi') &&
    crowM <= DIRECT_LIMITS_M.taxi &&
    listTaxiOperators(data, origin.lat, origin.lng).length > 0
  )
    direct('taxi');

  // Car club: a round trip from the bay nearest the origin on foot (modes/carClub.ts).
  //
  // Only on return searches, on purpose. Every car-club provider region.json can describe is
  // bay-based: CarClubProvider has a tariff and CarClubBay pins each car to a home bay, and there
  // is no one-way or free-floating kind (nor does the demo region's generator make one). A bay
  // car is booked from its bay and must be brought back to it, so a single journey by car club
  // would leave the traveller paying for the car's hours until someone drove it back: the
  // option only makes sense with the return leg, which retraces the way to the bay (rule 'same')
  // and is priced as one booking across both legs. Offering one-way car clubs needs a provider
  // field saying cars may be left elsewhere (and where), which no region has yet.
  if (allowed('car club') && hasReturn) {
    const bay = listBaysNear(data.modes, origin.lat, origin.lng)
      .map((b) => data.modes.carClubBays[b.index])
      .find((b) => b?.car && region.carClub.providers.some((p) => p.id === b.bay.providerId))?.bay;
    if (bay) {
      const bayPlace = { name: `${bay.name} car-club bay`, lat: bay.lat, lng: bay.lon };
      const leg = buildStreetChain(
        data.streets,
        [
          { type: 'walk', from: origin, to: bayPlace },
          { type: 'car club', from: bayPlace, to: destination, extra: { carClubProviderId: bay.providerId } },
        ],
        at,
      );
      if (leg)
        out.push({ kind: 'car club', family: 'car club', leg, back: { rule: 'same', type: 'car club' } });
    }
  }

  // Bike hire: dock near the origin to dock near the destination.
  const hire = region.bikeHire;
  if (allowed('bike hire') && hire && crowM <= DIRECT_LIMITS_M.bikeHire) {
    // The dock nearest on foot with bikes to lend and a street to ride on (modes/bikeHire.ts).
    const nearest = (p: PlacePoint, direction: 'from' | 'to') =>
      listDocksNear(data.modes, p.lat, p.lng, direction, BIKE_HIRE_WALK_SEC)
        .map((d) => data.modes.bikeDocks[d.index])
        .find((d) => d?.bicycle)?.station;
    const a = nearest(origin, 'from');
    const b = nearest(destination, 'to');
    if (a && b && a.station_id !== b.station_id) {
      const pa = { name: a.name, lat: a.lat, lng: a.lon };
      const pb = { name: b.name, lat: b.lat, lng: b.lon };
      const plan = hire.pricing_plans[0]?.plan_id;
      const leg = buildStreetChain(
        data.streets,
        [
          { type: 'walk', from: origin, to: pa },
          { type: 'bike hire', from: pa, to: pb, extra: plan ? { bikeHirePlanId: plan } : {} },
          { type: 'walk', from: pb, to: destination },
        ],
        at,
      );
      if (leg)
        out.push({ kind: 'bike hire', family: 'bike hire', leg, back: { rule: 'same', type: 'bike hire' } });
    }
  }

  // DRT and community transport door to door inside their zones, within their hours.
  for (const svc of region.flexibleServices) {
    if (!allowed(svc.kind)) continue;
    if (!inServiceZone(svc, origin.lat, origin.lng) || !inServiceZone(svc, destination.lat, destination.lng))
      continue;
    const step = buildStreetStep(
      data.streets,
      svc.kind,
      origin,
      destination,
      at,
      { flexibleServiceId: svc.id },
      rideTimer(svc),
    );
    if (step && serviceRunsBetween(svc, region.timeZone, step.startSec, step.endSec)) {
      out.push({
        kind: svc.kind,
        family: `${svc.kind}:${svc.id}`,
        leg: { steps: [step] },
        back: { rule: 'same', type: svc.kind },
      });
    }
  }
  return out;
}

/** Times a flexible service's rides (modes/flexible.ts). */
const rideTimer =
  (svc: FlexibleService) =>
  (distanceM: number, streetSec: number): number =>
    flexibleRideSec(svc, distanceM, streetSec);

/** Access or egress families of a transit search. */
interface Family {
  name: string;
  access: AccessLeg[];
  egress: AccessLeg[];
  detail: (mode: string) => { type: TravelType } & AccessDetail;
  vehicle?: 'own car' | 'cycle';
  /** Outbound range window when not RANGE_WINDOW_SEC. */
  windowSec?: number;
}

function isTrainStop(data: RegionData, stop: number): boolean {
  const a = data.timetable.a;
  for (let i = a.stopPatternOffsets[stop] ?? 0; i < (a.stopPatternOffsets[stop + 1] ?? 0); i++) {
    const line = data.timetable.meta.lines[a.patternLine[a.stopPatterns[i] ?? 0] ?? 0];
    if (line?.mode === 'train') return true;
  }
  return false;
}

/** The transit families worth searching between two points. */
function listFamilies(ctx: SearchContext, from: PlacePoint, to: PlacePoint, startSec: number): Family[] {
  const { data, allowed } = ctx;
  const region = data.region;
  const walkOut = allowed('walk') ? listStopAccess(data, from, 'walk', ACCESS_MAX_SEC.walk, 'from') : [];
  const walkIn = allowed('walk') ? listStopAccess(data, to, 'walk', ACCESS_MAX_SEC.walk, 'to') : [];
  const plain = (mode: string) => ({ type: mode as TravelType });
  const families: Family[] = [];
  if (walkOut.length && walkIn.length)
    families.push({ name: 'walk', access: walkOut, egress: walkIn, detail: plain });
  // Stops within a short walk of either end: vehicles to or from those are not worth offering.
  const near = (legs: AccessLeg[]) =>
    new Set(legs.filter((w) => w.durationSec <= BIKE_RIDE_MIN_WALK_SEC).map((w) => w.stopIdx));
  const walkable = near(walkOut);
  const nearIn = near(walkIn);
  const nearest = (legs: AccessLeg[]) =>
    legs.length <= VEHICLE_STATIONS_MAX
      ? legs
      : [...legs].sort((a, b) => a.durationSec - b.durationSec).slice(0, VEHICLE_STATIONS_MAX);
  /** Stations beyond a short walk reached from the origin by a vehicle (the nearest few). */
  const stationsFrom = (type: TravelType, maxSec: number) =>
    nearest(
      listStopAccess(data, from, type, maxSec, 'from', (s) => isTrainStop(data, s) && !walkable.has(s)),
    );
  // Bike & ride and park & ride: the traveller's own vehicle to a station beyond a short walk,
  // left there (cycle parking, car park; a bike is not taken on board).
  const parkAndRide = [
    { vehicle: 'cycle', name: 'bike & ride', maxSec: ACCESS_MAX_SEC.cycle },
    { vehicle: 'own car', name: 'park & ride', maxSec: ACCESS_MAX_SEC.car },
  ] as const;
  for (const { vehicle, name, maxSec } of parkAndRide) {
    if (!allowed(vehicle) || !walkIn.length) continue;
    const access = stationsFrom(vehicle, maxSec);
    if (access.length)
      families.push({
        name,
        access,
        egress: walkIn,
        detail: (m) => ({ type: m as TravelType, leavesVehicle: m === vehicle }),
        vehicle,
        windowSec: STATION_RANGE_WINDOW_SEC,
      });
  }
  if (allowed('car')) {
    // Kiss & ride: dropped at a station beyond a short walk, or collected from one.
    const out = walkIn.length ? stationsFrom('car', ACCESS_MAX_SEC.lift) : [];
    if (out.length)
      families.push({
        name: 'lift out',
        access: out,
        egress: walkIn,
        detail: plain,
        windowSec: STATION_RANGE_WINDOW_SEC,
      });
    const back = walkOut.length
      ? nearest(
          listStopAccess(
            data,
            to,
            'car',
            ACCESS_MAX_SEC.lift,
            'to',
            (s) => isTrainStop(data, s) && !nearIn.has(s),
          ),
        )
      : [];
    if (back.length)
      families.push({
        name: 'lift in',
        access: walkOut,
        egress: back,
        detail: plain,
        windowSec: STATION_RANGE_WINDOW_SEC,
      });
  }
  if (allowed('taxi')) {
    // A taxi to or from the station only where the station is beyond a short walk.
    if (listTaxiOperators(data, from.lat, from.lng).length > 0 && walkIn.length) {
      const taxi = stationsFrom('taxi', ACCESS_MAX_SEC.taxi);
      if (taxi.length)
        families.push({
          name: 'taxi out',
          access: taxi,
          egress: walkIn,
          detail: plain,
          windowSec: STATION_RANGE_WINDOW_SEC,
        });
    }
    if (walkOut.length) {
      const taxi = nearest(
        listStopAccess(
          data,
          to,
          'taxi',
          ACCESS_MAX_SEC.taxi,
          'to',
          (s) =>
            isTrainStop(data, s) &&
            !nearIn.has(s) &&
            listTaxiOperators(data, data.timetable.a.stopLat[s] ?? 0, data.timetable.a.stopLon[s] ?? 0)
              .length > 0,
        ),
      );
      if (taxi.length)
        families.push({
          name: 'taxi in',
          access: walkOut,
          egress: taxi,
          detail: plain,
          windowSec: STATION_RANGE_WINDOW_SEC,
        });
    }
  }
  const hire = region.bikeHire;
  if (allowed('bike hire') && hire) {
    families.push(...bikeHireFamilies(ctx, from, to, walkOut, walkIn, walkable, nearIn));
  }
  for (const svc of region.flexibleServices) {
    if (!allowed(svc.kind) || svc.gtfs) continue;
    if (!serviceRunsBetween(svc, region.timeZone, startSec, startSec + 3600)) continue;
    const inZone = (s: number) =>
      inServiceZone(svc, data.timetable.a.stopLat[s] ?? 0, data.timetable.a.stopLon[s] ?? 0);
    const detail = (m: string) =>
      m === svc.kind ? { type: svc.kind, flexibleServiceId: svc.id, rideSec: rideTimer(svc) } : plain(m);
    // Booking and boarding take a few minutes on top of the ride.
    const zoneStops = (p: PlacePoint, direction: 'from' | 'to', skip: Set<number>) =>
      listStopAccess(
        data,
        p,
        svc.kind,
        ACCESS_MAX_SEC.drt,
        direction,
        (s) => inZone(s) && !skip.has(s),
        rideTimer(svc),
      ).map((a) => ({ ...a, durationSec: a.durationSec + 5 * 60 }));
    if (inServiceZone(svc, from.lat, from.lng) && walkIn.length) {
      const acc = zoneStops(from, 'from', walkable);
      if (acc.length)
        families.push({ name: `${svc.kind} out:${svc.id}`, access: acc, egress: walkIn, detail });
    }
    if (inServiceZone(svc, to.lat, to.lng) && walkOut.length) {
      const egr = zoneStops(to, 'to', nearIn);
      if (egr.length)
        families.push({ name: `${svc.kind} in:${svc.id}`, access: walkOut, egress: egr, detail });
    }
  }
  return families;
}

/**
 * Bike hire to a station ('bike hire out': dock near the origin, ride, dock near the station) and
 * from a station ('bike hire in'), using the first/last-mile helper of modes/ for both docks. The
 * access legs' mode strings index the dock pairs so the steps can be rebuilt.
 */
function bikeHireFamilies(
  ctx: SearchContext,
  from: PlacePoint,
  to: PlacePoint,
  walkOut: AccessLeg[],
  walkIn: AccessLeg[],
  walkable: Set<number>,
  nearIn: Set<number>,
): Family[] {
  const { data } = ctx;
  const dockPlace = (d: { name: string; lat: number; lon: number }): PlacePoint => ({
    name: `${d.name} bike-hire dock`,
    lat: d.lat,
    lng: d.lon,
  });
  const families: Family[] = [];
  const build = (point: PlacePoint, direction: 'access' | 'egress', skip: Set<number>) => {
    const found = listBikeHireAccess(
      data.modes,
      data.preparedStops,
      { name: point.name, lat: point.lat, lon: point.lng },
      direction,
    ).filter((a) => !skip.has(a.stopIdx) && a.via && a.homeDock);
    const legs: AccessLeg[] = found.map((a, i) => ({
      stopIdx: a.stopIdx,
      durationSec: a.durationSec,
      mode: `bike hire#${i}`,
    }));
    const detail = (mode: string): { type: TravelType } & AccessDetail => {
      const a = mode.startsWith('bike hire#') ? found[Number(mode.slice('bike hire#'.length))] : undefined;
      if (!a?.via || !a.homeDock) return { type: mode as TravelType };
      return { type: 'bike hire', bikeHire: { homeDock: dockPlace(a.homeDock), stopDock: dockPlace(a.via) } };
    };
    return { legs, detail };
  };
  const out = walkIn.length ? build(from, 'access', walkable) : undefined;
  if (out && out.legs.length)
    families.push({ name: 'bike hire out', access: out.legs, egress: walkIn, detail: out.detail });
  const back = walkOut.length ? build(to, 'egress', nearIn) : undefined;
  if (back && back.legs.length)
    families.push({ name: 'bike hire in', access: walkOut, egress: back.legs, detail: back.detail });
  return families;
}

/**
 * Runs one RAPTOR range search and turns its journeys into legs. `weighWalking` makes walking a
 * full criterion (McRAPTOR): for the outbound walk family, where less walking is worth a later
 * arrival or another change. Vehicle first/last miles and return legs (picked to match the way
 * out) search on arrival and changes, at a third to half of the cost on large networks.
 */
function runFamily(
  ctx: SearchContext,
  fam: Family,
  from: PlacePoint,
  to: PlacePoint,
  at: At,
  windowSec: number,
  weighWalking = false,
): Array<{ leg: PlannedLeg; j: RaptorJourney }> {
  const { data } = ctx;
  const tz = data.region.timeZone;
  const epoch = 'startSec' in at ? at.startSec : at.endSec;
  const { view, raptor, mcRaptor } = ctx.raptorFor(epochToLocal(tz, epoch).date);
  const arriveBy = 'endSec' in at;
  const router = weighWalking ? mcRaptor : raptor;
  const result = router.route({
    direction: arriveBy ? 'arrive-by' : 'depart-after',
    timeSec: epoch - view.epochZeroSec,
    windowSec,
    access: fam.access,
    egress: fam.egress,
    maxTransfers: MAX_TRANSFERS,
  });
  const out: Array<{ leg: PlannedLeg; j: RaptorJourney }> = [];
  const askedDate = epochToLocal(tz, epoch).date;
  for (const j of result.journeys) {
    if (!j.legs.some((l) => l.kind === 'transit')) continue;
    if (arriveBy && j.arrivalSec + view.epochZeroSec > epoch) continue;
    // RAPTOR answers with the next trip even when it runs the next day; a leg must stay on the
    // asked day and within MAX_SHIFT_SEC of the asked time.
    const edge = 'startSec' in at ? j.departureSec + view.epochZeroSec : j.arrivalSec + view.epochZeroSec;
    if (Math.abs(edge - epoch) > MAX_SHIFT_SEC || epochToLocal(tz, edge).date !== askedDate) continue;
    // Rides that come back to a stop already passed are detours, not journeys.
    const visited = j.legs.flatMap((l) => (l.kind === 'transit' ? [l.boardStop, l.alightStop] : []));
    if (new Set(visited).size < visited.length) continue;
    // No overnight waits: a leg departs and arrives on the same day.
    if (
      epochToLocal(tz, j.departureSec + view.epochZeroSec).date !==
      epochToLocal(tz, j.arrivalSec + view.epochZeroSec).date
    )
      continue;
    const steps = journeySteps(data, view, j, from, to, fam.detail);
    if (!steps || steps.length === 0) continue;
    const leg = { steps };
    // Flexible services must run for the whole of their part.
    const flexOk = steps.every((s) => {
      if (!s.flexibleServiceId) return true;
      const svc = data.region.flexibleServices.find((x) => x.id === s.flexibleServiceId);
      return svc ? serviceRunsBetween(svc, tz, s.startSec, s.endSec) : false;
    });
    if (flexOk) out.push({ leg, j });
  }
  return out;
}

function transitCandidates(
  ctx: SearchContext,
  origin: PlacePoint,
  destination: PlacePoint,
  at: At,
): Candidate[] {
  const epoch = 'startSec' in at ? at.startSec : at.endSec;
  const crowM = haversineM(origin.lat, origin.lng, destination.lat, destination.lng);
  const out: Candidate[] = [];
  for (const fam of listFamilies(ctx, origin, destination, epoch)) {
    const windowSec = fam.windowSec ?? RANGE_WINDOW_SEC;
    const outbound = runFamily(ctx, fam, origin, destination, at, windowSec, fam.name === 'walk');
    for (const { leg, j } of outbound) {
      // A first or last mile by vehicle longer than the whole trip goes the wrong way.
      if (leg.steps.some((s) => !s.ride && s.type !== 'walk' && s.distanceM > crowM)) continue;
      const services = leg.steps
        .map((s) => (s.ride ? `${s.type} ${s.ride.routeShortName}` : s.type))
        .join('>');
      const first = j.legs[0];
      const home = fam.name.startsWith('lift ') ? 'car' : 'taxi';
      let back: Candidate['back'] = { rule: 'public', prefer: fam.name, home };
      if (fam.vehicle && first?.kind === 'access' && first.mode === fam.vehicle)
        back = { rule: 'vehicle', type: fam.vehicle, stop: first.stop };
      out.push({ kind: `transit:${fam.name}`, family: `${fam.name}|${services}`, leg, back });
    }
  }
  return out;
}

/** The return leg of a candidate, leaving the destination at or after startSec. */
function returnFor(
  ctx: SearchContext,
  c: Candidate,
  origin: PlacePoint,
  destination: PlacePoint,
  startSec: number,
  cache: Map<string, PlannedLeg | null>,
  publicCache: Map<string, PlannedLeg[]>,
): PlannedLeg | undefined {
  const { data } = ctx;
  const at = { startSec };
  const back = c.back;
  if (back.rule === 'same') {
    // Retrace the outbound steps in reverse order, same modes (car club back to its bay).
    const parts = [...c.leg.steps].reverse().map((s) => ({
      type: s.type,
      from: s.to,
      to: s.from,
      extra: {
        ...(s.flexibleServiceId ? { flexibleServiceId: s.flexibleServiceId } : {}),
        ...(s.carClubProviderId ? { carClubProviderId: s.carClubProviderId } : {}),
        ...(s.bikeHirePlanId ? { bikeHirePlanId: s.bikeHirePlanId } : {}),
      },
    }));
    const key = `same:${parts.map((p) => `${p.type}@${p.from.lat},${p.from.lng}`).join('/')}`;
    if (!cache.has(key)) {
      let leg = buildStreetChain(data.streets, parts, at) ?? null;
      if (leg) {
        for (const s of leg.steps) {
          const svc = s.flexibleServiceId
            ? data.region.flexibleServices.find((x) => x.id === s.flexibleServiceId)
            : undefined;
          if (svc) {
            const timed = buildStreetStep(
              data.streets,
              svc.kind,
              s.from,
              s.to,
              { startSec: s.startSec },
              { flexibleServiceId: svc.id },
              rideTimer(svc),
            );
            if (!timed || !serviceRunsBetween(svc, data.region.timeZone, timed.startSec, timed.endSec))
              leg = null;
            else Object.assign(s, timed);
          }
        }
      }
      cache.set(key, leg);
    }
    return cache.get(key) ?? undefined;
  }
  if (back.rule === 'vehicle') {
    const key = `vehicle:${back.type}:${back.stop}`;
    if (!cache.has(key)) {
      const stop = stopPlace(data, back.stop);
      const home = buildStreetStep(data.streets, back.type, stop, origin, { startSec: 0 });
      let leg: PlannedLeg | null = null;
      const walkOut = listStopAccess(data, destination, 'walk', ACCESS_MAX_SEC.walk, 'from');
      if (home && walkOut.length) {
        const fam: Family = {
          name: `collect ${back.type}`,
          access: walkOut,
          egress: [{ stopIdx: back.stop, durationSec: home.endSec - home.startSec, mode: back.type }],
          detail: (m) => ({ type: m as TravelType }),
        };
        leg = firstArrival(runFamily(ctx, fam, destination, origin, at, RETURN_WINDOW_SEC));
      }
      cache.set(key, leg);
    }
    return cache.get(key) ?? undefined;
  }
  const key = `public:${back.prefer}`;
  let found = publicCache.get(key);
  if (!found) {
    const families = listFamilies(ctx, destination, origin, startSec).filter((f) => !f.vehicle);
    // The mirror of the outbound family first (taxi out → taxi home), then plain walking access.
    const mirror = mirrorFamily(back.prefer);
    const ordered = [
      ...families.filter((f) => f.name === mirror && f.name !== 'walk'),
      ...families.filter((f) => f.name === 'walk'),
    ];
    found = [];
    for (const fam of ordered) {
      found = runFamily(ctx, fam, destination, origin, at, RETURN_WINDOW_SEC).map((x) => x.leg);
      if (found.length > 0) break;
    }
    // No public way back: door to door by the fallback mode (a lift home for kiss & ride).
    if (found.length === 0 && ctx.allowed(back.home)) {
      const home = buildStreetChain(data.streets, [{ type: back.home, from: destination, to: origin }], at);
      if (home) found = [home];
    }
    publicCache.set(key, found);
  }
  return mostAlike(c.leg, found) ?? undefined;
}

/** Timed modes of a leg ('train', 'bus'), for matching a return to its outbound leg. */
const timedModes = (leg: PlannedLeg): string =>
  [...new Set(leg.steps.filter((s) => s.ride).map((s) => s.type))].sort().join(',');

/**
 * The return leg to pair with an outbound leg: the earliest arrival among those riding the same
 * kinds of vehicle (a train out comes back by train, which also allows a return ticket), else the
 * earliest arrival of all.
 */
function mostAlike(out: PlannedLeg, found: readonly PlannedLeg[]): PlannedLeg | null {
  const earliest = (legs: readonly PlannedLeg[]) =>
    legs.reduce<PlannedLeg | null>((best, l) => (!best || legEndSec(l) < legEndSec(best) ? l : best), null);
  const modes = timedModes(out);
  return earliest(found.filter((l) => timedModes(l) === modes)) ?? earliest(found);
}

function firstArrival(found: Array<{ leg: PlannedLeg }>): PlannedLeg | null {
  return mostAlike(
    { steps: [] },
    found.map((f) => f.leg),
  );
}

/** The return family matching an outbound one: 'taxi out' ↔ 'taxi in', 'drt out:x' ↔ 'drt in:x'. */
export function mirrorFamily(name: string): string {
  if (/ out(:|$)/.test(name)) return name.replace(/ out(:|$)/, ' in$1');
  return name.replace(/ in(:|$)/, ' out$1');
}
