// Feature under test: issue 30 finding 13 — after `kill -9` mid-plan on PGlite, the restarted server left the search "planning" until the killed process's claim lapsed (JOB_VISIBILITY_SEC, 2 min by default). PGlite belongs to one process, so the restarted one releases the earlier claims at start-up and plans the search at once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { searchTime } from '../helpers/testServer.ts';
import {
  allJourneysIn,
  FAULT_PLANNER,
  followChannel,
  freePort,
  plansStarted,
  startCairn,
  stopCairn,
  waitUntil,
  type CairnProcess,
} from './faultKit.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('PGlite after kill -9 mid-plan', () => {
  it('the restarted server plans the search again at once, not when the old claim lapses', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-fault-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      PLANNER_MODULE: FAULT_PLANNER,
      FAULT_PLAN_DELAY_MS: '2500',
      FAULT_JOURNEYS: '3',
      FAULT_MARKER_FILE: join(dir, 'plans.log'),
      // A claim that would outlive the test: only the release at start-up can free it.
      JOB_VISIBILITY_SEC: '3600',
      JOB_POLL_MS: '200',
      DATA_DIR: dir,
      PGLITE_DIR: join(dir, 'db'),
      PORT: String(port),
      HOST: '127.0.0.1',
    };
    let serve: CairnProcess = startCairn(['serve'], env);
    cleanups.push(() => stopCairn(serve));
    await waitUntil(
      async () => (await fetch(`${base}/v1/ready`)).status === 200,
      150_000,
      'first server ready',
    );
    const created = await fetch(`${base}/v1/journey-planner/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ origin: 'Killed Mid Plan', destination: 'Glenmore', out_time: searchTime(1) }),
    });
    const hash = ((await created.json()) as { data: { hash: string } }).data.hash;
    await waitUntil(
      () => plansStarted(env.FAULT_MARKER_FILE).some((p) => p.origin === 'Killed Mid Plan'),
      20_000,
      'planning to start',
    );
    serve.child.kill('SIGKILL');
    await serve.exited;

    serve = startCairn(['serve'], env);
    const follower = followChannel(`${base}/v1/realtime/query.${hash}`, allJourneysIn, 90_000);
    const events = await follower.finished;
    expect(allJourneysIn(events)).toBe(true);
    const results = (await (await fetch(`${base}/v1/journey-planner/search/${hash}`)).json()) as {
      data: { query: { status: string } };
    };
    expect(results.data.query.status).toBe('done');
  }, 300_000);
});
