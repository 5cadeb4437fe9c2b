// Memory shared between planners on one machine (issue 32): N planners over a region, either as N
// processes each reading its own copy of the column files (timetable.bin, streets.bin,
// stop-snaps.bin: what `cairn worker` does today), or as N worker threads of one process that read
// them once onto SharedArrayBuffers (collections/sharedFiles.ts) and build their typed-array views on
// those. Each form loads, then all planners plan the same searches at once; printed per form: the
// time until every planner is ready, resident memory (RSS) and proportional set size (PSS, from
// /proc/PID/smaps_rollup: shared pages split between the processes sharing them) summed over the
// processes, CPU per search (of the whole processes from the first search to the last, and the
// median of the planner's own thread), and a digest of every answer
// (the forms must plan identically). A third form, N threads each reading its own copy, tells what
// sharing saves apart from what running threads instead of processes does.
// Run: node packages/engine/bench/sharedMemory.ts --region-dir=DIR [--planners=2] [--searches=30] [--rounds=1]
//   DIR: a generated region (plan.ts --region-dir=DIR writes one; e.g. /tmp/gbscale2/large).
import { fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { BrandSettings } from '@cairn/contracts';
import { readFileShared, useSharedFiles } from '../src/collections/sharedFiles.ts';
import { REGION_STOP_SNAPS_FILE, REGION_STREETS_FILE } from '../src/loader/regionStreets.ts';
import { REGION_SNAPSHOT_FILE } from '../src/loader/regionTimetable.ts';
import { loadPlanner } from '../src/planner/loadPlanner.ts';
import { arg } from './cliArgs.ts';
import { largeRegionSearches } from './planLarge.ts';

const dir = arg('region-dir');
if (!dir) throw new Error('--region-dir=DIR: a generated region (see the head of this file)');
const planners = Number(arg('planners') ?? 2);
const searches = Number(arg('searches') ?? 30);
const rounds = Number(arg('rounds') ?? 1);
const role = arg('role') ?? 'lead';
const SHARED_FILES = [REGION_SNAPSHOT_FILE, REGION_STREETS_FILE, REGION_STOP_SNAPS_FILE];
const FORMS = ['processes', 'threads-own', 'threads'] as const;
type Form = (typeof FORMS)[number];

const WARM_UP = 3;

/** What a planner sends back: ready (with its load CPU), then its searches' CPU and digest. */
type Report =
  | { kind: 'ready'; loadCpuMs: number }
  | { kind: 'planned'; cpuMs: number[]; journeys: number; digest: string };

/** One planner (a process or a thread): loads, says so, plans every search when told, reports. */
async function runPlanner(send: (r: Report) => void, onGo: (go: () => void) => void, cpuMs: () => number) {
  const brand = BrandSettings.parse(JSON.parse(readFileSync('brands/default/brand.json', 'utf8')));
  const before = cpuMs();
  const planner = await loadPlanner(dir!, { log: () => {} });
  send({ kind: 'ready', loadCpuMs: cpuMs() - before });
  await new Promise<void>((resolve) => onGo(resolve));
  const list = largeRegionSearches(dir!, searches);
  // Warm-up: the first searches build the day's transit views and JIT the hot paths.
  for (const r of list.slice(0, WARM_UP)) await planner.plan(r, null, brand);
  const spent: number[] = [];
  const hash = createHash('sha256');
  let journeys = 0;
  for (const r of list) {
    const c = cpuMs();
    const { journeys: js } = await planner.plan(r, null, brand);
    spent.push(cpuMs() - c);
    journeys += js.length;
    hash.update(JSON.stringify(js));
  }
  send({ kind: 'planned', cpuMs: spent, journeys, digest: hash.digest('hex').slice(0, 16) });
  // Alive, its memory held, until the lead has read the memory and ends the process.
  setInterval(() => {}, 60_000);
}

const threadCpuMs = () => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
};
const onParentGo = (go: () => void) => process.once('message', go);

if (!isMainThread) {
  // A planner thread of the shared form.
  useSharedFiles(workerData as Record<string, SharedArrayBuffer>);
  await runPlanner(
    (r) => parentPort!.postMessage(r),
    (go) => parentPort!.once('message', go),
    threadCpuMs,
  );
} else if (role === 'process') {
  await runPlanner((r) => process.send!(r), onParentGo, threadCpuMs);
} else if (role === 'host' || role === 'host-own') {
  // One process runs the planners as threads: on one shared copy of the files read here, or
  // (host-own, to tell what sharing saves from what threads cost) each thread reading its own.
  const files =
    role === 'host'
      ? Object.fromEntries(SHARED_FILES.map((f) => [join(dir, f), readFileShared(join(dir, f))]))
      : {};
  const threads = Array.from(
    { length: planners },
    () => new Worker(new URL(import.meta.url), { argv: process.argv.slice(2), workerData: files }),
  );
  for (const t of threads) t.on('message', (r: Report) => process.send!(r));
  process.once('message', () => threads.forEach((t) => t.postMessage('go')));
} else {
  await lead();
}

/** CPU seconds a process has used, all its threads (/proc/PID/stat utime + stime, at 100 ticks a second). */
function processCpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Resident and proportional memory of a process, MB (/proc/PID/smaps_rollup). */
function memoryOf(pid: number): { rss: number; pss: number } {
  const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);
  return { rss: kb('Rss') / 1024, pss: kb('Pss') / 1024 };
}

/** Runs one form: its processes, the time until all planners are ready, their memory and searches. */
async function runForm(form: Form) {
  const script = new URL(import.meta.url).pathname;
  const args = process.argv.slice(2).filter((a) => !a.startsWith('--role='));
  const started = performance.now();
  const children: ChildProcess[] =
    form === 'processes'
      ? Array.from({ length: planners }, () => fork(script, [...args, '--role=process']))
      : [fork(script, [...args, form === 'threads' ? '--role=host' : '--role=host-own'])];
  const reports: Report[] = [];
  let readyMs = 0;
  await new Promise<void>((resolve) => {
    for (const child of children)
      child.on('message', (r: Report) => {
        reports.push(r);
        const ready = reports.filter((x) => x.kind === 'ready').length;
        if (r.kind === 'ready' && ready === planners) {
          readyMs = performance.now() - started;
          resolve();
        }
      });
  });
  const loaded = children.map((c) => memoryOf(c.pid!));
  const planned = new Promise<void>((resolve) => {
    for (const child of children)
      child.on('message', () => {
        if (reports.filter((x) => x.kind === 'planned').length === planners) resolve();
      });
  });
  const cpuBefore = children.reduce((s, c) => s + processCpuSeconds(c.pid!), 0);
  for (const child of children) child.send('go');
  await planned;
  const cpuSpent = children.reduce((s, c) => s + processCpuSeconds(c.pid!), 0) - cpuBefore;
  const afterSearches = children.map((c) => memoryOf(c.pid!));
  await Promise.all(
    children.map((c) => {
      const exited = new Promise((resolve) => c.once('exit', resolve));
      c.kill();
      return exited;
    }),
  );
  const done = reports.filter((r) => r.kind === 'planned');
  const cpu = done.flatMap((r) => r.cpuMs).sort((a, b) => a - b);
  const sum = (xs: Array<{ rss: number; pss: number }>, k: 'rss' | 'pss') => xs.reduce((s, m) => s + m[k], 0);
  return {
    form,
    readyMs,
    loadCpuMs: reports.flatMap((r) => (r.kind === 'ready' ? [r.loadCpuMs] : [])),
    loaded: { rss: sum(loaded, 'rss'), pss: sum(loaded, 'pss') },
    afterSearches: { rss: sum(afterSearches, 'rss'), pss: sum(afterSearches, 'pss') },
    // Whole processes (GC and compiler threads too), warm-up searches included.
    cpuPerSearch: (cpuSpent * 1000) / (planners * (searches + WARM_UP)),
    threadP50: cpu[Math.floor(cpu.length / 2)] ?? 0,
    journeys: done.reduce((s, r) => s + r.journeys, 0),
    digests: [...new Set(done.map((r) => r.digest))].join(', '),
  };
}

async function lead(): Promise<void> {
  const load = () => loadavg()[0]!.toFixed(1);
  console.log(
    `${planners} planners over ${dir}, ${searches} searches each (all planning at once); ${new Date().toISOString().slice(0, 16)} UTC`,
  );
  console.log(
    '| round | form | ready after s | load CPU s (each) | RSS MB loaded → after searches | PSS MB loaded → after searches | CPU ms a search: processes / planner thread p50 | journeys | digest | load |',
  );
  console.log('|---:|---|---:|---|---|---|---|---:|---|---|');
  for (let round = 1; round <= rounds; round++) {
    for (const form of FORMS) {
      const before = load();
      const r = await runForm(form);
      const label = {
        processes: `${planners} processes, own copies`,
        'threads-own': `1 process, ${planners} threads, own copies`,
        threads: `1 process, ${planners} threads, shared`,
      }[form];
      console.log(
        `| ${round} | ${label} | ${(r.readyMs / 1000).toFixed(1)} | ${r.loadCpuMs.map((c) => (c / 1000).toFixed(1)).join(' / ')} | ${r.loaded.rss.toFixed(0)} → ${r.afterSearches.rss.toFixed(0)} | ${r.loaded.pss.toFixed(0)} → ${r.afterSearches.pss.toFixed(0)} | ${r.cpuPerSearch.toFixed(0)} / ${r.threadP50.toFixed(0)} | ${r.journeys} | ${r.digests} | ${before} → ${load()} |`,
      );
    }
  }
}
