// Great-Britain-scale transit bench (issue 32): the generated network of transitNetwork.ts
// (generateGreatBritainNetwork: 400,000 stops, about 25 M stop times at scale 1, dense towns and
// sparse country, buses, rail and ferries) at several fractions of its size, so the curve from
// Scotland size to GB size is measured rather than guessed. For each scale, in processes of their
// own: the build (generate, group trips into patterns, footpaths, write the snapshot) with its time
// and peak memory, then a fresh process that loads the snapshot and routes (transit.ts's query
// child: snapshot load, resident memory, earliest-arrival and 2-hour range latency).
// Run: node --expose-gc packages/engine/bench/greatBritain.ts [--scales=0.1,0.25,0.5,1] [--queries=300] [--json]
// Each process gets --max-old-space-size=9000: the machine is shared, so one process stays under 10 GB.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTimetable } from '../src/timetable/builder.ts';
import { writeTimetableSnapshot } from '../src/timetable/snapshot.ts';
import type { ChildFigures } from './transit.ts';
import { generateGreatBritainNetwork, SCOTLAND_BENCH_DATE } from './transitNetwork.ts';

const THIS_FILE = fileURLToPath(import.meta.url);
const TRANSIT_BENCH = fileURLToPath(new URL('./transit.ts', import.meta.url));
const HEAP_FLAG = '--max-old-space-size=9000';

/** What the build process reports. */
export interface BuildFigures {
  stops: number;
  patterns: number;
  trips: number;
  stopTimes: number;
  ferryLines: number;
  trainLines: number;
  generateCpuMs: number;
  buildCpuMs: number;
  buildWallMs: number;
  writeWallMs: number;
  snapshotBytes: number;
  /** Peak resident memory of the build process (generation included). */
  peakRssMb: number;
}

/** One scale's figures, as printed and as --json gives them. */
export interface ScaleRow {
  scale: number;
  load: string;
  build: BuildFigures;
  query: {
    snapshotLoadMs: number;
    rssMb: number;
    eaFound: number;
    rangeFound: number;
    ea: Percentiles;
    range: Percentiles;
    eaCpu: Percentiles;
    rangeCpu: Percentiles;
  };
}

interface Percentiles {
  p50: number;
  p95: number;
}

const cpuMs = (since: NodeJS.CpuUsage): number => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};

/** The build process: generate the network, build the timetable, write the snapshot. */
function buildMain(scale: number, snapshot: string): void {
  let c = process.cpuUsage();
  const input = generateGreatBritainNetwork(scale);
  const generateCpuMs = cpuMs(c);
  c = process.cpuUsage();
  const t0 = performance.now();
  const tt = buildTimetable(input);
  const buildCpuMs = cpuMs(c);
  const buildWallMs = performance.now() - t0;
  const t1 = performance.now();
  const { bytes } = writeTimetableSnapshot(tt, snapshot);
  const figures: BuildFigures = {
    stops: tt.stopCount,
    patterns: tt.patternCount,
    trips: tt.tripCount,
    stopTimes: tt.stopTimeCount,
    ferryLines: input.lines.filter((l) => l.mode === 'ferry').length,
    trainLines: input.lines.filter((l) => l.mode === 'train').length,
    generateCpuMs,
    buildCpuMs,
    buildWallMs,
    writeWallMs: performance.now() - t1,
    snapshotBytes: bytes,
    peakRssMb: process.resourceUsage().maxRSS / 1000,
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

/** Runs a child process of this bench or of transit.ts and returns its last stdout line as JSON. */
function child<T>(args: string[]): T {
  const run = spawnSync(process.execPath, [HEAP_FLAG, ...args], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`${args.join(' ')} failed (${run.status}): ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').pop()!) as T;
}

function percentiles(xs: number[]): Percentiles {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95) };
}

/** Measures one scale: build in one process, load and route in another; the snapshot is deleted after. */
function measureScale(scale: number, queries: number, dir: string): ScaleRow {
  const before = loadavg()[0]!.toFixed(1);
  const snapshot = join(dir, `gb-${scale}.bin`);
  try {
    const build = child<BuildFigures>([THIS_FILE, '--build', String(scale), snapshot]);
    const f = child<ChildFigures>([
      TRANSIT_BENCH,
      '--child',
      snapshot,
      String(SCOTLAND_BENCH_DATE),
      String(queries),
    ]);
    return {
      scale,
      load: `${before} → ${loadavg()[0]!.toFixed(1)}`,
      build,
      query: {
        snapshotLoadMs: f.snapshotLoadMs,
        rssMb: f.rssMb,
        eaFound: f.eaFound,
        rangeFound: f.rangeFound,
        ea: percentiles(f.ea),
        range: percentiles(f.range),
        eaCpu: percentiles(f.eaCpu),
        rangeCpu: percentiles(f.rangeCpu),
      },
    };
  } finally {
    rmSync(snapshot, { force: true });
  }
}

/** Prints the rows as one Markdown table, a scale per row. */
function printRows(rows: ScaleRow[], queries: number): void {
  const n = (x: number) => x.toLocaleString('en-GB');
  const ms = (p: Percentiles) => `${p.p50.toFixed(1)} / ${p.p95.toFixed(1)}`;
  const head = [
    'scale',
    'stops',
    'stop times',
    'patterns',
    'build CPU s (generate)',
    'build peak RSS MB',
    'snapshot MB',
    'snapshot load s',
    'planner RSS MB',
    `earliest arrival p50 / p95 ms (CPU) of ${queries}`,
    '2-hour range p50 / p95 ms (CPU)',
    'load (1 min)',
  ];
  const lines = rows.map((r) => [
    `${r.scale} GB`,
    n(r.build.stops),
    n(r.build.stopTimes),
    n(r.build.patterns),
    `${(r.build.buildCpuMs / 1000).toFixed(1)} (${(r.build.generateCpuMs / 1000).toFixed(1)})`,
    r.build.peakRssMb.toFixed(0),
    (r.build.snapshotBytes / 1e6).toFixed(0),
    (r.query.snapshotLoadMs / 1000).toFixed(2),
    r.query.rssMb.toFixed(0),
    `${ms(r.query.ea)} (${ms(r.query.eaCpu)})`,
    `${ms(r.query.range)} (${ms(r.query.rangeCpu)})`,
    r.load,
  ]);
  console.log(`| ${head.join(' | ')} |`);
  console.log(`|${head.map(() => '---').join('|')}|`);
  for (const l of lines) console.log(`| ${l.join(' | ')} |`);
}

if (process.argv[1] === THIS_FILE) {
  if (process.argv[2] === '--build') buildMain(Number(process.argv[3]), process.argv[4]!);
  else {
    const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
    const scales = (arg('scales') ?? '0.1,0.25,0.5,1').split(',').map(Number);
    const queries = Number(arg('queries') ?? 300);
    const dir = mkdtempSync(join(tmpdir(), 'cairn-gb-bench-'));
    const rows: ScaleRow[] = [];
    try {
      for (const scale of scales) {
        rows.push(measureScale(scale, queries, dir));
        if (!process.argv.includes('--json')) console.error(`scale ${scale} done`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    if (process.argv.includes('--json')) console.log(JSON.stringify(rows, null, 1));
    else printRows(rows, queries);
  }
}
