// McRAPTOR benchmark (not a test): McRAPTOR (walking as a Pareto criterion) next to Raptor on the
// same queries, same process, alternating engines per query so machine load hits both alike.
// Networks: the demo region (when built) and the generated Scotland-scale network of transit.ts
// (same generator, seed and size; built straight from the generator input, no GTFS round trip).
// Run: `npx node packages/engine/bench/mcRaptor.ts [--queries N] [--generated-only | --demo-only] [--small]`
// (or `npm run bench -- mcRaptor`). Queries as in transit.ts: walk access/egress within 600 m of
// random points near served stops, 06:00–20:00, earliest arrival and 2-hour range, depart-after;
// plus the planner's walk family (see KINDS).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadGtfsFeeds } from '../src/gtfs/loadFeeds.ts';
import { McRaptor } from '../src/raptor/mcRaptor.ts';
import { Raptor } from '../src/raptor/raptor.ts';
import type { RaptorQuery } from '../src/raptor/types.ts';
import { epochToLocal, localToEpochSec } from '../src/time/serviceDay.ts';
import { buildTimetable } from '../src/timetable/builder.ts';
import { listStopsWithinWalk } from '../src/timetable/nearbyStops.ts';
import type { Timetable } from '../src/timetable/timetable.ts';
import { TransitView } from '../src/timetable/transitView.ts';
import { generateScotlandNetwork, makeRandom, SCOTLAND_BENCH_DATE } from './transitNetwork.ts';
import type { Row } from './transit.ts';

const THIS_FILE = fileURLToPath(import.meta.url);
const QUERIES = 200;
const WARMUP_QUERIES = 30;
const BENCH_DATE = SCOTLAND_BENCH_DATE;

interface Kind {
  name: string;
  windowSec: number;
  maxTransfers: number;
  /** Walk reach around the random points. */
  radiusM: number;
  /** Alternate depart-after and arrive-by (else depart-after only). */
  bothDirections: boolean;
}

/**
 * Earliest arrival and 2-hour range as in transit.ts (600 m, 5 changes), and the planner's walk
 * family: 2-hour range, 3 changes, walks up to 1.5 km (its 20-minute walk limit), departing or
 * arriving by.
 */
const KINDS: Kind[] = [
  {
    name: 'earliest arrival, ≤ 5 changes',
    windowSec: 0,
    maxTransfers: 5,
    radiusM: 600,
    bothDirections: false,
  },
  {
    name: '2-hour range, ≤ 5 changes',
    windowSec: 2 * 3600,
    maxTransfers: 5,
    radiusM: 600,
    bothDirections: false,
  },
  {
    name: 'planner walk family: 2-hour range, ≤ 3 changes, 1.5 km walks, both directions',
    windowSec: 2 * 3600,
    maxTransfers: 3,
    radiusM: 1500,
    bothDirections: true,
  },
];

interface Sample {
  raptorMs: number[];
  mcMs: number[];
  raptorJourneys: number;
  mcJourneys: number;
  found: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function measure(name: string, tt: Timetable, date: number, queries: number): Row[] {
  const view = new TransitView(tt, date);
  const raptor = new Raptor(view, 5);
  const mc = new McRaptor(view, 5);
  const served: number[] = [];
  for (let s = 0; s < tt.stopCount; s++)
    if (tt.a.stopPatternOffsets[s + 1]! > tt.a.stopPatternOffsets[s]!) served.push(s);
  const samples = KINDS.map((): Sample => ({
    raptorMs: [],
    mcMs: [],
    raptorJourneys: 0,
    mcJourneys: 0,
    found: 0,
  }));
  let rnd = makeRandom(2026);
  const pointNear = (s: number): [number, number] => [
    tt.a.stopLat[s]! + (rnd() - 0.5) * 0.004,
    tt.a.stopLon[s]! + (rnd() - 0.5) * 0.006,
  ];
  const run = (count: number, record: boolean): void => {
    for (let q = 0; q < count * KINDS.length; q++) {
      const kind = KINDS[q % KINDS.length]!;
      const [fLat, fLon] = pointNear(served[Math.floor(rnd() * served.length)]!);
      const [tLat, tLon] = pointNear(served[Math.floor(rnd() * served.length)]!);
      const access = listStopsWithinWalk(tt, fLat, fLon, kind.radiusM);
      const egress = listStopsWithinWalk(tt, tLat, tLon, kind.radiusM);
      if (access.length === 0 || egress.length === 0) {
        q--;
        continue;
      }
      const local = 6 * 3600 + Math.floor(rnd() * 14 * 3600);
      const arriveBy = kind.bothDirections && Math.floor(q / KINDS.length) % 2 === 1;
      const query: RaptorQuery = {
        direction: arriveBy ? 'arrive-by' : 'depart-after',
        timeSec: localToEpochSec(tt.timezone, date, local) - view.epochZeroSec,
        windowSec: kind.windowSec,
        access,
        egress,
        maxTransfers: kind.maxTransfers,
      };
      // Alternate which engine goes first so caches and load favour neither.
      const timed = (engine: Raptor | McRaptor): [number, number] => {
        const started = performance.now();
        const n = engine.route(query).journeys.length;
        return [performance.now() - started, n];
      };
      const mcFirst = q % 2 === 0;
      const [aMs, aN] = timed(mcFirst ? mc : raptor);
      const [bMs, bN] = timed(mcFirst ? raptor : mc);
      if (!record) continue;
      const [rMs, rN, mMs, mN] = mcFirst ? [bMs, bN, aMs, aN] : [aMs, aN, bMs, bN];
      const s = samples[q % KINDS.length]!;
      s.raptorMs.push(rMs);
      s.mcMs.push(mMs);
      s.raptorJourneys += rN;
      s.mcJourneys += mN;
      if (rN > 0) s.found++;
    }
  };
  rnd = makeRandom(7);
  run(Math.min(WARMUP_QUERIES, queries), false);
  rnd = makeRandom(2026);
  run(queries, true);
  const rows: Row[] = [
    {
      network: name,
      metric: 'size',
      value: `${tt.stopCount} stops, ${tt.patternCount} patterns, ${tt.tripCount} trips`,
      target: '',
    },
  ];
  KINDS.forEach((kind, i) => {
    const s = samples[i]!;
    const r = [...s.raptorMs].sort((a, b) => a - b);
    const m = [...s.mcMs].sort((a, b) => a - b);
    const fmt = (x: number[]): string =>
      `${percentile(x, 50).toFixed(1)} / ${percentile(x, 95).toFixed(1)} / ${x[x.length - 1]!.toFixed(1)} ms`;
    rows.push(
      {
        network: name,
        metric: `${kind.name}: Raptor p50/p95/max (${r.length} queries, ${s.found} with a journey)`,
        value: fmt(r),
        target: '',
      },
      {
        network: name,
        metric: `${kind.name}: McRAPTOR p50/p95/max (same queries)`,
        value: fmt(m),
        target: '',
      },
      {
        network: name,
        metric: `${kind.name}: journeys per query, Raptor → McRAPTOR`,
        value: `${(s.raptorJourneys / r.length).toFixed(2)} → ${(s.mcJourneys / m.length).toFixed(2)}`,
        target: '',
      },
    );
  });
  return rows;
}

/** McRAPTOR and Raptor latency on the demo region (when built) and the generated Scotland-scale network. */
export function runMcRaptorBench(
  options: { small?: boolean; generatedOnly?: boolean; demoOnly?: boolean; queries?: number } = {},
): Row[] {
  const queries = options.queries ?? QUERIES;
  const rows: Row[] = [];
  const demo = new URL('../../../regions/cairngorms/build/gtfs/', import.meta.url).pathname;
  if (!options.generatedOnly) {
    if (existsSync(demo)) {
      const dirs = readdirSync(demo)
        .map((d) => join(demo, d))
        .filter((d) => statSync(d).isDirectory() || d.endsWith('.zip'));
      const loaded = loadGtfsFeeds(dirs.map((path) => ({ path })));
      if (!loaded.ok) throw new Error('demo region: feed not usable');
      // The demo region is generated around today's date, so its timetable runs today.
      rows.push(
        ...measure(
          'demo region (cairngorms)',
          loaded.timetable,
          epochToLocal('Europe/London', Date.now() / 1000).date,
          queries,
        ),
      );
    } else
      rows.push({
        network: 'demo region',
        metric: 'skipped',
        value: 'regions/cairngorms/build not generated',
        target: '',
      });
  }
  if (options.demoOnly) return rows;
  const scale = options.small ? 0.1 : 1;
  const input = generateScotlandNetwork(scale);
  rows.push(
    ...measure(
      options.small ? 'generated (10% of Scotland scale)' : 'generated Scotland scale',
      buildTimetable(input),
      BENCH_DATE,
      queries,
    ),
  );
  return rows;
}

if (process.argv[1] === THIS_FILE) {
  const qi = process.argv.indexOf('--queries');
  const rows = runMcRaptorBench({
    small: process.argv.includes('--small'),
    generatedOnly: process.argv.includes('--generated-only'),
    demoOnly: process.argv.includes('--demo-only'),
    queries: qi > 0 ? Number(process.argv[qi + 1]) : undefined,
  });
  const widths = [0, 0, 0];
  const cells = rows.map((r) => [r.network, r.metric, r.value]);
  for (const c of [['network', 'metric', 'value'], ...cells])
    c.forEach((v, i) => (widths[i] = Math.max(widths[i]!, v.length)));
  const line = (c: string[]): string => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(['network', 'metric', 'value']));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) console.log(line(c));
}
