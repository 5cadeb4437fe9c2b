import { readTimetableFeed } from '../../../src/feeds/readTimetableFeed.ts';
import type { TimetableFeedOptions } from '../../../src/feeds/readTimetableFeed.ts';
import type { GtfsFeed } from '../../../src/gtfs/types.ts';
import {
  dateToDayNumber,
  dayNumberToDate,
  serviceDayStartEpochSec,
  splitDate,
} from '../../../src/time/serviceDay.ts';
import type { DateInt } from '../../../src/time/serviceDay.ts';

/*
 * A deliberately plain earliest-arrival Connection Scan (Dibbelt et al.) for the planner-level
 * reference test. It reads the GTFS files itself (the engine's GTFS reader is used as a CSV
 * parser only) and never touches timetable/ arrays or raptor/: trips are expanded to elementary
 * connections per service day straight from calendar.txt, calendar_dates.txt and stop_times.txt.
 *
 * The change rules are the planner's documented ones (timetable/timetable.ts replaceFootpaths,
 * raptor/README.md "Semantics worth knowing"), restated here:
 *  - after alighting, exactly one change happens before boarding again: a walk along a footpath
 *    or a change at the same stop taking `sameStopChangeSec`;
 *  - transfers.txt rows win (a station row stands for its platforms, a row about single stops wins
 *    over a station row; type 3 removes the change; a missing time between different stops is a
 *    straight-line estimate);
 *  - footpaths (an input: the same list the planner's timetable was built from) join stops,
 *    except two stops of one feed that has its own transfers.txt;
 *  - access legs lead straight to boarding, egress legs start straight from alighting;
 *  - pickup_type / drop_off_type 1 forbid boarding / alighting; the first stop of a trip has no
 *    alighting and the last no boarding.
 * Labels are kept per number of vehicles (1 … maxVehicles), so the vehicle bound is exact.
 */

/** A directed walk between two reference stops. */
export interface RefFootpath {
  from: number;
  to: number;
  durationSec: number;
}

interface RefService {
  weekdays: number;
  startDate: DateInt;
  endDate: DateInt;
  added: Set<DateInt>;
  removed: Set<DateInt>;
}

interface RefTrip {
  /** Namespaced "feed:trip_id". */
  id: string;
  route: string;
  service: RefService;
  stops: Int32Array;
  arrivals: Int32Array;
  departures: Int32Array;
  noPickup: Uint8Array;
  noDropOff: Uint8Array;
  /** Start shifts of frequency runs, or [0] for a plain trip. */
  runShiftsSec: number[];
}

/** The GTFS of a region as the reference sees it. */
export interface ReferenceNetwork {
  timeZone: string;
  /** Namespaced "feed:stop_id", the planner's own stop naming. */
  stopIds: string[];
  stopNames: string[];
  stopLat: Float64Array;
  stopLon: Float64Array;
  stopById: Map<string, number>;
  trips: RefTrip[];
  /** Changes possible after alighting at a stop (the same-stop change included). */
  changes: Array<Array<{ to: number; durationSec: number }>>;
  /** Connections by service date, built on first use. */
  days: Map<DateInt, Connections>;
}

interface Connections {
  depSec: Float64Array;
  arrSec: Float64Array;
  from: Int32Array;
  to: Int32Array;
  /** Trip instance (trip on one service day, one run). */
  instance: Int32Array;
  canBoard: Uint8Array;
  canAlight: Uint8Array;
  instanceTrip: number[];
}

/** Options of buildReferenceNetwork. */
export interface ReferenceNetworkOptions {
  timeZone: string;
  /** Each feed with how to read it (GTFS unless `read` says otherwise). */
  feeds: Array<{ id: string; path: string; read?: Omit<TimetableFeedOptions, 'feedId'> }>;
  /** Footpaths between stops given their positions (indexed like the arrays passed in). */
  footpaths: (stops: { count: number; lat: Float64Array; lon: Float64Array }) => RefFootpath[];
  sameStopChangeSec: number;
  /** Straight-line walking time for transfers.txt rows without a time. */
  straightLineWalkSec: (distanceM: number) => number;
  /** Changes between two stops take this many times their time (a slower walker; default 1). */
  walkTransferFactor?: number;
}

/** Reads the region's feeds into the reference's own trip and change lists. */
export function buildReferenceNetwork(o: ReferenceNetworkOptions): ReferenceNetwork {
  const feeds: GtfsFeed[] = o.feeds.map((f) => {
    const read = readTimetableFeed(f.path, { ...f.read, feedId: f.id });
    if (!read.ok) throw new Error(`reference: feed ${f.id} unreadable`);
    return read.feed;
  });
  const stopIds: string[] = [];
  const stopNames: string[] = [];
  const lat: number[] = [];
  const lon: number[] = [];
  const stopFeed: number[] = [];
  const trips: RefTrip[] = [];
  const explicit = new Map<number, { from: number; to: number; sec: number; forbidden: boolean }>();
  const feedBase: number[] = [];
  feeds.forEach((feed, f) => {
    const base = stopIds.length;
    feedBase.push(base);
    for (const s of feed.stops) {
      stopIds.push(`${feed.id}:${s.id}`);
      stopNames.push(s.name);
      lat.push(s.lat);
      lon.push(s.lon);
      stopFeed.push(f);
    }
    const services: RefService[] = feed.services.map((s) => ({
      weekdays: s.weekdays,
      startDate: s.startDate,
      endDate: s.endDate,
      added: new Set(s.added),
      removed: new Set(s.removed),
    }));
    const st = feed.stopTimes;
    feed.trips.forEach((trip, t) => {
      if (!trip.valid) return;
      const from = st.tripOffsets[t]!;
      const to = st.tripOffsets[t + 1]!;
      const n = to - from;
      if (n < 2) return;
      const stops = Int32Array.from(st.stopIdx.subarray(from, to), (s) => s + base);
      const noPickup = Uint8Array.from(st.pickupType.subarray(from, to), (p, i) =>
        p === 1 || i === n - 1 ? 1 : 0,
      );
      const noDropOff = Uint8Array.from(st.dropOffType.subarray(from, to), (p, i) =>
        p === 1 || i === 0 ? 1 : 0,
      );
      const departures = st.departureSec.slice(from, to);
      const shifts: number[] = [];
      for (const fr of feed.frequencies) {
        if (fr.tripIdx !== t) continue;
        for (let start = fr.startSec; start < fr.endSec; start += fr.headwaySec)
          shifts.push(start - departures[0]!);
      }
      const route = feed.routes[trip.routeIdx];
      trips.push({
        id: `${feed.id}:${trip.id}`,
        route: route ? route.shortName || route.longName : '?',
        service: services[trip.serviceIdx]!,
        stops,
        arrivals: st.arrivalSec.slice(from, to),
        departures,
        noPickup,
        noDropOff,
        runShiftsSec: shifts.length > 0 ? shifts : [0],
      });
    });
  });
  const S = stopIds.length;
  const stopLat = Float64Array.from(lat);
  const stopLon = Float64Array.from(lon);

  // transfers.txt, station rows first so rows about single stops override them.
  feeds.forEach((feed, f) => {
    const base = feedBase[f]!;
    const platforms = (i: number): number[] =>
      feed.stops[i]!.locationType === 1
        ? feed.stops.flatMap((s, j) => (s.parentIdx === i && s.locationType === 0 ? [j] : []))
        : [i];
    const isStation = (i: number) => (feed.stops[i]!.locationType === 1 ? 1 : 0);
    const rows = [...feed.transfers].sort(
      (a, b) =>
        isStation(b.fromStopIdx) +
        isStation(b.toStopIdx) -
        (isStation(a.fromStopIdx) + isStation(a.toStopIdx)),
    );
    for (const row of rows)
      for (const a of platforms(row.fromStopIdx))
        for (const b of platforms(row.toStopIdx)) {
          const from = base + a;
          const to = base + b;
          let sec = row.minTransferSec;
          if (sec < 0)
            sec =
              from === to
                ? 0
                : o.straightLineWalkSec(
                    distanceM(stopLat[from]!, stopLon[from]!, stopLat[to]!, stopLon[to]!),
                  );
          explicit.set(from * S + to, { from, to, sec, forbidden: row.type === 3 });
        }
  });

  const edges = new Map<number, number>();
  for (const fp of o.footpaths({ count: S, lat: stopLat, lon: stopLon })) {
    if (fp.from === fp.to) continue;
    const feed = stopFeed[fp.from]!;
    if (feed === stopFeed[fp.to] && feeds[feed]!.hasTransfersFile) continue;
    const k = fp.from * S + fp.to;
    const old = edges.get(k);
    if (old === undefined || fp.durationSec < old) edges.set(k, fp.durationSec);
  }
  for (let s = 0; s < S; s++) edges.set(s * S + s, o.sameStopChangeSec);
  for (const [k, e] of explicit) {
    if (e.forbidden) edges.delete(k);
    else edges.set(k, e.sec);
  }
  const changes: ReferenceNetwork['changes'] = Array.from({ length: S }, () => []);
  const factor = o.walkTransferFactor ?? 1;
  for (const [k, sec] of edges) {
    const from = Math.floor(k / S);
    const to = k % S;
    changes[from]!.push({ to, durationSec: from === to ? sec : Math.round(sec * factor) });
  }

  return {
    timeZone: o.timeZone,
    stopIds,
    stopNames,
    stopLat,
    stopLon,
    stopById: new Map(stopIds.map((id, i) => [id, i])),
    trips,
    changes,
    days: new Map(),
  };
}

function distanceM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * r) / 2) ** 2 +
    Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Whether a service runs on a date: calendar_dates exceptions first, then calendar.txt. */
function runsOn(s: RefService, date: DateInt): boolean {
  if (s.removed.has(date)) return false;
  if (s.added.has(date)) return true;
  if (s.weekdays === 0 || date < s.startDate || date > s.endDate) return false;
  const { y, m, d } = splitDate(date);
  const monday0 = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return ((s.weekdays >> monday0) & 1) === 1;
}

/**
 * Every connection of trips that run on the service dates before, of and after `date`, in epoch
 * seconds (times past 24:00 belong to the previous service date), sorted by departure.
 */
function connectionsAround(net: ReferenceNetwork, date: DateInt): Connections {
  const cached = net.days.get(date);
  if (cached) return cached;
  const rows: Array<[number, number, number, number, number, number, number, number]> = [];
  const instanceTrip: number[] = [];
  const day = dateToDayNumber(date);
  for (let d = day - 1; d <= day + 1; d++) {
    const serviceDate = dayNumberToDate(d);
    const zero = serviceDayStartEpochSec(net.timeZone, serviceDate);
    net.trips.forEach((trip, t) => {
      if (!runsOn(trip.service, serviceDate)) return;
      for (const shift of trip.runShiftsSec) {
        const inst = instanceTrip.length;
        instanceTrip.push(t);
        for (let i = 0; i + 1 < trip.stops.length; i++)
          rows.push([
            zero + shift + trip.departures[i]!,
            zero + shift + trip.arrivals[i + 1]!,
            trip.stops[i]!,
            trip.stops[i + 1]!,
            inst,
            i,
            trip.noPickup[i]! ? 0 : 1,
            trip.noDropOff[i + 1]! ? 0 : 1,
          ]);
      }
    });
  }
  // By departure; a trip's own connections stay in order when times tie (zero-minute hops).
  rows.sort((a, b) => a[0] - b[0] || a[4] - b[4] || a[5] - b[5]);
  const c: Connections = {
    depSec: Float64Array.from(rows, (r) => r[0]),
    arrSec: Float64Array.from(rows, (r) => r[1]),
    from: Int32Array.from(rows, (r) => r[2]),
    to: Int32Array.from(rows, (r) => r[3]),
    instance: Int32Array.from(rows, (r) => r[4]),
    canBoard: Uint8Array.from(rows, (r) => r[6]),
    canAlight: Uint8Array.from(rows, (r) => r[7]),
    instanceTrip,
  };
  net.days.set(date, c);
  return c;
}

/** One earliest-arrival question to the reference. */
export interface ReferenceQuery {
  /** The local service date whose connections (and neighbours) are scanned. */
  date: DateInt;
  /** Leaving the origin at or after this (epoch seconds). */
  startSec: number;
  /** Reference stop → walking seconds from the origin / to the destination. */
  access: Map<number, number>;
  egress: Map<number, number>;
  maxVehicles: number;
  /** The journey must leave the origin (first boarding minus its access walk) by this. */
  latestDepartureSec: number;
  /** The journey must reach the destination strictly before this. */
  arriveBeforeSec: number;
}

export type ReferenceLeg =
  | { kind: 'access' | 'egress'; stop: number; durationSec: number }
  | { kind: 'ride'; trip: string; route: string; from: number; to: number; depSec: number; arrSec: number }
  | { kind: 'change'; from: number; to: number; durationSec: number };

/** The reference's earliest journey. */
export interface ReferenceJourney {
  departureSec: number;
  arrivalSec: number;
  vehicles: number;
  legs: ReferenceLeg[];
}

const NONE = Number.POSITIVE_INFINITY;

/** Earliest arrival with at most `maxVehicles` vehicles; undefined when none within the limits. */
export function scanEarliest(net: ReferenceNetwork, q: ReferenceQuery): ReferenceJourney | undefined {
  const c = connectionsAround(net, q.date);
  const S = net.stopIds.length;
  const I = c.instanceTrip.length;
  const K = q.maxVehicles;
  // Layer k (0 … K) of stop s at k·S + s; layer 0 of `ready` is the access walk.
  const ready = new Float64Array((K + 1) * S).fill(NONE);
  const readyFrom = new Int32Array((K + 1) * S).fill(-1);
  const arrived = new Float64Array((K + 1) * S).fill(NONE);
  const arrivedBy = new Int32Array((K + 1) * S).fill(-1);
  const boardedAt = new Int32Array((K + 1) * S).fill(-1);
  // The connection where instance i was boarded as the k-th vehicle, or -1.
  const onboard = new Int32Array((K + 1) * I).fill(-1);
  for (const [s, sec] of q.access) ready[s] = Math.min(ready[s]!, q.startSec + sec);

  let best = NONE;
  let bestK = -1;
  let bestStop = -1;
  // First connection leaving at or after the start.
  let lo = 0;
  let hi = c.depSec.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (c.depSec[mid]! < q.startSec) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < c.depSec.length; i++) {
    const dep = c.depSec[i]!;
    if (dep >= best || dep >= q.arriveBeforeSec) break;
    const from = c.from[i]!;
    const to = c.to[i]!;
    const inst = c.instance[i]!;
    const arr = c.arrSec[i]!;
    for (let k = 1; k <= K; k++) {
      const o = k * I + inst;
      if (onboard[o]! < 0 && c.canBoard[i]) {
        const r = ready[(k - 1) * S + from]!;
        if (r <= dep && (k > 1 || dep - (q.access.get(from) ?? 0) <= q.latestDepartureSec)) onboard[o] = i;
      }
      if (onboard[o]! < 0 || !c.canAlight[i]) continue;
      const at = k * S + to;
      if (arr >= arrived[at]!) continue;
      arrived[at] = arr;
      arrivedBy[at] = i;
      boardedAt[at] = onboard[o]!;
      const eg = q.egress.get(to);
      if (eg !== undefined && arr + eg < q.arriveBeforeSec && arr + eg < best) {
        best = arr + eg;
        bestK = k;
        bestStop = to;
      }
      if (k === K) continue;
      for (const ch of net.changes[to]!) {
        const r = k * S + ch.to;
        if (arr + ch.durationSec < ready[r]!) {
          ready[r] = arr + ch.durationSec;
          readyFrom[r] = to;
        }
      }
    }
  }
  if (bestK < 0) return undefined;

  // Back from the destination: ride, the change (or access) before it, the ride before that…
  const legs: ReferenceLeg[] = [{ kind: 'egress', stop: bestStop, durationSec: q.egress.get(bestStop)! }];
  let stop = bestStop;
  let departureSec = 0;
  for (let k = bestK; k >= 1; k--) {
    const alight = arrivedBy[k * S + stop]!;
    const board = boardedAt[k * S + stop]!;
    const trip = net.trips[c.instanceTrip[c.instance[board]!]!]!;
    legs.unshift({
      kind: 'ride',
      trip: trip.id,
      route: trip.route,
      from: c.from[board]!,
      to: stop,
      depSec: c.depSec[board]!,
      arrSec: c.arrSec[alight]!,
    });
    const boardStop = c.from[board]!;
    if (k === 1) {
      const sec = q.access.get(boardStop)!;
      legs.unshift({ kind: 'access', stop: boardStop, durationSec: sec });
      departureSec = c.depSec[board]! - sec;
    } else {
      const prev = readyFrom[(k - 1) * S + boardStop]!;
      const sec = net.changes[prev]!.find((ch) => ch.to === boardStop)!.durationSec;
      legs.unshift({ kind: 'change', from: prev, to: boardStop, durationSec: sec });
      stop = prev;
    }
  }
  return { departureSec, arrivalSec: best, vehicles: bestK, legs };
}

/*
 * The arrive-by mirror: a backward connection scan. Connections are scanned by descending
 * departure; labels are the latest time per stop and number of vehicles still to ride, so the
 * vehicle bound is exact again. The change rules are the forward scan's, walked backwards:
 *  - alighting at a stop, then exactly one change (a footpath or the same-stop change, from the
 *    same `changes` lists) before boarding the next vehicle;
 *  - egress legs start straight from alighting, access legs lead straight to boarding;
 *  - pickup_type / drop_off_type 1 (and trip ends) forbid boarding / alighting.
 */

/** One latest-departure question to the reference. */
export interface ReferenceArriveByQuery {
  /** The local service date whose connections (and neighbours) are scanned. */
  date: DateInt;
  /** Reference stop → walking seconds from the origin / to the destination. */
  access: Map<number, number>;
  egress: Map<number, number>;
  maxVehicles: number;
  /** The journey must reach the destination (last alighting plus its egress walk) by this, inclusive. */
  arriveBySec: number;
  /** …and not before this. */
  arriveNotBeforeSec: number;
  /** The journey must leave the origin (first boarding minus its access walk) at or after this. */
  earliestDepartureSec: number;
}

const descendingCache = new WeakMap<Connections, Int32Array>();

/** Connection indices by descending departure; a trip's own connections last-first when times tie. */
function descending(c: Connections): Int32Array {
  const cached = descendingCache.get(c);
  if (cached) return cached;
  const order = Int32Array.from(c.depSec, (_, i) => i).sort(
    (a, b) => c.depSec[b]! - c.depSec[a]! || c.arrSec[b]! - c.arrSec[a]! || b - a,
  );
  descendingCache.set(c, order);
  return order;
}

/** Latest departure arriving within the window with at most `maxVehicles` vehicles; undefined when none. */
export function scanLatest(net: ReferenceNetwork, q: ReferenceArriveByQuery): ReferenceJourney | undefined {
  const c = connectionsAround(net, q.date);
  const order = descending(c);
  const S = net.stopIds.length;
  const I = c.instanceTrip.length;
  const K = q.maxVehicles;
  // Changes into a stop: stop t → [{ from p, sec }], the forward lists turned round.
  const into: Array<Array<{ from: number; durationSec: number }>> = Array.from({ length: S }, () => []);
  net.changes.forEach((list, p) => {
    for (const ch of list) into[ch.to]!.push({ from: p, durationSec: ch.durationSec });
  });
  // need[k·S + s]: latest alighting time at s from which k more vehicles (k ≥ 1, after one change)
  // still make the deadline; needTo: the stop boarded after that change.
  const need = new Float64Array((K + 1) * S).fill(-NONE);
  const needTo = new Int32Array((K + 1) * S).fill(-1);
  // board[k·S + s]: latest boarding at s with k vehicles to the destination (this one the first).
  const board = new Float64Array((K + 1) * S).fill(-NONE);
  const boardBy = new Int32Array((K + 1) * S).fill(-1);
  const alightOf = new Int32Array((K + 1) * S).fill(-1);
  // The connection where instance i is left as the first of k vehicles, or -1.
  const exitAt = new Int32Array((K + 1) * I).fill(-1);

  let best = -NONE;
  let bestK = -1;
  let bestStop = -1;
  for (const i of order) {
    const dep = c.depSec[i]!;
    if (dep <= best || dep < q.earliestDepartureSec) break;
    if (dep > q.arriveBySec) continue;
    const from = c.from[i]!;
    const to = c.to[i]!;
    const inst = c.instance[i]!;
    const arr = c.arrSec[i]!;
    for (let k = 1; k <= K; k++) {
      const o = k * I + inst;
      if (exitAt[o]! < 0 && c.canAlight[i]) {
        if (k === 1) {
          const eg = q.egress.get(to);
          if (eg !== undefined && arr + eg <= q.arriveBySec && arr + eg >= q.arriveNotBeforeSec)
            exitAt[o] = i;
        } else if (arr <= need[(k - 1) * S + to]!) exitAt[o] = i;
      }
      if (exitAt[o]! < 0 || !c.canBoard[i]) continue;
      const at = k * S + from;
      if (dep <= board[at]!) continue;
      board[at] = dep;
      boardBy[at] = i;
      alightOf[at] = exitAt[o]!;
      const ac = q.access.get(from);
      if (ac !== undefined && dep - ac >= q.earliestDepartureSec && dep - ac > best) {
        best = dep - ac;
        bestK = k;
        bestStop = from;
      }
      if (k === K) continue;
      for (const ch of into[from]!) {
        const r = k * S + ch.from;
        if (dep - ch.durationSec > need[r]!) {
          need[r] = dep - ch.durationSec;
          needTo[r] = from;
        }
      }
    }
  }
  if (bestK < 0) return undefined;

  // Forward from the origin: access, ride, the change after it, the ride after that…
  const legs: ReferenceLeg[] = [{ kind: 'access', stop: bestStop, durationSec: q.access.get(bestStop)! }];
  let stop = bestStop;
  let arrivalSec = 0;
  for (let k = bestK; k >= 1; k--) {
    const boarded = boardBy[k * S + stop]!;
    const alight = alightOf[k * S + stop]!;
    const trip = net.trips[c.instanceTrip[c.instance[boarded]!]!]!;
    const off = c.to[alight]!;
    legs.push({
      kind: 'ride',
      trip: trip.id,
      route: trip.route,
      from: stop,
      to: off,
      depSec: c.depSec[boarded]!,
      arrSec: c.arrSec[alight]!,
    });
    if (k === 1) {
      const sec = q.egress.get(off)!;
      legs.push({ kind: 'egress', stop: off, durationSec: sec });
      arrivalSec = c.arrSec[alight]! + sec;
    } else {
      const next = needTo[(k - 1) * S + off]!;
      const sec = net.changes[off]!.find((ch) => ch.to === next)!.durationSec;
      legs.push({ kind: 'change', from: off, to: next, durationSec: sec });
      stop = next;
    }
  }
  return { departureSec: best, arrivalSec, vehicles: bestK, legs };
}
