// Street graph scaling bench (issue 32): how load time, memory and street searches grow with the
// size of the OSM extract, so the figure for a whole-country extract (tens of millions of nodes) is
// a measured curve rather than a guess. Each size is a generated grid of streets written as an OSM
// PBF (the reader real extracts go through): junctions 100 m apart with one or two shape nodes on
// each block (about 4 nodes a junction; RNV's real extract has 164,598 nodes for 42,928 graph
// vertices, 3.8), ways of ten blocks, mixed classes with a primary road every 50th line. A grid is
// the hard case for routing (no hierarchy to exploit), so search times are upper bounds.
// Each size runs in a process of its own (peak memory is the process's).
// Run: node --expose-gc packages/engine/bench/streetScale.ts [--nodes=1,4,16] (millions of OSM nodes)
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PbfWriter } from 'pbf';
import { loadOsmFile } from '../src/loader/loadOsm.ts';
import { graphBytes } from '../src/streets/graph.ts';
import { reachTargets } from '../src/streets/search.ts';
import type { SnapPoint } from '../src/streets/search.ts';
import { findSnapPoint } from '../src/streets/snap.ts';
import { createStreetNetwork, routeSnapped } from '../src/streets/streetNetwork.ts';
import type { StreetMode } from '../src/osm/wayAccess.ts';
import { haversineM } from '../src/geo/geometry.ts';
import { delta, fileBlock, headerBlock } from '../test/support/pbfFixture.ts';
import { arg } from './cliArgs.ts';
import { makeRandom } from './transitNetwork.ts';

const THIS_FILE = fileURLToPath(import.meta.url);
const BLOCK_M = 100;
const WAY_BLOCKS = 10;
const PER_BLOCK = 8000;
const QUERIES = 100;
/** Queries run first and left out of the figures (compilation). */
const WARMUP = 20;
const CLASSES = ['residential', 'residential', 'residential', 'tertiary', 'secondary', 'unclassified'];

/** What one size's child process reports. */
interface SizeFigures {
  osmNodes: number;
  vertices: number;
  edges: number;
  pbfMb: number;
  writeS: number;
  readCpuS: number;
  prepareCpuS: number;
  graphMb: number;
  heapMb: number;
  rssMb: number;
  peakRssMb: number;
  walkMs: number[];
  cycleMs: number[];
  carMs: number[];
  accessMs: number[];
}

const cpuS = (since: NodeJS.CpuUsage): number => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1e6;
};

/**
 * Writes an n × n junction grid as OSM PBF: junction (r, c) is node r·n + c + 1, then the shape
 * nodes of each block in order (horizontal blocks first). Returns the node count.
 */
function writeGridPbf(path: string, n: number): number {
  const fd = openSync(path, 'w');
  const emit = (type: string, payload: Uint8Array): void => {
    writeSync(fd, fileBlock(type, payload, true));
  };
  emit('OSMHeader', headerBlock(['OsmSchema-V0.6', 'DenseNodes']));
  const rnd = makeRandom(32);
  const lat0 = 52;
  const dLat = BLOCK_M / 111_195;
  const dLon = BLOCK_M / (111_195 * Math.cos((lat0 * Math.PI) / 180));
  const ids: number[] = [];
  const lats: number[] = [];
  const lons: number[] = [];
  const flushNodes = (): void => {
    if (ids.length === 0) return;
    const w = new PbfWriter();
    w.writeMessage(1, (_: null, pw: PbfWriter) => pw.writeBytesField(1, new Uint8Array(0)), null);
    w.writeMessage(
      2,
      (_: null, group: PbfWriter) =>
        group.writeMessage(
          2,
          (_x: null, dense: PbfWriter) => {
            dense.writePackedSVarint(1, delta(ids));
            dense.writePackedSVarint(8, delta(lats));
            dense.writePackedSVarint(9, delta(lons));
          },
          null,
        ),
      null,
    );
    emit('OSMData', w.finish());
    ids.length = 0;
    lats.length = 0;
    lons.length = 0;
  };
  let nextId = 1;
  const node = (lat: number, lon: number): number => {
    ids.push(nextId);
    lats.push(Math.round(lat * 1e7));
    lons.push(Math.round(lon * 1e7));
    if (ids.length === PER_BLOCK) flushNodes();
    return nextId++;
  };
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) node(lat0 + r * dLat, c * dLon);
  // Shape nodes: block e (horizontal e = r·(n−1) + c, then vertical) starts at firstShape[e].
  const blocks = 2 * n * (n - 1);
  const firstShape = new Int32Array(blocks + 1);
  for (let e = 0; e < blocks; e++) {
    firstShape[e] = nextId;
    const horizontal = e < n * (n - 1);
    const k = horizontal ? e : e - n * (n - 1);
    const r = horizontal ? Math.floor(k / (n - 1)) : k % (n - 1);
    const c = horizontal ? k % (n - 1) : Math.floor(k / (n - 1));
    const shapes = 1 + (e % 2);
    for (let s = 1; s <= shapes; s++) {
      const f = s / (shapes + 1);
      const wiggle = (rnd() - 0.5) * 0.2;
      node(lat0 + (r + (horizontal ? wiggle : f)) * dLat, (c + (horizontal ? f : wiggle)) * dLon);
    }
  }
  firstShape[blocks] = nextId;
  flushNodes();
  // Ways: runs of WAY_BLOCKS blocks along each row and column.
  const strings = ['', 'highway', 'primary', ...new Set(CLASSES), 'oneway', 'yes'];
  const str = (s: string): number => strings.indexOf(s);
  let wayId = 1;
  let ways: Array<{ refs: number[]; cls: string; oneway: boolean }> = [];
  const flushWays = (): void => {
    if (ways.length === 0) return;
    const w = new PbfWriter();
    w.writeMessage(
      1,
      (_: null, pw: PbfWriter) => {
        for (const s of strings) pw.writeBytesField(1, new TextEncoder().encode(s));
      },
      null,
    );
    w.writeMessage(
      2,
      (_: null, group: PbfWriter) => {
        for (const way of ways)
          group.writeMessage(
            3,
            (_x: null, pw: PbfWriter) => {
              pw.writeVarintField(1, wayId++);
              pw.writePackedVarint(2, way.oneway ? [str('highway'), str('oneway')] : [str('highway')]);
              pw.writePackedVarint(3, way.oneway ? [str(way.cls), str('yes')] : [str(way.cls)]);
              pw.writePackedSVarint(8, delta(way.refs));
            },
            null,
          );
      },
      null,
    );
    emit('OSMData', w.finish());
    ways = [];
  };
  for (const horizontal of [true, false]) {
    for (let line = 0; line < n; line++) {
      for (let start = 0; start < n - 1; start += WAY_BLOCKS) {
        const junction = (k: number): number => (horizontal ? line * n + k : k * n + line) + 1;
        const refs = [junction(start)];
        for (let k = start; k < Math.min(n - 1, start + WAY_BLOCKS); k++) {
          const e = horizontal ? line * (n - 1) + k : n * (n - 1) + line * (n - 1) + k;
          for (let id = firstShape[e]!; id < firstShape[e + 1]!; id++) refs.push(id);
          refs.push(junction(k + 1));
        }
        const cls = line % 50 === 0 ? 'primary' : CLASSES[Math.floor(rnd() * CLASSES.length)]!;
        ways.push({ refs, cls, oneway: rnd() < 0.1 });
        if (ways.length === PER_BLOCK) flushWays();
      }
    }
  }
  flushWays();
  closeSync(fd);
  return nextId - 1;
}

/** The child: write the grid, load it as the planner does, time street searches; prints JSON. */
function childMain(nodesM: number, dir: string): void {
  const n = Math.round(Math.sqrt((nodesM * 1e6) / 4));
  const path = join(dir, `grid-${n}.osm.pbf`);
  let t = performance.now();
  const osmNodes = writeGridPbf(path, n);
  const writeS = (performance.now() - t) / 1000;
  const pbfMb = statSync(path).size / 1e6;
  let c = process.cpuUsage();
  const data = loadOsmFile(path);
  const readCpuS = cpuS(c);
  rmSync(path);
  c = process.cpuUsage();
  const net = createStreetNetwork(data.graph, { carHierarchy: false });
  const prepareCpuS = cpuS(c);
  (globalThis as { gc?: () => void }).gc?.();
  const g = data.graph;
  const rnd = makeRandom(7);
  const points = (mode: StreetMode, count: number): SnapPoint[] => {
    const out: SnapPoint[] = [];
    while (out.length < count) {
      const v = Math.floor(rnd() * g.vertexCount);
      const p = findSnapPoint(net.snap, g.vertexLat[v]!, g.vertexLon[v]!, mode, 200);
      if (p) out.push(p);
    }
    return out;
  };
  const timed = (mode: StreetMode, maxM: number): number[] => {
    const pts = points(mode, 2000);
    const ms: number[] = [];
    for (let i = 0; ms.length < QUERIES + WARMUP && i < 100_000; i++) {
      const a = pts[Math.floor(rnd() * pts.length)]!;
      const b = pts[Math.floor(rnd() * pts.length)]!;
      if (haversineM(a.lat, a.lon, b.lat, b.lon) > maxM) continue;
      t = performance.now();
      routeSnapped(net, a, b, mode);
      ms.push(performance.now() - t);
    }
    return ms.slice(WARMUP);
  };
  const walkMs = timed('foot', 3000);
  const cycleMs = timed('bicycle', 15_000);
  const carMs = timed('car', 50_000);
  // The planner's walk access search: 15 minutes out to the stops (2,000 street points as stops).
  const stops = points('foot', 2000);
  const accessMs: number[] = [];
  for (const o of points('foot', QUERIES + WARMUP)) {
    t = performance.now();
    reachTargets(g, o, 'foot', 900, stops, 'from');
    accessMs.push(performance.now() - t);
  }
  accessMs.splice(0, WARMUP);
  const mem = process.memoryUsage();
  const figures: SizeFigures = {
    osmNodes,
    vertices: g.vertexCount,
    edges: g.edgeCount,
    pbfMb,
    writeS,
    readCpuS,
    prepareCpuS,
    graphMb: graphBytes(g) / 1e6,
    heapMb: mem.heapUsed / 1e6,
    rssMb: mem.rss / 1e6,
    peakRssMb: (process.resourceUsage().maxRSS * 1024) / 1e6,
    walkMs,
    cycleMs,
    carMs,
    accessMs,
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

function p50p95(xs: number[]): string {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number): number => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
  return `${at(0.5).toFixed(1)} / ${at(0.95).toFixed(1)}`;
}

if (process.argv[1] === THIS_FILE) {
  if (process.argv[2] === '--child') childMain(Number(process.argv[3]), process.argv[4]!);
  else {
    const sizes = (arg('nodes') ?? '1,4,16').split(',').map(Number);
    const dir = mkdtempSync(join(tmpdir(), 'cairn-street-scale-'));
    const head = [
      'OSM nodes',
      'graph vertices / edges',
      'PBF MB',
      'read + graph CPU s',
      'snap index + landmarks CPU s',
      'graph arrays MB',
      'heap MB',
      'RSS / peak MB',
      'walk ≤ 3 km p50 / p95 ms',
      'cycle ≤ 15 km',
      'car ≤ 50 km (A* + landmarks)',
      'walk access 15 min',
      'load (1 min)',
    ];
    console.log(`| ${head.join(' | ')} |`);
    console.log(`|${head.map(() => '---').join('|')}|`);
    try {
      for (const m of sizes) {
        const before = loadavg()[0]!.toFixed(1);
        const run = spawnSync(
          process.execPath,
          ['--expose-gc', '--max-old-space-size=11000', THIS_FILE, '--child', String(m), dir],
          { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
        );
        if (run.status !== 0) {
          console.log(`| ${m} M | failed (${run.status}): ${run.stderr.trim().split('\n').pop()} |`);
          continue;
        }
        const f = JSON.parse(run.stdout.trim().split('\n').pop()!) as SizeFigures;
        const num = (x: number): string => x.toLocaleString('en-GB');
        console.log(
          `| ${[
            num(f.osmNodes),
            `${num(f.vertices)} / ${num(f.edges)}`,
            f.pbfMb.toFixed(1),
            f.readCpuS.toFixed(1),
            f.prepareCpuS.toFixed(1),
            f.graphMb.toFixed(0),
            f.heapMb.toFixed(0),
            `${f.rssMb.toFixed(0)} / ${f.peakRssMb.toFixed(0)}`,
            p50p95(f.walkMs),
            p50p95(f.cycleMs),
            p50p95(f.carMs),
            p50p95(f.accessMs),
            `${before} → ${loadavg()[0]!.toFixed(1)}`,
          ].join(' | ')} |`,
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
