import {
  dateToDayNumber,
  dayNumberToDate,
  serviceDayStartEpochSec,
  weekdayOfDayNumber,
} from '../time/service-day.ts';
import type { DateInt } from '../time/service-day.ts';
import type { TransitData, TripHit, TripIdx } from '../raptor/transit-data.ts';
import type { Timetable } from './timetable.ts';

const DAY_SEC = 86_400;

/**
 * The timetable seen from one query date: every trip instance of the service days that can reach
 * into this date (yesterday's trips running past midnight, today's, tomorrow's early ones), with
 * times in seconds from the query date's service-day start in the reference time zone.
 */
export class TransitView implements TransitData {
  readonly stopCount: number;
  readonly patternCount: number;
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
  private readonly stopWheelchair: Uint8Array;
  private readonly patternTripOffsets: Int32Array;
  private readonly patternFeed: Uint16Array;
  /**
   * Running trip instances per (pattern, slot), pattern-major: instances of pattern r on slot s are
   * instTrip[instOffsets[r·slots + s] …]. Their stored times are transposed into one block per
   * (pattern, slot), row per position (depBlock[instBlock[r·slots + s] + pos·n + i]), so the trip
   * search binary-searches a few contiguous cache lines instead of chasing trip offsets.
   */
  private readonly slotCount: number;
  private readonly instOffsets: Int32Array;
  private readonly instTrip: Int32Array;
  private readonly instBlock: Int32Array;
  private readonly depBlock: Int32Array;
  private readonly arrBlock: Int32Array;
  /** Per (pattern, slot): earliest departure and latest arrival stored in its block (skips a day without reading its rows). */
  private readonly blockMinDep: Int32Array;
  private readonly blockMaxArr: Int32Array;
  /** Per (pattern, slot): latest departure and earliest arrival (skips a day that has left / not arrived yet). */
  private readonly blockMaxDep: Int32Array;
  private readonly blockMinArr: Int32Array;

  constructor(tt: Timetable, date: DateInt) {
    const a = tt.a;
    this.timetable = tt;
    this.date = date;
    this.stopCount = tt.stopCount;
    this.patternCount = tt.patternCount;
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
    this.epochZeroSec = serviceDayStartEpochSec(tt.timezone, date);
    const today = dateToDayNumber(date);
    const lookback = Math.floor(tt.meta.maxTimeSec / DAY_SEC);
    this.dayNumbers = [];
    for (let d = today - lookback; d <= today + 1; d++) this.dayNumbers.push(d);
    this.shifts = new Int32Array(this.dayNumbers.length * this.feedCount);
    this.active = new Uint8Array(this.dayNumbers.length * this.serviceCount);
    this.dayNumbers.forEach((day, slot) => {
      const dateOfSlot = dayNumberToDate(day);
      for (let f = 0; f < this.feedCount; f++) {
        const tz = feeds[f]?.timezone ?? tt.timezone;
        this.shifts[slot * this.feedCount + f] = serviceDayStartEpochSec(tz, dateOfSlot) - this.epochZeroSec;
      }
      const weekdayBit = 1 << weekdayOfDayNumber(day);
      for (let v = 0; v < this.serviceCount; v++) {
        let on =
          (a.serviceWeekdays[v]! & weekdayBit) !== 0 &&
          day >= a.serviceStartDay[v]! &&
          day <= a.serviceEndDay[v]!;
        for (let e = a.serviceExcOffsets[v]!; e < a.serviceExcOffsets[v + 1]!; e++) {
          if (a.serviceExcDay[e] === day) on = a.serviceExcAdd[e] === 1;
        }
        this.active[slot * this.serviceCount + v] = on ? 1 : 0;
      }
    });
    // Lists of running trips make lookups independent of how many other days a pattern serves.
    const P = this.patternCount;
    const slots = this.dayNumbers.length;
    this.slotCount = slots;
    const instOffsets = new Int32Array(P * slots + 1);
    const instBlock = new Int32Array(P * slots);
    let instances = 0;
    let cells = 0;
    for (let r = 0; r < P; r++) {
      const len = a.patternStopOffsets[r + 1]! - a.patternStopOffsets[r]!;
      for (let slot = 0; slot < slots; slot++) {
        instOffsets[r * slots + slot] = instances;
        instBlock[r * slots + slot] = cells;
        const base = slot * this.serviceCount;
        let n = 0;
        for (let t = this.patternTripOffsets[r]!; t < this.patternTripOffsets[r + 1]!; t++)
          if (this.active[base + this.tripService[t]!]) n++;
        instances += n;
        cells += n * len;
      }
    }
    instOffsets[P * slots] = instances;
    const instTrip = new Int32Array(instances);
    const depBlock = new Int32Array(cells);
    const arrBlock = new Int32Array(cells);
    const blockMinDep = new Int32Array(P * slots);
    const blockMaxArr = new Int32Array(P * slots);
    const blockMaxDep = new Int32Array(P * slots);
    const blockMinArr = new Int32Array(P * slots);
    for (let r = 0; r < P; r++) {
      const len = a.patternStopOffsets[r + 1]! - a.patternStopOffsets[r]!;
      for (let slot = 0; slot < slots; slot++) {
        const base = slot * this.serviceCount;
        const first = instOffsets[r * slots + slot]!;
        const n = instOffsets[r * slots + slot + 1]! - first;
        const block = instBlock[r * slots + slot]!;
        let i = 0;
        for (let t = this.patternTripOffsets[r]!; t < this.patternTripOffsets[r + 1]!; t++) {
          if (!this.active[base + this.tripService[t]!]) continue;
          instTrip[first + i] = t;
          const tto = a.tripTimeOffsets[t]!;
          for (let pos = 0; pos < len; pos++) {
            depBlock[block + pos * n + i] = a.departures[tto + pos]!;
            arrBlock[block + pos * n + i] = a.arrivals[tto + pos]!;
          }
          i++;
        }
        let minDep = 0x3fffffff;
        let maxArr = -0x3fffffff;
        let maxDep = -0x3fffffff;
        let minArr = 0x3fffffff;
        for (let c = block; c < block + n * len; c++) {
          if (depBlock[c]! < minDep) minDep = depBlock[c]!;
          if (depBlock[c]! > maxDep) maxDep = depBlock[c]!;
          if (arrBlock[c]! > maxArr) maxArr = arrBlock[c]!;
          if (arrBlock[c]! < minArr) minArr = arrBlock[c]!;
        }
        blockMaxDep[r * slots + slot] = maxDep;
        blockMinArr[r * slots + slot] = minArr;
        blockMinDep[r * slots + slot] = minDep;
        blockMaxArr[r * slots + slot] = maxArr;
      }
    }
    this.instOffsets = instOffsets;
    this.instTrip = instTrip;
    this.instBlock = instBlock;
    this.depBlock = depBlock;
    this.arrBlock = arrBlock;
    this.blockMinDep = blockMinDep;
    this.blockMaxArr = blockMaxArr;
    this.blockMaxDep = blockMaxDep;
    this.blockMinArr = blockMinArr;
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
    const { instOffsets, instTrip, instBlock, depBlock, tripWheelchair, shifts, feedCount } = this;
    const slots = this.slotCount;
    const o = pattern * slots;
    let best = Infinity;
    for (let slot = 0; slot < slots; slot++) {
      const first = instOffsets[o + slot]!;
      const n = instOffsets[o + slot + 1]! - first;
      if (n === 0) continue;
      const shift = shifts[slot * feedCount + feed]!;
      // Nothing of this day leaves before the best found so far.
      if (this.blockMinDep[o + slot]! + shift >= best) continue;
      const target = timeSec - shift;
      if (this.blockMaxDep[o + slot]! < target) continue;
      const row = instBlock[o + slot]! + pos * n;
      // Fast exits: every run of this day leaves before the target, or the first one already qualifies.
      if (depBlock[row + n - 1]! < target) continue;
      let lo = 0;
      let hi = n;
      if (depBlock[row]! >= target) hi = 0;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (depBlock[row + mid]! < target) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < n; i++) {
        const dep = depBlock[row + i]! + shift;
        if (dep >= best) break;
        const t = instTrip[first + i]!;
        if (!wheelchair || tripWheelchair[t] !== 2) {
          best = dep;
          out.trip = t as TripIdx;
          out.shiftSec = shift;
          out.timeSec = dep;
          break;
        }
      }
    }
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
    const { instOffsets, instTrip, instBlock, arrBlock, tripWheelchair, shifts, feedCount } = this;
    const slots = this.slotCount;
    const o = pattern * slots;
    let best = -Infinity;
    for (let slot = 0; slot < slots; slot++) {
      const first = instOffsets[o + slot]!;
      const n = instOffsets[o + slot + 1]! - first;
      if (n === 0) continue;
      const shift = shifts[slot * feedCount + feed]!;
      // Nothing of this day arrives after the best found so far.
      if (this.blockMaxArr[o + slot]! + shift <= best) continue;
      const target = timeSec - shift;
      if (this.blockMinArr[o + slot]! > target) continue;
      const row = instBlock[o + slot]! + pos * n;
      // Fast exits: every run of this day arrives after the target, or the last one already qualifies.
      if (arrBlock[row]! > target) continue;
      let lo = 0;
      let hi = n;
      if (arrBlock[row + n - 1]! <= target) lo = n;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (arrBlock[row + mid]! <= target) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo - 1; i >= 0; i--) {
        const arr = arrBlock[row + i]! + shift;
        if (arr <= best) break;
        const t = instTrip[first + i]!;
        if (!wheelchair || tripWheelchair[t] !== 2) {
          best = arr;
          out.trip = t as TripIdx;
          out.shiftSec = shift;
          out.timeSec = arr;
          break;
        }
      }
    }
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
    const times = byArrival ? this.arrBlock : this.depBlock;
    const slots = this.slotCount;
    const o = pattern * slots;
    for (let slot = 0; slot < slots; slot++) {
      const first = this.instOffsets[o + slot]!;
      const n = this.instOffsets[o + slot + 1]! - first;
      const row = this.instBlock[o + slot]! + pos * n;
      const shift = this.shifts[slot * this.feedCount + feed]!;
      let lo = 0;
      let hi = n;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (times[row + mid]! + shift < fromSec) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < n; i++) {
        const time = times[row + i]! + shift;
        if (time > toSec) break;
        if (!wheelchair || this.tripWheelchair[this.instTrip[first + i]!] !== 2) visit(time);
      }
    }
  }
}
