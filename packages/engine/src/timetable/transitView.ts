import {
  dateToDayNumber,
  dayNumberToDate,
  serviceDayStartEpochSec,
  weekdayOfDayNumber,
} from '../time/serviceDay.ts';
import type { DateInt } from '../time/serviceDay.ts';
import type { TransitData, TripHit, TripIdx } from '../raptor/transitData.ts';
import type { Timetable } from './timetable.ts';
import type { TimetableArrays } from './types.ts';
import type { InstancePatch, LivePatches } from './livePatch.ts';
import { patchView } from './liveView.ts';

const DAY_SEC = 86_400;

/**
 * The timetable seen from one query date: every trip instance of the service days that can reach
 * into this date (yesterday's trips running past midnight, today's, tomorrow's early ones), with
 * times in seconds from the query date's service-day start in the reference time zone: the
 * region's (region.json timeZone) when a planner asks, else the timetable's own. Each feed's stored
 * times stay in that feed's agency_timezone, as GTFS defines them.
 *
 * Given live patches (realtime/), the view routes on live times instead (timetable/liveView.ts):
 * trip indices ≥ the stored trip count are live runs, pattern indices ≥ the stored pattern count
 * extra patterns; `storedTripOf`, `tripInfoOf` and `livePatchOf` lead back to the timetable.
 */
export class TransitView implements TransitData {
  readonly stopCount: number;
  readonly patternCount: number;
  readonly stopLat: Float64Array;
  readonly stopLon: Float64Array;
  readonly patternStopOffsets: Int32Array;
  readonly patternStops: Int32Array;
  readonly patternPosFlags: Uint8Array;
  readonly stopPatternOffsets: Int32Array;
  readonly stopPatterns: Int32Array;
  readonly stopPatternPos: Int32Array;
  readonly tripTimeOffsets: Int32Array;
  readonly tripPattern: Int32Array;
  readonly arrivals: Int32Array;
  readonly departures: Int32Array;
  readonly transferOffsets: Int32Array;
  readonly transferTo: Int32Array;
  readonly transferSec: Int32Array;
  readonly transferIsWalk: Uint8Array;
  readonly transferInOffsets: Int32Array;
  readonly transferInFrom: Int32Array;
  readonly transferInSec: Int32Array;
  readonly transferInIsWalk: Uint8Array;

  readonly timetable: Timetable;
  readonly date: DateInt;
  /** Epoch seconds of time 0 of this view. */
  readonly epochZeroSec: number;
  /** Service days covered, as day numbers (days since 1970). */
  readonly dayNumbers: number[];
  /** shift[slot · feeds + feed]: add to a stored time to get view time. */
  private readonly shifts: Int32Array;
  /** active[slot · services + service] */
  private readonly active: Uint8Array;
  private readonly feedCount: number;
  private readonly serviceCount: number;
  private readonly tripService: Int32Array;
  private readonly tripWheelchair: Uint8Array;
  /** The live version laid over the timetable, when any. */
  readonly liveId: string | undefined;
  private readonly virtualBase: Int32Array = new Int32Array(0);
  private readonly virtualPatch: (InstancePatch | undefined)[] = [];
  private readonly stopWheelchair: Uint8Array;
  private readonly patternTripOffsets: Int32Array;
  private readonly patternFeed: Uint16Array;
  /** Per service-day slot, the running trips of each pattern in pattern order: slotTrips[slot][slotTripOffsets[slot][r] …]. */
  private readonly slotTripOffsets: Int32Array[] = [];
  private readonly slotTrips: Int32Array[] = [];

  constructor(tt: Timetable, date: DateInt, timeZone = tt.timezone, live?: LivePatches) {
    const a = tt.a;
    this.timetable = tt;
    this.date = date;
    this.stopCount = tt.stopCount;
    this.patternCount = tt.patternCount;
    this.stopLat = a.stopLat;
    this.stopLon = a.stopLon;
    this.patternStopOffsets = a.patternStopOffsets;
    this.patternStops = a.patternStops;
    this.patternPosFlags = a.patternPosFlags;
    this.stopPatternOffsets = a.stopPatternOffsets;
    this.stopPatterns = a.stopPatterns;
    this.stopPatternPos = a.stopPatternPos;
    this.tripTimeOffsets = a.tripTimeOffsets;
    this.tripPattern = a.tripPattern;
    this.arrivals = a.arrivals;
    this.departures = a.departures;
    this.transferOffsets = a.transferOffsets;
    this.transferTo = a.transferTo;
    this.transferSec = a.transferSec;
    this.transferIsWalk = a.transferIsWalk;
    this.transferInOffsets = a.transferInOffsets;
    this.transferInFrom = a.transferInFrom;
    this.transferInSec = a.transferInSec;
    this.transferInIsWalk = a.transferInIsWalk;
    this.tripService = a.tripService;
    this.tripWheelchair = a.tripWheelchair;
    this.stopWheelchair = a.stopWheelchair;
    this.patternTripOffsets = a.patternTripOffsets;
    this.patternFeed = a.patternFeed;

    const feeds = tt.meta.feeds;
    this.feedCount = Math.max(1, feeds.length);
    this.serviceCount = a.serviceWeekdays.length;
    this.epochZeroSec = serviceDayStartEpochSec(timeZone, date);
    const today = dateToDayNumber(date);
    const lookback = Math.floor(tt.meta.maxTimeSec / DAY_SEC);
    this.dayNumbers = [];
    for (let d = today - lookback; d <= today + 1; d++) this.dayNumbers.push(d);
    this.shifts = new Int32Array(this.dayNumbers.length * this.feedCount);
    this.active = new Uint8Array(this.dayNumbers.length * this.serviceCount);
    this.dayNumbers.forEach((day, slot) => {
      const dateOfSlot = dayNumberToDate(day);
      for (let f = 0; f < this.feedCount; f++) {
        const tz = feeds[f]?.timezone ?? timeZone;
        this.shifts[slot * this.feedCount + f] = serviceDayStartEpochSec(tz, dateOfSlot) - this.epochZeroSec;
      }
      const weekdayBit = 1 << weekdayOfDayNumber(day);
      for (let v = 0; v < this.serviceCount; v++) {
        this.active[slot * this.serviceCount + v] = serviceRunsOn(a, v, day, weekdayBit) ? 1 : 0;
      }
      // Lists of running trips make lookups independent of how many other days a pattern serves.
      const P = this.patternCount;
      const offsets = new Int32Array(P + 1);
      let count = 0;
      const base = slot * this.serviceCount;
      for (let t = 0; t < this.tripService.length; t++) if (this.active[base + this.tripService[t]!]) count++;
      const list = new Int32Array(count);
      let n = 0;
      for (let r = 0; r < P; r++) {
        offsets[r] = n;
        for (let t = this.patternTripOffsets[r]!; t < this.patternTripOffsets[r + 1]!; t++) {
          if (this.active[base + this.tripService[t]!]) list[n++] = t;
        }
      }
      offsets[P] = n;
      this.slotTripOffsets.push(offsets);
      this.slotTrips.push(list);
    });
    this.liveId = live?.id;
    if (live) {
      const p = patchView(
        {
          patternCount: this.patternCount,
          patternStopOffsets: this.patternStopOffsets,
          patternStops: this.patternStops,
          patternPosFlags: this.patternPosFlags,
          patternFeed: this.patternFeed,
          stopPatternOffsets: this.stopPatternOffsets,
          stopPatterns: this.stopPatterns,
          stopPatternPos: this.stopPatternPos,
          tripTimeOffsets: this.tripTimeOffsets,
          tripPattern: this.tripPattern,
          arrivals: this.arrivals,
          departures: this.departures,
          tripWheelchair: this.tripWheelchair,
          slotTripOffsets: this.slotTripOffsets,
          slotTrips: this.slotTrips,
        },
        this.dayNumbers,
        live,
      );
      this.patternCount = p.patternCount;
      this.patternStopOffsets = p.patternStopOffsets;
      this.patternStops = p.patternStops;
      this.patternPosFlags = p.patternPosFlags;
      this.patternFeed = p.patternFeed;
      this.stopPatternOffsets = p.stopPatternOffsets;
      this.stopPatterns = p.stopPatterns;
      this.stopPatternPos = p.stopPatternPos;
      this.tripTimeOffsets = p.tripTimeOffsets;
      this.tripPattern = p.tripPattern;
      this.arrivals = p.arrivals;
      this.departures = p.departures;
      this.tripWheelchair = p.tripWheelchair;
      this.slotTripOffsets = p.slotTripOffsets;
      this.slotTrips = p.slotTrips;
      this.virtualBase = p.virtualBase;
      this.virtualPatch = p.virtualPatch;
    }
  }

  /** The stored trip a (possibly live) trip index runs, or −1 for a trip the feed added. */
  storedTripOf(trip: number): number {
    const T = this.timetable.tripCount;
    return trip < T ? trip : this.virtualBase[trip - T]!;
  }

  /** The trip-info row (id, headsign, shape) of a trip index, or −1 for an added trip. */
  tripInfoOf(trip: number): number {
    const stored = this.storedTripOf(trip);
    return stored < 0 ? -1 : this.timetable.a.tripInfo[stored]!;
  }

  /** The live patch a trip index runs by (undefined for stored runs). */
  livePatchOf(trip: number): InstancePatch | undefined {
    const T = this.timetable.tripCount;
    return trip < T ? undefined : this.virtualPatch[trip - T];
  }

  stopWheelchairOk(stop: number): boolean {
    return this.stopWheelchair[stop] !== 2;
  }

  /** View-time shift of a trip instance found with `slot`, exposed for itinerary building and tests. */
  shiftFor(pattern: number, slot: number): number {
    return this.shifts[slot * this.feedCount + this.patternFeed[pattern]!]!;
  }

  findEarliestDeparture(
    pattern: number,
    pos: number,
    timeSec: number,
    wheelchair: boolean,
    out: TripHit,
  ): boolean {
    const feed = this.patternFeed[pattern]!;
    let best = Infinity;
    // The latest run leaving before the request: a request after it finds the same answer.
    let before = -Infinity;
    for (let slot = 0; slot < this.slotTrips.length; slot++) {
      const list = this.slotTrips[slot]!;
      const offsets = this.slotTripOffsets[slot]!;
      const first = offsets[pattern]!;
      const end = offsets[pattern + 1]!;
      if (first === end) continue;
      const shift = this.shifts[slot * this.feedCount + feed]!;
      const target = timeSec - shift;
      // Fast exits: every run of this day leaves before the target, or the first one already qualifies.
      const lastDep = this.departures[this.tripTimeOffsets[list[end - 1]!]! + pos]!;
      if (lastDep < target) {
        before = Math.max(before, lastDep + shift);
        continue;
      }
      let lo = first;
      let hi = end;
      if (this.departures[this.tripTimeOffsets[list[first]!]! + pos]! >= target) hi = first;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.departures[this.tripTimeOffsets[list[mid]!]! + pos]! < target) lo = mid + 1;
        else hi = mid;
      }
      if (lo > first)
        before = Math.max(before, this.departures[this.tripTimeOffsets[list[lo - 1]!]! + pos]! + shift);
      for (let i = lo; i < end; i++) {
        const t = list[i]!;
        const dep = this.departures[this.tripTimeOffsets[t]! + pos]! + shift;
        if (dep >= best) break;
        if (!wheelchair || this.tripWheelchair[t] !== 2) {
          best = dep;
          out.trip = t as TripIdx;
          out.shiftSec = shift;
          out.timeSec = dep;
          break;
        }
      }
    }
    out.holdsToSec = before + 1;
    return best !== Infinity;
  }

  findLatestArrival(
    pattern: number,
    pos: number,
    timeSec: number,
    wheelchair: boolean,
    out: TripHit,
  ): boolean {
    const feed = this.patternFeed[pattern]!;
    let best = -Infinity;
    // The earliest run arriving after the request: a request before it finds the same answer.
    let after = Infinity;
    for (let slot = 0; slot < this.slotTrips.length; slot++) {
      const list = this.slotTrips[slot]!;
      const offsets = this.slotTripOffsets[slot]!;
      const first = offsets[pattern]!;
      const end = offsets[pattern + 1]!;
      if (first === end) continue;
      const shift = this.shifts[slot * this.feedCount + feed]!;
      const target = timeSec - shift;
      // Fast exits: every run of this day arrives after the target, or the last one already qualifies.
      const firstArr = this.arrivals[this.tripTimeOffsets[list[first]!]! + pos]!;
      if (firstArr > target) {
        after = Math.min(after, firstArr + shift);
        continue;
      }
      let lo = first;
      let hi = end;
      if (this.arrivals[this.tripTimeOffsets[list[end - 1]!]! + pos]! <= target) lo = end;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.arrivals[this.tripTimeOffsets[list[mid]!]! + pos]! <= target) lo = mid + 1;
        else hi = mid;
      }
      if (lo < end) after = Math.min(after, this.arrivals[this.tripTimeOffsets[list[lo]!]! + pos]! + shift);
      for (let i = lo - 1; i >= first; i--) {
        const t = list[i]!;
        const arr = this.arrivals[this.tripTimeOffsets[t]! + pos]! + shift;
        if (arr <= best) break;
        if (!wheelchair || this.tripWheelchair[t] !== 2) {
          best = arr;
          out.trip = t as TripIdx;
          out.shiftSec = shift;
          out.timeSec = arr;
          break;
        }
      }
    }
    out.holdsToSec = after - 1;
    return best !== -Infinity;
  }

  forEachInstanceTime(
    pattern: number,
    pos: number,
    fromSec: number,
    toSec: number,
    byArrival: boolean,
    wheelchair: boolean,
    visit: (timeSec: number) => void,
  ): void {
    const feed = this.patternFeed[pattern]!;
    const times = byArrival ? this.arrivals : this.departures;
    for (let slot = 0; slot < this.slotTrips.length; slot++) {
      const list = this.slotTrips[slot]!;
      const offsets = this.slotTripOffsets[slot]!;
      const first = offsets[pattern]!;
      const end = offsets[pattern + 1]!;
      const shift = this.shifts[slot * this.feedCount + feed]!;
      let lo = first;
      let hi = end;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (times[this.tripTimeOffsets[list[mid]!]! + pos]! + shift < fromSec) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < end; i++) {
        const t = list[i]!;
        const time = times[this.tripTimeOffsets[t]! + pos]! + shift;
        if (time > toSec) break;
        if (!wheelchair || this.tripWheelchair[t] !== 2) visit(time);
      }
    }
  }
}

/** True when service `v` runs on service day `day` (days since 1970); `weekdayBit` is that day's. */
export function serviceRunsOn(
  a: TimetableArrays,
  v: number,
  day: number,
  weekdayBit = 1 << weekdayOfDayNumber(day),
): boolean {
  let on =
    (a.serviceWeekdays[v]! & weekdayBit) !== 0 && day >= a.serviceStartDay[v]! && day <= a.serviceEndDay[v]!;
  for (let e = a.serviceExcOffsets[v]!; e < a.serviceExcOffsets[v + 1]!; e++) {
    if (a.serviceExcDay[e] === day) on = a.serviceExcAdd[e] === 1;
  }
  return on;
}
