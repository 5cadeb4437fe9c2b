// `npm run bench:load -- --large`: the real server on the generated Scotland-scale region
// (packages/engine/bench/planLarge.ts: 40,000 stops, 150,000 trips, a synthetic road network) over
// PostgreSQL, `cairn serve --no-worker` in front and `cairn worker` processes planning, clients in
// closed loops end to end (POST a search → its last journey.processed event). Two measures:
//  - the drain: N searches stored while no worker runs, then workers started from cold; the time
//    until every one is planned (region load included) and the rate once the first is planned;
//  - throughput against the number of worker processes (e.g. 1, 2, 4), each row with p50/p95 end to
//    end, errors, the resident memory of serve and of each worker, the CPU each process spent a
//    search (workers, serve, PostgreSQL when it runs here, this bench's clients; the rest of the
//    machine as the cores busy in all), and the machine's load.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  largeRegionHubs,
  pickLargePairs,
  readLargeRegion,
  writeLargeRegion,
  type LargeRegion,
} from '../../engine/bench/planLarge.ts';
import {
  awaitSearch,
  closedLoop,
  cpuSeconds,
  freePort,
  localTime,
  machineBusySeconds,
  rssMb,
  startCairn,
  stop,
  treeCpuSeconds,
  treeCpuSpent,
  waitReady,
} from './loadKit.ts';
import { loadNote, percentile, summariseDrain, type DrainSummary } from './loadStats.ts';

/** What the scale bench is asked to do (load.ts's flags). */
export interface ScaleOptions {
  /** A folder holding the large region, reused; generated into it when it has no region.json. */
  regionDir: string | undefined;
  databaseUrl: string;
  /** The PostgreSQL server's data folder when it runs on this machine (its CPU is then counted). */
  postgresDataDir?: string;
  seconds: number;
  /** Closed-loop search clients. */
  clients: number;
  /** Worker processes started from cold for the drain. */
  drainWorkers: number;
  /** Searches stored before the drain. */
  drainSearches: number;
  /** Numbers of worker processes to measure throughput with, e.g. [1, 2, 4]. */
  sweep: number[];
  /** How many times to measure each count, alternating. */
  rounds: number;
}

export interface SweepRow {
  round: number;
  workers: number;
  searches: number;
  journeysPerSearch: number;
  perSec: number;
  p50: number;
  p95: number;
  errors: number;
  serveMb: number;
  workersMb: number[];
  /** CPU ms a planned search: the planning workers together, serve, PostgreSQL, this bench's clients. */
  cpuMsPerSearch: { workers: number; serve: number; postgres: number; clients: number };
  /** Cores busy on the whole machine during the row (every process, other people's too). */
  machineBusyCores: number;
  load: string;
}

/** Days ahead (1, 2, …) of the next `count` Monday-to-Friday days in UTC. */
function nextWeekdays(count: number): number[] {
  const days: number[] = [];
  for (let ahead = 1; days.length < count; ahead++) {
    const weekday = new Date(Date.now() + ahead * 86_400_000).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(ahead);
  }
  return days;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const fmt = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '–');

/**
 * Stores `count` searches through `post` while nothing plans, then calls `startPlanners` and waits
 * on each search's SSE stream for its last journey: the drain from cold, timed from the start.
 */
export async function drainFromCold(
  base: string,
  count: number,
  post: (i: number) => Promise<string | undefined>,
  startPlanners: () => void,
): Promise<{ drain: DrainSummary; errors: number }> {
  const hashes: string[] = [];
  for (let i = 0; i < count; i++) {
    const hash = await post(i);
    if (hash) hashes.push(hash);
  }
  const started = performance.now();
  startPlanners();
  const finished: number[] = [];
  let errors = count - hashes.length;
  await Promise.all(
    hashes.map(async (hash) => {
      const done = await awaitSearch(base, hash, 1_800_000);
      if (done.ok) finished.push(performance.now());
      else errors++;
    }),
  );
  return { drain: summariseDrain(started, finished), errors };
}

/** What benchScale measured, as `--json` writes it. */
export interface ScaleResult {
  startedAt: string;
  stops: number;
  clients: number;
  secondsPerRow: number;
  drain: DrainSummary & {
    workers: number;
    stored: number;
    errors: number;
    workerRssMb: number[];
    load: string;
  };
  sweep: SweepRow[];
}

/** Runs the drain and the throughput sweep on the large region; prints both tables and returns them. */
export async function benchScale(o: ScaleOptions): Promise<ScaleResult> {
  const startedAt = new Date().toISOString();
  const ownRegion = o.regionDir === undefined;
  const regionDir = o.regionDir ?? mkdtempSync(join(tmpdir(), 'cairn-scale-region-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'cairn-scale-'));
  const children: ChildProcess[] = [];
  try {
    let region: LargeRegion;
    if (existsSync(join(regionDir, 'region.json'))) {
      region = readLargeRegion(regionDir, largeRegionHubs(1));
      console.error(`[scale] reusing the region in ${regionDir}`);
    } else {
      const t0 = performance.now();
      region = writeLargeRegion(regionDir, 1);
      console.error(
        `[scale] generated the Scotland-scale region in ${((performance.now() - t0) / 1000).toFixed(1)} s into ${regionDir} (${loadNote()})`,
      );
    }
    const pairs = pickLargePairs(region, 400);
    // The engine plan bench's searches (packages/engine/bench/plan.ts: out, back at 17:00, with a
    // car and a railcard, on a weekday), so its CPU per search applies. Search i takes one of the
    // next five weekdays (i mod 5), then a pair (the next digit, mod 400), then a 5-minute step from
    // 06:00: no two of the first 240,000 are alike (every i is used once: see `next`), so none could
    // be answered from an earlier one.
    const weekdays = nextWeekdays(5);
    const body = (i: number) => {
      const day = weekdays[i % 5]!;
      const [a, b] = pairs[Math.floor(i / 5) % pairs.length]!;
      const minutes = 6 * 60 + 5 * (Math.floor(i / (pairs.length * 5)) % 120);
      return {
        origin: a.name,
        destination: b.name,
        origin_location: { lat: a.lat, lng: a.lon },
        destination_location: { lat: b.lat, lng: b.lon },
        out_time: localTime(day, minutes, 'UTC'),
        return_time: localTime(day, 17 * 60, 'UTC'),
        has_access_to_car: true,
        has_railcard: true,
        railcard_type: '16-25 Railcard',
      };
    };
    let counter = 0;
    const next = () => counter++;

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      REGION_DIR: regionDir,
      DATABASE_URL: o.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '100000000',
      SEARCH_RATE_LIMIT_PER_MINUTE: '100000000',
      SEARCH_RATE_LIMIT_BURST: '100000000',
      // The drain holds one SSE stream per stored search, all from this one address.
      REALTIME_MAX_STREAMS_PER_CLIENT: '100000',
      REALTIME_MAX_STREAMS_PER_BLOCK: '100000',
      REALTIME_MAX_STREAMS: '100000',
      JOB_POLL_MS: '200',
    };
    const post = async (): Promise<string | undefined> => {
      const res = await fetch(`${base}/v1/journey-planner/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body(next())),
      });
      if (res.status !== 201) return undefined;
      return ((await res.json()) as { data: { hash: string } }).data.hash;
    };

    const serveStart = performance.now();
    const server = startCairn(['serve', '--no-worker'], env, () => {});
    children.push(server);
    await waitReady(base, server, 900_000);
    console.error(
      `[scale] serve --no-worker ready in ${((performance.now() - serveStart) / 1000).toFixed(1)} s, ${fmt(rssMb(server.pid), 0)} MB (${loadNote()})`,
    );

    const workers: Array<{ child: ChildProcess; loaded: Promise<void> }> = [];
    const startWorker = () => {
      let loaded!: () => void;
      const promise = new Promise<void>((ok) => (loaded = ok));
      const child = startCairn(['worker'], env, (line) => {
        if (line.includes('planner loaded')) loaded();
      });
      child.once('exit', () => loaded());
      children.push(child);
      workers.push({ child, loaded: promise });
    };

    // 1. The drain: searches stored while nothing plans, then workers from cold.
    const drainLoad = loadNote();
    const { drain, errors: drainErrors } = await drainFromCold(base, o.drainSearches, post, () => {
      for (let k = 0; k < o.drainWorkers; k++) startWorker();
    });
    const drainWorkersMb = workers.map((w) => rssMb(w.child.pid));
    console.error(`[scale] drain done: ${drain.planned} planned in ${fmt(drain.totalSec)} s (${loadNote()})`);

    // 2. Throughput against the number of worker processes. The largest count is started once
    // (the drain's workers plus more) and warmed up; each row lets k of them plan and holds the
    // others with SIGSTOP (idle between rows, so they hold no job), and rounds alternate the counts
    // so that the machine's changing load falls on every count alike.
    const most = Math.max(...o.sweep);
    while (workers.length < most) startWorker();
    await Promise.all(workers.map((w) => w.loaded));
    // Warm-up (not measured): three searches a worker, all planning.
    await Promise.all(
      Array.from({ length: 3 * most }, async () => {
        const hash = await post();
        if (hash) await awaitSearch(base, hash, 600_000);
      }),
    );
    // PostgreSQL's server process (its backends are its children), when its data folder is known.
    const postgresPid = o.postgresDataDir
      ? Number(readFileSync(join(o.postgresDataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
      : undefined;
    const rows: SweepRow[] = [];
    for (let round = 1; round <= o.rounds; round++) {
      for (const k of o.sweep) {
        workers.forEach((w, i) => w.child.kill(i < k ? 'SIGCONT' : 'SIGSTOP'));
        const load = loadNote();
        const planning = workers.slice(0, k).map((w) => w.child.pid);
        const cpuBefore = { workers: sum(planning.map(cpuSeconds)), serve: cpuSeconds(server.pid) };
        const postgresBefore = treeCpuSeconds(postgresPid);
        const clientBefore = process.cpuUsage();
        const machineBefore = machineBusySeconds();
        const t0 = performance.now();
        let journeys = 0;
        const run = await closedLoop(o.seconds, o.clients, async () => {
          const hash = await post();
          if (hash === undefined) return false;
          const done = await awaitSearch(base, hash, 600_000);
          journeys += done.journeys.length;
          return done.ok;
        });
        const planned = run.latencies.length - run.errors;
        const clientCpu = process.cpuUsage(clientBefore);
        const perSearch = (seconds: number) => (1000 * seconds) / Math.max(1, planned);
        rows.push({
          round,
          workers: k,
          searches: planned,
          journeysPerSearch: journeys / Math.max(1, planned),
          perSec: planned / run.elapsedSec,
          p50: percentile(run.latencies, 50),
          p95: percentile(run.latencies, 95),
          errors: run.errors,
          serveMb: rssMb(server.pid),
          workersMb: workers.slice(0, k).map((w) => rssMb(w.child.pid)),
          cpuMsPerSearch: {
            workers: perSearch(sum(planning.map(cpuSeconds)) - cpuBefore.workers),
            serve: perSearch(cpuSeconds(server.pid) - cpuBefore.serve),
            postgres: postgresPid
              ? perSearch(treeCpuSpent(postgresBefore, treeCpuSeconds(postgresPid)))
              : NaN,
            clients: perSearch((clientCpu.user + clientCpu.system) / 1e6),
          },
          machineBusyCores: (machineBusySeconds() - machineBefore) / ((performance.now() - t0) / 1000),
          load: `${load} → ${loadNote()}`,
        });
        console.error(
          `[scale] round ${round}, ${k} worker(s): ${fmt(rows.at(-1)!.perSec, 2)} searches/s (${loadNote()})`,
        );
      }
    }
    for (const w of workers) w.child.kill('SIGCONT');
    printScale(region, o, { drain, drainErrors, drainWorkersMb, drainLoad }, rows);
    return {
      startedAt,
      stops: region.stops.length,
      clients: o.clients,
      secondsPerRow: o.seconds,
      drain: {
        ...drain,
        workers: o.drainWorkers,
        stored: o.drainSearches,
        errors: drainErrors,
        workerRssMb: drainWorkersMb,
        load: drainLoad,
      },
      sweep: rows,
    };
  } finally {
    for (const c of children) await stop(c);
    rmSync(dataDir, { recursive: true, force: true });
    if (ownRegion) rmSync(regionDir, { recursive: true, force: true });
  }
}

/** Prints the drain and sweep tables (Markdown). */
function printScale(
  region: LargeRegion,
  o: ScaleOptions,
  d: { drain: DrainSummary; drainErrors: number; drainWorkersMb: number[]; drainLoad: string },
  rows: SweepRow[],
): void {
  const { drain, drainErrors, drainWorkersMb, drainLoad } = d;

  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  console.log(
    `\nScotland-scale region (${region.stops.length} stops), PostgreSQL, serve --no-worker + cairn worker processes; searches out and back with a car and a railcard (as the engine plan bench); ${date} UTC`,
  );
  console.log(
    '\n| drain | stored searches | planned | first planned after s | all planned after s | searches/s (cold start included) | searches/s once warm | errors | worker RSS MB | load at start |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|---|');
  console.log(
    `| ${o.drainWorkers} worker(s) from cold | ${o.drainSearches} | ${drain.planned} | ${fmt(drain.firstSec)} | ${fmt(drain.totalSec)} | ${fmt(drain.perSec, 2)} | ${fmt(drain.warmPerSec, 2)} | ${drainErrors} | ${drainWorkersMb.map((m) => fmt(m, 0)).join(' / ')} | ${drainLoad} |`,
  );
  console.log(
    `\n| round | worker processes | searches | journeys a search | searches/s | p50 ms end to end | p95 ms end to end | errors | serve RSS MB | worker RSS MB | CPU ms a search: workers / serve / PostgreSQL / clients | machine cores busy | load (start → end) |`,
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---:|---|');
  for (const r of rows)
    console.log(
      `| ${r.round} | ${r.workers} | ${r.searches} | ${fmt(r.journeysPerSearch)} | ${fmt(r.perSec, 2)} | ${fmt(r.p50, 0)} | ${fmt(r.p95, 0)} | ${r.errors} | ${fmt(r.serveMb, 0)} | ${r.workersMb.map((m) => fmt(m, 0)).join(' / ')} | ${fmt(r.cpuMsPerSearch.workers, 0)} / ${fmt(r.cpuMsPerSearch.serve, 0)} / ${fmt(r.cpuMsPerSearch.postgres, 0)} / ${fmt(r.cpuMsPerSearch.clients, 0)} | ${fmt(r.machineBusyCores, 2)} | ${r.load} |`,
    );
  console.log(
    `\n${o.clients} closed-loop clients, ${o.seconds} s per row; clients, server, workers and PostgreSQL share this machine's CPUs (loopback).`,
  );
}
