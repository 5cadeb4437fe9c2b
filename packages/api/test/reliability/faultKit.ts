import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { childClockEnv } from '../helpers/testClock.ts';
import { searchTime } from '../helpers/testServer.ts';
import { freePort } from '../helpers/freePort.ts';
export { freePort };

const ROOT = resolve(import.meta.dirname, '../../../..');
const CAIRN = join(ROOT, 'packages/api/bin/cairn.ts');
export const FAULT_PLANNER = join(import.meta.dirname, 'faultPlannerModule.ts');

export interface CairnProcess {
  child: ChildProcess;
  /** Everything the process wrote to stderr and stdout. */
  output(): string;
  exited: Promise<number | null>;
}

/** Runs `cairn <args>` on Node 24 (this process's binary) with `env` over the current environment. */
export function startCairn(args: string[], env: Record<string, string>): CairnProcess {
  const child = spawn(process.execPath, [CAIRN, ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...childClockEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (text += d.toString()));
  const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));
  return { child, output: () => text, exited };
}

export async function stopCairn(p: CairnProcess | undefined): Promise<void> {
  if (!p || p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill('SIGTERM');
  const done = await Promise.race([
    p.exited.then(() => true),
    new Promise<boolean>((r) => setTimeout(() => r(false), 15_000)),
  ]);
  if (!done) p.child.kill('SIGKILL');
}

export async function waitUntil<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const v = await probe();
      if (v) return v;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Lines "<pid> <origin>" of plans started, from the fault planner's marker file. */
export function plansStarted(markerFile: string): Array<{ pid: number; origin: string }> {
  if (!existsSync(markerFile)) return [];
  return readFileSync(markerFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => ({ pid: Number(l.split(' ')[0]), origin: l.slice(l.indexOf(' ') + 1) }));
}

export interface ReceivedEvent {
  id: number;
  event: string;
  data: Record<string, unknown>;
}

/**
 * An EventSource as a browser runs it: on any drop it reconnects (every 200 ms) sending
 * Last-Event-ID, until `done` says the stream is complete or the deadline passes. `drop()` cuts
 * the current connection, as a flaky network would.
 */
export function followChannel(url: string, done: (events: ReceivedEvent[]) => boolean, timeoutMs: number) {
  const events: ReceivedEvent[] = [];
  let connections = 0;
  let current: AbortController | null = null;
  const deadline = Date.now() + timeoutMs;
  const finished = (async () => {
    while (!done(events) && Date.now() < deadline) {
      current = new AbortController();
      connections++;
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      const last = events.at(-1);
      if (last) headers['last-event-id'] = String(last.id);
      try {
        const res = await fetch(url, { headers, signal: current.signal });
        if (res.ok && res.body) {
          const decoder = new TextDecoder();
          let buffer = '';
          for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
            buffer += decoder.decode(chunk, { stream: true });
            let i: number;
            while ((i = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, i);
              buffer = buffer.slice(i + 2);
              const id = /^id: (\d+)$/m.exec(block)?.[1];
              const data = /^data: (.*)$/m.exec(block)?.[1];
              if (id && data) {
                const parsed = JSON.parse(data) as { event: string; data: Record<string, unknown> };
                events.push({ id: Number(id), event: parsed.event, data: parsed.data });
              }
            }
            if (done(events)) break;
          }
        }
      } catch {
        // dropped or refused: reconnect below
      }
      current.abort();
      if (!done(events)) await new Promise((r) => setTimeout(r, 200));
    }
    return events;
  })();
  return {
    events,
    finished,
    get connections() {
      return connections;
    },
    drop: () => current?.abort(),
  };
}

/** True once `results.retrieved` and as many `journey.processed` as it announced have arrived. */
export function allJourneysIn(events: ReceivedEvent[]): boolean {
  const head = events.find((e) => e.event === 'results.retrieved');
  if (!head) return false;
  return events.filter((e) => e.event === 'journey.processed').length >= Number(head.data.journey_count);
}

/** Ids strictly increasing from 1 with no gap and no repeat: nothing missed, nothing twice. */
export function gaplessIds(events: ReceivedEvent[]): boolean {
  return events.every((e, i) => e.id === i + 1);
}

/** The fault planner's environment in `dir`: each plan takes 2.5 s and writes a marker line; `overrides` win. */
export function faultEnv(dir: string, overrides: Record<string, string> = {}) {
  return {
    PLANNER_MODULE: FAULT_PLANNER,
    FAULT_PLAN_DELAY_MS: '2500',
    FAULT_JOURNEYS: '5',
    FAULT_MARKER_FILE: join(dir, 'plans.log'),
    JOB_VISIBILITY_SEC: '2',
    JOB_POLL_MS: '200',
    RATE_LIMIT_PER_MINUTE: '100000',
    ...overrides,
  };
}

/** `cairn serve` on PGlite in `dir` on a free loopback port, once it answers ready. */
export async function servePglite<E extends Record<string, string>>(
  dir: string,
  env: E,
): Promise<{ serve: CairnProcess; base: string; env: E }> {
  const port = await freePort();
  const served = {
    ...env,
    DATA_DIR: dir,
    PGLITE_DIR: join(dir, 'db'),
    PORT: String(port),
    HOST: '127.0.0.1',
  };
  const serve = startCairn(['serve'], served);
  const base = `http://127.0.0.1:${port}`;
  await waitUntil(
    async () => (await fetch(`${base}/v1/ready`)).status === 200,
    150_000,
    'first server ready',
  );
  return { serve, base, env: served };
}

/** Posts a search from `origin` to Glenmore for tomorrow and answers its hash. */
export async function postSearch(base: string, origin: string): Promise<string> {
  const res = await fetch(`${base}/v1/journey-planner/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ origin, destination: 'Glenmore', out_time: searchTime(1) }),
  });
  if (res.status !== 201) throw new Error(`search from ${origin}: HTTP ${res.status}`);
  return ((await res.json()) as { data: { hash: string } }).data.hash;
}
