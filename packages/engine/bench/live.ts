// Live-running benchmark (not a test): applying a full GTFS-realtime TripUpdates feed (every trip
// of the day updated) to the Scotland-scale network, and what routing on the live view costs
// against the timetable view, on the transit bench's kind of queries. Run:
// `npx node packages/engine/bench/live.ts` (or `npm run bench -- live`); `--small` for a 10%
// network, `--queries N` per kind (default 300).
import bindings from 'gtfs-realtime-bindings';
import { decodeFeed } from '../src/realtime/decodeFeed.ts';
import { LiveStore } from '../src/realtime/liveStore.ts';
import type { LiveVersion } from '../src/realtime/liveVersion.ts';
import { Raptor } from '../src/raptor/raptor.ts';
import { dateToDayNumber, localToEpochSec } from '../src/time/serviceDay.ts';
import { buildTimetable } from '../src/timetable/builder.ts';
import { listStopsWithinWalk } from '../src/timetable/nearbyStops.ts';
import type { Timetable } from '../src/timetable/timetable.ts';
import { serviceRunsOn, TransitView } from '../src/timetable/transitView.ts';
import { generateScotlandNetwork, makeRandom, SCOTLAND_BENCH_DATE } from './transitNetwork.ts';

const rt = bindings.transit_realtime;
const args = process.argv.slice(2);
const SMALL = args.includes('--small');
const QUERIES = Number(args[args.indexOf('--queries') + 1] ?? 0) || 300;
const DATE = SCOTLAND_BENCH_DATE;
const DAY = dateToDayNumber(DATE);

/** Every trip running on DATE gets an update: a delay from a random stop on, sometimes a second one later. */
function fullFeed(tt: Timetable, share: number, nowSec: number): { bytes: Uint8Array; trips: number } {
  const rnd = makeRandom(18);
  const entity: object[] = [];
  for (let t = 0; t < tt.tripCount; t++) {
    if (!serviceRunsOn(tt.a, tt.a.tripService[t]!, DAY) || rnd() >= share) continue;
    const r = tt.a.tripPattern[t]!;
    const n = tt.a.patternStopOffsets[r + 1]! - tt.a.patternStopOffsets[r]!;
    const stopId = (pos: number) =>
      tt.meta.stopIds[tt.a.patternStops[tt.a.patternStopOffsets[r]! + pos]!]!.slice(4);
    const from = Math.floor(rnd() * n);
    const delay = Math.round((rnd() * 15 - 2) * 60);
    const updates: object[] = [{ stopId: stopId(from), arrival: { delay }, departure: { delay } }];
    if (from + 2 < n && rnd() < 0.5)
      updates.push({ stopId: stopId(from + 2), arrival: { delay: delay + 120 } });
    entity.push({
      id: `e${t}`,
      tripUpdate: {
        trip: { tripId: tt.meta.tripInfoIds[tt.a.tripInfo[t]!]!.slice(4), startDate: String(DATE) },
        stopTimeUpdate: updates,
      },
    });
  }
  const msg = rt.FeedMessage.fromObject({
    header: { gtfsRealtimeVersion: '2.0', incrementality: 'FULL_DATASET', timestamp: nowSec },
    entity,
  });
  return { bytes: rt.FeedMessage.encode(msg).finish(), trips: entity.length };
}

const time = <T>(f: () => T): [T, number] => {
  const t0 = performance.now();
  const out = f();
  return [out, performance.now() - t0];
};
/** Process CPU time of `f` (user + system), less sensitive than wall time to other load on a shared machine. */
const cpuTime = <T>(f: () => T): [T, number] => {
  const c0 = process.cpuUsage();
  const out = f();
  const c = process.cpuUsage(c0);
  return [out, (c.user + c.system) / 1000];
};
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
/** Live over timetable time of each query (the same query on both): robust to load spikes on a shared machine. */
const ratios = (base: number[], live: number[]) => base.map((b, i) => live[i]! / Math.max(b, 1e-3));

function applyFeed(tt: Timetable, bytes: Uint8Array, nowSec: number) {
  // The feed was just built here: its garbage is not the server's, collect it before timing.
  global.gc?.();
  const store = new LiveStore(tt, 'bench');
  const src = { source: 'bench', feedId: 'gen', kind: 'trip-updates' as const, maxAgeSec: 300 };
  const [[{ version, report }, ingestMs], ingestCpuMs] = cpuTime(() =>
    time(() => store.ingest(src, bytes, nowSec)),
  );
  const [[view, viewMs], viewCpuMs] = cpuTime(() =>
    time(() => new TransitView(tt, DATE, tt.timezone, version)),
  );
  const [decoded, decodeMs] = time(() => decodeFeed(bytes));
  if (!decoded.ok) throw new Error(decoded.error);
  return { version, report, decodeMs, ingestMs, viewMs, view, cpuMs: ingestCpuMs + viewCpuMs };
}

/** The same queries on the timetable view and the live view, alternating so both see the same machine load. */
function queryOverhead(tt: Timetable, version: LiveVersion) {
  const base = new TransitView(tt, DATE);
  const live = new TransitView(tt, DATE, tt.timezone, version);
  const engines = [new Raptor(base, 5), new Raptor(live, 5)];
  const served: number[] = [];
  for (let s = 0; s < tt.stopCount; s++)
    if (tt.a.stopPatternOffsets[s + 1]! > tt.a.stopPatternOffsets[s]!) served.push(s);
  const ms: [number[], number[]][] = [
    [[], []],
    [[], []],
  ];
  const run = (seed: number, count: number, record: boolean) => {
    const rnd = makeRandom(seed);
    for (let q = 0; q < count * 2; q++) {
      const from = served[Math.floor(rnd() * served.length)]!;
      const to = served[Math.floor(rnd() * served.length)]!;
      const access = listStopsWithinWalk(tt, tt.a.stopLat[from]!, tt.a.stopLon[from]!, 600);
      const egress = listStopsWithinWalk(tt, tt.a.stopLat[to]!, tt.a.stopLon[to]!, 600);
      const timeSec =
        localToEpochSec(tt.timezone, DATE, 6 * 3600 + Math.floor(rnd() * 14 * 3600)) - base.epochZeroSec;
      const kind = q % 2;
      const order = q % 4 < 2 ? [0, 1] : [1, 0];
      for (const e of order) {
        // CPU time: the same query on both views, measured as the process's own work.
        const c0 = process.cpuUsage();
        engines[e]!.route({
          direction: 'depart-after',
          timeSec,
          windowSec: kind ? 2 * 3600 : 0,
          access,
          egress,
          maxTransfers: 5,
        });
        const c = process.cpuUsage(c0);
        if (record) ms[kind]![e]!.push((c.user + c.system) / 1000);
      }
    }
  };
  run(7, 50, false);
  run(2026, QUERIES, true);
  return ms;
}

function main() {
  const scale = SMALL ? 0.1 : 1;
  const [tt, buildMs] = time(() => buildTimetable(generateScotlandNetwork(scale)));
  const nowSec = localToEpochSec(tt.timezone, DATE, 8 * 3600);
  const rows: [string, string, string][] = [];
  rows.push([
    'network',
    `${tt.stopCount} stops, ${tt.patternCount} patterns, ${tt.tripCount} trips (built in ${(buildMs / 1000).toFixed(1)} s)`,
    '',
  ]);
  // A server applies a feed every poll: measure warm, after one apply that is not reported.
  applyFeed(tt, fullFeed(tt, 0.1, nowSec).bytes, nowSec);
  for (const [label, share] of [
    ['every trip of the day updated', 1],
    ['one trip in ten updated', 0.1],
  ] as const) {
    const [{ bytes, trips }, encodeMs] = time(() => fullFeed(tt, share, nowSec));
    const a = applyFeed(tt, bytes, nowSec);
    const r = a.report.tripUpdates!;
    rows.push([
      `${label}: feed`,
      `${trips} trip updates, ${(bytes.length / 1e6).toFixed(1)} MB protobuf (encoded in ${encodeMs.toFixed(0)} ms)`,
      '',
    ]);
    rows.push([
      `${label}: matched`,
      `${r.matched} (unmatched ${JSON.stringify(r.unmatched)}, times repaired ${r.repairedTimes})`,
      '',
    ]);
    const applyMs = a.ingestMs + a.viewMs;
    rows.push([
      `${label}: apply (decode + match + version, then the day's live view)`,
      `${applyMs.toFixed(0)} ms (CPU ${a.cpuMs.toFixed(0)} ms) = ${a.ingestMs.toFixed(0)} ms ingest (of which decode ${a.decodeMs.toFixed(0)} ms alone) + ${a.viewMs.toFixed(0)} ms view; ${a.view.patternCount - tt.patternCount} extra patterns`,
      share === 1 ? '≤ 1000 ms' : '',
    ]);
    const ms = queryOverhead(tt, a.version);
    for (const [kind, name] of [
      [0, 'earliest arrival'],
      [1, '2-hour range'],
    ] as const) {
      const [base, live] = ms[kind]!;
      rows.push([
        `${label}: ${name} CPU p50/p95 timetable → live (${base.length} queries)`,
        `${pct(base, 50).toFixed(1)}/${pct(base, 95).toFixed(1)} → ${pct(live, 50).toFixed(1)}/${pct(live, 95).toFixed(1)} ms; total ${((sum(live) / sum(base) - 1) * 100).toFixed(0)} %, median per query ${((pct(ratios(base, live), 50) - 1) * 100).toFixed(0)} %`,
        'overhead ≤ 20 %',
      ]);
    }
  }
  const w = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) console.log(`| ${r.map((c, i) => c.padEnd(w[i]!)).join(' | ')} |`);
}

main();
