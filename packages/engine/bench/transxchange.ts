// TransXChange benchmark (not a test): files per second and memory reading a region published as
// TransXChange the way the Traveline National Dataset publishes Scotland (one file per service,
// stops from NaPTAN), and the time to plan on the timetable it gives. The region is generated: the
// Scotland-scale bench network at 40 % (1,200 services, about TNDS Scotland's count, 60,000
// journeys) written out one service per file. Run: `npm run bench -- transxchange` (`--small` for
// a quick look). Reading runs in a fresh process so its memory is its own.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readTimetableFeed } from '../src/feeds/readTimetableFeed.ts';
import { readGtfsFeed } from '../src/gtfs/readFeed.ts';
import { feedsToTimetableInput } from '../src/gtfs/toTimetableInput.ts';
import type { GtfsFeed } from '../src/gtfs/types.ts';
import { Raptor } from '../src/raptor/raptor.ts';
import { localToEpochSec } from '../src/time/serviceDay.ts';
import { buildTimetable } from '../src/timetable/builder.ts';
import { TransitView } from '../src/timetable/transitView.ts';
import { writeTransxchange } from '../src/transxchange/writeTransxchange.ts';
import { printTable } from './transit.ts';
import type { Row } from './transit.ts';
import {
  generateScotlandNetwork,
  makeRandom,
  SCOTLAND_BENCH_DATE,
  writeNetworkAsGtfs,
} from './transitNetwork.ts';

const THIS_FILE = fileURLToPath(import.meta.url);
const QUERIES = 300;

/** One route of a feed as a feed of its own (all stops and services kept; the writer names only those called at). */
function routeFeed(feed: GtfsFeed, route: number, tripsOfRoute: number[]): GtfsFeed {
  const st = feed.stopTimes;
  const offsets = [0];
  const cols = {
    stopIdx: [] as number[],
    arr: [] as number[],
    dep: [] as number[],
    pick: [] as number[],
    drop: [] as number[],
  };
  for (const t of tripsOfRoute) {
    for (let k = st.tripOffsets[t]!; k < st.tripOffsets[t + 1]!; k++) {
      cols.stopIdx.push(st.stopIdx[k]!);
      cols.arr.push(st.arrivalSec[k]!);
      cols.dep.push(st.departureSec[k]!);
      cols.pick.push(st.pickupType[k]!);
      cols.drop.push(st.dropOffType[k]!);
    }
    offsets.push(cols.stopIdx.length);
  }
  const newIdx = new Map(tripsOfRoute.map((t, i) => [t, i]));
  return {
    ...feed,
    routes: [feed.routes[route]!],
    trips: tripsOfRoute.map((t) => ({ ...feed.trips[t]!, routeIdx: 0 })),
    stopTimes: {
      tripOffsets: Int32Array.from(offsets),
      stopIdx: Int32Array.from(cols.stopIdx),
      arrivalSec: Int32Array.from(cols.arr),
      departureSec: Int32Array.from(cols.dep),
      pickupType: Uint8Array.from(cols.pick),
      dropOffType: Uint8Array.from(cols.drop),
    },
    frequencies: feed.frequencies
      .filter((f) => newIdx.has(f.tripIdx))
      .map((f) => ({ ...f, tripIdx: newIdx.get(f.tripIdx)! })),
  };
}

/** Writes the region: one TransXChange file per service and a NaPTAN Stops.csv. */
function writeRegion(dir: string, scale: number): { files: number; trips: number; stops: number } {
  const gtfsDir = join(dir, 'gtfs');
  writeNetworkAsGtfs(generateScotlandNetwork(scale), gtfsDir);
  const read = readGtfsFeed(gtfsDir, { feedId: 'tnds' });
  if (!read.ok) throw new Error('generated GTFS unreadable');
  const feed = read.feed;
  const byRoute = new Map<number, number[]>();
  feed.trips.forEach((t, i) => {
    const list = byRoute.get(t.routeIdx) ?? [];
    list.push(i);
    byRoute.set(t.routeIdx, list);
  });
  const txcDir = join(dir, 'S');
  mkdirSync(txcDir, { recursive: true });
  let naptan = '';
  for (const [route, trips] of byRoute) {
    const { xml, naptanCsv } = writeTransxchange(routeFeed(feed, route, trips));
    writeFileSync(join(txcDir, `SVR${feed.routes[route]!.id}.xml`), xml);
    naptan ||= naptanCsv;
  }
  writeFileSync(join(dir, 'Stops.csv'), naptan);
  rmSync(gtfsDir, { recursive: true, force: true });
  return { files: byRoute.size, trips: feed.trips.length, stops: feed.stops.length };
}

interface ChildFigures {
  readMs: number;
  buildMs: number;
  rssMb: number;
  heapMb: number;
  trips: number;
  queryMs: number[];
  found: number;
}

/** In a fresh process: read the TransXChange folder, build the timetable, plan stop to stop. */
function childMain(dir: string): void {
  const t0 = performance.now();
  const read = readTimetableFeed(join(dir, 'S'), {
    feedId: 'tnds',
    type: 'transxchange',
    stopsPath: join(dir, 'Stops.csv'),
    nation: 'scotland',
  });
  if (!read.ok) throw new Error(read.warnings.map((w) => w.message).join('; '));
  const readMs = performance.now() - t0;
  const rssMb = process.memoryUsage().rss / 1e6;
  const heapMb = process.memoryUsage().heapUsed / 1e6;
  const t1 = performance.now();
  const tt = buildTimetable(feedsToTimetableInput([read.feed]));
  const buildMs = performance.now() - t1;
  const view = new TransitView(tt, SCOTLAND_BENCH_DATE);
  const raptor = new Raptor(view, 5);
  const rnd = makeRandom(29);
  const queryMs: number[] = [];
  let found = 0;
  for (let q = 0; q < QUERIES; q++) {
    const from = Math.floor(rnd() * tt.stopCount);
    const to = Math.floor(rnd() * tt.stopCount);
    const timeSec =
      localToEpochSec(tt.timezone, SCOTLAND_BENCH_DATE, (6 + Math.floor(rnd() * 12)) * 3600) -
      view.epochZeroSec;
    const started = performance.now();
    const res = raptor.route({
      direction: 'depart-after',
      timeSec,
      access: [{ stopIdx: from, durationSec: 0, mode: 'walk' }],
      egress: [{ stopIdx: to, durationSec: 0, mode: 'walk' }],
      maxTransfers: 5,
    });
    if (q >= 20) queryMs.push(performance.now() - started); // the first 20 warm the JIT
    if (res.journeys.length > 0) found++;
  }
  const figures: ChildFigures = { readMs, buildMs, rssMb, heapMb, trips: tt.tripCount, queryMs, found };
  console.log(JSON.stringify(figures));
}

const pct = (xs: number[], p: number): number =>
  [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)] ?? NaN;

/** Generates the region, reads it in a child process and returns the table rows. */
export function runTransxchangeBench(small: boolean): Row[] {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-txc-bench-'));
  try {
    const scale = small ? 0.05 : 0.4;
    const written = writeRegion(dir, scale);
    const names = readdirSync(join(dir, 'S'));
    const mb = names.reduce((n, f) => n + statSync(join(dir, 'S', f)).size, 0) / 1e6;
    const child = spawnSync(process.execPath, ['--expose-gc', THIS_FILE, '--child', dir], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    if (child.status !== 0) throw new Error(child.stderr);
    const f = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as ChildFigures;
    const network = `TNDS-sized TransXChange (${written.files} files, ${mb.toFixed(0)} MB, ${written.trips} journeys, ${written.stops} NaPTAN stops)`;
    return [
      {
        network,
        metric: 'read (files/s)',
        value: `${Math.round((names.length / f.readMs) * 1000)} files/s, ${((mb / f.readMs) * 1000).toFixed(1)} MB/s (${(f.readMs / 1000).toFixed(1)} s)`,
        target: '≥ 100 files/s',
      },
      {
        network,
        metric: 'memory after reading (RSS / heap)',
        value: `${Math.round(f.rssMb)} MB / ${Math.round(f.heapMb)} MB`,
        target: '< 2 GB',
      },
      {
        network,
        metric: 'timetable build',
        value: `${(f.buildMs / 1000).toFixed(1)} s`,
        target: 'informational',
      },
      {
        network,
        metric: `stop-to-stop plan (n=${f.queryMs.length}, ${f.found} found)`,
        value: `median ${pct(f.queryMs, 0.5).toFixed(1)} ms, p95 ${pct(f.queryMs, 0.95).toFixed(1)} ms`,
        target: 'p95 < 500 ms',
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === THIS_FILE) {
  if (process.argv[2] === '--child') childMain(process.argv[3]!);
  else printTable(runTransxchangeBench(process.argv.includes('--small')));
}
