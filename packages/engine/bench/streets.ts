// Street benchmark: OSM load time and memory (RNV extract, the plan bench's generated Scotland-scale
// road network with its car contraction hierarchy, and a uniform grid), and
// p50/p95 latencies of walk access searches, cycle/car/walk routes and autocomplete.
// Run: npx node --expose-gc packages/engine/bench/streets.ts   (or `npm run bench -- streets`)
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadOsmFile } from '../src/loader/loadOsm.ts';
import type { OsmData } from '../src/loader/loadOsm.ts';
import { graphBytes } from '../src/streets/graph.ts';
import { createStreetNetwork, routeSnapped } from '../src/streets/streetNetwork.ts';
import type { StreetNetwork } from '../src/streets/streetNetwork.ts';
import { findSnapPoint } from '../src/streets/snap.ts';
import { findStreetPath, reachTargets } from '../src/streets/search.ts';
import { buildContractionHierarchy } from '../src/streets/contraction.ts';
import { listStreetFootpaths } from '../src/modes/footpaths.ts';
import type { SnapPoint } from '../src/streets/search.ts';
import { haversineM } from '../src/geo/geometry.ts';
import { buildGeocoder, listSuggestions } from '../src/geocoding/geocoder.ts';
import type { StreetMode } from '../src/osm/wayAccess.ts';
import { dateToDayNumber } from '../src/time/serviceDay.ts';
import { writeRoadNetworkOsm } from './roads.ts';
import { generateNetwork } from './transitNetwork.ts';

const RNV = fileURLToPath(new URL('../../../../shared/data/rnv/rnv.osm.pbf', import.meta.url));
const QUERIES = 300;
const WARMUP = 30;

const gc = (globalThis as { gc?: () => void }).gc;
let seed = 42;
const rnd = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;

function memMB(): number {
  gc?.();
  const m = process.memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / 1e6;
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

const rows: string[][] = [];
function row(name: string, ...cells: string[]): void {
  rows.push([name, ...cells]);
}

function timeIt(name: string, run: (i: number) => void, note: string): void {
  for (let i = 0; i < WARMUP; i++) run(i);
  const t: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const s = performance.now();
    const c = process.cpuUsage();
    run(i + WARMUP);
    const dc = process.cpuUsage(c);
    t.push(performance.now() - s);
    cpu.push((dc.user + dc.system) / 1000);
  }
  t.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  // CPU time per query is shown too: on a shared machine wall-clock p95 includes waiting for a core.
  row(
    name,
    `p50 ${pct(t, 0.5).toFixed(2)} ms`,
    `p95 ${pct(t, 0.95).toFixed(2)} ms (cpu p95 ${pct(cpu, 0.95).toFixed(2)} ms)`,
    note,
  );
}

function cpuMs(start: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1000;
}

function load(name: string, path: string, carHierarchy: boolean): { data: OsmData; net: StreetNetwork } {
  const before = memMB();
  let c = process.cpuUsage();
  const data = loadOsmFile(path);
  const readMs = cpuMs(c);
  c = process.cpuUsage();
  const net = createStreetNetwork(data.graph, { carHierarchy: false });
  const prepMs = cpuMs(c);
  let chNote = 'car hierarchy not built (see notes)';
  if (carHierarchy) {
    c = process.cpuUsage();
    const ch = buildContractionHierarchy(data.graph, 'car');
    net.hierarchies.car = ch;
    chNote = `${cpuMs(c).toFixed(0)} ms car hierarchy (${ch.shortcuts} shortcuts)`;
  }
  const after = memMB();
  const g = data.graph;
  row(
    `load ${name} (cpu time)`,
    `${readMs.toFixed(0)} ms read+graph`,
    `${prepMs.toFixed(0)} ms snap index+landmarks; ${chNote}`,
    `${(after - before).toFixed(0)} MB retained (graph arrays ${(graphBytes(g) / 1e6).toFixed(1)} MB); ${data.stats.nodes} nodes, ${data.stats.ways} ways → ${g.vertexCount} vertices, ${g.edgeCount} edges`,
  );
  return { data, net };
}

/** Random snapped points on the network, for a mode. */
function randomPoints(net: StreetNetwork, mode: StreetMode, n: number): SnapPoint[] {
  const g = net.graph;
  const out: SnapPoint[] = [];
  while (out.length < n) {
    const v = Math.floor(rnd() * g.vertexCount);
    const p = findSnapPoint(net.snap, g.vertexLat[v]!, g.vertexLon[v]!, mode, 200);
    if (p) out.push(p);
  }
  return out;
}

function routeBench(
  label: string,
  net: StreetNetwork,
  mode: StreetMode,
  maxStraightM: number,
  useHierarchy = true,
): void {
  const pts = randomPoints(net, mode, 4000);
  const pairs: Array<[SnapPoint, SnapPoint]> = [];
  for (let i = 0; pairs.length < QUERIES + WARMUP && i < 200_000; i++) {
    const a = pts[Math.floor(rnd() * pts.length)]!;
    const b = pts[Math.floor(rnd() * pts.length)]!;
    if (haversineM(a.lat, a.lon, b.lat, b.lon) <= maxStraightM) pairs.push([a, b]);
  }
  let found = 0;
  let km = 0;
  const stats = { settled: 0, pushed: 0 };
  timeIt(
    label,
    (i) => {
      const [a, b] = pairs[i % pairs.length]!;
      const st = i >= WARMUP ? stats : undefined;
      const p = useHierarchy
        ? routeSnapped(net, a, b, mode, st)
        : findStreetPath(net.graph, a, b, mode, st, net.landmarks[mode]);
      if (p && i >= WARMUP) {
        found++;
        km += p.distanceM / 1000;
      }
    },
    '',
  );
  rows[rows.length - 1]![3] =
    `${found}/${QUERIES} found, mean ${(km / Math.max(1, found)).toFixed(1)} km, ${(stats.settled / QUERIES).toFixed(0)} vertices settled/query`;
}

/** An OSM XML grid town: `n`×`n` junctions 80 m apart, ways of 10 blocks, mixed classes. */
function writeGrid(path: string, n: number): void {
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<osm version="0.6" generator="cairn-bench">\n',
  ];
  const dLat = 80 / 111_195;
  const dLon = 80 / (111_195 * Math.cos((57 * Math.PI) / 180));
  for (let r = 0; r < n; r++) {
    const chunk: string[] = [];
    for (let c = 0; c < n; c++) {
      chunk.push(
        `<node id="${r * n + c + 1}" lat="${(56.6 + r * dLat).toFixed(7)}" lon="${(-4.5 + c * dLon).toFixed(7)}"/>\n`,
      );
    }
    parts.push(chunk.join(''));
  }
  let wayId = 1;
  const classes = [
    'residential',
    'residential',
    'residential',
    'tertiary',
    'secondary',
    'footway',
    'cycleway',
    'service',
    'primary',
  ];
  for (const horizontal of [true, false]) {
    for (let line = 0; line < n; line++) {
      for (let start = 0; start < n - 1; start += 10) {
        const refs: string[] = [];
        for (let k = start; k <= Math.min(n - 1, start + 10); k++)
          refs.push(`<nd ref="${(horizontal ? line * n + k : k * n + line) + 1}"/>`);
        const cls = line % 50 === 0 ? 'primary' : classes[Math.floor(rnd() * classes.length)]!;
        const oneway = rnd() < 0.1 ? '<tag k="oneway" v="yes"/>' : '';
        parts.push(
          `<way id="${wayId++}">${refs.join('')}<tag k="highway" v="${cls}"/><tag k="name" v="${horizontal ? 'Row' : 'Column'} ${line} Road"/>${oneway}</way>\n`,
        );
      }
    }
  }
  parts.push('</osm>\n');
  writeFileSync(path, parts.join(''));
}

if (existsSync(RNV)) {
  const { data, net } = load('rnv.osm.pbf (3.7 MB)', RNV, true);
  routeBench('car route, any pair in the region (CH)', net, 'car', Infinity);
  routeBench('car route, same pairs, A* + landmarks', net, 'car', Infinity, false);
  routeBench('cycle route, pairs ≤ 15 km apart', net, 'bicycle', 15_000);
  routeBench('walk route, pairs ≤ 3 km apart', net, 'foot', 3000);
  const stops = randomPoints(net, 'foot', 2000);
  const origins = randomPoints(net, 'foot', 500);
  let reached = 0;
  timeIt(
    'walk access search (15 min, 2,000 stops)',
    (i) => {
      const r = reachTargets(net.graph, origins[i % origins.length]!, 'foot', 900, stops, 'from');
      if (i >= WARMUP) reached += r.length;
    },
    '',
  );
  rows[rows.length - 1]![3] =
    `${(reached / QUERIES).toFixed(1)} stops reached/query (stops: 2,000 random street points)`;
  const stopCoords = {
    count: stops.length,
    lat: Float64Array.from(stops.map((p) => p.lat)),
    lon: Float64Array.from(stops.map((p) => p.lon)),
  };
  const fc = process.cpuUsage();
  const footpaths = listStreetFootpaths(net, stopCoords, { footpathRadiusM: 400 });
  row(
    'street footpaths, 2,000 stops, 400 m (cpu)',
    `${cpuMs(fc).toFixed(0)} ms total`,
    '',
    `${footpaths.length} footpaths`,
  );
  const t0 = performance.now();
  const geo = buildGeocoder({ places: data.places, network: net }, { restrictTo: null });
  const built = performance.now() - t0;
  const names = geo.docs.map((d) => d.name);
  const queries: string[] = [];
  for (let i = 0; i < QUERIES + WARMUP; i++) {
    const name = names[Math.floor(rnd() * names.length)]!;
    queries.push(name.slice(0, 3 + Math.floor(rnd() * Math.max(1, name.length - 2))));
  }
  let hits = 0;
  timeIt(
    'autocomplete (prefixes of 3+ chars)',
    (i) => {
      const r = listSuggestions(geo, queries[i]!);
      if (i >= WARMUP && r.length > 0) hits++;
    },
    '',
  );
  rows[rows.length - 1]![3] =
    `${geo.docs.length} entries indexed in ${built.toFixed(0)} ms; ${hits}/${QUERIES} queries with results (GB filter off: RNV is in Germany)`;
} else {
  row('rnv', 'skipped', '', `${RNV} not found`);
}

const dir = mkdtempSync(join(tmpdir(), 'cairn-streets-bench-'));
try {
  // The plan bench's Scotland-scale road network (towns and stops of the transit bench's network):
  // a road hierarchy, so the car contraction hierarchy is built as on a real extract.
  const bbox: [number, number, number, number] = [55.0, -6.2, 58.6, -1.8];
  const network = generateNetwork({
    seed: 20260603,
    stops: 40_000,
    routes: 3_000,
    trips: 150_000,
    routeLength: [10, 30],
    bbox,
    quirks: false,
    hubs: 400,
    firstDay: dateToDayNumber(20260603) - 7,
  });
  const roadsPath = join(dir, 'roads.osm');
  const roads = writeRoadNetworkOsm(roadsPath, network.stops, 400, bbox, 20260603);
  const large = load(
    `generated Scotland-scale roads (${roads.nodes} nodes, ${roads.roadKm.toFixed(0)} km)`,
    roadsPath,
    true,
  );
  routeBench('car route on the Scotland-scale roads, any pair (CH)', large.net, 'car', Infinity);
  routeBench('cycle route on the Scotland-scale roads, ≤ 15 km', large.net, 'bicycle', 15_000);

  const gridPath = join(dir, 'grid.osm');
  const n = 600;
  writeGrid(gridPath, n);
  // A uniform grid is the worst case for contraction (about 20 s of CPU for 300×300 here), so
  // the large grid is routed with A* + landmarks only.
  const { net } = load(`generated grid ${n}×${n} (.osm XML)`, gridPath, false);
  routeBench('car route on the grid, A* + landmarks', net, 'car', Infinity, false);
  routeBench('walk route on the generated grid, ≤ 3 km', net, 'foot', 3000);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const widths = [0, 1, 2, 3].map((c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
console.log(`| ${['measure', 'a', 'b', 'notes'].map((h, c) => h.padEnd(widths[c]!)).join(' | ')} |`);
console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
for (const r of rows)
  console.log(`| ${[0, 1, 2, 3].map((c) => (r[c] ?? '').padEnd(widths[c]!)).join(' | ')} |`);
