// Seeded synthetic road network for the generated large region, written as OSM XML. It has the
// hierarchy real roads have (which is also what keeps the car contraction hierarchy small):
//   - towns (the network's hub stops) get street grids: a few cities, some larger towns, many small
//     towns, with a 30 mph high street and residential streets;
//   - trunk roads link the larger places (spanning tree + nearest neighbours), primary and secondary
//     roads link every town to its nearest towns (spanning tree + 3 nearest), gently curved;
//   - every other stop hangs on local roads: stops are attached nearest-to-the-network first, each
//     to the nearest point already connected (a growing tree of unclassified/tertiary roads, like
//     rural roads branching off the main ones), and about a third get a second link closing a loop.
// Shape nodes every few hundred metres make the file the size of a real extract (≈ 300k nodes at
// Scotland scale) while junctions stay at towns, stops and branch points.
import { closeSync, openSync, writeSync } from 'node:fs';
import { makeRandom } from './transitNetwork.ts';

export interface RoadStats {
  nodes: number;
  ways: number;
  roadKm: number;
}

interface Place {
  lat: number;
  lon: number;
}

/** Highway tags per road class (UK national limits; built-up streets 30 mph). */
const CLASS_TAGS = {
  trunk: 'trunk|60 mph',
  primary: 'primary|60 mph',
  secondary: 'secondary|50 mph',
  tertiary: 'tertiary|',
  unclassified: 'unclassified|',
  highStreet: 'tertiary|30 mph',
  residential: 'residential|30 mph',
} as const;
type RoadClass = keyof typeof CLASS_TAGS;

/**
 * Writes the road network for `stops` (the first `hubs` are towns) into an OSM XML file at path.
 * The same stops, hubs and seed always give the same file.
 */
export function writeRoadNetworkOsm(
  path: string,
  stops: readonly Place[],
  hubs: number,
  bbox: [number, number, number, number],
  seed: number,
): RoadStats {
  const rnd = makeRandom(seed);
  const [south, west, north] = bbox;
  // Work in metres east/north of the south-west corner.
  const ky = 111_195;
  const kx = ky * Math.cos((((south + north) / 2) * Math.PI) / 180);
  const xs: number[] = [];
  const ys: number[] = [];
  const addNode = (x: number, y: number): number => {
    xs.push(x);
    ys.push(y);
    return xs.length - 1;
  };
  const ways: Array<{ refs: number[]; cls: RoadClass; name: string; ref: string }> = [];
  let roadM = 0;
  const dist = (a: number, b: number): number => Math.hypot(xs[a]! - xs[b]!, ys[a]! - ys[b]!);

  /** A road from node a to node b with shape nodes every `stepM`, bowed sideways a little; returns its inner nodes. */
  const road = (a: number, b: number, cls: RoadClass, stepM: number, name = '', ref = ''): number[] => {
    const len = dist(a, b);
    const n = Math.max(1, Math.round(len / stepM));
    const dx = (xs[b]! - xs[a]!) / len || 0;
    const dy = (ys[b]! - ys[a]!) / len || 0;
    const bow = (rnd() - 0.5) * 0.12 * len;
    const refs = [a];
    for (let i = 1; i < n; i++) {
      const t = i / n;
      const side = bow * Math.sin(Math.PI * t) + (rnd() - 0.5) * Math.min(40, stepM * 0.1);
      refs.push(
        addNode(xs[a]! + (xs[b]! - xs[a]!) * t - dy * side, ys[a]! + (ys[b]! - ys[a]!) * t + dx * side),
      );
    }
    refs.push(b);
    let m = 0;
    for (let i = 1; i < refs.length; i++) m += dist(refs[i - 1]!, refs[i]!);
    roadM += m;
    ways.push({ refs, cls, name, ref });
    return refs.slice(1, -1);
  };

  // Stop nodes first, so node i is stop i.
  for (const s of stops) addNode((s.lon - west) * kx, (s.lat - south) * ky);
  const hubCount = Math.min(hubs, stops.length);

  // Attach points: nodes a new local road may branch from, in a 2 km grid hash.
  const CELL = 2000;
  const cells = new Map<number, number[]>();
  const cellKey = (cx: number, cy: number): number => cy * 100_000 + cx;
  const addAttach = (v: number): void => {
    const k = cellKey(Math.floor(xs[v]! / CELL), Math.floor(ys[v]! / CELL));
    let l = cells.get(k);
    if (!l) cells.set(k, (l = []));
    l.push(v);
  };
  const nearestAttach = (v: number, avoid = -1, minM = 0, maxM = Infinity): number => {
    const cx = Math.floor(xs[v]! / CELL);
    const cy = Math.floor(ys[v]! / CELL);
    let best = -1;
    let bestD = maxM;
    for (let r = 0; r < 400; r++) {
      // Cells of ring r are at least (r - 1) cells away.
      if (bestD < (r - 1) * CELL) break;
      for (let y = cy - r; y <= cy + r; y++) {
        for (let x = cx - r; x <= cx + r; x++) {
          if (Math.max(Math.abs(x - cx), Math.abs(y - cy)) !== r) continue;
          for (const u of cells.get(cellKey(x, y)) ?? []) {
            if (u === v || u === avoid) continue;
            const d = dist(u, v);
            if (d >= minM && d < bestD) {
              bestD = d;
              best = u;
            }
          }
        }
      }
    }
    return best;
  };

  // Towns: sizes by a seeded shuffle (8 cities, 40 larger towns, the rest small towns).
  const order = Array.from({ length: hubCount }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const size = new Int32Array(hubCount); // grid half-width in blocks
  const major = new Uint8Array(hubCount);
  order.forEach((h, i) => {
    size[h] = i < 8 ? 9 : i < 48 ? 5 : 2;
    major[h] = i < 48 ? 1 : 0;
  });
  const townRadius = new Float64Array(hubCount);
  for (let h = 0; h < hubCount; h++) {
    const half = size[h]!;
    const block = half >= 9 ? 180 : 150;
    townRadius[h] = half * block;
    const side = 2 * half + 1;
    const grid: number[] = [];
    for (let r = -half; r <= half; r++)
      for (let c = -half; c <= half; c++)
        grid.push(
          r === 0 && c === 0
            ? h
            : addNode(xs[h]! + c * block + (rnd() - 0.5) * 30, ys[h]! + r * block + (rnd() - 0.5) * 30),
        );
    for (let r = 0; r < side; r++) {
      const refs = Array.from({ length: side }, (_, c) => grid[r * side + c]!);
      const cls: RoadClass = r === half ? 'highStreet' : 'residential';
      ways.push({ refs, cls, name: `${r === half ? 'High Street' : `Row ${r} Street`}, Town ${h}`, ref: '' });
      roadM += (side - 1) * block;
    }
    for (let c = 0; c < side; c++) {
      const refs = Array.from({ length: side }, (_, r) => grid[r * side + c]!);
      const cls: RoadClass = c === half ? 'highStreet' : 'residential';
      ways.push({ refs, cls, name: `${c === half ? 'Main Road' : `Column ${c} Road`}, Town ${h}`, ref: '' });
      roadM += (side - 1) * block;
    }
    for (const v of grid) addAttach(v);
  }

  // Main roads between towns: spanning tree (so everything connects) plus nearest neighbours.
  const links = new Map<number, RoadClass>();
  const link = (a: number, b: number, cls: RoadClass): void => {
    const k = Math.min(a, b) * 1_000_000 + Math.max(a, b);
    const old = links.get(k);
    if (old === 'trunk' || (old === 'primary' && cls !== 'trunk')) return;
    links.set(k, cls);
  };
  const spanningTree = (nodes: number[]): Array<[number, number]> => {
    const inTree = new Uint8Array(nodes.length);
    const best = new Float64Array(nodes.length).fill(Infinity);
    const from = new Int32Array(nodes.length).fill(-1);
    const edges: Array<[number, number]> = [];
    best[0] = 0;
    for (let it = 0; it < nodes.length; it++) {
      let u = -1;
      for (let i = 0; i < nodes.length; i++) if (!inTree[i] && (u < 0 || best[i]! < best[u]!)) u = i;
      inTree[u] = 1;
      if (from[u]! >= 0) edges.push([nodes[from[u]!]!, nodes[u]!]);
      for (let i = 0; i < nodes.length; i++) {
        const d = dist(nodes[u]!, nodes[i]!);
        if (!inTree[i] && d < best[i]!) {
          best[i] = d;
          from[i] = u;
        }
      }
    }
    return edges;
  };
  const nearest = (h: number, among: number[], k: number): number[] =>
    among
      .filter((o) => o !== h)
      .sort((a, b) => dist(h, a) - dist(h, b))
      .slice(0, k);
  const majors = order.slice(0, 48).filter((h) => h < hubCount);
  const allTowns = Array.from({ length: hubCount }, (_, i) => i);
  for (const [a, b] of spanningTree(majors)) link(a, b, 'trunk');
  for (const h of majors) for (const o of nearest(h, majors, 2)) link(h, o, 'trunk');
  const townClass = (a: number, b: number): RoadClass => (dist(a, b) > 12_000 ? 'primary' : 'secondary');
  if (hubCount > 1) for (const [a, b] of spanningTree(allTowns)) link(a, b, townClass(a, b));
  for (const h of allTowns) for (const o of nearest(h, allTowns, 3)) link(h, o, townClass(h, o));
  let aNumber = 1;
  let bNumber = 700;
  for (const [k, cls] of [...links].sort((p, q) => p[0] - q[0])) {
    const a = Math.floor(k / 1_000_000);
    const b = k % 1_000_000;
    const ref = cls === 'secondary' ? `B${bNumber++}` : `A${aNumber++}`;
    // Inner nodes outside towns are places where local roads may branch off.
    for (const v of road(a, b, cls, 400, '', ref)) {
      const inTown = dist(v, a) < townRadius[a]! || dist(v, b) < townRadius[b]!;
      if (!inTown) addAttach(v);
    }
  }

  // Local roads: every other stop, nearest-to-the-network first, joins the nearest connected point.
  // Towns by 2 km cell, so that finding whether a stop is in one stays cheap with thousands of towns.
  const townCells = new Map<number, number[]>();
  for (let h = 0; h < hubCount; h++) {
    const k = cellKey(Math.floor(xs[h]! / CELL), Math.floor(ys[h]! / CELL));
    let l = townCells.get(k);
    if (!l) townCells.set(k, (l = []));
    l.push(h);
  }
  let widestM = 0;
  for (let h = 0; h < hubCount; h++) widestM = Math.max(widestM, townRadius[h]! + 200);
  const reach = Math.ceil(widestM / CELL);
  const inTown = (v: number): boolean => {
    const cx = Math.floor(xs[v]! / CELL);
    const cy = Math.floor(ys[v]! / CELL);
    for (let y = cy - reach; y <= cy + reach; y++)
      for (let x = cx - reach; x <= cx + reach; x++)
        for (const h of townCells.get(cellKey(x, y)) ?? [])
          if (dist(v, h) <= townRadius[h]! + 200) return true;
    return false;
  };
  const rest: Array<[number, number]> = [];
  for (let s = hubCount; s < stops.length; s++) {
    const p = nearestAttach(s);
    rest.push([s, p < 0 ? Infinity : dist(s, p)]);
  }
  rest.sort((p, q) => p[1] - q[1] || p[0] - q[0]);
  for (const [s] of rest) {
    const p = nearestAttach(s);
    if (p < 0) continue;
    const d = dist(s, p);
    const cls: RoadClass = inTown(s) ? 'residential' : d > 2500 ? 'tertiary' : 'unclassified';
    const name = cls === 'residential' ? `Stop ${s} Lane` : '';
    for (const v of road(p, s, cls, 250, name)) addAttach(v);
    addAttach(s);
    // A second way out for about a third of the stops: rural roads form loops, not only trees.
    if (rnd() < 0.35) {
      const q = nearestAttach(s, p, Math.max(600, d * 1.5), 4000);
      if (q >= 0) for (const v of road(s, q, 'unclassified', 250)) addAttach(v);
    }
  }

  // OSM XML, streamed.
  const fd = openSync(path, 'w');
  let buf: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<osm version="0.6" generator="cairn-bench">',
  ];
  const flush = (force = false): void => {
    if (force || buf.length >= 20_000) {
      writeSync(fd, `${buf.join('\n')}\n`);
      buf = [];
    }
  };
  for (let v = 0; v < xs.length; v++) {
    buf.push(
      `<node id="${v + 1}" lat="${(south + ys[v]! / ky).toFixed(7)}" lon="${(west + xs[v]! / kx).toFixed(7)}"/>`,
    );
    flush();
  }
  ways.forEach((w, i) => {
    const [highway, maxspeed] = CLASS_TAGS[w.cls].split('|') as [string, string];
    const tags = [`<tag k="highway" v="${highway}"/>`];
    if (maxspeed) tags.push(`<tag k="maxspeed" v="${maxspeed}"/>`);
    if (w.name) tags.push(`<tag k="name" v="${w.name}"/>`);
    if (w.ref) tags.push(`<tag k="ref" v="${w.ref}"/>`);
    buf.push(
      `<way id="${i + 1}">${w.refs.map((r) => `<nd ref="${r + 1}"/>`).join('')}${tags.join('')}</way>`,
    );
    flush();
  });
  buf.push('</osm>');
  flush(true);
  closeSync(fd);
  return { nodes: xs.length, ways: ways.length, roadKm: roadM / 1000 };
}
