import type { StepAlert, StepLive } from '@cairn/contracts';
import { POS_NO_DROP_OFF, POS_NO_PICKUP } from '../raptor/transitData.ts';
import { formatLocalTime } from '../format/localTime.ts';
import { dateToDayNumber, dayNumberToDate, serviceDayStartEpochSec } from '../time/serviceDay.ts';
import type { InstancePatch } from '../timetable/livePatch.ts';
import type { LiveAlert, LiveVersion } from './liveVersion.ts';
import { instanceKey } from './liveVersion.ts';
import { tripIndexOf, tripStops } from './tripIndex.ts';

/*
 * A ride's trip instance read from a live version: scheduled and live times at its boarding and
 * alighting stops, cancelled or skipped, and the alerts that apply. One function for both uses:
 * the fields a planned step carries, and checking a shown journey against a newer version.
 */

/** The trip instance a step rides (bare GTFS ids of its feed), as `StepLive.trip` carries it. */
export type TripRef = StepLive['trip'];

/** A difference of at least this many seconds makes a step late or early (timetables print minutes). */
const LATE_SEC = 60;

export interface LiveCall {
  found: boolean;
  schedDepSec: number;
  schedArrSec: number;
  liveDepSec: number;
  liveArrSec: number;
  cancelled: boolean;
  stopSkipped: boolean;
  /** The version has live times for this instance. */
  hasLive: boolean;
  added: boolean;
  /** Those times are bounds from a vehicle position. */
  fromVehicle: boolean;
}

const NOT_FOUND: LiveCall = {
  found: false,
  schedDepSec: 0,
  schedArrSec: 0,
  liveDepSec: 0,
  liveArrSec: 0,
  cancelled: false,
  stopSkipped: false,
  hasLive: false,
  added: false,
  fromVehicle: false,
};

export function liveCallOf(version: LiveVersion, ref: TripRef): LiveCall {
  const tt = version.timetable;
  const ns = (id: string) => `${ref.feed_id}:${id}`;
  const feed = tt.meta.feeds.find((f) => f.id === ref.feed_id);
  const day = dateToDayNumber(Number(ref.service_date.replaceAll('-', '')));
  const zero = serviceDayStartEpochSec(feed?.timezone ?? tt.timezone, dayNumberToDate(day));
  const from = tt.findStopById(ns(ref.from_stop_id));
  const to = tt.findStopById(ns(ref.to_stop_id));
  if (from === undefined || to === undefined) return NOT_FOUND;
  const added = version.instances.get(instanceKey({ trip: -1, day, id: ns(ref.trip_id) }));
  if (added?.stops || added?.pattern !== undefined) {
    const stops = added.stops ?? patternStops(version, added.pattern!);
    return callOn(
      stops,
      from,
      to,
      (pos) => [added.arrivals![pos]!, added.departures![pos]!],
      added,
      zero,
      true,
    );
  }
  for (const trip of tripIndexOf(tt).byId.get(ns(ref.trip_id)) ?? []) {
    const o = tt.a.tripTimeOffsets[trip]!;
    const patch = version.instances.get(instanceKey({ trip, day }));
    const call = callOn(
      tripStops(tt, trip),
      from,
      to,
      (pos) => [tt.a.arrivals[o + pos]!, tt.a.departures[o + pos]!],
      patch,
      zero,
      false,
    );
    if (call.found) return call;
  }
  return NOT_FOUND;
}

function patternStops(version: LiveVersion, pattern: number): Int32Array {
  const a = version.timetable.a;
  return a.patternStops.subarray(a.patternStopOffsets[pattern]!, a.patternStopOffsets[pattern + 1]!);
}

function callOn(
  stops: Int32Array,
  from: number,
  to: number,
  scheduled: (pos: number) => [number, number],
  patch: InstancePatch | undefined,
  zero: number,
  added: boolean,
): LiveCall {
  const board = stops.indexOf(from);
  const alight = board < 0 ? -1 : stops.indexOf(to, board + 1);
  if (alight < 0) return NOT_FOUND;
  const schedDepSec = zero + scheduled(board)[1];
  const schedArrSec = zero + scheduled(alight)[0];
  const live = patch && !patch.cancelled && patch.arrivals && patch.departures ? patch : undefined;
  const skip = live?.skipFlags;
  return {
    found: true,
    schedDepSec,
    schedArrSec,
    liveDepSec: live ? zero + live.departures![board]! : schedDepSec,
    liveArrSec: live ? zero + live.arrivals![alight]! : schedArrSec,
    cancelled: patch?.cancelled === true,
    stopSkipped:
      skip !== undefined && ((skip[board]! & POS_NO_PICKUP) !== 0 || (skip[alight]! & POS_NO_DROP_OFF) !== 0),
    hasLive: patch !== undefined,
    added,
    fromVehicle: live?.fromVehicle === true,
  };
}

/** Alerts of the version that apply to the ride at `atSec`: every field an informed entity names must match. */
export function alertsFor(version: LiveVersion, ref: TripRef, atSec: number): StepAlert[] {
  const ns = (id: string) => `${ref.feed_id}:${id}`;
  const stops = new Set([ns(ref.from_stop_id), ns(ref.to_stop_id)]);
  const applies = (a: LiveAlert) =>
    (a.activePeriods.length === 0 ||
      a.activePeriods.some((p) => (p.startSec ?? -Infinity) <= atSec && atSec <= (p.endSec ?? Infinity))) &&
    a.informed.some(
      (e) =>
        (e.agencyId !== undefined ||
          e.routeId !== undefined ||
          e.stopId !== undefined ||
          e.tripId !== undefined) &&
        (e.agencyId === undefined || e.agencyId === ns(ref.agency_id)) &&
        (e.routeId === undefined || e.routeId === ns(ref.route_id)) &&
        (e.stopId === undefined || stops.has(e.stopId)) &&
        (e.tripId === undefined || e.tripId === ns(ref.trip_id)),
    );
  return version.alerts.filter(applies).map((a) => ({
    id: a.id,
    header: a.header,
    description: a.description,
    url: a.url ?? null,
    effect: a.effect,
  }));
}

/** The wire `live` field of a step riding `ref`, from `version`; times shown in `timeZone`. */
export function liveStepOf(version: LiveVersion, ref: TripRef, timeZone: string): StepLive {
  const c = liveCallOf(version, ref);
  const depDelay = c.liveDepSec - c.schedDepSec;
  const arrDelay = c.liveArrSec - c.schedArrSec;
  const worst = Math.abs(depDelay) >= Math.abs(arrDelay) ? depDelay : arrDelay;
  const status: StepLive['status'] = c.cancelled
    ? 'cancelled'
    : c.added
      ? 'added'
      : !c.hasLive
        ? 'scheduled'
        : worst >= LATE_SEC
          ? 'late'
          : worst <= -LATE_SEC
            ? 'early'
            : 'on time';
  return {
    version: version.id,
    status,
    cancelled: c.cancelled,
    stop_skipped: c.stopSkipped,
    scheduled_departure_time: formatLocalTime(timeZone, c.schedDepSec),
    scheduled_arrival_time: formatLocalTime(timeZone, c.schedArrSec),
    departure_delay_sec: depDelay,
    arrival_delay_sec: arrDelay,
    alerts: alertsFor(version, ref, c.schedDepSec),
    trip: ref,
    ...(c.fromVehicle ? { from_vehicle_position: true } : {}),
  };
}
