// Transit benchmark (not a test): feed load, snapshot load, memory and query latency for the demo
// region and a seeded Scotland-scale network. Run: `npx node packages/engine/bench/transit.ts`
// (or `npm run bench -- transit`). `--small` runs a reduced network for a quick look;
// `--generated-only` skips the demo region; `--queries N` sets queries per kind (default 1000).
// Query latency excludes a warm-up of WARMUP_QUERIES queries drawn from a separate seed, so the
// measured query set is the same whatever the warm-up does.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadGtfsFeeds } from '../src/gtfs/loadFeeds.ts';
import { Raptor } from '../src/raptor/raptor.ts';
import { epochToLocal, localToEpochSec } from '../src/time/serviceDay.ts';
import { listStopsWithinWalk } from '../src/timetable/nearbyStops.ts';
import { readTimetableSnapshot, writeTimetableSnapshot } from '../src/timetable/snapshot.ts';
import { TransitView } from '../src/timetable/transitView.ts';
import {
  generateScotlandNetwork,
  makeRandom,
  SCOTLAND_BENCH_DATE,
  writeNetworkAsGtfs,
} from './transitNetwork.ts';

export interface Row {
  network: string;
  metric: string;
  value: string;
  target: string;
}

const THIS_FILE = fileURLToPath(import.meta.url);
const QUERIES = 1000;
const WARMUP_QUERIES = 100;
const BENCH_DATE = SCOTLAND_BENCH_DATE;

export interface ChildFigures {
  snapshotLoadMs: number;
  rssMb: number;
  stops: number;
  stopTimes: number;
  ea: number[];
  range: number[];
  /** Process CPU time per query (less sensitive than wall time to other load on the machine). */
  eaCpu: number[];
  rangeCpu: number[];
  eaFound: number;
  rangeFound: number;
  /** Wall times of the queries that found a journey (the unreachable ones end early). */
  eaWithJourney: number[];
  rangeWithJourney: number[];
}

/** Runs in a fresh process so that load time and memory are those of a server loading the snapshot. */
function childMain(snapshot: string, date: number, queries: number): void {
  const t0 = performance.now();
  const read = readTimetableSnapshot(snapshot);
  if (!read.ok) throw new Error(read.message);
  const tt = read.timetable;
  const view = new TransitView(tt, date);
  const snapshotLoadMs = performance.now() - t0;
  const raptor = new Raptor(view, 5);
  const served: number[] = [];
  for (let s = 0; s < tt.stopCount; s++)
    if (tt.a.stopPatternOffsets[s + 1]! > tt.a.stopPatternOffsets[s]!) served.push(s);
  let rnd = makeRandom(2026);
  const ea: number[] = [];
  const range: number[] = [];
  const eaCpu: number[] = [];
  const rangeCpu: number[] = [];
  let eaFound = 0;
  let rangeFound = 0;
  const eaWithJourney: number[] = [];
  const rangeWithJourney: number[] = [];
  const pointNear = (s: number): [number, number] => [
    tt.a.stopLat[s]! + (rnd() - 0.5) * 0.004,
    tt.a.stopLon[s]! + (rnd() - 0.5) * 0.006,
  ];
  const run = (count: number, record: boolean): void => {
    for (let q = 0; q < count * 2; q++) {
      const [fLat, fLon] = pointNear(served[Math.floor(rnd() * served.length)]!);
      const [tLat, tLon] = pointNear(served[Math.floor(rnd() * served.length)]!);
      const access = listStopsWithinWalk(tt, fLat, fLon, 600);
      const egress = listStopsWithinWalk(tt, tLat, tLon, 600);
      if (access.length === 0 || egress.length === 0) {
        q--;
        continue;
      }
      const local = 6 * 3600 + Math.floor(rnd() * 14 * 3600);
      const timeSec = localToEpochSec(tt.timezone, date, local) - view.epochZeroSec;
      const isRange = q % 2 === 1;
      const cpuStarted = process.cpuUsage();
      const started = performance.now();
      const res = raptor.route({
        direction: 'depart-after',
        timeSec,
        windowSec: isRange ? 2 * 3600 : 0,
        access,
        egress,
        maxTransfers: 5,
      });
      const ms = performance.now() - started;
      const cpuMs = process.cpuUsage(cpuStarted).user / 1000;
      if (!record) continue;
      if (isRange) {
        range.push(ms);
        rangeCpu.push(cpuMs);
        if (res.journeys.length > 0) {
          rangeFound++;
          rangeWithJourney.push(ms);
        }
      } else {
        ea.push(ms);
        eaCpu.push(cpuMs);
        if (res.journeys.length > 0) {
          eaFound++;
          eaWithJourney.push(ms);
        }
      }
    }
  };
  // Warm-up (JIT, caches) on its own seed, excluded from the figures.
  rnd = makeRandom(7);
  run(Math.min(WARMUP_QUERIES, queries), false);
  rnd = makeRandom(2026);
  run(queries, true);
  const figures: ChildFigures = {
    snapshotLoadMs,
    rssMb: process.memoryUsage().rss / 1e6,
    stops: tt.stopCount,
    stopTimes: tt.stopTimeCount,
    ea,
    range,
    eaCpu,
    rangeCpu,
    eaFound,
    rangeFound,
    eaWithJourney,
    rangeWithJourney,
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function measureNetwork(
  name: string,
  gtfsDirs: string[],
  date: number,
  queries: number,
  workDir: string,
): Row[] {
  const rows: Row[] = [];
  const add = (metric: string, value: string, target = ''): void => {
    rows.push({ network: name, metric, value, target });
  };
  global.gc?.();
  const t0 = performance.now();
  const loaded = loadGtfsFeeds(gtfsDirs.map((path) => ({ path })));
  if (!loaded.ok) throw new Error(`${name}: feed not usable`);
  const feedMs = performance.now() - t0;
  const tt = loaded.timetable;
  add(
    'size',
    `${tt.stopCount} stops, ${tt.patternCount} patterns, ${tt.tripCount} trips, ${tt.stopTimeCount} stop times`,
  );
  add('feed load (parse GTFS + build)', `${(feedMs / 1000).toFixed(2)} s`);
  const snapshot = join(workDir, `${name.replace(/\W+/g, '-')}.bin`);
  const { bytes } = writeTimetableSnapshot(tt, snapshot);
  add('snapshot size', `${(bytes / 1e6).toFixed(1)} MB`);
  const child = spawnSync(process.execPath, [THIS_FILE, '--child', snapshot, String(date), String(queries)], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`${name}: query process failed: ${child.stderr}`);
  const f = JSON.parse(child.stdout.trim().split('\n').pop()!) as ChildFigures;
  const ea = [...f.ea].sort((a, b) => a - b);
  const range = [...f.range].sort((a, b) => a - b);
  add('snapshot load (read + day view)', `${(f.snapshotLoadMs / 1000).toFixed(2)} s`, '≤ 3 s');
  add('resident memory after queries', `${f.rssMb.toFixed(0)} MB`, '≤ 1500 MB');
  add(
    `earliest arrival p50/p95/max (${ea.length} queries after ${Math.min(WARMUP_QUERIES, queries)}×2 warm-up, ${f.eaFound} with a journey)`,
    `${percentile(ea, 50).toFixed(1)} / ${percentile(ea, 95).toFixed(1)} / ${ea[ea.length - 1]!.toFixed(1)} ms`,
    'p50 ≤ 10 ms',
  );
  add(
    `2-hour range p50/p95/max (${range.length} queries, ${f.rangeFound} with a journey)`,
    `${percentile(range, 50).toFixed(1)} / ${percentile(range, 95).toFixed(1)} / ${range[range.length - 1]!.toFixed(1)} ms`,
    'p95 ≤ 60 ms',
  );
  const eaHit = [...f.eaWithJourney].sort((a, b) => a - b);
  const rangeHit = [...f.rangeWithJourney].sort((a, b) => a - b);
  add(
    'earliest arrival p50/p95, queries with a journey only',
    `${percentile(eaHit, 50).toFixed(1)} / ${percentile(eaHit, 95).toFixed(1)} ms`,
  );
  add(
    '2-hour range p50/p95, queries with a journey only',
    `${percentile(rangeHit, 50).toFixed(1)} / ${percentile(rangeHit, 95).toFixed(1)} ms`,
  );
  const eaCpu = [...f.eaCpu].sort((a, b) => a - b);
  const rangeCpu = [...f.rangeCpu].sort((a, b) => a - b);
  add(
    'earliest arrival, process CPU time p50/p95',
    `${percentile(eaCpu, 50).toFixed(1)} / ${percentile(eaCpu, 95).toFixed(1)} ms`,
  );
  add(
    '2-hour range, process CPU time p50/p95',
    `${percentile(rangeCpu, 50).toFixed(1)} / ${percentile(rangeCpu, 95).toFixed(1)} ms`,
  );
  return rows;
}

/** Measures the demo region (when built) and the generated Scotland-scale network. */
export async function runTransitBench(
  options: { small?: boolean; generatedOnly?: boolean; queries?: number } = {},
): Promise<Row[]> {
  const queries = options.queries ?? QUERIES;
  const workDir = mkdtempSync(join(tmpdir(), 'cairn-transit-bench-'));
  const rows: Row[] = [];
  try {
    const demo = new URL('../../../regions/cairngorms/build/gtfs/', import.meta.url).pathname;
    if (options.generatedOnly) {
      // Skipped on request.
    } else if (existsSync(demo)) {
      const dirs = readdirSync(demo)
        .map((d) => join(demo, d))
        .filter((d) => statSync(d).isDirectory() || d.endsWith('.zip'));
      // The demo region is generated around today's date, so its timetable runs today.
      rows.push(
        ...measureNetwork(
          'demo region (cairngorms)',
          dirs,
          epochToLocal('Europe/London', Date.now() / 1000).date,
          queries,
          workDir,
        ),
      );
    } else {
      rows.push({
        network: 'demo region',
        metric: 'skipped',
        value: 'regions/cairngorms/build not generated',
        target: '',
      });
    }
    const scale = options.small ? 0.1 : 1;
    const input = generateScotlandNetwork(scale);
    const gtfsDir = join(workDir, 'scotland-gtfs');
    writeNetworkAsGtfs(input, gtfsDir);
    rows.push(
      ...measureNetwork(
        options.small ? 'generated (10% of Scotland scale)' : 'generated Scotland scale',
        [gtfsDir],
        BENCH_DATE,
        queries,
        workDir,
      ),
    );
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  return rows;
}

/** Prints bench rows as a Markdown table. */
export function printTable(rows: Row[]): void {
  const widths = [0, 0, 0, 0];
  const cells = rows.map((r) => [r.network, r.metric, r.value, r.target]);
  for (const c of [['network', 'metric', 'value', 'target'], ...cells])
    c.forEach((v, i) => (widths[i] = Math.max(widths[i]!, v.length)));
  const line = (c: string[]): string => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(['network', 'metric', 'value', 'target']));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) console.log(line(c));
}

if (process.argv[1] === THIS_FILE) {
  if (process.argv[2] === '--child')
    childMain(process.argv[3]!, Number(process.argv[4]), Number(process.argv[5]));
  else {
    const qi = process.argv.indexOf('--queries');
    printTable(
      await runTransitBench({
        small: process.argv.includes('--small'),
        generatedOnly: process.argv.includes('--generated-only'),
        queries: qi > 0 ? Number(process.argv[qi + 1]) : undefined,
      }),
    );
  }
}
