// Feature under test: scale-out — two API processes and separate worker processes on one PostgreSQL;
// a subscriber on API A receives the events of a job the worker ran for a search posted to API B.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { QueryEvent } from '@cairn/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyUrl, startCli, type CliProcess } from '../helpers/cliProcess.ts';
import { openEventStream } from '../helpers/sseClient.ts';
import { onPostgres, searchTime, testDatabaseEnv, waitFor } from '../helpers/testServer.ts';

const ROOT = resolve(import.meta.dirname, '../../../..');
const PLANNER = join(ROOT, 'packages/api/test/helpers/testPlannerModule.ts');

let env: Record<string, string>;
let dataDir: string;
const procs: CliProcess[] = [];

function start(args: string[], extraEnv: Record<string, string> = {}): CliProcess {
  const proc = startCli(args, { ...env, ...extraEnv });
  procs.push(proc);
  return proc;
}

beforeAll(async () => {
  if (!onPostgres()) return;
  dataDir = mkdtempSync(join(tmpdir(), 'cairn-fanout-'));
  const db = await testDatabaseEnv();
  env = {
    DATABASE_URL: db.DATABASE_URL!,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    PLANNER_MODULE: PLANNER,
    LOG_LEVEL: 'info',
    JOB_POLL_MS: '500',
    JOB_VISIBILITY_SEC: '3',
  };
});
afterAll(async () => {
  for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  await Promise.all(procs.map((p) => p.exited));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function postSearch(url: string): Promise<string> {
  const response = await fetch(`${url}/v1/journey-planner/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ origin: 'Aviemore', destination: 'Glenmore', out_time: searchTime(2) }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { hash: string } }).data.hash;
}

describe.skipIf(!onPostgres())('fan-out across processes (PostgreSQL)', () => {
  it(
    "delivers a worker process's events to a subscriber on another API process",
    { timeout: 240_000 },
    async () => {
      const apiA = start(['serve', '--no-worker']);
      const apiB = start(['serve', '--no-worker']);
      const [urlA, urlB] = await Promise.all([readyUrl(apiA), readyUrl(apiB)]);
      expect(urlA).not.toBe(urlB);

      // No worker runs yet: the search waits in the queue while A's subscriber connects.
      const hash = await postSearch(urlB);
      const stream = await openEventStream(`${urlA}/v1/realtime/query.${hash}`);
      expect(stream.status).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      expect(stream.events).toEqual([]);

      const worker = start(['worker']);
      const events = await stream.waitForCount(4, 120_000);
      stream.close();
      expect(events.map((e) => QueryEvent.parse(JSON.parse(e.data)).event)).toEqual([
        'results.retrieved',
        'journey.processed',
        'journey.processed',
        'journey.processed',
      ]);
      const first = QueryEvent.parse(JSON.parse(events[1]!.data));
      if (first.event !== 'journey.processed') throw new Error('expected a journey');
      const journey = await fetch(`${urlA}/v1/journey-planner/search/${hash}/${first.data.journeyID}`);
      expect(journey.status).toBe(200);

      // Graceful shutdown: SIGTERM lets each process finish and exit 0.
      for (const p of [worker, apiA, apiB]) p.child.kill('SIGTERM');
      expect(await Promise.all([worker.exited, apiA.exited, apiB.exited])).toEqual([0, 0, 0]);
    },
  );

  it('finishes the job of a worker killed mid-plan on another worker', { timeout: 240_000 }, async () => {
    const api = start(['serve', '--no-worker']);
    const url = await readyUrl(api);
    const slow = start(['worker'], { TEST_PLANNER_DELAY_MS: '60000' });
    const hash = await postSearch(url);
    await waitFor(
      async () => {
        const r = (await (await fetch(`${url}/v1/journey-planner/search/${hash}`)).json()) as {
          data: { query: { status: string } };
        };
        return r.data.query.status === 'planning';
      },
      120_000,
      'the slow worker to start planning',
    );
    slow.child.kill('SIGKILL');
    await slow.exited;

    const rescuer = start(['worker']);
    const stream = await openEventStream(`${url}/v1/realtime/query.${hash}`);
    const events = await stream.waitForCount(4, 120_000);
    stream.close();
    expect(events[0]!.event).toBe('results.retrieved');
    for (const p of [rescuer, api]) p.child.kill('SIGTERM');
    expect(await Promise.all([rescuer.exited, api.exited])).toEqual([0, 0]);
  });
});
