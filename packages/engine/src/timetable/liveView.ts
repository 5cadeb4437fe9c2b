import { stopPatternIndex } from './builder.ts';
import type { InstancePatch, LivePatches } from './livePatch.ts';

/**
 * The arrays a TransitView routes on, before and after a live version is laid over them. A patched
 * instance becomes a "virtual" trip (index ≥ the stored trip count) with its live times; it takes
 * the stored trip's place in that service day's list of its pattern. Where it would overtake
 * another run of the day (binary search needs no overtaking), or skips stops, it rides on an extra
 * pattern with the same stops: a lane of the stored one, or the stored one with those stops closed.
 * Everything not touched is shared with the timetable, so routing a live view costs what routing
 * the stored one costs, plus the few extra patterns.
 */
export interface ViewTables {
  patternCount: number;
  patternStopOffsets: Int32Array;
  patternStops: Int32Array;
  patternPosFlags: Uint8Array;
  patternFeed: Uint16Array;
  stopPatternOffsets: Int32Array;
  stopPatterns: Int32Array;
  stopPatternPos: Int32Array;
  tripTimeOffsets: Int32Array;
  tripPattern: Int32Array;
  arrivals: Int32Array;
  departures: Int32Array;
  tripWheelchair: Uint8Array;
  slotTripOffsets: Int32Array[];
  slotTrips: Int32Array[];
}

export interface LiveTables extends ViewTables {
  /** Per virtual trip (index − stored trip count): the stored trip it replaces, or −1 when added. */
  virtualBase: Int32Array;
  /** Per virtual trip: its patch (undefined for a stored run moved to a lane unchanged). */
  virtualPatch: (InstancePatch | undefined)[];
  /** Per extra pattern (index − stored pattern count): the stored pattern it copies, or −1. */
  extraPatternBase: Int32Array;
}

interface ExtraPattern {
  stops: ArrayLike<number>;
  flags: Uint8Array;
  feed: number;
  base: number;
}

export function patchView(t: ViewTables, dayNumbers: readonly number[], live: LivePatches): LiveTables {
  const T = t.tripPattern.length;
  const P = t.patternCount;
  const extra: ExtraPattern[] = [];
  const extraByKey = new Map<string, number>();
  const vBase: number[] = [];
  const vPatch: (InstancePatch | undefined)[] = [];
  const vArr: Int32Array[] = [];
  const vDep: Int32Array[] = [];
  const vPattern: number[] = [];
  const vWheel: number[] = [];

  const stopsOf = (p: number): ArrayLike<number> =>
    p < P
      ? t.patternStops.subarray(t.patternStopOffsets[p]!, t.patternStopOffsets[p + 1]!)
      : extra[p - P]!.stops;
  const flagsOf = (p: number): Uint8Array =>
    p < P
      ? t.patternPosFlags.subarray(t.patternStopOffsets[p]!, t.patternStopOffsets[p + 1]!)
      : extra[p - P]!.flags;
  const feedOf = (p: number): number => (p < P ? t.patternFeed[p]! : extra[p - P]!.feed);
  const extraPattern = (key: string, make: () => ExtraPattern): number => {
    let p = extraByKey.get(key);
    if (p === undefined) {
      p = P + extra.length;
      extra.push(make());
      extraByKey.set(key, p);
    }
    return p;
  };
  const addVirtual = (
    base: number,
    patch: InstancePatch | undefined,
    arr: Int32Array,
    dep: Int32Array,
  ): number => {
    vBase.push(base);
    vPatch.push(patch);
    vArr.push(arr);
    vDep.push(dep);
    vPattern.push(-1);
    vWheel.push(base >= 0 ? t.tripWheelchair[base]! : 0);
    return T + vBase.length - 1;
  };
  const dep = (trip: number, pos: number): number =>
    trip < T ? t.departures[t.tripTimeOffsets[trip]! + pos]! : vDep[trip - T]![pos]!;
  const arr = (trip: number, pos: number): number =>
    trip < T ? t.arrivals[t.tripTimeOffsets[trip]! + pos]! : vArr[trip - T]![pos]!;
  const overtakes = (later: number, earlier: number, n: number): boolean => {
    for (let pos = 0; pos < n; pos++) {
      if (dep(later, pos) < dep(earlier, pos) || arr(later, pos) < arr(earlier, pos)) return true;
    }
    return false;
  };
  const laneCopy = (trip: number): number => {
    if (trip < T) {
      // A stored run moved to a lane on this day only: copy it, the stored trip keeps its pattern.
      const o = t.tripTimeOffsets[trip]!;
      const n = stopsOf(t.tripPattern[trip]!).length;
      return addVirtual(trip, undefined, t.arrivals.slice(o, o + n), t.departures.slice(o, o + n));
    }
    return trip;
  };

  const newLists: (Map<number, number[]> | undefined)[] = dayNumbers.map(() => undefined);
  dayNumbers.forEach((day, slot) => {
    const patches = live.byDay.get(day);
    if (!patches || patches.length === 0) return;
    const removed = new Set<number>();
    const incoming = new Map<number, number[]>();
    for (const patch of patches) {
      if (patch.trip >= 0) removed.add(patch.trip);
      if (patch.cancelled || !patch.arrivals || !patch.departures) continue;
      let target: number;
      if (patch.trip >= 0) target = t.tripPattern[patch.trip]!;
      else if (patch.pattern !== undefined) target = patch.pattern;
      else {
        const stops = patch.stops ?? new Int32Array(0);
        target = extraPattern(`added|${patch.id ?? ''}|${day}`, () => ({
          stops,
          flags: new Uint8Array(stops.length),
          feed: patch.feed ?? 0,
          base: -1,
        }));
      }
      const skip = patch.skipFlags;
      if (skip && skip.some((f, i) => (f & ~flagsOf(target)[i]!) !== 0)) {
        const base = target;
        const flags = flagsOf(base).map((f, i) => f | (skip[i] ?? 0));
        target = extraPattern(`closed|${base}|${flags.join(',')}`, () => ({
          stops: stopsOf(base),
          flags,
          feed: feedOf(base),
          base: base < P ? base : (extra[base - P]?.base ?? -1),
        }));
      }
      const v = addVirtual(patch.trip, patch, patch.arrivals, patch.departures);
      let list = incoming.get(target);
      if (!list) incoming.set(target, (list = []));
      list.push(v);
    }
    const affected = new Set<number>(incoming.keys());
    for (const trip of removed) affected.add(t.tripPattern[trip]!);
    const lists = new Map<number, number[]>();
    const offsets = t.slotTripOffsets[slot]!;
    const running = t.slotTrips[slot]!;
    for (const r of affected) {
      const trips: number[] = [];
      if (r < P)
        for (let i = offsets[r]!; i < offsets[r + 1]!; i++)
          if (!removed.has(running[i]!)) trips.push(running[i]!);
      trips.push(...(incoming.get(r) ?? []));
      const n = stopsOf(r).length;
      trips.sort((x, y) => dep(x, 0) - dep(y, 0) || arr(x, n - 1) - arr(y, n - 1));
      // Greedy lanes: each run joins the first lane it does not overtake (lane 0 is the pattern itself, even when emptied).
      const lanes: number[][] = [[]];
      for (const trip of trips) {
        let lane = lanes.findIndex((l) => l.length === 0 || !overtakes(trip, l[l.length - 1]!, n));
        if (lane < 0) lane = lanes.push([]) - 1;
        lanes[lane]!.push(trip);
      }
      lanes.forEach((laneTrips, lane) => {
        const pattern =
          lane === 0
            ? r
            : extraPattern(`lane|${r}|${lane}`, () => ({
                stops: stopsOf(r),
                flags: flagsOf(r),
                feed: feedOf(r),
                base: r < P ? r : (extra[r - P]?.base ?? -1),
              }));
        const placed = laneTrips.map((trip) => (lane === 0 ? trip : laneCopy(trip)));
        for (const trip of placed) if (trip >= T) vPattern[trip - T] = pattern;
        lists.set(pattern, placed);
      });
    }
    newLists[slot] = lists;
  });

  return assemble(t, extra, { vBase, vPatch, vArr, vDep, vPattern, vWheel }, newLists);
}

function assemble(
  t: ViewTables,
  extra: ExtraPattern[],
  v: {
    vBase: number[];
    vPatch: (InstancePatch | undefined)[];
    vArr: Int32Array[];
    vDep: Int32Array[];
    vPattern: number[];
    vWheel: number[];
  },
  newLists: (Map<number, number[]> | undefined)[],
): LiveTables {
  const P = t.patternCount;
  const T = t.tripPattern.length;
  const P2 = P + extra.length;
  let { patternStopOffsets, patternStops, patternPosFlags, patternFeed } = t;
  let { stopPatternOffsets, stopPatterns, stopPatternPos } = t;
  if (extra.length > 0) {
    const N = t.patternStops.length;
    const added = extra.reduce((s, e) => s + e.stops.length, 0);
    patternStopOffsets = new Int32Array(P2 + 1);
    patternStopOffsets.set(t.patternStopOffsets);
    patternStops = new Int32Array(N + added);
    patternStops.set(t.patternStops);
    patternPosFlags = new Uint8Array(N + added);
    patternPosFlags.set(t.patternPosFlags);
    patternFeed = new Uint16Array(P2);
    patternFeed.set(t.patternFeed);
    let at = N;
    extra.forEach((e, i) => {
      patternStops.set(e.stops, at);
      patternPosFlags.set(e.flags, at);
      patternFeed[P + i] = e.feed;
      at += e.stops.length;
      patternStopOffsets[P + i + 1] = at;
    });
    ({ stopPatternOffsets, stopPatterns, stopPatternPos } = stopPatternIndex(
      t.stopPatternOffsets.length - 1,
      patternStopOffsets,
      patternStops,
    ));
  }
  const V = v.vBase.length;
  const M = t.arrivals.length;
  const added = v.vArr.reduce((s, a) => s + a.length, 0);
  const tripTimeOffsets = new Int32Array(T + V);
  tripTimeOffsets.set(t.tripTimeOffsets);
  const arrivals = new Int32Array(M + added);
  arrivals.set(t.arrivals);
  const departures = new Int32Array(M + added);
  departures.set(t.departures);
  const tripPattern = new Int32Array(T + V);
  tripPattern.set(t.tripPattern);
  const tripWheelchair = new Uint8Array(T + V);
  tripWheelchair.set(t.tripWheelchair);
  let at = M;
  for (let i = 0; i < V; i++) {
    tripTimeOffsets[T + i] = at;
    arrivals.set(v.vArr[i]!, at);
    departures.set(v.vDep[i]!, at);
    at += v.vArr[i]!.length;
    tripPattern[T + i] = v.vPattern[i]!;
    tripWheelchair[T + i] = v.vWheel[i]!;
  }
  const slotTripOffsets: Int32Array[] = [];
  const slotTrips: Int32Array[] = [];
  t.slotTrips.forEach((running, slot) => {
    const lists = newLists[slot];
    const offsets = t.slotTripOffsets[slot]!;
    if (!lists && P2 === P) {
      slotTripOffsets.push(offsets);
      slotTrips.push(running);
      return;
    }
    const out = new Int32Array(running.length + V);
    const off = new Int32Array(P2 + 1);
    let n = 0;
    for (let r = 0; r < P2; r++) {
      off[r] = n;
      const list = lists?.get(r);
      if (list) for (const trip of list) out[n++] = trip;
      else if (r < P) {
        out.set(running.subarray(offsets[r]!, offsets[r + 1]!), n);
        n += offsets[r + 1]! - offsets[r]!;
      }
    }
    off[P2] = n;
    slotTripOffsets.push(off);
    slotTrips.push(out.subarray(0, n));
  });
  return {
    patternCount: P2,
    patternStopOffsets,
    patternStops,
    patternPosFlags,
    patternFeed,
    stopPatternOffsets,
    stopPatterns,
    stopPatternPos,
    tripTimeOffsets,
    tripPattern,
    arrivals,
    departures,
    tripWheelchair,
    slotTripOffsets,
    slotTrips,
    virtualBase: Int32Array.from(v.vBase),
    virtualPatch: v.vPatch,
    extraPatternBase: Int32Array.from(extra, (e) => e.base),
  };
}
