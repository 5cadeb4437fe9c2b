/**
 * `npm run bench:load`: the real server (`cairn serve`) on the demo region, loaded over loopback.
 * Measures sustained searches per second with the worker(s) planning (POST → last SSE event),
 * reads per second (GET search, GET journey, tiles, places) with p50/p95/p99 and error counts,
 * a soak that samples the server's RSS and reports its trend, and a burst: one client floods
 * search creation (at the rate of issue #15's attack) while another reads places and searches,
 * with the per-client search limit off and at its default (`--no-burst` skips it), and the worst
 * request body (64 KiB of nested objects, issue 30) sent while another client reads places
 * (`--no-worst-body` skips it). PGlite always;
 * PostgreSQL too when DATABASE_URL is set or --pg starts a throwaway cluster: there first the drain
 * (`--drain` searches stored through `serve --no-worker` while no worker runs, then `--workers`
 * worker processes started from cold; the time until all are planned), then the phases above with
 * serve's worker and `--workers` more.
 *
 * `--large` (PostgreSQL only) runs scale.ts instead: the generated Scotland-scale region
 * (written into a temporary folder, or into/from `--region-dir DIR` so later runs reuse it and its
 * timetable snapshot), the drain with `--workers` cold workers, and throughput end to end against
 * the number of worker processes (`--sweep 1,2,4`, each measured `--rounds 2` times in turn) with `--search-connections`
 * closed-loop clients.
 * `--pg-setting name=value` (repeatable) passes a server setting to the throwaway cluster.
 * Every figure is printed with the machine's load.
 *
 *   npm run bench:load -- [--seconds 10] [--connections 8] [--search-connections 4] [--soak-minutes 0.5] [--pg] [--workers 1] [--drain 100] [--no-burst] [--no-worst-body] [--json out.json]
 *   npm run bench:load -- --large --pg [--region-dir DIR] [--workers 1] [--drain 100] [--sweep 1,2,4] [--rounds 2] [--seconds 10] [--search-connections 4] [--json out.json]
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startPostgresCluster } from '../test/helpers/postgresCluster.ts';
import {
  awaitSearch,
  closedLoop,
  freePort,
  localTime,
  rssMb,
  startCairn,
  stop,
  waitReady,
} from './loadKit.ts';
import { loadNote, percentile } from './loadStats.ts';
import { benchScale, drainFromCold } from './scale.ts';

const { values: opts } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '8' },
    'search-connections': { type: 'string', default: '4' },
    'soak-minutes': { type: 'string', default: '0.5' },
    pg: { type: 'boolean', default: false },
    'no-pglite': { type: 'boolean', default: false },
    'no-burst': { type: 'boolean', default: false },
    'no-worst-body': { type: 'boolean', default: false },
    workers: { type: 'string', default: '1' },
    large: { type: 'boolean', default: false },
    'region-dir': { type: 'string' },
    drain: { type: 'string', default: '100' },
    sweep: { type: 'string', default: '1,2,4' },
    rounds: { type: 'string', default: '2' },
    json: { type: 'string' },
    'pg-setting': { type: 'string', multiple: true },
  },
});
const SECONDS = Number(opts.seconds);
const CONNECTIONS = Number(opts.connections);
const SEARCH_CONNECTIONS = Number(opts['search-connections']);
const SOAK_MIN = Number(opts['soak-minutes']);
const EXTRA_WORKERS = Number(opts.workers);
const DRAIN_SEARCHES = Number(opts.drain);

interface Row {
  db: string;
  scenario: string;
  requests: number;
  perSec: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  note: string;
}
const rows: Row[] = [];
const soaks: Array<Record<string, unknown>> = [];

function record(
  db: string,
  scenario: string,
  r: { latencies: number[]; errors: number; elapsedSec: number },
  note = '',
): void {
  rows.push({
    db,
    scenario,
    requests: r.latencies.length,
    perSec: r.latencies.length / r.elapsedSec,
    p50: percentile(r.latencies, 50),
    p95: percentile(r.latencies, 95),
    p99: percentile(r.latencies, 99),
    errors: r.errors,
    note,
  });
}

const PLACE_NAMES = [
  'Aviemore',
  'Glenmore',
  'Braemar',
  'Kingussie',
  'Grantown-on-Spey',
  'Carrbridge',
  'Nethy Bridge',
  'Tomintoul',
  'Ballater',
  'Newtonmore',
  'Boat of Garten',
  'Inverness',
];
const PREFIXES = [
  'Avie',
  'Glen',
  'Brae',
  'King',
  'Gran',
  'Carr',
  'Neth',
  'Tomi',
  'Ball',
  'Newt',
  'Boat',
  'Inve',
  'Loch',
  'Stat',
  'Cair',
];

function tileOf(lat: number, lng: number, z: number): [number, number] {
  const n = 2 ** z;
  const x = Math.floor(((lng + 180) / 360) * n);
  const r = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return [x, y];
}

/** A one-way search between demo places by name (geocoded by the server), on one of the next five days. */
function demoBody(i: number) {
  const from = PLACE_NAMES[i % PLACE_NAMES.length]!;
  const to = PLACE_NAMES[(i * 7 + 3) % PLACE_NAMES.length]!;
  return {
    origin: from,
    destination: to === from ? PLACE_NAMES[(i + 1) % PLACE_NAMES.length] : to,
    out_time: localTime(1 + (i % 5), 7 * 60 + ((i * 35) % (11 * 60))),
  };
}

/**
 * The drain on the demo region (PostgreSQL): DRAIN_SEARCHES searches stored through
 * `serve --no-worker` while no worker runs, then EXTRA_WORKERS `cairn worker` processes started
 * from cold; the time until all are planned (region load included), searches/s. Run on a fresh
 * database, before the other PostgreSQL phases, so that no stored search is already planned.
 */
async function benchDrain(databaseUrl: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cairn-bench-drain-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
    SEARCH_RATE_LIMIT_PER_MINUTE: '100000000',
    SEARCH_RATE_LIMIT_BURST: '100000000',
    // One SSE stream per stored search, all from this address.
    REALTIME_MAX_STREAMS_PER_CLIENT: '100000',
    REALTIME_MAX_STREAMS_PER_BLOCK: '100000',
    REALTIME_MAX_STREAMS: '100000',
    JOB_POLL_MS: '200',
  };
  const children: ChildProcess[] = [startCairn(['serve', '--no-worker'], env)];
  try {
    await waitReady(base, children[0]!);
    const load = loadNote();
    const post = async (i: number) => {
      const res = await fetch(`${base}/v1/journey-planner/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(demoBody(200_000 + i)),
      });
      return res.status === 201 ? ((await res.json()) as { data: { hash: string } }).data.hash : undefined;
    };
    const { drain, errors } = await drainFromCold(base, DRAIN_SEARCHES, post, () => {
      for (let k = 0; k < EXTRA_WORKERS; k++) children.push(startCairn(['worker'], env));
    });
    rows.push({
      db: 'postgres',
      scenario: `queue drain from cold (${EXTRA_WORKERS} worker process(es))`,
      requests: drain.planned,
      perSec: drain.perSec,
      p50: NaN,
      p95: NaN,
      p99: NaN,
      errors,
      note: `${DRAIN_SEARCHES} searches stored while no worker ran; all planned ${drain.totalSec.toFixed(1)} s after the workers started (first after ${drain.firstSec.toFixed(1)} s: region load), ${drain.warmPerSec.toFixed(1)}/s once warm; ${load}`,
    });
  } finally {
    for (const c of children.reverse()) await stop(c);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchOne(db: 'pglite' | 'postgres', databaseUrl?: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cairn-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
    // The tile phase asks more than the map budget's 3,000 a minute from one address.
    MAP_RATE_LIMIT_PER_MINUTE: '100000000',
    // These phases measure the planner's capacity from one address; the burst measures the limit.
    SEARCH_RATE_LIMIT_PER_MINUTE: '100000000',
    SEARCH_RATE_LIMIT_BURST: '100000000',
    JOB_POLL_MS: '200',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const children: ChildProcess[] = [];
  const server = startCairn(['serve'], env);
  children.push(server);
  try {
    const loadStart = performance.now();
    await waitReady(base, server);
    console.error(
      `[${db}] server ready in ${((performance.now() - loadStart) / 1000).toFixed(1)} s (pid ${server.pid})`,
    );
    // PGlite is in-process: only the serve process's own worker can plan. PostgreSQL takes more.
    const workers = db === 'postgres' ? EXTRA_WORKERS : 0;
    for (let i = 0; i < workers; i++) children.push(startCairn(['worker'], env));
    const workerNote =
      db === 'postgres' ? `serve's worker + ${workers} worker process(es)` : "serve's in-process worker";

    // Places that geocode, with their coordinates, so every search plans real journeys.
    const places: Array<{ name: string; lat: number; lng: number }> = [];
    for (const name of PLACE_NAMES) {
      const res = (await (await fetch(`${base}/v1/places?q=${encodeURIComponent(name)}&limit=1`)).json()) as {
        data: Array<{ label: string; location: { lat: number; lng: number } }>;
      };
      const hit = res.data[0];
      if (hit) places.push({ name: hit.label, lat: hit.location.lat, lng: hit.location.lng });
    }
    if (places.length < 2) throw new Error('the demo region geocodes fewer than 2 places');
    const searchBody = (i: number) => {
      const a = places[i % places.length]!;
      const b =
        places[(i * 7 + 3) % places.length] === a
          ? places[(i + 1) % places.length]!
          : places[(i * 7 + 3) % places.length]!;
      return {
        origin: a.name,
        destination: b.name,
        origin_location: { lat: a.lat, lng: a.lng },
        destination_location: { lat: b.lat, lng: b.lng },
        out_time: localTime(1 + (i % 5), 7 * 60 + ((i * 35) % (11 * 60))),
        return_time: i % 3 === 0 ? localTime(1 + (i % 5), 19 * 60) : null,
      };
    };
    const post = (i: number) =>
      fetch(`${base}/v1/journey-planner/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(searchBody(i)),
      });

    // Warm-up (not measured): one search per travel date builds the day views and JITs the planner;
    // the extra workers load the region meanwhile.
    const warmStart = performance.now();
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const res = await post(50_000 + i);
        if (res.status === 201)
          await awaitSearch(base, ((await res.json()) as { data: { hash: string } }).data.hash, 300_000);
      }),
    );
    if (workers > 0) await new Promise((r) => setTimeout(r, 5_000));
    console.error(`[${db}] warm-up took ${((performance.now() - warmStart) / 1000).toFixed(1)} s`);

    // 0. One search at a time: from the search stored (POST answered 201) to its first
    //    journey.processed event on the stream the web app opens (planner issue 14: p95 ≤ 150 ms).
    const firstMs: number[] = [];
    let firstErrors = 0;
    const firstStart = performance.now();
    for (let i = 0; i < 40; i++) {
      const res = await post(20_000 + i);
      const stored = performance.now();
      if (res.status !== 201) {
        firstErrors++;
        continue;
      }
      const done = await awaitSearch(base, ((await res.json()) as { data: { hash: string } }).data.hash);
      if (!done.ok) firstErrors++;
      else if (done.firstAt !== undefined) firstMs.push(done.firstAt - stored);
    }
    firstMs.sort((a, b) => a - b);
    record(
      db,
      'search stored → first journey.processed (SSE)',
      { latencies: firstMs, errors: firstErrors, elapsedSec: (performance.now() - firstStart) / 1000 },
      `1 client, one search at a time; ${40 - firstMs.length - firstErrors} with no journey left out; target p95 ≤ 150 ms`,
    );

    // 1. Searches, end to end: POST, then the SSE stream until the last journey.
    const planned: Array<{ hash: string; journeys: string[] }> = [];
    let firstFailure = '';
    const searchRun = await closedLoop(SECONDS, SEARCH_CONNECTIONS, async (i) => {
      const res = await post(i);
      if (res.status !== 201) {
        firstFailure ||= `POST answered ${res.status}: ${(await res.text()).slice(0, 300)}`;
        return false;
      }
      const hash = ((await res.json()) as { data: { hash: string } }).data.hash;
      const done = await awaitSearch(base, hash);
      if (done.ok) planned.push({ hash, journeys: done.journeys });
      else
        firstFailure ||= `search ${hash} did not complete: ${done.journeys.length} journeys before the stream ended or failed`;
      return done.ok;
    });
    if (firstFailure) console.error(`[${db}] first search failure: ${firstFailure}`);
    record(db, 'search POST → all journeys (SSE)', searchRun, `${SEARCH_CONNECTIONS} clients; ${workerNote}`);
    const withJourneys = planned.filter((p) => p.journeys.length > 0);
    console.error(`[${db}] ${planned.length} searches planned, ${withJourneys.length} with journeys`);

    // 2. Accepting searches (POST only): how fast the API takes them while the workers plan.
    const acceptRun = await closedLoop(
      Math.max(3, SECONDS / 2),
      CONNECTIONS,
      async (i) => (await post(i + 10_000)).status === 201,
      300,
    );
    record(db, 'search POST (accept only)', acceptRun, `${CONNECTIONS} clients, at most 300; queue grows`);
    // Let the queue drain before the reads, so planning does not skew them (not a figure: part of
    // the backlog was planned while it was being posted; benchDrain measures the drain).
    await new Promise((r) => setTimeout(r, 500));
    const lastHash = await post(99_999).then(
      async (r) => ((await r.json()) as { data: { hash: string } }).data.hash,
    );
    await awaitSearch(base, lastHash, 600_000);

    // 3. Reads.
    const sample = withJourneys.length > 0 ? withJourneys : planned;
    if (sample.length === 0) throw new Error('no search was planned; cannot bench reads');
    const config = (await (await fetch(`${base}/v1/config`)).json()) as {
      data: { region: { center: { lat: number; lng: number } } };
    };
    const { lat, lng } = config.data.region.center;
    const tiles: string[] = [];
    for (const z of [10, 11, 12, 13, 14]) {
      const [cx, cy] = tileOf(lat, lng, z);
      for (let dx = -2; dx <= 2; dx++)
        for (let dy = -2; dy <= 2; dy++) tiles.push(`${z}/${cx + dx}/${cy + dy}`);
    }
    const get = async (path: string) => {
      const res = await fetch(base + path);
      await res.arrayBuffer();
      return res.status >= 200 && res.status < 300;
    };
    const reads: Array<[string, (i: number) => Promise<boolean>]> = [
      ['GET search (results)', (i) => get(`/v1/journey-planner/search/${sample[i % sample.length]!.hash}`)],
      [
        'GET journey',
        (i) => {
          const s = withJourneys[i % Math.max(1, withJourneys.length)];
          return s
            ? get(`/v1/journey-planner/search/${s.hash}/${s.journeys[i % s.journeys.length]}`)
            : Promise.resolve(false);
        },
      ],
      ['GET tile (MVT)', (i) => get(`/v1/tiles/${tiles[i % tiles.length]}.pbf`)],
      [
        'GET places (autocomplete)',
        (i) => get(`/v1/places?q=${encodeURIComponent(PREFIXES[i % PREFIXES.length]!)}`),
      ],
    ];
    for (const [name, task] of reads) {
      record(db, name, await closedLoop(SECONDS, CONNECTIONS, task), `${CONNECTIONS} connections`);
    }

    // 4. Soak: mixed searches and reads; RSS sampled every 5 s.
    if (SOAK_MIN > 0) {
      const samples: Array<{ tSec: number; serverMb: number; workersMb: number }> = [];
      const t0 = performance.now();
      const sampler = setInterval(() => {
        samples.push({
          tSec: (performance.now() - t0) / 1000,
          serverMb: rssMb(server.pid),
          workersMb: children.slice(1).reduce((s, c) => s + rssMb(c.pid), 0),
        });
      }, 5000);
      samples.push({
        tSec: 0,
        serverMb: rssMb(server.pid),
        workersMb: children.slice(1).reduce((s, c) => s + rssMb(c.pid), 0),
      });
      const soakSec = SOAK_MIN * 60;
      const [soakSearch, soakRead] = await Promise.all([
        closedLoop(soakSec, 2, async (i) => {
          const res = await post(i + 20_000);
          if (res.status !== 201) return false;
          return (await awaitSearch(base, ((await res.json()) as { data: { hash: string } }).data.hash)).ok;
        }),
        closedLoop(soakSec, 4, (i) => reads[i % reads.length]![1](i)),
      ]);
      clearInterval(sampler);
      samples.push({
        tSec: (performance.now() - t0) / 1000,
        serverMb: rssMb(server.pid),
        workersMb: children.slice(1).reduce((s, c) => s + rssMb(c.pid), 0),
      });
      record(db, `soak: searches (${SOAK_MIN} min)`, soakSearch, '2 clients');
      record(db, `soak: mixed reads (${SOAK_MIN} min)`, soakRead, '4 connections');
      // Trend over the samples after the first fifth (warm-up: caches and JIT fill first).
      const steady = samples.filter((s) => s.tSec >= soakSec * 0.2);
      const slope = slopePerMin(steady.map((s) => [s.tSec, s.serverMb]));
      const lastHalf = slopePerMin(
        samples.filter((s) => s.tSec >= soakSec * 0.5).map((s) => [s.tSec, s.serverMb]),
      );
      soaks.push({
        db,
        minutes: SOAK_MIN,
        samples: samples.length,
        serverRssStartMb: round(samples[0]!.serverMb),
        serverRssEndMb: round(samples.at(-1)!.serverMb),
        serverRssMaxMb: round(Math.max(...samples.map((s) => s.serverMb))),
        serverRssSlopeMbPerMin: round(slope, 2),
        serverRssSlopeLastHalfMbPerMin: round(lastHalf, 2),
        workersRssEndMb: round(samples.at(-1)!.workersMb),
        series: samples.map((s) => [round(s.tSec, 0), round(s.serverMb)]),
      });
    }
  } finally {
    for (const c of children.reverse()) await stop(c);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Posts JSON text to `path` from the attacker's own loopback address (127.0.0.2), so per-client limits see two clients. */
function callFrom(agent: Agent, base: string, path: string, text: string): Promise<number> {
  return new Promise((ok) => {
    const req = httpRequest(`${base}${path}`, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
    });
    req.on('error', () => ok(0));
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => ok(res.statusCode ?? 0));
    });
    req.end(text);
  });
}

/** Runs `task` at a fixed rate (requests per second) for `seconds`, whatever each answer takes. */
async function pacedLoop(seconds: number, perSec: number, task: (i: number) => Promise<boolean>) {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const pending: Array<Promise<void>> = [];
  for (let i = 0; i < seconds * perSec; i++) {
    const due = started + (i * 1000) / perSec;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      (async () => {
        const t0 = performance.now();
        const ok = await task(i).catch(() => false);
        latencies.push(performance.now() - t0);
        if (!ok) errors++;
      })(),
    );
  }
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  return { latencies, errors, elapsedSec: (performance.now() - started) / 1000 };
}

/**
 * Issue #15's attack: one client creates searches as fast as 300 in 5.6 s while another client
 * autocompletes places (20/s) and plans a search every 2.5 s. Run once with the per-client search
 * limit off and once at its default, on a server of its own (the limit is the one thing changed).
 */
async function benchBurst(limited: boolean): Promise<void> {
  const db = 'pglite';
  const label = limited ? 'limit on (default)' : 'limit off';
  const dataDir = mkdtempSync(join(tmpdir(), 'cairn-bench-burst-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startCairn(['serve'], {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // The global per-client limit would cap the reader's 20/s; the search limit is under test.
    RATE_LIMIT_PER_MINUTE: '100000000',
    JOB_POLL_MS: '200',
    ...(limited ? {} : { SEARCH_RATE_LIMIT_PER_MINUTE: '100000000', SEARCH_RATE_LIMIT_BURST: '100000000' }),
  });
  const attacker = new Agent({
    keepAlive: true,
    maxSockets: 4,
    localAddress: '127.0.0.2',
  } as ConstructorParameters<typeof Agent>[0]);
  try {
    await waitReady(base, server);
    // Warm-up: one planned search per travel date, from the reader's address.
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${base}/v1/journey-planner/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(demoBody(60_000 + i)),
      });
      if (res.status === 201)
        await awaitSearch(base, ((await res.json()) as { data: { hash: string } }).data.hash, 300_000);
    }
    const places = (i: number) =>
      fetch(`${base}/v1/places?q=${encodeURIComponent(PREFIXES[i % PREFIXES.length]!)}`).then(async (r) => {
        await r.arrayBuffer();
        return r.status === 200;
      });
    const seconds = Math.min(SECONDS, 10);
    record(db, `burst, ${label}: places, quiet`, await pacedLoop(seconds, 20, places), 'other client, 20/s');

    let accepted = 0;
    let refused = 0;
    const [flood, read, search] = await Promise.all([
      pacedLoop(seconds, 54, async (i) => {
        const status = await callFrom(
          attacker,
          base,
          '/v1/journey-planner/search',
          JSON.stringify(demoBody(i)),
        );
        if (status === 201) accepted++;
        if (status === 429) refused++;
        return status === 201;
      }),
      pacedLoop(seconds, 20, places),
      // A person's pace (one search every 2.5 s), within their own per-client budget.
      pacedLoop(seconds, 0.4, async (i) => {
        const res = await fetch(`${base}/v1/journey-planner/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(demoBody(70_000 + i)),
        });
        if (res.status !== 201) return false;
        return (
          await awaitSearch(base, ((await res.json()) as { data: { hash: string } }).data.hash, 120_000)
        ).ok;
      }),
    ]);
    record(
      db,
      `burst, ${label}: search flood`,
      flood,
      `one client (127.0.0.2), 54/s: ${accepted} accepted, ${refused} refused 429`,
    );
    record(db, `burst, ${label}: places during flood`, read, 'other client, 20/s');
    record(db, `burst, ${label}: search → all journeys during flood`, search, 'other client, every 2.5 s');
  } finally {
    attacker.destroy();
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Issue 30, finding 1: one client sends the worst body a route can receive (64 KiB of nested
 * objects, refused at the parser) 12 times a second while another autocompletes places at 20/s.
 * Before the linear walk each such body cost about half a second of CPU before any route ran.
 */
async function benchWorstBody(): Promise<void> {
  const db = 'pglite';
  const dataDir = mkdtempSync(join(tmpdir(), 'cairn-bench-body-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startCairn(['serve'], {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const attacker = new Agent({
    keepAlive: true,
    maxSockets: 12,
    localAddress: '127.0.0.2',
  } as ConstructorParameters<typeof Agent>[0]);
  const levels = Math.floor((64 * 1024 - 16) / 6);
  const worst = '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
  try {
    await waitReady(base, server);
    const places = (i: number) =>
      fetch(`${base}/v1/places?q=${encodeURIComponent(PREFIXES[i % PREFIXES.length]!)}`).then(async (r) => {
        await r.arrayBuffer();
        return r.status === 200;
      });
    const seconds = Math.min(SECONDS, 10);
    record(db, 'worst body: places, quiet', await pacedLoop(seconds, 20, places), 'other client, 20/s');
    const [bodies, read] = await Promise.all([
      pacedLoop(
        seconds,
        12,
        async () => (await callFrom(attacker, base, '/v1/journey-planner/search', worst)) === 400,
      ),
      pacedLoop(seconds, 20, places),
    ]);
    record(db, 'worst body: 64 KiB nested objects', bodies, 'one client (127.0.0.2), 12/s; 400 expected');
    record(db, 'worst body: places during the bodies', read, 'other client, 20/s');
  } finally {
    attacker.destroy();
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function slopePerMin(points: Array<[number, number]>): number {
  const ok = points.filter(([, y]) => Number.isFinite(y));
  if (ok.length < 2) return NaN;
  const n = ok.length;
  const mx = ok.reduce((s, [x]) => s + x, 0) / n;
  const my = ok.reduce((s, [, y]) => s + y, 0) / n;
  const sxy = ok.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const sxx = ok.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return sxx === 0 ? NaN : (sxy / sxx) * 60;
}

const round = (x: number, digits = 1) => (Number.isFinite(x) ? Number(x.toFixed(digits)) : NaN);

function printTable(): void {
  const fmt = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '–');
  console.log('\n| db | scenario | requests | per s | p50 ms | p95 ms | p99 ms | errors | note |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---|');
  for (const r of rows)
    console.log(
      `| ${r.db} | ${r.scenario} | ${r.requests} | ${fmt(r.perSec)} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${r.errors} | ${r.note} |`,
    );
  if (soaks.length > 0) {
    console.log(
      '\n| db | soak min | RSS start MB | RSS end MB | RSS max MB | slope MB/min (after first 20 %) | slope MB/min (last half) | worker RSS end MB |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const s of soaks)
      console.log(
        `| ${s.db} | ${s.minutes} | ${s.serverRssStartMb} | ${s.serverRssEndMb} | ${s.serverRssMaxMb} | ${s.serverRssSlopeMbPerMin} | ${s.serverRssSlopeLastHalfMbPerMin} | ${s.workersRssEndMb || '–'} |`,
      );
  }
}

/**
 * A PostgreSQL to run on: DATABASE_URL, or a throwaway cluster with --pg (stopped after; its data
 * folder is passed on too, so the scale bench can count the server's CPU).
 */
async function withPostgres(run: (url: string, dataDir?: string) => Promise<void>): Promise<void> {
  if (process.env.DATABASE_URL) return run(process.env.DATABASE_URL);
  const cluster = await startPostgresCluster({ settings: opts['pg-setting'] ?? [] });
  try {
    await run(cluster.url, cluster.dataDir);
  } finally {
    cluster.stop();
  }
}

if (opts.large || opts['region-dir']) {
  if (!process.env.DATABASE_URL && !opts.pg)
    throw new Error('--large runs on PostgreSQL: add --pg or set DATABASE_URL');
  await withPostgres(async (url, dataDir) => {
    const result = await benchScale({
      regionDir: opts['region-dir'],
      databaseUrl: url,
      postgresDataDir: dataDir,
      seconds: SECONDS,
      clients: SEARCH_CONNECTIONS,
      drainWorkers: EXTRA_WORKERS,
      drainSearches: DRAIN_SEARCHES,
      sweep: opts.sweep.split(',').filter(Boolean).map(Number),
      rounds: Number(opts.rounds),
    });
    if (opts.json) writeFileSync(opts.json, JSON.stringify({ options: opts, ...result }, null, 2));
  });
  process.exit(0);
}

const startedAt = new Date().toISOString();
if (!opts['no-pglite']) await benchOne('pglite');
if (!opts['no-burst']) {
  await benchBurst(false);
  await benchBurst(true);
}
if (!opts['no-worst-body']) await benchWorstBody();
if (process.env.DATABASE_URL || opts.pg)
  await withPostgres(async (url) => {
    await benchDrain(url);
    await benchOne('postgres', url);
  });
printTable();
console.log(
  `\n${startedAt}; ${SECONDS} s per phase, ${CONNECTIONS} read connections, ${SEARCH_CONNECTIONS} search clients; client and server share this machine's CPUs (loopback).`,
);
if (opts.json) writeFileSync(opts.json, JSON.stringify({ startedAt, options: opts, rows, soaks }, null, 2));
