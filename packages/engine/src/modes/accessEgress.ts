import type { TravelType } from '@cairn/contracts';
import type KDBush from 'kdbush';
import type { StreetMode } from '../osm/wayAccess.ts';
import type { AccessLeg } from '../raptor/types.ts';
import { findSnapPoint, findStopSnapPoint, listSnapPoints } from '../streets/snap.ts';
import { isMapGapDetour } from '../streets/straightWalk.ts';
import { WALK_DETOUR_FACTOR, WALK_MPS } from '../figures/planningFigures.ts';
import { reachTargets } from '../streets/search.ts';
import type { SnapPoint } from '../streets/search.ts';
import { MAX_SNAP_M } from '../streets/streetNetwork.ts';
import type { StreetNetwork } from '../streets/streetNetwork.ts';
import { checkServiceTime, flexibleRideSec, inServiceZone } from './flexible.ts';
import { streetModeFor } from './streetStep.ts';
import type { Traveller } from '../journeys/fares/traveller.ts';
import type { ModeContext, NamedPoint } from './types.ts';
import type { GeoPoint } from '../geo/geometry.ts';

/*
 * First and last miles for the transit router. Each helper answers "which stops can I reach
 * from this point (access), or reach this point from (egress), and how long does it take",
 * as the { stopIdx, durationSec, mode } legs RAPTOR takes. Stops are snapped once per network.
 */

/** A timetable stop by its index in the transit data. */
export interface StopLocation {
  stopIdx: number;
  lat: number;
  lon: number;
  /** Rail, subway, ferry or bus stations: where taxis and park & ride are worth offering. */
  isStation?: boolean;
}

/** Stops with their snap points for each street mode. */
export interface PreparedStops {
  stops: readonly StopLocation[];
  foot: Array<SnapPoint | undefined>;
  bicycle: Array<SnapPoint | undefined>;
  car: Array<SnapPoint | undefined>;
}

export type AccessMode = 'walk' | 'cycle' | 'own car' | 'taxi' | 'drt' | 'community transport' | 'bike hire';

/** One way between the point and a stop. */
export interface StopAccess {
  stopIdx: number;
  /** Whole seconds, rounded up. */
  durationSec: number;
  distanceM: number;
  mode: AccessMode;
  /** Where the vehicle is left or picked up (car park, dock) on combined legs. */
  via?: NamedPoint;
  /** Bike hire: the dock near the point, where the bike is taken (access) or left (egress). */
  homeDock?: NamedPoint;
  flexibleServiceId?: string;
}

export type AccessDirection = 'access' | 'egress';

/** Stops are expected within this distance of a street. */
export const STOP_SNAP_M = 400;

export const WALK_ACCESS_MAX_SEC = 15 * 60;
export const CYCLE_ACCESS_MAX_SEC = 30 * 60;
export const DRIVE_ACCESS_MAX_SEC = 30 * 60;
/** Walk between a car park or dock and a stop. */
export const TRANSFER_WALK_MAX_SEC = 5 * 60;
/** Time to park, lock up and reach the platform, or to find and unlock a hire bike. */
export const PARK_SEC = 3 * 60;
export const DOCK_SEC = 2 * 60;

/** Snap every stop for each street mode once. */
export function prepareStops(net: StreetNetwork, stops: readonly StopLocation[]): PreparedStops {
  const snap = (s: StopLocation, mode: 'foot' | 'bicycle' | 'car') =>
    findStopSnapPoint(net.snap, s.lat, s.lon, mode, STOP_SNAP_M);
  return {
    stops,
    foot: stops.map((s) => snap(s, 'foot')),
    bicycle: stops.map((s) => snap(s, 'bicycle')),
    car: stops.map((s) => snap(s, 'car')),
  };
}

function reachStops(
  net: StreetNetwork,
  prepared: PreparedStops,
  point: SnapPoint,
  mode: 'foot' | 'bicycle' | 'car',
  maxSec: number,
  direction: AccessDirection,
  include: (s: StopLocation) => boolean = () => true,
): Array<{ stop: StopLocation; durationSec: number; distanceM: number }> {
  const idx: number[] = [];
  const targets: SnapPoint[] = [];
  prepared[mode].forEach((snap, i) => {
    if (snap && include(prepared.stops[i]!)) {
      idx.push(i);
      targets.push(snap);
    }
  });
  return reachTargets(net.graph, point, mode, maxSec, targets, direction === 'access' ? 'from' : 'to').map(
    (r) => ({
      stop: prepared.stops[idx[r.target]!]!,
      durationSec: r.durationSec,
      distanceM: r.distanceM,
    }),
  );
}

const snapPoint = (net: StreetNetwork, p: GeoPoint, mode: 'foot' | 'bicycle' | 'car') =>
  findSnapPoint(net.snap, p.lat, p.lon, mode, MAX_SNAP_M);

/** Each stop's ways to walk from, as routeStreet joins the streets at a stop (listSnapPoints), per set of prepared stops. */
const stopLinkCache = new WeakMap<object, Map<number, SnapPoint[]>>();

function listStopLinks(data: StopStreets, stop: number, nearest: SnapPoint): SnapPoint[] {
  const net = data.streets;
  // Prepared stops are made once per street network (RegionData, withStreets), so they key the cache.
  let cache = stopLinkCache.get(data.preparedStops);
  if (!cache) stopLinkCache.set(data.preparedStops, (cache = new Map()));
  let links = cache.get(stop);
  if (!links) {
    const at = data.preparedStops.stops[stop] ?? nearest;
    const found = listSnapPoints(net.snap, at.lat, at.lon, 'foot', MAX_SNAP_M);
    links = found.length > 0 ? found : [nearest];
    cache.set(stop, links);
  }
  return links;
}

/** Stops within a walk (default 15 minutes). */
export function listWalkAccess(
  net: StreetNetwork,
  prepared: PreparedStops,
  point: NamedPoint,
  direction: AccessDirection,
  maxSec = WALK_ACCESS_MAX_SEC,
): StopAccess[] {
  const p = snapPoint(net, point, 'foot');
  if (!p) return [];
  return reachStops(net, prepared, p, 'foot', maxSec, direction).map((r) => ({
    stopIdx: r.stop.stopIdx,
    durationSec: Math.ceil(r.durationSec),
    distanceM: r.distanceM,
    mode: 'walk',
  }));
}

/** Stops within a ride on the traveller's own bike (bike & ride; default 30 minutes). */
export function listCycleAccess(
  net: StreetNetwork,
  prepared: PreparedStops,
  point: NamedPoint,
  direction: AccessDirection,
  maxSec = CYCLE_ACCESS_MAX_SEC,
): StopAccess[] {
  const p = snapPoint(net, point, 'bicycle');
  if (!p) return [];
  return reachStops(net, prepared, p, 'bicycle', maxSec, direction).map((r) => ({
    stopIdx: r.stop.stopIdx,
    durationSec: Math.ceil(r.durationSec + (direction === 'access' ? PARK_SEC : 0)),
    distanceM: r.distanceM,
    mode: 'cycle',
  }));
}

/** Stations by taxi (default within 30 minutes' drive). */
export function listTaxiAccess(
  net: StreetNetwork,
  prepared: PreparedStops,
  point: NamedPoint,
  direction: AccessDirection,
  maxSec = DRIVE_ACCESS_MAX_SEC,
): StopAccess[] {
  const p = snapPoint(net, point, 'car');
  if (!p) return [];
  return reachStops(net, prepared, p, 'car', maxSec, direction, (s) => s.isStation === true).map((r) => ({
    stopIdx: r.stop.stopIdx,
    durationSec: Math.ceil(r.durationSec),
    distanceM: r.distanceM,
    mode: 'taxi',
  }));
}

function keepFastest(list: StopAccess[]): StopAccess[] {
  const best = new Map<number, StopAccess>();
  for (const a of list) {
    const b = best.get(a.stopIdx);
    if (!b || a.durationSec < b.durationSec) best.set(a.stopIdx, a);
  }
  return [...best.values()];
}

/**
 * Park & ride: drive the own car to a car park (park-and-ride sites first in the catalogue,
 * any car park counts) within 30 minutes, park, and walk to stops within 5 minutes of it.
 * Access only: the car stays at the car park. Needs car access.
 */
export function listParkAndRideAccess(
  ctx: ModeContext,
  prepared: PreparedStops,
  point: NamedPoint,
  traveller: Pick<Traveller, 'carAccess'>,
  maxDriveSec = DRIVE_ACCESS_MAX_SEC,
): StopAccess[] {
  if (!traveller.carAccess) return [];
  const p = snapPoint(ctx.net, point, 'car');
  if (!p) return [];
  const parks = ctx.carParks.filter((c) => c.car && c.foot);
  const drives = reachTargets(
    ctx.net.graph,
    p,
    'car',
    maxDriveSec,
    parks.map((c) => c.car!),
    'from',
  );
  const out: StopAccess[] = [];
  for (const d of drives) {
    const park = parks[d.target]!;
    const via = { name: park.carPark.name ?? 'car park', lat: park.carPark.lat, lon: park.carPark.lon };
    for (const w of reachStops(ctx.net, prepared, park.foot!, 'foot', TRANSFER_WALK_MAX_SEC, 'access')) {
      out.push({
        stopIdx: w.stop.stopIdx,
        durationSec: Math.ceil(d.durationSec + PARK_SEC + w.durationSec),
        distanceM: d.distanceM + w.distanceM,
        mode: 'own car',
        via,
      });
    }
  }
  return keepFastest(out);
}

/**
 * DRT or community transport to or from hub stops inside the same service zone. The service
 * must run at `timeSec` (day, hours, booking notice); the journey code re-checks the exact
 * ride time once the connection is known.
 */
export function listFlexibleAccess(
  ctx: ModeContext,
  prepared: PreparedStops,
  point: NamedPoint,
  direction: AccessDirection,
  timeSec: number,
  nowSec: number,
): StopAccess[] {
  const out: StopAccess[] = [];
  const p = snapPoint(ctx.net, point, 'car');
  if (!p) return out;
  for (const service of ctx.region.flexibleServices) {
    if (!inServiceZone(service, point.lat, point.lon)) continue;
    if (checkServiceTime(service, ctx.region.timeZone, timeSec, 0, nowSec)) continue;
    const inZone = (s: StopLocation) => inServiceZone(service, s.lat, s.lon);
    for (const r of reachStops(ctx.net, prepared, p, 'car', 2 * 3600, direction, inZone)) {
      out.push({
        stopIdx: r.stop.stopIdx,
        durationSec: Math.ceil(flexibleRideSec(service, r.distanceM, r.durationSec)),
        distanceM: r.distanceM,
        mode: service.kind,
        flexibleServiceId: service.id,
      });
    }
  }
  return out;
}

/**
 * Bike hire to or from stops: walk to the nearest dock (10 min), ride to any dock within 30
 * minutes, walk to stops within 5 minutes of that dock. Egress runs the same chain backwards.
 */
export function listBikeHireAccess(
  ctx: ModeContext,
  prepared: PreparedStops,
  point: NamedPoint,
  direction: AccessDirection,
): StopAccess[] {
  const docks = ctx.bikeDocks.filter((d) => d.foot && d.bicycle && d.station.capacity > 0);
  if (docks.length < 2) return [];
  const p = snapPoint(ctx.net, point, 'foot');
  if (!p) return [];
  const searchDir = direction === 'access' ? 'from' : 'to';
  const near = reachTargets(
    ctx.net.graph,
    p,
    'foot',
    10 * 60,
    docks.map((d) => d.foot!),
    searchDir,
  ).sort((a, b) => a.durationSec - b.durationSec)[0];
  if (!near) return [];
  const home = docks[near.target]!;
  const homeDock = { name: home.station.name, lat: home.station.lat, lon: home.station.lon };
  const rides = reachTargets(
    ctx.net.graph,
    home.bicycle!,
    'bicycle',
    CYCLE_ACCESS_MAX_SEC,
    docks.map((d) => d.bicycle!),
    searchDir,
  );
  const out: StopAccess[] = [];
  for (const ride of rides) {
    if (ride.target === near.target) continue;
    const far = docks[ride.target]!;
    const via = { name: far.station.name, lat: far.station.lat, lon: far.station.lon };
    for (const w of reachStops(ctx.net, prepared, far.foot!, 'foot', TRANSFER_WALK_MAX_SEC, direction)) {
      out.push({
        stopIdx: w.stop.stopIdx,
        durationSec: Math.ceil(near.durationSec + 2 * DOCK_SEC + ride.durationSec + w.durationSec),
        distanceM: near.distanceM + ride.distanceM + w.distanceM,
        mode: 'bike hire',
        via,
        homeDock,
      });
    }
  }
  return keepFastest(out);
}

/** The stop data the planner's street searches read: the network, a spatial stop index and per-mode stop snaps. */
export interface StopStreets {
  streets: StreetNetwork;
  /** Timetable stops in a spatial index over projected metres (x = lon·kx, y = lat·ky). */
  stopIndex: { index: KDBush; kx: number; ky: number };
  /** Timetable stops snapped to the street network per mode (undefined when too far from a street). */
  stopSnaps: Record<StreetMode, Array<SnapPoint | undefined>>;
  /** Timetable stops with their positions, by stop index. */
  preparedStops: Pick<PreparedStops, 'stops'>;
}

/** Upper bounds of street speeds (m/s) for the straight-line pre-filter of stop searches. */
const MAX_SPEED_MPS: Record<StreetMode, number> = { foot: 2, bicycle: 9, car: 36 };

/** Timetable stops within a straight-line radius of a point. */
export function listStopsWithin(data: StopStreets, point: GeoPoint, radiusM: number): number[] {
  const { index, kx, ky } = data.stopIndex;
  return index.within(point.lon * kx, point.lat * ky, radiusM);
}

/**
 * A place this close to a stop is at the stop: walking to it takes no time. Across the road from
 * it, a traveller ready in the asked minute catches a ride leaving in that minute (timetables
 * count whole minutes; issue 27), and journeys hide street steps under 50 m anyway.
 */
export const AT_STOP_M = 40;

/** Where each stop's position sits in a KDBush's sorted arrays (indexed by stop). */
const slotsOf = new WeakMap<KDBush, Int32Array>();
function slotOf(index: KDBush, stop: number): number {
  let slots = slotsOf.get(index);
  if (!slots) {
    slots = new Int32Array(index.ids.length);
    for (let k = 0; k < index.ids.length; k++) slots[index.ids[k]!] = k;
    slotsOf.set(index, slots);
  }
  return slots[stop]!;
}

/** Stops a walk in a straight line reaches within `maxSec` (no mapped path near the point). */
function listStraightWalks(
  data: StopStreets,
  point: GeoPoint,
  maxSec: number,
): Array<{ stop: number; durationSec: number }> {
  const { index, kx, ky } = data.stopIndex;
  const px = point.lon * kx;
  const py = point.lat * ky;
  return index.within(px, py, (maxSec * WALK_MPS) / WALK_DETOUR_FACTOR).map((stop) => {
    const k = slotOf(index, stop);
    const d = Math.hypot(index.coords[2 * k]! - px, index.coords[2 * k + 1]! - py);
    return { stop, durationSec: (d * WALK_DETOUR_FACTOR) / WALK_MPS };
  });
}

/**
 * Timetable stops reachable from (direction 'from') or to ('to') a point within `maxSec` by the
 * street mode of a travel type, as RAPTOR access/egress legs labelled with the travel type (the
 * planner's first and last miles); `rideSec` re-times vehicles that do not drive at street
 * speed (DRT). Walks join the network at the best of the edges near the point and count the
 * off-network stretches at both ends; a stop at the point itself (within `AT_STOP_M`) is reached
 * with no walk; with no walkable street within reach (or a stop off the mapped paths) the walk
 * goes in a straight line (all walks do in a region loaded without streets).
 */
export function listStopAccess(
  data: StopStreets,
  point: GeoPoint,
  type: TravelType,
  maxSec: number,
  direction: 'from' | 'to',
  allow: (stop: number) => boolean = () => true,
  rideSec?: (distanceM: number, streetSec: number) => number,
): AccessLeg[] {
  const mode = streetModeFor(type);
  const walking = type === 'walk';
  const out: AccessLeg[] = [];
  const done = new Set<number>();
  if (walking) {
    const { index, kx, ky } = data.stopIndex;
    for (const stop of index.within(point.lon * kx, point.lat * ky, AT_STOP_M)) {
      if (!allow(stop)) continue;
      out.push({ stopIdx: stop, durationSec: 0, mode: type });
      done.add(stop);
    }
  }
  const snap = listSnapPoints(data.streets.snap, point.lat, point.lon, mode, MAX_SNAP_M);
  const snaps = data.stopSnaps[mode];
  if (walking) {
    // Stops off the mapped paths (all of them when the point is): a straight-line walk.
    for (const w of listStraightWalks(data, point, maxSec)) {
      if (done.has(w.stop) || (snap.length > 0 && snaps[w.stop]) || !allow(w.stop)) continue;
      out.push({ stopIdx: w.stop, durationSec: Math.round(w.durationSec), mode: type });
      done.add(w.stop);
    }
  }
  if (snap.length === 0) return out;
  const best = streetTimes(
    data,
    point,
    snap,
    mode,
    maxSec,
    direction,
    (stop) => done.has(stop) || !allow(stop),
  );
  if (!best) return out;
  if (walking) {
    // A stop whose street walk is an absurd detour (a gap in the map) is walked to in a straight
    // line, as its walk step is (modes/streetStep.ts). One not reached within maxSec is when even
    // that bound on its street walk passes the limits (streets/straightWalk.ts).
    for (const w of listStraightWalks(data, point, maxSec)) {
      if (done.has(w.stop) || !snaps[w.stop] || !allow(w.stop)) continue;
      const crowM = (w.durationSec * WALK_MPS) / WALK_DETOUR_FACTOR;
      const streetM = best.get(w.stop)?.distanceM ?? maxSec * WALK_MPS;
      if (!isMapGapDetour(streetM, crowM)) continue;
      best.delete(w.stop);
      out.push({ stopIdx: w.stop, durationSec: Math.round(w.durationSec), mode: type });
    }
  }
  for (const [stop, { streetSec, distanceM }] of best)
    out.push({
      stopIdx: stop,
      durationSec: Math.round(rideSec ? rideSec(distanceM, streetSec) : streetSec),
      mode: type,
    });
  return out;
}

/** Each stop's street time (before rounding) and distance; undefined when no stop is a target. */
function streetTimes(
  data: StopStreets,
  point: GeoPoint,
  snap: SnapPoint[],
  mode: StreetMode,
  maxSec: number,
  direction: 'from' | 'to',
  skip: (stop: number) => boolean,
): Map<number, { streetSec: number; distanceM: number }> | undefined {
  const walking = mode === 'foot';
  const snaps = data.stopSnaps[mode];
  const stopOf: number[] = [];
  const targets: SnapPoint[] = [];
  // Only stops the mode could reach at its fastest in a straight line are searched for.
  for (const stop of listStopsWithin(data, point, maxSec * MAX_SPEED_MPS[mode])) {
    const s = snaps[stop];
    if (!s || skip(stop)) continue;
    // A walk joins the streets at the stop as the walk step drawn for it does (modes/streetStep.ts):
    // by any of the ways beside it, not only the nearest (a stop whose nearest way is a dead end
    // was reached 737 s away by the router and 421 s by its own walk step).
    for (const t of walking ? listStopLinks(data, stop, s) : [s]) {
      stopOf.push(stop);
      targets.push(t);
    }
  }
  if (targets.length === 0) return undefined;
  const best = new Map<number, { streetSec: number; distanceM: number }>();
  for (const r of reachTargets(data.streets.graph, snap, mode, maxSec, targets, direction)) {
    // A walk also crosses the stretch between the street and the stop (a link charges it in the search).
    const t = targets[r.target]!;
    const streetSec = r.durationSec + (walking && t.linkSec === undefined ? t.distanceM / WALK_MPS : 0);
    const stop = stopOf[r.target] ?? 0;
    if (streetSec > maxSec || (best.get(stop)?.streetSec ?? Infinity) <= streetSec) continue;
    best.set(stop, { streetSec, distanceM: r.distanceM });
  }
  return best;
}

/** A stop a vehicle reaches, with its street time before rounding. */
export interface VehicleReach {
  stopIdx: number;
  streetSec: number;
}

/**
 * The stops a vehicle (not a walk) reaches from or to a point within `maxSec`, in the order
 * listStopAccess lists them, each with its street time before rounding: one street search that
 * several first or last miles of one street mode share (park & ride, a lift and a taxi all drive
 * to the station, each as far as its own limit: vehicleLegsWithin). A shortest-path search to a
 * limit finds every stop within a shorter one in the same time.
 */
export function listVehicleReach(
  data: StopStreets,
  point: GeoPoint,
  type: TravelType,
  maxSec: number,
  direction: 'from' | 'to',
  allow: (stop: number) => boolean,
): VehicleReach[] {
  const mode = streetModeFor(type);
  if (mode === 'foot')
    throw new Error('listVehicleReach is for vehicles: a walk reaches stops by listStopAccess');
  const snap = listSnapPoints(data.streets.snap, point.lat, point.lon, mode, MAX_SNAP_M);
  if (snap.length === 0) return [];
  const best = streetTimes(data, point, snap, mode, maxSec, direction, (stop) => !allow(stop));
  return [...(best ?? [])].map(([stopIdx, { streetSec }]) => ({ stopIdx, streetSec }));
}

/** The legs of `type` among `reach` within `maxSec`: what listStopAccess answers for that limit. */
export function vehicleLegsWithin(
  reach: readonly VehicleReach[],
  type: TravelType,
  maxSec: number,
): AccessLeg[] {
  return reach
    .filter((r) => r.streetSec <= maxSec)
    .map((r) => ({ stopIdx: r.stopIdx, durationSec: Math.round(r.streetSec), mode: type }));
}
