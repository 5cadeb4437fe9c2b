import { POS_NO_DROP_OFF, POS_NO_PICKUP } from '../raptor/transitData.ts';
import { haversineM } from '../geo/geometry.ts';
import { straightLineFootpaths, straightLineWalkSec } from './footpaths.ts';
import type { FootpathSource } from './footpaths.ts';
import { Timetable } from './timetable.ts';
import { DEFAULT_TRANSFER_SETTINGS } from './types.ts';
import type { TimetableArrays, TimetableInput, TimetableMeta, TransferSettings, TripInput } from './types.ts';

export interface BuildOptions {
  transferSettings?: Partial<TransferSettings>;
  footpaths?: FootpathSource;
  /** Recorded in meta.footpathSource when `footpaths` is given. */
  footpathsLabel?: string;
  onProgress?: (message: string) => void;
}

interface Run {
  info: number;
  shiftSec: number;
}

/** Builds the compact timetable: groups trips into non-overtaking patterns and assembles transfers. */
export function buildTimetable(input: TimetableInput, options: BuildOptions = {}): Timetable {
  const settings: TransferSettings = { ...DEFAULT_TRANSFER_SETTINGS, ...options.transferSettings };
  const progress = options.onProgress ?? (() => {});
  const S = input.stops.length;

  progress('grouping trips into patterns');
  // Trips with the same line, stop sequence and pickup/drop-off rules form a candidate pattern.
  const groups = new Map<string, Run[]>();
  const groupKeys: string[] = [];
  input.trips.forEach((trip, info) => {
    let key = `${trip.line}|${trip.stops.join(',')}|`;
    for (let p = 0; p < trip.stops.length; p++) key += String.fromCharCode(48 + posFlags(trip, p));
    let g = groups.get(key);
    if (!g) {
      groups.set(key, (g = []));
      groupKeys.push(key);
    }
    for (const shiftSec of trip.runShiftsSec ?? [0]) g.push({ info, shiftSec });
  });

  // Split each group so that within a pattern no trip overtakes another (needed for binary search).
  const patterns: Run[][] = [];
  for (const key of groupKeys) {
    const runs = groups.get(key)!;
    const t0 = input.trips[runs[0]!.info]!;
    const n = t0.stops.length;
    runs.sort((a, b) => {
      const ta = input.trips[a.info]!;
      const tb = input.trips[b.info]!;
      return (
        ta.departures[0]! + a.shiftSec - (tb.departures[0]! + b.shiftSec) ||
        ta.arrivals[n - 1]! + a.shiftSec - (tb.arrivals[n - 1]! + b.shiftSec)
      );
    });
    const subs: Run[][] = [];
    for (const run of runs) {
      const sub = subs.find((s) => !overtakes(input.trips, s[s.length - 1]!, run, n));
      if (sub) sub.push(run);
      else subs.push([run]);
    }
    patterns.push(...subs);
  }

  progress(`laying out ${patterns.length} patterns`);
  const P = patterns.length;
  let N = 0;
  let T = 0;
  let M = 0;
  for (const runs of patterns) {
    const n = input.trips[runs[0]!.info]!.stops.length;
    N += n;
    T += runs.length;
    M += n * runs.length;
  }
  const patternStopOffsets = new Int32Array(P + 1);
  const patternStops = new Int32Array(N);
  const patternPosFlags = new Uint8Array(N);
  const patternTripOffsets = new Int32Array(P + 1);
  const patternLine = new Int32Array(P);
  const patternFeed = new Uint16Array(P);
  const tripTimeOffsets = new Int32Array(T);
  const tripPattern = new Int32Array(T);
  const tripService = new Int32Array(T);
  const tripInfo = new Int32Array(T);
  const tripWheelchair = new Uint8Array(T);
  const tripHeadwaySec = new Int32Array(T);
  const arrivals = new Int32Array(M);
  const departures = new Int32Array(M);
  let nPos = 0;
  let nTrip = 0;
  let nTime = 0;
  let maxTimeSec = 0;
  patterns.forEach((runs, r) => {
    const first = input.trips[runs[0]!.info]!;
    const n = first.stops.length;
    patternStopOffsets[r] = nPos;
    for (let p = 0; p < n; p++) {
      patternStops[nPos + p] = first.stops[p]!;
      patternPosFlags[nPos + p] = posFlags(first, p);
    }
    nPos += n;
    patternLine[r] = first.line;
    patternFeed[r] = input.lines[first.line]?.feed ?? 0;
    patternTripOffsets[r] = nTrip;
    for (const run of runs) {
      const trip = input.trips[run.info]!;
      tripTimeOffsets[nTrip] = nTime;
      tripPattern[nTrip] = r;
      tripService[nTrip] = trip.service;
      tripInfo[nTrip] = run.info;
      tripWheelchair[nTrip] = trip.wheelchair;
      tripHeadwaySec[nTrip] = trip.headwaySec;
      for (let p = 0; p < n; p++) {
        arrivals[nTime + p] = trip.arrivals[p]! + run.shiftSec;
        departures[nTime + p] = trip.departures[p]! + run.shiftSec;
      }
      maxTimeSec = Math.max(maxTimeSec, departures[nTime + n - 1]!, arrivals[nTime + n - 1]!);
      nTime += n;
      nTrip++;
    }
  });
  patternStopOffsets[P] = nPos;
  patternTripOffsets[P] = nTrip;

  const { stopPatternOffsets, stopPatterns, stopPatternPos } = stopPatternIndex(
    S,
    patternStopOffsets,
    patternStops,
  );

  // Services.
  const V = input.services.length;
  const serviceExcOffsets = new Int32Array(V + 1);
  const excDays: number[] = [];
  const excAdd: number[] = [];
  input.services.forEach((s, v) => {
    serviceExcOffsets[v] = excDays.length;
    for (const d of s.addedDays) {
      excDays.push(d);
      excAdd.push(1);
    }
    for (const d of s.removedDays) {
      excDays.push(d);
      excAdd.push(0);
    }
  });
  serviceExcOffsets[V] = excDays.length;

  // Shapes.
  const shapeOffsets = new Int32Array(input.shapes.length + 1);
  let nPts = 0;
  input.shapes.forEach((c, i) => {
    shapeOffsets[i] = nPts;
    nPts += c.length / 2;
  });
  shapeOffsets[input.shapes.length] = nPts;
  const shapeCoords = new Float64Array(nPts * 2);
  input.shapes.forEach((c, i) => shapeCoords.set(c, shapeOffsets[i]! * 2));

  const stopLat = Float64Array.from(input.stops, (s) => s.lat);
  const stopLon = Float64Array.from(input.stops, (s) => s.lon);
  const explicitSec = Int32Array.from(input.transfers, (t) => {
    if (t.durationSec >= 0) return t.durationSec;
    const a = input.stops[t.from]!;
    const b = input.stops[t.to]!;
    return straightLineWalkSec(haversineM(a.lat, a.lon, b.lat, b.lon), settings);
  });

  const arrays: TimetableArrays = {
    stopLat,
    stopLon,
    stopParent: Int32Array.from(input.stops, (s) => s.parent),
    stopWheelchair: Uint8Array.from(input.stops, (s) => s.wheelchair),
    stopFeed: Uint16Array.from(input.stops, (s) => s.feed),
    patternStopOffsets,
    patternStops,
    patternPosFlags,
    patternTripOffsets,
    patternLine,
    patternFeed,
    tripTimeOffsets,
    tripPattern,
    tripService,
    tripInfo,
    tripWheelchair,
    tripHeadwaySec,
    arrivals,
    departures,
    stopPatternOffsets,
    stopPatterns,
    stopPatternPos,
    transferOffsets: new Int32Array(S + 1),
    transferTo: new Int32Array(0),
    transferSec: new Int32Array(0),
    transferIsWalk: new Uint8Array(0),
    transferInOffsets: new Int32Array(S + 1),
    transferInFrom: new Int32Array(0),
    transferInSec: new Int32Array(0),
    transferInIsWalk: new Uint8Array(0),
    explicitFrom: Int32Array.from(input.transfers, (t) => t.from),
    explicitTo: Int32Array.from(input.transfers, (t) => t.to),
    explicitSec,
    explicitForbidden: Uint8Array.from(input.transfers, (t) => (t.forbidden ? 1 : 0)),
    serviceWeekdays: Uint8Array.from(input.services, (s) => s.weekdays),
    serviceStartDay: Int32Array.from(input.services, (s) => s.startDay),
    serviceEndDay: Int32Array.from(input.services, (s) => s.endDay),
    serviceExcOffsets,
    serviceExcDay: Int32Array.from(excDays),
    serviceExcAdd: Uint8Array.from(excAdd),
    shapeOffsets,
    shapeCoords,
    tripInfoShape: Int32Array.from(input.trips, (t) => t.shape),
    tripInfoLine: Int32Array.from(input.trips, (t) => t.line),
  };
  const meta: TimetableMeta = {
    feeds: input.feeds,
    agencies: input.agencies,
    lines: input.lines,
    stopIds: input.stops.map((s) => s.id),
    stopNames: input.stops.map((s) => s.name),
    stopCodes: input.stops.map((s) => s.code),
    stopPlatforms: input.stops.map((s) => s.platformCode),
    tripInfoIds: input.trips.map((t) => t.id),
    tripInfoHeadsigns: input.trips.map((t) => t.headsign),
    tripInfoShortNames: input.trips.map((t) => t.shortName),
    serviceIds: input.services.map((s) => s.id),
    maxTimeSec,
    transferSettings: settings,
  };
  progress('building transfers');
  const tt = new Timetable(arrays, meta);
  if (options.footpaths) tt.replaceFootpaths(options.footpaths, options.footpathsLabel ?? 'custom');
  else tt.replaceFootpaths(straightLineFootpaths);
  return tt;
}

function posFlags(trip: TripInput, p: number): number {
  let f = 0;
  // The first stop can never be an alighting point and the last never a boarding point.
  if (trip.pickupType[p] === 1 || p === trip.stops.length - 1) f |= POS_NO_PICKUP;
  if (trip.dropOffType[p] === 1 || p === 0) f |= POS_NO_DROP_OFF;
  return f;
}

/** True when run b (sorted after a) is earlier than a at some stop. */
function overtakes(trips: TripInput[], a: Run, b: Run, n: number): boolean {
  const ta = trips[a.info]!;
  const tb = trips[b.info]!;
  for (let p = 0; p < n; p++) {
    if (tb.arrivals[p]! + b.shiftSec < ta.arrivals[p]! + a.shiftSec) return true;
    if (tb.departures[p]! + b.shiftSec < ta.departures[p]! + a.shiftSec) return true;
  }
  return false;
}

/** Stop → (pattern, position) lists over all patterns, in pattern order. */
export function stopPatternIndex(
  stopCount: number,
  patternStopOffsets: Int32Array,
  patternStops: Int32Array,
) {
  const stopPatternOffsets = new Int32Array(stopCount + 1);
  for (let i = 0; i < patternStops.length; i++) stopPatternOffsets[patternStops[i]! + 1]!++;
  for (let s = 0; s < stopCount; s++) stopPatternOffsets[s + 1]! += stopPatternOffsets[s]!;
  const fill = stopPatternOffsets.slice(0, stopCount);
  const stopPatterns = new Int32Array(patternStops.length);
  const stopPatternPos = new Int32Array(patternStops.length);
  const P = patternStopOffsets.length - 1;
  for (let r = 0; r < P; r++) {
    for (let i = patternStopOffsets[r]!; i < patternStopOffsets[r + 1]!; i++) {
      const s = patternStops[i]!;
      const k = fill[s]!++;
      stopPatterns[k] = r;
      stopPatternPos[k] = i - patternStopOffsets[r]!;
    }
  }
  return { stopPatternOffsets, stopPatterns, stopPatternPos };
}
