import type { TravelType } from '@cairn/contracts';
import type { PlacePoint, PlannedStep, RideStop, TransitRide } from '../journeys/model.ts';
import { haversineM } from '../geo/geometry.ts';
import { WALK_DETOUR_FACTOR } from '../figures/planningFigures.ts';
import type { RaptorJourney, RaptorLeg } from '../raptor/types.ts';
import type { TransitView } from '../timetable/transitView.ts';
import type { RegionData } from '../loader/regionData.ts';
import { buildStreetChain, buildStreetStep } from '../modes/streetStep.ts';
import { stopKindOf } from '../timetable/stopKind.ts';
import { serviceAfterMode } from '../format/serviceName.ts';
import { STRAIGHT_LINE_FOOTPATHS } from '../timetable/footpaths.ts';

/** Street steps shorter than this are not shown (the place is at the stop). */
const MIN_STEP_M = 50;

const stripFeed = (feedId: string, id: string): string =>
  id.startsWith(`${feedId}:`) ? id.slice(feedId.length + 1) : id;

/** A timetable stop as a place. */
export function stopPlace(data: RegionData, stop: number): PlacePoint {
  return {
    name: data.timetable.meta.stopNames[stop] ?? 'Stop',
    lat: data.timetable.a.stopLat[stop] ?? 0,
    lon: data.timetable.a.stopLon[stop] ?? 0,
    stopKind: stopKindOf(data.timetable, stop),
  };
}

const TRANSIT_TYPES: Record<string, TravelType> = {
  train: 'train',
  'intercity bus': 'intercity bus',
  bus: 'bus',
  tram: 'tram',
  subway: 'subway',
  ferry: 'ferry',
  drt: 'drt',
  funicular: 'funicular',
};

/**
 * The time a ride gives at a stop of its trip (view seconds, before the day shift): the departure,
 * except at the alighting stop where the traveller gets off on arrival. The step's stops and the
 * stage timetable both time a ride by it, so the two agree.
 */
export function rideCallSec(view: TransitView, tripBase: number, pos: number, alightPos: number): number {
  return (pos === alightPos ? view.arrivals[tripBase + pos] : view.departures[tripBase + pos]) ?? 0;
}

/** The ride of one transit leg: trip, route, agency, stop calls with epoch times. */
export function buildRide(
  data: RegionData,
  view: TransitView,
  leg: Extract<RaptorLeg, { kind: 'transit' }>,
): {
  ride: TransitRide;
  type: TravelType;
  coords: Array<[number, number]>;
  flexibleServiceId: string | undefined;
} {
  const tt = data.timetable;
  const a = tt.a;
  // A live view's trip may be a live run (or a trip the feed added): its info leads back to the timetable.
  const info = view.tripInfoOf(leg.trip);
  const added = info < 0 ? view.livePatchOf(leg.trip) : undefined;
  const lineIdx = added?.line ?? a.tripInfoLine[info] ?? a.patternLine[leg.pattern] ?? 0;
  const line = tt.meta.lines[lineIdx];
  const feedId = tt.meta.feeds[line?.feed ?? 0]?.id ?? '';
  const agency = tt.meta.agencies[line?.agency ?? 0];
  const stops: RideStop[] = [];
  const base = view.tripTimeOffsets[leg.trip] ?? 0;
  const first = view.patternStopOffsets[leg.pattern] ?? 0;
  for (let pos = leg.boardPos; pos <= leg.alightPos; pos++) {
    const stop = view.patternStops[first + pos] ?? 0;
    stops.push({
      stopId: stripFeed(feedId, tt.meta.stopIds[stop] ?? ''),
      name: tt.meta.stopNames[stop] ?? 'Stop',
      lat: a.stopLat[stop] ?? 0,
      lon: a.stopLon[stop] ?? 0,
      timeSec: rideCallSec(view, base, pos, leg.alightPos) + leg.shiftSec + view.epochZeroSec,
    });
  }
  const routeFlags = line ? data.routeFlags.get(line.id) : undefined;
  const agencyFlags = agency ? data.agencyFlags.get(agency.id) : undefined;
  let type: TravelType = TRANSIT_TYPES[line?.mode ?? 'bus'] ?? 'bus';
  if (routeFlags?.drt || agencyFlags?.drt) type = 'drt';
  if (routeFlags?.communityTransport || agencyFlags?.communityTransport) type = 'community transport';
  const ride: TransitRide = {
    feedId,
    agencyId: stripFeed(feedId, agency?.id ?? ''),
    agencyName: agency?.name ?? 'Operator',
    agencyUrl: agency?.url || null,
    routeId: stripFeed(feedId, line?.id ?? ''),
    routeShortName: line?.shortName ?? '',
    routeLongName: line?.longName ?? '',
    tripId: stripFeed(feedId, added?.id ?? tt.meta.tripInfoIds[info] ?? ''),
    headsign: tt.meta.tripInfoHeadsigns[info] ?? '',
    stops,
    operatorId: agency ? (data.operatorByAgency.get(agency.id) ?? null) : null,
    wheelchair: {
      board: a.stopWheelchair[a.patternStops[first + leg.boardPos] ?? 0] ?? 0,
      alight: a.stopWheelchair[a.patternStops[first + leg.alightPos] ?? 0] ?? 0,
      trip: a.tripWheelchair[leg.trip] ?? 0,
    },
  };
  if (view.liveId !== undefined) {
    const slot = view.dayNumbers.findIndex((_, s) => view.shiftFor(leg.pattern, s) === leg.shiftSec);
    if (slot >= 0) ride.serviceDay = view.dayNumbers[slot]!;
  }
  return {
    ride,
    type,
    coords: rideGeometry(data, info, stops),
    flexibleServiceId: routeFlags?.flexibleServiceId,
  };
}

/** The trip's shape between boarding and alighting, or the straight lines between its stops. */
function rideGeometry(data: RegionData, info: number, stops: RideStop[]): Array<[number, number]> {
  const a = data.timetable.a;
  const shape = a.tripInfoShape[info] ?? -1;
  const straight = stops.map((s) => [s.lat, s.lon] as [number, number]);
  if (shape < 0) return straight;
  const from = a.shapeOffsets[shape] ?? 0;
  const to = a.shapeOffsets[shape + 1] ?? from;
  const board = stops[0];
  const alight = stops[stops.length - 1];
  if (!board || !alight || to - from < 2) return straight;
  const nearest = (lat: number, lon: number, start: number): number => {
    let best = start;
    let bestD = Infinity;
    for (let p = start; p < to; p++) {
      const d = haversineM(lat, lon, a.shapeCoords[2 * p] ?? 0, a.shapeCoords[2 * p + 1] ?? 0);
      if (d < bestD) {
        bestD = d;
        best = p;
      }
    }
    return best;
  };
  const i = nearest(board.lat, board.lon, from);
  const j = nearest(alight.lat, alight.lon, i);
  if (j <= i) return straight;
  const coords: Array<[number, number]> = [];
  for (let p = i; p <= j; p++) coords.push([a.shapeCoords[2 * p] ?? 0, a.shapeCoords[2 * p + 1] ?? 0]);
  return coords;
}

/** Extra fields of an access/egress step by its travel type (DRT service, speed). */
export interface AccessDetail {
  flexibleServiceId?: string;
  /** Re-times a vehicle that does not drive at street speed (DRT: modes/flexible.ts flexibleRideSec). */
  rideSec?: (distanceM: number, streetSec: number) => number;
  leavesVehicle?: boolean;
  /** Bike hire: the dock near the journey's end and the dock near the stop. */
  bikeHire?: { homeDock: PlacePoint; stopDock: PlacePoint; planId?: string };
  /** A first mile reaches its stop this long before the ride leaves (transit/boardMargins.ts). */
  boardMarginSec?: number;
  /** A last mile leaves its stop this long after the ride is due (transit/boardMargins.ts). */
  alightMarginSec?: number;
}

/** A journey's first or last leg between a door and a stop. */
export type EndLeg = Extract<RaptorLeg, { kind: 'access' | 'egress' }>;

/**
 * Steps of one RAPTOR journey from `origin` to `destination`; undefined when a street part
 * cannot be routed. `detail` says how its first and last legs travel (walk, taxi, DRT…).
 */
export function journeySteps(
  data: RegionData,
  view: TransitView,
  j: RaptorJourney,
  origin: PlacePoint,
  destination: PlacePoint,
  detail: (end: EndLeg) => { type: TravelType } & AccessDetail,
): PlannedStep[] | undefined {
  const zero = view.epochZeroSec;
  const steps: PlannedStep[] = [];
  // Where a first mile is followed by a walk (a lift to the station, a walk to the bus stop), the
  // walk starts when the traveller gets there, and the margin is spent at the stop the ride leaves.
  let reachedByFirstMile: number | undefined;
  for (const leg of j.legs) {
    const walkFromSec = leg.kind === 'transfer' ? reachedByFirstMile : undefined;
    reachedByFirstMile = undefined;
    if (leg.kind === 'access' || leg.kind === 'egress') {
      const d = detail(leg);
      const stop = stopPlace(data, leg.stop);
      // The traveller reaches the stop their margin before the ride leaves.
      const reachedSec = leg.endSec + zero - (leg.kind === 'access' ? (d.boardMarginSec ?? 0) : 0);
      if (leg.kind === 'access') reachedByFirstMile = reachedSec;
      if (d.bikeHire) {
        const { homeDock, stopDock, planId } = d.bikeHire;
        const ride = { type: 'bike hire' as const, ...(planId ? { extra: { bikeHirePlanId: planId } } : {}) };
        const chain =
          leg.kind === 'access'
            ? buildStreetChain(
                data.streets,
                [
                  { type: 'walk', from: origin, to: homeDock },
                  { ...ride, from: homeDock, to: stopDock },
                  { type: 'walk', from: stopDock, to: stop },
                ],
                { endSec: leg.endSec + zero },
              )
            : buildStreetChain(
                data.streets,
                [
                  { type: 'walk', from: stop, to: stopDock },
                  { ...ride, from: stopDock, to: homeDock },
                  { type: 'walk', from: homeDock, to: destination },
                ],
                { startSec: leg.startSec + zero },
              );
        if (!chain) return undefined;
        steps.push(...chain.steps.filter((x) => x.type !== 'walk' || x.distanceM >= MIN_STEP_M));
        continue;
      }
      // The router put the place at the stop (modes/accessEgress.ts AT_STOP_M): nothing to walk, as
      // it timed. A street walk would go out to the nearest road and back (RNV: 297 m from
      // Universitätsplatz, in a square the extract does not map, to the same spot).
      if (d.type === 'walk' && leg.durationSec === 0) continue;
      const extra: Partial<PlannedStep> = d.flexibleServiceId
        ? { flexibleServiceId: d.flexibleServiceId }
        : {};
      if (leg.kind === 'access' && d.leavesVehicle) extra.leavesVehicleAt = stop;
      const step =
        leg.kind === 'access'
          ? buildStreetStep(data.streets, d.type, origin, stop, { endSec: reachedSec }, extra, d.rideSec)
          : buildStreetStep(
              data.streets,
              d.type,
              stop,
              destination,
              // The vehicle leaves the stop its margin after the ride is due: a wait at the stop.
              { startSec: leg.startSec + zero + (d.alightMarginSec ?? 0) },
              extra,
              d.rideSec,
            );
      if (!step) {
        // Origin and stop on the same spot: nothing to walk.
        if (leg.durationSec === 0) continue;
        return undefined;
      }
      // Origin on the stop's doorstep: no step to show.
      if (step.distanceM < MIN_STEP_M) continue;
      if (leg.kind === 'access' && d.type !== 'walk' && d.type !== 'cycle' && d.type !== 'own car') {
        // Booked and hailed vehicles are timed to the connection; keep the RAPTOR times.
        step.startSec = leg.startSec + zero;
        step.endSec = reachedSec;
      }
      steps.push(step);
    } else if (leg.kind === 'transit') {
      const { ride, type, coords, flexibleServiceId } = buildRide(data, view, leg);
      const from = ride.stops[0];
      const to = ride.stops[ride.stops.length - 1];
      if (!from || !to) return undefined;
      const distanceM = coords.reduce(
        (sum, c, i) =>
          i === 0 ? 0 : sum + haversineM(coords[i - 1]?.[0] ?? 0, coords[i - 1]?.[1] ?? 0, c[0], c[1]),
        0,
      );
      const service = serviceAfterMode(type, ride.routeShortName || ride.routeLongName);
      steps.push({
        type,
        startSec: from.timeSec,
        endSec: to.timeSec,
        distanceM,
        from: { name: from.name, lat: from.lat, lon: from.lon },
        to: { name: to.name, lat: to.lat, lon: to.lon },
        coords,
        directions: [],
        elevation: null,
        description: `Take the ${type}${service ? ` ${service}` : ''}${ride.headsign ? ` towards ${ride.headsign}` : ''} from ${from.name} to ${to.name}`,
        ride,
        ...(flexibleServiceId ? { flexibleServiceId } : {}),
      });
    } else if (leg.isWalk) {
      const from = stopPlace(data, leg.from);
      const to = stopPlace(data, leg.to);
      const startSec = walkFromSec ?? leg.startSec + zero;
      const endSec = startSec + leg.endSec - leg.startSec;
      // Changes timed along the streets are drawn and measured along them too: one walking model.
      const street =
        data.timetable.meta.footpathSource !== STRAIGHT_LINE_FOOTPATHS
          ? buildStreetStep(data.streets, 'walk', from, to, { startSec })
          : undefined;
      if (street && !street.straightLine) {
        if (street.distanceM < MIN_STEP_M) continue;
        steps.push({
          ...street,
          startSec,
          endSec,
          description: `Walk to ${to.name} to change`,
        });
        continue;
      }
      const distanceM = haversineM(from.lat, from.lon, to.lat, to.lon) * WALK_DETOUR_FACTOR;
      if (distanceM < MIN_STEP_M) continue;
      steps.push({
        type: 'walk',
        startSec,
        endSec,
        distanceM,
        from,
        to,
        coords: [
          [from.lat, from.lon],
          [to.lat, to.lon],
        ],
        directions: [{ action: 'walk-to', street: to.name, distance_m: distanceM }],
        elevation: null,
        description: `Walk to ${to.name} to change`,
      });
    }
  }
  return steps;
}
