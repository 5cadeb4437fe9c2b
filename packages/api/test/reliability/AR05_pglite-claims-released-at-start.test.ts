// Feature under test: issue 30 finding 13 — after `kill -9` mid-plan on PGlite, the restarted server left the search "planning" until the killed process's claim lapsed (JOB_VISIBILITY_SEC, 2 min by default). PGlite belongs to one process, so the restarted one releases the earlier claims at start-up and plans the search at once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  allJourneysIn,
  faultEnv,
  followChannel,
  plansStarted,
  postSearch,
  servePglite,
  startCairn,
  stopCairn,
  waitUntil,
} from './faultKit.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('PGlite after kill -9 mid-plan', () => {
  it('the restarted server plans the search again at once, not when the old claim lapses', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-fault-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    // A claim that would outlive the test: only the release at start-up can free it.
    const started = await servePglite(
      dir,
      faultEnv(dir, { FAULT_JOURNEYS: '3', JOB_VISIBILITY_SEC: '3600' }),
    );
    const { base, env } = started;
    let serve = started.serve;
    cleanups.push(() => stopCairn(serve));
    const hash = await postSearch(base, 'Killed Mid Plan');
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
