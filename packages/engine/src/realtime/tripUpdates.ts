import { POS_NO_DROP_OFF, POS_NO_PICKUP } from '../raptor/transitData.ts';
import {
  dateToDayNumber,
  dayNumberToDate,
  epochToLocal,
  parseGtfsDate,
  parseGtfsTime,
  serviceDayStartEpochSec,
} from '../time/serviceDay.ts';
import type { InstancePatch } from '../timetable/livePatch.ts';
import type { Timetable } from '../timetable/timetable.ts';
import { serviceRunsOn } from '../timetable/transitView.ts';
import type { RtStopEvent, RtStopTimeUpdate, RtTripDescriptor, RtTripUpdate } from './decodeFeed.ts';
import { tripIndexOf, tripStops } from './tripIndex.ts';
import type { TripIndex } from './tripIndex.ts';

/*
 * TripUpdates → instance patches of the timetable. Matching: trip_id first; without one (or with
 * an id the timetable does not know), route_id + start_time, on start_date, with direction told
 * apart by the stops the update names (the compact timetable keeps no direction_id). Times follow
 * the GTFS-realtime propagation rules: a stop's delay carries to the following stops until the
 * next update; absolute times win over delays; SKIPPED stops keep the vehicle's times but cannot
 * be used; NO_DATA returns to the timetable. Every live trip is then made possible: it never
 * arrives at a stop before it left the previous one, and never leaves a stop before arriving.
 */

export type UnmatchedReason =
  | 'unknown trip'
  | 'ambiguous trip'
  | 'no service on that day'
  | 'bad start_date'
  | 'unknown route'
  | 'added trip without stop times'
  | 'unsupported relationship';

export interface TripUpdatesReport {
  matched: number;
  byTripId: number;
  byRouteAndStart: number;
  added: number;
  cancelled: number;
  unmatched: Partial<Record<UnmatchedReason, number>>;
  /** Stop updates naming a stop the trip does not call at. */
  unknownStops: number;
  /** Times changed to keep the trip possible (arrival before the previous departure, negative dwell). */
  repairedTimes: number;
}

export function emptyTripUpdatesReport(): TripUpdatesReport {
  return {
    matched: 0,
    byTripId: 0,
    byRouteAndStart: 0,
    added: 0,
    cancelled: 0,
    unmatched: {},
    unknownStops: 0,
    repairedTimes: 0,
  };
}

interface FeedScope {
  tt: Timetable;
  index: TripIndex;
  /** Static feed index and id the realtime feed refers to. */
  feed: number;
  feedId: string;
  timeZone: string;
  /** Feed header time: picks the service day of updates without start_date. */
  nowSec: number;
  /** Epoch seconds of a service day's start in the feed's zone (time-zone arithmetic is slow: once per day). */
  dayStart: (day: number) => number;
  /** parseGtfsDate, once per distinct start_date. */
  parseDate: (text: string) => number | undefined;
  trips: Map<string, number[]>;
  stops: Map<string, number>;
  /** Room for `n` live times, cut from shared blocks: a full feed patches every trip of the day. */
  arena: (n: number) => Int32Array;
}

/** Patches for the trip updates of one feed, in feed order (a version keeps the last one for an instance). */
export function patchesFromTripUpdates(
  tt: Timetable,
  feedId: string,
  updates: readonly RtTripUpdate[],
  nowSec: number,
): { patches: InstancePatch[]; report: TripUpdatesReport } {
  const report = emptyTripUpdatesReport();
  const feed = Math.max(
    0,
    tt.meta.feeds.findIndex((f) => f.id === feedId),
  );
  const timeZone = tt.meta.feeds[feed]?.timezone ?? tt.timezone;
  const starts = new Map<number, number>();
  const dates = new Map<string, number | undefined>();
  const index = tripIndexOf(tt);
  let block = new Int32Array(0);
  let used = 0;
  const scope: FeedScope = {
    tt,
    index,
    trips: index.feedTrips(feedId),
    stops: index.feedStops(feedId),
    arena: (n) => {
      if (used + n > block.length) {
        block = new Int32Array(Math.max(ARENA_BLOCK, n));
        used = 0;
      }
      used += n;
      return block.subarray(used - n, used);
    },
    parseDate: (text) => {
      if (!dates.has(text)) dates.set(text, parseGtfsDate(text));
      return dates.get(text);
    },
    feed,
    feedId,
    timeZone,
    nowSec,
    dayStart: (day) => {
      let zero = starts.get(day);
      if (zero === undefined)
        starts.set(day, (zero = serviceDayStartEpochSec(timeZone, dayNumberToDate(day))));
      return zero;
    },
  };
  const patches: InstancePatch[] = [];
  const miss = (reason: UnmatchedReason) => (report.unmatched[reason] = (report.unmatched[reason] ?? 0) + 1);
  for (const u of updates) {
    const rel = u.trip.relationship;
    if (rel === 'ADDED' || rel === 'NEW') {
      const added = addedTrip(scope, u, report);
      if (typeof added === 'string') miss(added);
      else {
        report.added++;
        patches.push(added);
      }
      continue;
    }
    if (rel === 'DUPLICATED' || rel === 'UNSCHEDULED') {
      miss('unsupported relationship');
      continue;
    }
    const found = findInstance(scope, u);
    if (typeof found === 'string') {
      miss(found);
      continue;
    }
    report.matched++;
    if (found.how === 'id') report.byTripId++;
    else report.byRouteAndStart++;
    if (rel === 'CANCELED' || rel === 'DELETED') {
      report.cancelled++;
      patches.push({ trip: found.trip, day: found.day, cancelled: true });
      continue;
    }
    patches.push(livePatch(scope, found.trip, found.day, u, report));
  }
  return { patches, report };
}

/** The stored trip and service day an update is about, or why none. */
function findInstance(
  scope: FeedScope,
  u: RtTripUpdate,
): { trip: number; day: number; how: 'id' | 'route' } | UnmatchedReason {
  const { tt, index, feedId } = scope;
  const d = u.trip;
  let how: 'id' | 'route' = 'id';
  let candidates = d.tripId ? (scope.trips.get(d.tripId) ?? []) : [];
  const start = d.startTime === undefined ? undefined : parseGtfsTime(d.startTime);
  if (candidates.length > 1 && start !== undefined) {
    candidates = candidates.filter((t) => runStartsAt(tt, t, start));
  }
  // Several runs of one frequency trip and no start_time that names one: the nearest run, if plausible alone.
  if (candidates.length > 1) return nearestRun(scope, candidates, u);
  if (candidates.length === 0) {
    if (!d.routeId || start === undefined) return d.tripId ? 'unknown trip' : 'unknown route';
    how = 'route';
    candidates = index.byRouteStart.get(`${feedId}:${d.routeId}|${start}`) ?? [];
    const named = u.stopTimeUpdates.flatMap((s) => (s.stopId ? [scope.stops.get(s.stopId)] : []));
    // Both directions may leave at the same minute: keep the trips that call at the named stops in their order.
    if (candidates.length > 1 && named.length > 0) {
      candidates = candidates.filter((t) => callsInOrder(tripStops(tt, t), named));
    }
    if (candidates.length === 0) return 'unknown trip';
  }
  if (candidates.length > 1) return 'ambiguous trip';
  const trip = candidates[0]!;
  const day = serviceDayOf(scope, trip, d);
  return typeof day === 'string' ? day : { trip, day, how };
}

/**
 * Whether run `t` is the one a start_time names: its first departure, or for a headway run
 * (exact_times=0, whose start_time the producer may pick freely) the run within half a headway.
 */
function runStartsAt(tt: Timetable, t: number, start: number): boolean {
  const first = tt.a.departures[tt.a.tripTimeOffsets[t]!]!;
  const headway = tt.a.tripHeadwaySec[t]!;
  return headway > 0 ? 2 * Math.abs(first - start) < headway : first === start;
}

/**
 * The run of a frequency trip an update without start_time is about: the one nearest the first
 * absolute time the update gives (its scheduled time at that stop), else the one running at the
 * feed's time (its span moved by the update's first delay), else the one nearest that time. It
 * is plausible alone when every other run is more than twice as far; otherwise 'ambiguous trip'.
 */
function nearestRun(
  scope: FeedScope,
  runs: readonly number[],
  u: RtTripUpdate,
): { trip: number; day: number; how: 'id' } | UnmatchedReason {
  const { tt } = scope;
  const stops = tripStops(tt, runs[0]!);
  const timed = u.stopTimeUpdates.find((s) => (s.arrival ?? s.departure)?.timeSec !== undefined);
  const timedPos = timed && positionOf(scope.stops, stops, timed, 0);
  const delay =
    u.delaySec ??
    u.stopTimeUpdates.map((s) => s.departure?.delaySec ?? s.arrival?.delaySec).find((x) => x !== undefined) ??
    0;
  let days: number[];
  if (u.trip.startDate !== undefined) {
    const date = scope.parseDate(u.trip.startDate);
    if (date === undefined) return 'bad start_date';
    days = [dateToDayNumber(date)];
  } else {
    const today = dateToDayNumber(epochToLocal(scope.timeZone, scope.nowSec).date);
    days = [today - 1, today, today + 1];
  }
  let best: { trip: number; day: number; gap: number } | undefined;
  let second = Infinity;
  for (const trip of runs) {
    const o = tt.a.tripTimeOffsets[trip]!;
    for (const day of days) {
      if (!serviceRunsOn(tt.a, tt.a.tripService[trip]!, day)) continue;
      const zero = scope.dayStart(day);
      let gap: number;
      if (timed && timedPos !== undefined) {
        const dep = timed.departure?.timeSec;
        const sched = dep !== undefined ? tt.a.departures[o + timedPos]! : tt.a.arrivals[o + timedPos]!;
        gap = Math.abs((dep ?? timed.arrival!.timeSec!) - zero - sched);
      } else {
        const from = zero + tt.a.departures[o]! + delay;
        const to = zero + tt.a.arrivals[o + stops.length - 1]! + delay;
        gap = scope.nowSec < from ? from - scope.nowSec : scope.nowSec > to ? scope.nowSec - to : 0;
      }
      if (!best || gap < best.gap) {
        second = best?.gap ?? Infinity;
        best = { trip, day, gap };
      } else second = Math.min(second, gap);
    }
  }
  if (!best) return 'no service on that day';
  if (second <= 2 * best.gap) return 'ambiguous trip';
  return { trip: best.trip, day: best.day, how: 'id' };
}

function callsInOrder(stops: Int32Array, named: (number | undefined)[]): boolean {
  let from = 0;
  for (const s of named) {
    if (s === undefined) return false;
    const at = stops.indexOf(s, from);
    if (at < 0) return false;
    from = at + 1;
  }
  return true;
}

/** start_date, else the running day whose instance is nearest the feed time (after midnight: often yesterday's). */
function serviceDayOf(scope: FeedScope, trip: number, d: RtTripDescriptor): number | UnmatchedReason {
  const { tt } = scope;
  const service = tt.a.tripService[trip]!;
  if (d.startDate !== undefined) {
    const date = scope.parseDate(d.startDate);
    if (date === undefined) return 'bad start_date';
    const day = dateToDayNumber(date);
    return serviceRunsOn(tt.a, service, day) ? day : 'no service on that day';
  }
  const today = dateToDayNumber(epochToLocal(scope.timeZone, scope.nowSec).date);
  const o = tt.a.tripTimeOffsets[trip]!;
  const n = tripStops(tt, trip).length;
  let best: number | undefined;
  let bestGap = Infinity;
  for (const day of [today - 1, today, today + 1]) {
    if (!serviceRunsOn(tt.a, service, day)) continue;
    const zero = scope.dayStart(day);
    const from = zero + tt.a.departures[o]!;
    const to = zero + tt.a.arrivals[o + n - 1]!;
    const gap = scope.nowSec < from ? from - scope.nowSec : scope.nowSec > to ? scope.nowSec - to : 0;
    if (gap < bestGap) {
      bestGap = gap;
      best = day;
    }
  }
  return best ?? 'no service on that day';
}

const CLOSED = POS_NO_PICKUP | POS_NO_DROP_OFF;
const ARENA_BLOCK = 1 << 18;

/** Live times of a stored trip instance from its stop time updates. */
function livePatch(
  scope: FeedScope,
  trip: number,
  day: number,
  u: RtTripUpdate,
  report: TripUpdatesReport,
): InstancePatch {
  const { tt } = scope;
  const stops = tripStops(tt, trip);
  const n = stops.length;
  const o = tt.a.tripTimeOffsets[trip]!;
  const zero = scope.dayStart(day);
  const atPos = new Array<RtStopTimeUpdate | undefined>(n);
  let cursor = 0;
  for (const s of u.stopTimeUpdates) {
    const pos = positionOf(scope.stops, stops, s, cursor);
    if (pos === undefined) {
      report.unknownStops++;
      continue;
    }
    atPos[pos] = s;
    cursor = pos + 1;
  }
  const arrivals = scope.arena(n);
  const departures = scope.arena(n);
  let skipFlags: Uint8Array | undefined;
  let carry = u.delaySec ?? 0;
  for (let pos = 0; pos < n; pos++) {
    const schedArr = tt.a.arrivals[o + pos]!;
    const schedDep = tt.a.departures[o + pos]!;
    const s = atPos[pos];
    let arr = schedArr + carry;
    let dep = schedDep + carry;
    if (s?.relationship === 'SKIPPED') (skipFlags ??= new Uint8Array(n))[pos] = CLOSED;
    else if (s?.relationship === 'NO_DATA') {
      carry = 0;
      arr = schedArr;
      dep = schedDep;
    } else if (s) {
      if (s.arrival) arr = eventSec(s.arrival, schedArr, arr, zero);
      const following = schedDep + (arr - schedArr);
      dep = s.departure ? eventSec(s.departure, schedDep, following, zero) : following;
      carry = dep - schedDep;
    }
    // A possible vehicle: no arrival before the previous departure, no departure before arrival.
    const prevDep = pos > 0 ? departures[pos - 1]! : -Infinity;
    if (arr < prevDep) {
      arr = prevDep;
      report.repairedTimes++;
    }
    if (dep < arr) {
      dep = arr;
      report.repairedTimes++;
    }
    arrivals[pos] = arr;
    departures[pos] = dep;
  }
  return {
    trip,
    day,
    cancelled: false,
    arrivals,
    departures,
    ...(skipFlags ? { skipFlags } : {}),
  };
}

/**
 * A stop event's live time (service-day seconds): its absolute time, else the scheduled time plus
 * its delay, else, for a bound from a vehicle position, `otherwise` moved no earlier than the bound.
 */
function eventSec(e: RtStopEvent, schedSec: number, otherwise: number, zero: number): number {
  if (e.timeSec !== undefined) return e.timeSec - zero;
  if (e.delaySec !== undefined) return schedSec + e.delaySec;
  return e.notBeforeSec === undefined ? otherwise : Math.max(otherwise, e.notBeforeSec - zero);
}

/** Pattern position of a stop update: its stop_id from `from` on (loops call twice), else its stop_sequence as a 1-based position. */
function positionOf(
  stopIds: Map<string, number>,
  stops: Int32Array,
  s: RtStopTimeUpdate,
  from: number,
): number | undefined {
  if (s.stopId !== undefined) {
    const stop = stopIds.get(s.stopId);
    if (stop === undefined) return undefined;
    for (let p = from; p < stops.length; p++) if (stops[p] === stop) return p;
    const earlier = stops.indexOf(stop);
    return earlier >= 0 ? earlier : undefined;
  }
  if (s.stopSequence !== undefined && s.stopSequence >= 1 && s.stopSequence <= stops.length)
    return s.stopSequence - 1;
  return undefined;
}

/** An ADDED trip: its stops and absolute times, on the stored pattern with those stops when there is one. */
function addedTrip(
  scope: FeedScope,
  u: RtTripUpdate,
  report: TripUpdatesReport,
): InstancePatch | UnmatchedReason {
  const { index, feedId } = scope;
  const line = u.trip.routeId ? index.lineByNsId.get(`${feedId}:${u.trip.routeId}`) : undefined;
  if (line === undefined) return 'unknown route';
  const calls: { stop: number; arr: number; dep: number }[] = [];
  for (const s of u.stopTimeUpdates) {
    if (s.relationship === 'SKIPPED' || s.relationship === 'NO_DATA') continue;
    const stop = s.stopId ? scope.stops.get(s.stopId) : undefined;
    const arr = s.arrival?.timeSec ?? s.departure?.timeSec;
    const dep = s.departure?.timeSec ?? s.arrival?.timeSec;
    if (stop === undefined || arr === undefined || dep === undefined) {
      report.unknownStops++;
      continue;
    }
    calls.push({ stop, arr, dep });
  }
  if (calls.length < 2) return 'added trip without stop times';
  let date = u.trip.startDate === undefined ? undefined : parseGtfsDate(u.trip.startDate);
  if (u.trip.startDate !== undefined && date === undefined) return 'bad start_date';
  date ??= epochToLocal(scope.timeZone, calls[0]!.dep).date;
  const day = dateToDayNumber(date);
  const zero = scope.dayStart(day);
  const arrivals = new Int32Array(calls.length);
  const departures = new Int32Array(calls.length);
  calls.forEach((c, i) => {
    const prevDep = i > 0 ? departures[i - 1]! : -Infinity;
    arrivals[i] = Math.max(c.arr - zero, prevDep);
    departures[i] = Math.max(c.dep - zero, arrivals[i]!);
    if (arrivals[i] !== c.arr - zero || departures[i] !== c.dep - zero) report.repairedTimes++;
  });
  const stops = Int32Array.from(calls, (c) => c.stop);
  const pattern = index.patternByStops.get(`${line}|${stops.join(',')}`);
  return {
    trip: -1,
    day,
    cancelled: false,
    arrivals,
    departures,
    line,
    feed: scope.feed,
    id: `${feedId}:${u.trip.tripId ?? u.entityId}`,
    ...(pattern === undefined ? { stops } : { pattern }),
  };
}
