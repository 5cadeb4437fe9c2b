import type { TravelType } from '@cairn/contracts';
import type { PlacePoint } from '../../journeys/model.ts';
import type { GeoPoint } from '../../geo/geometry.ts';
import {
  listBikeHireAccess,
  listStopAccess,
  listVehicleReach,
  vehicleLegsWithin,
} from '../../modes/accessEgress.ts';
import type { VehicleReach } from '../../modes/accessEgress.ts';
import { streetModeFor } from '../../modes/streetStep.ts';
import { inServiceZone, serviceRunsBetween } from '../../modes/flexible.ts';
import { listTaxiOperators } from '../../modes/taxi.ts';
import type { AccessLeg } from '../../raptor/types.ts';
import type { SearchContext } from '../context.ts';
import type { FamilyKey, Mile } from '../families/family.ts';
import { rideTimer } from '../families/flexible.ts';
import type { RegionData } from '../../loader/regionData.ts';
import type { AccessDetail } from '../transitSteps.ts';
import { alightMarginSec, boardMarginSec } from './boardMargins.ts';
import { listStopLineIndexes } from '../../timetable/stopKind.ts';

/*
 * First and last miles of transit journeys: for each way between a door and the stops (walk,
 * bike & ride, park & ride, kiss & ride, taxi, bike hire, DRT), the stops it reaches and how
 * long it takes, as RAPTOR access or egress legs. RAPTOR returns the index of the leg a journey
 * used, and `detail(index)` says how to build its step.
 */

/** Longest first or last mile by each way. */
export const MILE_MAX_SEC = {
  walk: 20 * 60,
  cycle: 20 * 60,
  car: 30 * 60,
  // 25 minutes: a village a dozen miles out (Nethy Bridge to Aviemore, 22 minutes at rural road speeds).
  lift: 25 * 60,
  taxi: 25 * 60,
  drt: 40 * 60,
} as const;
/** Stops within this walk: a vehicle to or from them is not worth offering. */
export const SHORT_WALK_SEC = 10 * 60;
/**
 * Stations a vehicle first or last mile (park & ride, kiss & ride, taxi) considers: the nearest
 * by travel time. Each station's departures add RAPTOR range iterations; in a dense rail area a
 * half-hour drive reaches many more stations than this, and the search time grows with them
 * (`npx node packages/engine/bench/plan.ts`).
 */
const VEHICLE_STATIONS_MAX = 12;
/**
 * Bus stops a taxi first or last mile considers where no station is in its reach: the nearest stop
 * of each line that calls at no stop within a walk of that end, the nearest few of them (Tomintoul,
 * whose own bus runs on Tuesdays, to the 34 at Grantown-on-Spey). Only where no station is in reach,
 * so a search near a railway does no more work; each stop adds a few RAPTOR range iterations.
 */
const TAXI_BUS_STOPS_MAX = 4;
/** Booking and boarding a DRT vehicle take a few minutes on top of the ride. */
const FLEXIBLE_BOARD_SEC = 5 * 60;

/** How to build the street step of one first- or last-mile leg. */
export type MileDetail = { type: TravelType } & AccessDetail;

/** One way between a door and the stops. */
export interface MileSet {
  mile: Mile;
  /** The flexible service of a 'flexible' mile. */
  serviceId?: string;
  legs: AccessLeg[];
  detail: (index: number) => MileDetail;
  /** The traveller's own vehicle, left at the station (bike & ride, park & ride). */
  vehicle?: 'own car' | 'cycle';
}

/** A transit search: its first and last miles and how long a range of departures it covers. */
export interface TransitFamily {
  first: MileSet;
  last: MileSet;
  /** Range window, seconds. */
  windowSec: number;
}

/** The typed key of a transit family. */
export function transitKey(fam: TransitFamily): FamilyKey {
  const serviceId = fam.first.serviceId ?? fam.last.serviceId;
  return {
    family: 'transit',
    first: fam.first.mile,
    last: fam.last.mile,
    ...(serviceId ? { serviceId } : {}),
  };
}

/** The walks from the origin and to the destination, and the transit families worth searching. */
export interface TransitPlan {
  walkOut: MileSet | undefined;
  walkIn: MileSet | undefined;
  families: TransitFamily[];
}

/** The walk family searches two hours of departures. */
const WALK_WINDOW_SEC = 2 * 3600;
/**
 * Families with a vehicle at a station (driven to it or collected from it) are alternatives to the
 * walk family: an hour of departures is choice enough for them, and the search still finds the next
 * train after the hour. Each station's departures are range iterations; on the Scotland-scale bench
 * these families were the slowest part of a search.
 */
const STATION_WINDOW_SEC = 3600;

const plain = (legs: AccessLeg[], mile: Mile, type: TravelType, extra: Partial<MileSet> = {}): MileSet => ({
  mile,
  legs,
  detail: () => ({ type }),
  ...extra,
});

const trainStops = new WeakMap<RegionData['timetable'], Uint8Array>();

/** Which stops trains call at (1 by stop index), built once per timetable: a vehicle mile's street search asks it of every stop in reach. */
function listTrainStops(data: RegionData): Uint8Array {
  let train = trainStops.get(data.timetable);
  if (!train) {
    const { a, meta } = data.timetable;
    train = new Uint8Array(Math.max(0, a.stopPatternOffsets.length - 1));
    for (let s = 0; s < train.length; s++)
      for (let i = a.stopPatternOffsets[s] ?? 0; i < (a.stopPatternOffsets[s + 1] ?? 0); i++) {
        const line = meta.lines[a.patternLine[a.stopPatterns[i] ?? 0] ?? 0];
        if (line?.mode === 'train' || line?.mode === 'funicular') train[s] = 1;
      }
    trainStops.set(data.timetable, train);
  }
  return train;
}

const nearest = (legs: AccessLeg[]): AccessLeg[] =>
  legs.length <= VEHICLE_STATIONS_MAX
    ? legs
    : [...legs].sort((a, b) => a.durationSec - b.durationSec).slice(0, VEHICLE_STATIONS_MAX);

/** The transit families worth searching from ctx.origin to ctx.destination. */
export function planTransit(ctx: SearchContext): TransitPlan {
  const { data, allowed, origin: from, destination: to } = ctx;
  const region = data.region;
  const startSec = 'startSec' in ctx.at ? ctx.at.startSec : ctx.at.endSec;
  const reached = stopsReachedOnce(ctx.stopsReached);
  const reachedBy = stopsReachedOnce(ctx.vehiclesReached);
  const train = listTrainStops(data);
  const walk = (p: PlacePoint, dir: 'from' | 'to') => {
    const legs = allowed('walk')
      ? reached(p, dir, 'walk', () => listStopAccess(data, p, 'walk', MILE_MAX_SEC.walk, dir))
      : [];
    return legs.length ? plain(legs, 'walk', 'walk') : undefined;
  };
  const walkOutRaw = walk(from, 'from');
  const walkIn = walk(to, 'to');
  const families: TransitFamily[] = [];
  // Every first mile leaves its margin before the ride it meets (region.json `connections`).
  const margined = new Map<MileSet, MileSet>();
  const withMargin = (m: MileSet): MileSet => {
    let out = margined.get(m);
    if (!out) margined.set(m, (out = withBoardMargins(ctx, m)));
    return out;
  };
  const walkOut = walkOutRaw && withMargin(walkOutRaw);
  if (walkOut) margined.set(walkOut, walkOut);
  const station = (first: MileSet, last: MileSet) =>
    families.push({ first, last, windowSec: STATION_WINDOW_SEC });
  if (walkOut && walkIn) families.push({ first: walkOut, last: walkIn, windowSec: WALK_WINDOW_SEC });
  // Stops within a short walk of either end: vehicles to or from those are not worth offering.
  const near = (m: MileSet | undefined) =>
    new Set(m?.legs.filter((w) => w.durationSec <= SHORT_WALK_SEC).map((w) => w.stopIdx));
  const walkableOut = near(walkOutRaw);
  const walkableIn = near(walkIn);
  const walksOut = new Set(walkOutRaw?.legs.map((w) => w.stopIdx));
  const walksIn = new Set(walkIn?.legs.map((w) => w.stopIdx));
  // Park & ride drives as a lift and a taxi do, only further: at each end, one street search per
  // street mode, to the longest limit asked there, serves every vehicle mile (listVehicleReach).
  const ownVehicles = !ctx.isReturn;
  const longestSec = (type: TravelType, dir: 'from' | 'to') =>
    streetModeFor(type) !== 'car'
      ? MILE_MAX_SEC.cycle
      : dir === 'from' && ownVehicles && allowed('own car')
        ? MILE_MAX_SEC.car
        : Math.max(MILE_MAX_SEC.lift, MILE_MAX_SEC.taxi);
  /**
   * Stations beyond a short walk reached from the origin (or reaching the destination) by a vehicle,
   * and not within a walk of the other end: from a lift to the station of the destination's town no
   * ride is worth taking (the routers join a vehicle mile to the bus stops beside its station,
   * raptor/endTransfers.ts, and it rode a bus one stop from there: Newtonmore → Aviemore).
   */
  const stations = (type: TravelType, maxSec: number, dir: 'from' | 'to', ok = (_s: number) => true) => {
    const p = dir === 'from' ? from : to;
    const walkable = dir === 'from' ? walkableOut : walkableIn;
    const walksOther = dir === 'from' ? walksIn : walksOut;
    const limitSec = longestSec(type, dir);
    const mode = streetModeFor(type);
    const reach = reachedBy(p, dir, `${mode} ${limitSec} ${walkable.size} ${walksOther.size}`, () =>
      listVehicleReach(
        data,
        p,
        type,
        limitSec,
        dir,
        (s) => train[s] === 1 && !walkable.has(s) && !walksOther.has(s),
      ),
    );
    return reached(p, dir, `stations ${type} ${maxSec} ${walkable.size} ${walksOther.size}`, () =>
      nearest(
        vehicleLegsWithin(
          reach.filter((r) => ok(r.stopIdx)),
          type,
          maxSec,
        ),
      ),
    );
  };
  if (walkIn && ownVehicles) {
    // Bike & ride and park & ride: the traveller's own vehicle to a station beyond a short walk,
    // left there (cycle parking, car park; a bike is not taken on board). Not on a way back: it
    // collects the vehicle left on the way out (returns.ts).
    const own = [
      { vehicle: 'cycle', mile: 'bike & ride', maxSec: MILE_MAX_SEC.cycle },
      { vehicle: 'own car', mile: 'park & ride', maxSec: MILE_MAX_SEC.car },
    ] as const;
    for (const { vehicle, mile, maxSec } of own) {
      if (!allowed(vehicle)) continue;
      const legs = stations(vehicle, maxSec, 'from');
      if (legs.length)
        station({ mile, legs, vehicle, detail: () => ({ type: vehicle, leavesVehicle: true }) }, walkIn);
    }
  }
  if (allowed('car')) {
    // Kiss & ride: dropped at a station beyond a short walk, or collected from one.
    const out = walkIn ? stations('car', MILE_MAX_SEC.lift, 'from') : [];
    if (walkIn && out.length) station(plain(out, 'lift', 'car'), walkIn);
    const back = walkOut ? stations('car', MILE_MAX_SEC.lift, 'to') : [];
    if (walkOut && back.length) station(walkOut, plain(back, 'lift', 'car'));
  }
  /**
   * Where no station is in a taxi's reach: the bus stops of lines the traveller cannot walk to
   * from that end, the nearest stop of each (TAXI_BUS_STOPS_MAX); none where a booked bus serves it.
   */
  const taxiBusStops = (dir: 'from' | 'to', ok = (_s: number) => true) => {
    const p = dir === 'from' ? from : to;
    // Where the region's own booked bus serves the end, it does this job for a few pounds (Tarland).
    const booked = region.flexibleServices.some(
      (svc) =>
        allowed(svc.kind) &&
        inServiceZone(svc, p.lat, p.lon) &&
        serviceRunsBetween(svc, region.timeZone, startSec, startSec + 3600),
    );
    if (booked) return [];
    const walksSame = dir === 'from' ? walksOut : walksIn;
    const walksOther = dir === 'from' ? walksIn : walksOut;
    return reached(p, dir, `bus stops taxi ${walksSame.size} ${walksOther.size}`, () => {
      const reach = listVehicleReach(
        data,
        p,
        'taxi',
        MILE_MAX_SEC.taxi,
        dir,
        (s) => !walksSame.has(s) && !walksOther.has(s) && ok(s),
      );
      const linesAt = (s: number) => listStopLineIndexes(data.timetable, s);
      const walkedLines = new Set([...walksSame].flatMap(linesAt));
      const nearestOfLine = new Map<number, VehicleReach>();
      for (const r of reach)
        for (const line of linesAt(r.stopIdx))
          if (!walkedLines.has(line) && (nearestOfLine.get(line)?.streetSec ?? Infinity) > r.streetSec)
            nearestOfLine.set(line, r);
      const stops = [...new Set(nearestOfLine.values())]
        .sort((x, y) => x.streetSec - y.streetSec)
        .slice(0, TAXI_BUS_STOPS_MAX);
      return vehicleLegsWithin(stops, 'taxi', MILE_MAX_SEC.taxi);
    });
  };
  if (allowed('taxi')) {
    // A taxi to or from the station only where the station is beyond a short walk; where no
    // station is in reach, to or from a bus stop of a line out of walking reach.
    const hasTaxi = (lat: number, lon: number) => listTaxiOperators(data, lat, lon).length > 0;
    if (walkIn && hasTaxi(from.lat, from.lon)) {
      const toStation = stations('taxi', MILE_MAX_SEC.taxi, 'from');
      const legs = toStation.length ? toStation : taxiBusStops('from');
      if (legs.length) station(plain(legs, 'taxi', 'taxi'), walkIn);
    }
    if (walkOut) {
      const a = data.timetable.a;
      const taxiAt = (s: number) => hasTaxi(a.stopLat[s] ?? 0, a.stopLon[s] ?? 0);
      const fromStation = stations('taxi', MILE_MAX_SEC.taxi, 'to', taxiAt);
      const legs = fromStation.length ? fromStation : taxiBusStops('to', taxiAt);
      if (legs.length) station(walkOut, withAlightMargin(plain(legs, 'taxi', 'taxi')));
    }
  }
  if (allowed('bike hire') && region.bikeHire) {
    const out = walkIn ? bikeHireMile(data, from, 'access', walkableOut) : undefined;
    if (walkIn && out) families.push({ first: out, last: walkIn, windowSec: WALK_WINDOW_SEC });
    const back = walkOut ? bikeHireMile(data, to, 'egress', walkableIn) : undefined;
    if (walkOut && back) families.push({ first: walkOut, last: back, windowSec: WALK_WINDOW_SEC });
  }
  for (const svc of region.flexibleServices) {
    if (!allowed(svc.kind) || svc.gtfs) continue;
    if (!serviceRunsBetween(svc, region.timeZone, startSec, startSec + 3600)) continue;
    const inZone = (s: number) =>
      inServiceZone(svc, data.timetable.a.stopLat[s] ?? 0, data.timetable.a.stopLon[s] ?? 0);
    const zoneStops = (p: PlacePoint, dir: 'from' | 'to', skip: Set<number>): MileSet | undefined => {
      const legs = reached(p, dir, `zone ${svc.id} ${skip.size}`, () =>
        listStopAccess(
          data,
          p,
          svc.kind,
          MILE_MAX_SEC.drt,
          dir,
          (s) => inZone(s) && !skip.has(s),
          rideTimer(svc),
        ).map((a) => ({ ...a, durationSec: a.durationSec + FLEXIBLE_BOARD_SEC })),
      );
      if (!legs.length) return undefined;
      const detail = () => ({ type: svc.kind, flexibleServiceId: svc.id, rideSec: rideTimer(svc) });
      return { mile: 'flexible', serviceId: svc.id, legs, detail };
    };
    const out =
      walkIn && inServiceZone(svc, from.lat, from.lon) ? zoneStops(from, 'from', walkableOut) : undefined;
    if (walkIn && out) families.push({ first: out, last: walkIn, windowSec: WALK_WINDOW_SEC });
    const back = walkOut && inServiceZone(svc, to.lat, to.lon) ? zoneStops(to, 'to', walkableIn) : undefined;
    if (walkOut && back) families.push({ first: walkOut, last: back, windowSec: WALK_WINDOW_SEC });
  }
  return { walkOut, walkIn, families: families.map((f) => ({ ...f, first: withMargin(f.first) })) };
}

/**
 * The stops a first or last mile reaches from (or to) a point, found once per search
 * (ctx.stopsReached, ctx.vehiclesReached): the street searches behind them do not depend on the
 * time, and an arrive-by search with a buffer or one for the next public transport plans the same
 * ends again at another.
 */
function stopsReachedOnce<T>(found: Map<string, T[]>) {
  return (p: PlacePoint, dir: 'from' | 'to', what: string, find: () => T[]): T[] => {
    const key = `${p.lat},${p.lon} ${dir} ${what}`;
    let legs = found.get(key);
    if (!legs) found.set(key, (legs = find()));
    return legs;
  };
}

/** A first mile with each leg lengthened by its board margin, which its steps' detail carries. */
function withBoardMargins(ctx: SearchContext, m: MileSet): MileSet {
  const c = ctx.data.region.connections;
  const stepFree = ctx.stepFree !== undefined;
  const train = listTrainStops(ctx.data);
  const margins = m.legs.map((l) =>
    boardMarginSec(c, m.mile, {
      rail: train[l.stopIdx] === 1,
      stepFree,
      durationSec: l.durationSec,
    }),
  );
  return {
    ...m,
    legs: m.legs.map((l, i) => ({ ...l, durationSec: l.durationSec + (margins[i] ?? 0) })),
    detail: (i) => ({ ...m.detail(i), boardMarginSec: margins[i] ?? 0 }),
  };
}

/**
 * A last mile with each leg lengthened by its alight margin (transit/boardMargins.ts), which its
 * steps' detail carries: the vehicle leaves the stop that long after the ride is due.
 */
function withAlightMargin(m: MileSet): MileSet {
  const marginSec = alightMarginSec(m.mile);
  if (marginSec === 0) return m;
  return {
    ...m,
    legs: m.legs.map((l) => ({ ...l, durationSec: l.durationSec + marginSec })),
    detail: (i) => ({ ...m.detail(i), alightMarginSec: marginSec }),
  };
}

/**
 * Bike hire to a station (dock near the origin, ride, dock near the station) or from one, by the
 * first/last-mile helper of modes/; each leg's detail names its two docks.
 */
function bikeHireMile(
  data: RegionData,
  point: PlacePoint,
  direction: 'access' | 'egress',
  skip: Set<number>,
): MileSet | undefined {
  const found = listBikeHireAccess(
    data.modes,
    data.preparedStops,
    { name: point.name, lat: point.lat, lon: point.lon },
    direction,
  ).filter((a) => !skip.has(a.stopIdx) && a.via && a.homeDock);
  if (!found.length) return undefined;
  const dockPlace = (d: { name: string } & GeoPoint): PlacePoint => ({
    name: `${d.name} bike-hire dock`,
    lat: d.lat,
    lon: d.lon,
  });
  return {
    mile: 'bike hire',
    legs: found.map((a) => ({ stopIdx: a.stopIdx, durationSec: a.durationSec, mode: 'bike hire' })),
    detail: (i) => {
      const a = found[i];
      if (!a?.via || !a.homeDock) return { type: 'bike hire' };
      return { type: 'bike hire', bikeHire: { homeDock: dockPlace(a.homeDock), stopDock: dockPlace(a.via) } };
    },
  };
}
