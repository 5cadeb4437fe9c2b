import { approxDistance2, distanceM } from './geo.ts';
import type { Point } from './geo.ts';
import type { DemoNetwork } from './network.ts';
import type { OsmDocument } from './osm.ts';

/*
 * Bus and coach shapes drawn along the generated roads instead of straight lines between stops,
 * so a bus leg on the map follows the A9 or the Ski Road rather than crossing the hills.
 */

const NOT_FOR_BUSES = new Set(['footway', 'path', 'cycleway', 'steps', 'pedestrian']);

interface RoadGraph {
  ids: number[];
  lat: Float64Array;
  lon: Float64Array;
  /** Neighbours of node i: adj[i] = [j, metres, j, metres, …]. */
  adj: number[][];
}

function buildRoadGraph(osm: OsmDocument): RoadGraph {
  const index = new Map<number, number>();
  const ids: number[] = [];
  const adj: number[][] = [];
  const idx = (id: number) => {
    let i = index.get(id);
    if (i === undefined) {
      i = ids.length;
      index.set(id, i);
      ids.push(id);
      adj.push([]);
    }
    return i;
  };
  const pos = (id: number) => osm.nodes[id - 1]!;
  for (const w of osm.ways) {
    const hw = w.tags.highway;
    if (!hw || NOT_FOR_BUSES.has(hw)) continue;
    for (let k = 1; k < w.nodes.length; k++) {
      const a = idx(w.nodes[k - 1]!);
      const b = idx(w.nodes[k]!);
      const d = distanceM(pos(w.nodes[k - 1]!), pos(w.nodes[k]!));
      adj[a]!.push(b, d);
      adj[b]!.push(a, d);
    }
  }
  const lat = new Float64Array(ids.length);
  const lon = new Float64Array(ids.length);
  ids.forEach((id, i) => {
    lat[i] = pos(id).lat;
    lon[i] = pos(id).lon;
  });
  return { ids, lat, lon, adj };
}

function nearestNode(g: RoadGraph, p: Point): number {
  let best = 0;
  let bestD = Infinity;
  for (let i = 0; i < g.ids.length; i++) {
    const d = approxDistance2(p, { lat: g.lat[i]!, lon: g.lon[i]! });
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
}

/** A* over the road graph; returns node indices from a to b, or undefined when b cannot be reached. */
function roadPath(g: RoadGraph, a: number, b: number): number[] | undefined {
  const target = { lat: g.lat[b]!, lon: g.lon[b]! };
  const h = (i: number) => distanceM({ lat: g.lat[i]!, lon: g.lon[i]! }, target);
  const dist = new Map<number, number>([[a, 0]]);
  const prev = new Map<number, number>();
  const heap: [number, number][] = [[h(a), a]];
  const push = (item: [number, number]) => {
    heap.push(item);
    let i = heap.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (heap[p]![0] <= heap[i]![0]) break;
      [heap[p], heap[i]] = [heap[i]!, heap[p]!];
      i = p;
    }
  };
  const pop = (): [number, number] => {
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && heap[l]![0] < heap[m]![0]) m = l;
        if (r < heap.length && heap[r]![0] < heap[m]![0]) m = r;
        if (m === i) break;
        [heap[m], heap[i]] = [heap[i]!, heap[m]!];
        i = m;
      }
    }
    return top;
  };
  const done = new Set<number>();
  while (heap.length > 0) {
    const [, u] = pop();
    if (done.has(u)) continue;
    if (u === b) break;
    done.add(u);
    const du = dist.get(u)!;
    const edges = g.adj[u]!;
    for (let k = 0; k < edges.length; k += 2) {
      const v = edges[k]!;
      const nd = du + edges[k + 1]!;
      if (nd < (dist.get(v) ?? Infinity)) {
        dist.set(v, nd);
        prev.set(v, u);
        push([nd + h(v), v]);
      }
    }
  }
  if (!dist.has(b)) return undefined;
  const path = [b];
  while (path[path.length - 1] !== a) path.push(prev.get(path[path.length - 1]!)!);
  return path.reverse();
}

/** Replace the shapes of road-based routes (bus, coach, community bus) with paths along the roads. */
export function routeShapesAlongRoads(network: DemoNetwork, osm: OsmDocument): void {
  const g = buildRoadGraph(osm);
  const roadRouteIds = new Set(
    network.routes.filter((r) => r.type === 3 || r.type === 200 || r.type === 715).map((r) => r.id),
  );
  const shapeStops = new Map<string, string[]>();
  for (const t of network.trips) {
    if (!roadRouteIds.has(t.routeId)) continue;
    const stops = t.stopTimes.map((s) => s.stopId);
    if ((shapeStops.get(t.shapeId)?.length ?? 0) < stops.length) shapeStops.set(t.shapeId, stops);
  }
  const stopById = new Map(network.stops.map((s) => [s.id, s]));
  const nodeOfStop = new Map<string, number>();
  const legCache = new Map<string, Point[]>();
  for (const shape of network.shapes) {
    const stops = shapeStops.get(shape.id);
    if (!stops) continue;
    const points: Point[] = [];
    stops.forEach((stopId, i) => {
      const stop = stopById.get(stopId)!;
      points.push({ lat: stop.lat, lon: stop.lon });
      const nextId = stops[i + 1];
      if (nextId === undefined) return;
      const key = `${stopId}|${nextId}`;
      let leg = legCache.get(key);
      if (!leg) {
        const from = nodeOfStop.get(stopId) ?? nearestNode(g, stop);
        const to = nodeOfStop.get(nextId) ?? nearestNode(g, stopById.get(nextId)!);
        nodeOfStop.set(stopId, from);
        nodeOfStop.set(nextId, to);
        leg = (roadPath(g, from, to) ?? []).map((n) => ({ lat: g.lat[n]!, lon: g.lon[n]! }));
        legCache.set(key, leg);
      }
      points.push(...leg);
    });
    shape.points = points;
  }
}
