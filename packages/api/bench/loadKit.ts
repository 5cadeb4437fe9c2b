// Process and client helpers shared by the load benches (load.ts on the demo region, scale.ts on
// the generated Scotland-scale region): start and stop `cairn` processes, closed client loops,
// and the SSE wait for a search's last journey.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort } from '../test/helpers/freePort.ts';
export { freePort };

export const ROOT = resolve(import.meta.dirname, '../../..');
const CAIRN = join(ROOT, 'packages/api/bin/cairn.ts');

/** The resident memory of a process in MB (NaN once it is gone). */
export function rssMb(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

// Linux counts process and machine CPU time in clock ticks of 1/100 s (USER_HZ, `getconf CLK_TCK`).
const TICKS_PER_SECOND = 100;

/** The CPU seconds (user + system) a process has used so far (NaN once it is gone). */
export function cpuSeconds(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    // Fields after the command's closing parenthesis: state is the first, utime the 12th, stime the 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').at(-1)!.trim().split(/\s+/);
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

/** The CPU seconds so far of a process and of each of its children (e.g. PostgreSQL's backends), by pid. */
export function treeCpuSeconds(pid: number | undefined): Map<number, number> {
  const cpu = new Map<number, number>();
  if (!pid) return cpu;
  cpu.set(pid, cpuSeconds(pid));
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(')').at(-1)!.trim().split(/\s+/);
      // The second field after the command is the parent's pid.
      if (Number(fields[1]) === pid) cpu.set(Number(entry), cpuSeconds(Number(entry)));
    } catch {
      // the process ended while we looked
    }
  }
  return cpu;
}

/** The CPU seconds a process tree spent between two `treeCpuSeconds` readings (processes gone by the second are lost). */
export function treeCpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, seconds] of after) if (Number.isFinite(seconds)) spent += seconds - (before.get(pid) ?? 0);
  return spent;
}

/** The CPU seconds every core of the machine has spent busy so far (all processes, /proc/stat). */
export function machineBusySeconds(): number {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    // user nice system idle iowait irq softirq steal: all but idle and iowait are busy.
    const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number);
    return (user! + nice! + system! + irq! + softirq! + steal!) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

/**
 * Starts `cairn <args>` with `env` over the current environment; its errors go to this stderr.
 * `onLine` (when given) sees each line the process logs to stdout, e.g. 'planner loaded'.
 */
export function startCairn(
  args: string[],
  env: Record<string, string>,
  onLine?: (line: string) => void,
): ChildProcess {
  const child = spawn(process.execPath, [CAIRN, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', onLine ? 'pipe' : 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (d: Buffer) => {
    const text = d.toString();
    if (/error|fatal/i.test(text)) process.stderr.write(`[${args[0]}] ${text.slice(0, 500)}`);
  });
  if (onLine) {
    let rest = '';
    child.stdout!.on('data', (d: Buffer) => {
      const lines = (rest + d.toString()).split('\n');
      rest = lines.pop()!;
      for (const line of lines) onLine(line);
    });
  }
  return child;
}

/** Waits until `cairn serve` answers /v1/ready (its planner loaded), or fails when it exits. */
export async function waitReady(base: string, child: ChildProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`cairn serve exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/v1/ready`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not become ready in ${timeoutMs / 1000} s`);
}

/** Stops a process: SIGTERM, then SIGKILL after 15 s. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** Runs `task` in `connections` closed loops for `seconds`; answers latencies and outcomes. */
export async function closedLoop(
  seconds: number,
  connections: number,
  task: (i: number) => Promise<boolean>,
  maxRequests = Infinity,
) {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  let n = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end && n < maxRequests) {
        const t0 = performance.now();
        let ok = false;
        try {
          ok = await task(n++);
        } catch {
          ok = false;
        }
        latencies.push(performance.now() - t0);
        if (!ok) errors++;
      }
    }),
  );
  const elapsedSec = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { latencies, errors, elapsedSec };
}
/**
 * Waits on the search's SSE stream for its last journey (or failure); true when all arrived.
 * `firstAt` is when the first journey.processed event came (performance.now()).
 */
export async function awaitSearch(
  base: string,
  hash: string,
  timeoutMs = 60_000,
): Promise<{ ok: boolean; journeys: string[]; firstAt?: number }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const journeys: string[] = [];
  let firstAt: number | undefined;
  try {
    const res = await fetch(`${base}/v1/realtime/query.${hash}`, {
      signal: controller.signal,
      headers: { accept: 'text/event-stream' },
    });
    if (!res.ok || !res.body) return { ok: false, journeys };
    const decoder = new TextDecoder();
    let buffer = '';
    let expected = -1;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let i: number;
      while ((i = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!data) continue;
        const event = JSON.parse(data) as { event: string; data: Record<string, unknown> };
        if (event.event === 'search.failed') return { ok: false, journeys };
        if (event.event === 'results.retrieved') expected = Number(event.data.journey_count);
        if (event.event === 'journey.processed') {
          firstAt ??= performance.now();
          journeys.push(String(event.data.journeyID));
        }
        if (expected >= 0 && journeys.length >= expected)
          return { ok: true, journeys, ...(firstAt !== undefined ? { firstAt } : {}) };
      }
    }
    return { ok: false, journeys };
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/** The search date `YYYY/MM/DD HH:mm:00` `daysAhead` days from now at `minutes` past midnight in `timeZone`. */
export function localTime(daysAhead: number, minutes: number, timeZone = 'Europe/London'): string {
  const d = new Date(Date.now() + daysAhead * 86_400_000);
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${get('year')}/${get('month')}/${get('day')} ${hh}:${mm}:00`;
}
