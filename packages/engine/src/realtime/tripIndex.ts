import type { Timetable } from '../timetable/timetable.ts';

/**
 * How realtime records find stored trips: by namespaced trip id, by route and first departure (the
 * fallback for producers that omit or renumber trip ids), and stored patterns by line and stops
 * (where added trips are placed). Built once per timetable.
 */
export interface TripIndex {
  byId: Map<string, number[]>;
  /** `${lineId}|${first departure sec}` → trips. */
  byRouteStart: Map<string, number[]>;
  /** `${line}|${stop,stop,…}` → pattern. */
  patternByStops: Map<string, number>;
  lineByNsId: Map<string, number>;
  /** Trips and stops of one feed by their bare GTFS ids (no "feed:" to build per lookup). */
  feedTrips(feedId: string): Map<string, number[]>;
  feedStops(feedId: string): Map<string, number>;
}

const cache = new WeakMap<Timetable, TripIndex>();

export function tripIndexOf(tt: Timetable): TripIndex {
  let index = cache.get(tt);
  if (index) return index;
  const a = tt.a;
  const byId = new Map<string, number[]>();
  const byRouteStart = new Map<string, number[]>();
  const push = (m: Map<string, number[]>, k: string, t: number) => {
    const list = m.get(k);
    if (list) list.push(t);
    else m.set(k, [t]);
  };
  for (let t = 0; t < tt.tripCount; t++) {
    const info = a.tripInfo[t]!;
    push(byId, tt.meta.tripInfoIds[info] ?? '', t);
    const line = tt.meta.lines[a.tripInfoLine[info]!]?.id ?? '';
    push(byRouteStart, `${line}|${a.departures[a.tripTimeOffsets[t]!]!}`, t);
  }
  const patternByStops = new Map<string, number>();
  for (let r = 0; r < tt.patternCount; r++) {
    const stops = a.patternStops.subarray(a.patternStopOffsets[r]!, a.patternStopOffsets[r + 1]!);
    const key = `${a.patternLine[r]}|${stops.join(',')}`;
    if (!patternByStops.has(key)) patternByStops.set(key, r);
  }
  const lineByNsId = new Map(tt.meta.lines.map((l, i) => [l.id, i]));
  const bare = <V>(all: Map<string, V>, feedId: string): Map<string, V> => {
    const prefix = `${feedId}:`;
    const out = new Map<string, V>();
    for (const [id, v] of all) if (id.startsWith(prefix)) out.set(id.slice(prefix.length), v);
    return out;
  };
  const tripsOf = new Map<string, Map<string, number[]>>();
  const stopsOf = new Map<string, Map<string, number>>();
  const stopIds = new Map(tt.meta.stopIds.map((id, s) => [id, s]));
  const lazily = <V>(cache: Map<string, V>, feedId: string, make: () => V): V => {
    let v = cache.get(feedId);
    if (v === undefined) cache.set(feedId, (v = make()));
    return v;
  };
  index = {
    byId,
    byRouteStart,
    patternByStops,
    lineByNsId,
    feedTrips: (feedId) => lazily(tripsOf, feedId, () => bare(byId, feedId)),
    feedStops: (feedId) => lazily(stopsOf, feedId, () => bare(stopIds, feedId)),
  };
  cache.set(tt, index);
  return index;
}

/** Stops of trip t's pattern. */
export function tripStops(tt: Timetable, t: number): Int32Array {
  const a = tt.a;
  const r = a.tripPattern[t]!;
  return a.patternStops.subarray(a.patternStopOffsets[r]!, a.patternStopOffsets[r + 1]!);
}
