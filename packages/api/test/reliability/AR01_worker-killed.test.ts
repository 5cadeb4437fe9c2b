// Feature under test: a worker killed mid-search — the job is claimed again once its lease lapses, and the realtime client still receives every journey.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { onPostgres, startTestServer, type TestServer } from '../helpers/testServer.ts';
import {
  allJourneysIn,
  faultEnv,
  followChannel,
  gaplessIds,
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

describe('a worker killed mid-search', () => {
  it('embedded (PGlite): `cairn serve` killed with SIGKILL while planning, restarted on the same data — the client gets every journey', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-fault-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const started = await servePglite(dir, faultEnv(dir));
    const { base, env } = started;
    let serve = started.serve;
    cleanups.push(() => stopCairn(serve));

    const hash = await postSearch(base, 'Killed Mid Plan');
    const follower = followChannel(`${base}/v1/realtime/query.${hash}`, allJourneysIn, 200_000);
    await waitUntil(
      () => plansStarted(env.FAULT_MARKER_FILE).some((p) => p.origin === 'Killed Mid Plan'),
      20_000,
      'planning to start',
    );
    const killedPid = serve.child.pid;
    serve.child.kill('SIGKILL');
    await serve.exited;

    serve = startCairn(['serve'], env);
    const events = await follower.finished;
    if (!allJourneysIn(events))
      console.error('restarted server output:', serve.output().slice(0, 3000), 'events', events);
    expect(allJourneysIn(events)).toBe(true);
    expect(gaplessIds(events)).toBe(true);
    expect(events.filter((e) => e.event === 'journey.processed')).toHaveLength(5);
    expect(follower.connections).toBeGreaterThanOrEqual(2);
    // Planned twice: by the killed process and by its successor.
    const plans = plansStarted(env.FAULT_MARKER_FILE).filter((p) => p.origin === 'Killed Mid Plan');
    expect(plans.map((p) => p.pid)).toContain(killedPid);
    expect(plans.some((p) => p.pid === serve.child.pid)).toBe(true);
    const results = (await (await fetch(`${base}/v1/journey-planner/search/${hash}`)).json()) as {
      data: { query: { status: string }; journeys: unknown[] };
    };
    expect(results.data.query.status).toBe('done');
    expect(results.data.journeys).toHaveLength(5);
  }, 300_000);

  it.runIf(onPostgres())(
    'PostgreSQL: a `cairn worker` process killed while planning; another worker takes the job over, the API and its client never notice',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cairn-fault-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const server: TestServer = await startTestServer({ worker: false });
      cleanups.push(() => server.close());
      const env = { ...faultEnv(dir), DATABASE_URL: server.config.databaseUrl!, DATA_DIR: dir };
      const first = startCairn(['worker'], env);
      cleanups.push(() => stopCairn(first));

      const hashes = [
        await postSearch(server.url, 'PG Victim'),
        await postSearch(server.url, 'PG Bystander'),
      ];
      const followers = hashes.map((h) =>
        followChannel(`${server.url}/v1/realtime/query.${h}`, allJourneysIn, 200_000),
      );
      await waitUntil(
        () => plansStarted(env.FAULT_MARKER_FILE).some((p) => p.origin === 'PG Victim'),
        30_000,
        'planning to start',
      );
      first.child.kill('SIGKILL');
      await first.exited;
      const second = startCairn(['worker'], env);
      cleanups.push(() => stopCairn(second));

      for (const f of followers) {
        const events = await f.finished;
        expect(allJourneysIn(events)).toBe(true);
        expect(gaplessIds(events)).toBe(true);
        // The API stayed up: one connection was enough.
        expect(f.connections).toBe(1);
      }
      const readJob = () =>
        server.runtime.ctx.database.db
          .selectFrom('jobs')
          .select(['status', 'attempts'])
          .where('payload', '@>', JSON.stringify({ hash: hashes[0] }) as never)
          .executeTakeFirstOrThrow();
      // The worker marks the job done just after it publishes the last event the followers saw.
      await waitUntil(async () => (await readJob()).status === 'done', 10_000, 'the job marked done');
      const job = await readJob();
      expect(job.status).toBe('done');
      expect(job.attempts).toBe(2);
    },
    300_000,
  );
});
