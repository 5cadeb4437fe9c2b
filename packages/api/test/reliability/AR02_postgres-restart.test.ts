// Feature under test: PostgreSQL crashes and comes back — the API recovers by itself (pool, LISTEN, worker) and no accepted search is lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, searchTime, startTestServer, type TestServer } from '../helpers/testServer.ts';
import { allJourneysIn, followChannel, gaplessIds, waitUntil } from './faultKit.ts';
import { startPostgresCluster, type PostgresCluster } from '../helpers/postgresCluster.ts';

describe.runIf(onPostgres())('PostgreSQL restarted under the API', () => {
  let cluster: PostgresCluster;
  let server: TestServer;
  beforeAll(async () => {
    cluster = await startPostgresCluster({ durable: true });
    server = await startTestServer({
      env: { DATABASE_URL: cluster.url, JOB_VISIBILITY_SEC: '3', JOB_POLL_MS: '200' },
    });
    server.planner.journeyCount = 4;
  }, 120_000);
  afterAll(async () => {
    await server?.close().catch(() => undefined);
    cluster?.stop();
  });

  const post = (origin: string) =>
    server.call('POST', '/v1/journey-planner/search', {
      body: { origin, destination: 'Glenmore', out_time: searchTime(1) },
    });

  it('searches accepted before a crash are all planned after it, clients get every journey, new searches work', async () => {
    server.planner.delayMs = 1500;
    const accepted: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await post(`Before crash ${i}`);
      expect(res.status).toBe(201);
      accepted.push(res.body.data.hash);
    }
    const followers = accepted.map((h) =>
      followChannel(`${server.url}/v1/realtime/query.${h}`, allJourneysIn, 120_000),
    );
    // Crash while the first search is being planned.
    await waitUntil(
      () => server.planner.calls.some((c) => c.request.origin === 'Before crash 0'),
      20_000,
      'planning to start',
    );
    cluster.crash();

    // During the outage: no search is accepted, and the answer says so in the SPEC shape.
    const during = await post('During outage');
    expect(during.status).toBe(503);
    expect(typeof during.body.message).toBe('string');
    expect((await server.call('GET', '/v1/ready')).status).toBe(503);
    await new Promise((r) => setTimeout(r, 2000));
    cluster.start();

    await waitUntil(
      async () => (await server.call('GET', '/v1/ready')).status === 200,
      30_000,
      'ready again',
    );
    server.planner.delayMs = 0;
    for (const f of followers) {
      const events = await f.finished;
      expect(allJourneysIn(events)).toBe(true);
      expect(gaplessIds(events)).toBe(true);
    }
    // The status is written after the events: a job cut short between the two finishes on its retry.
    for (const hash of accepted) {
      const r = await waitUntil(
        async () => {
          const res = await server.call('GET', `/v1/journey-planner/search/${hash}`);
          return res.body.data?.query.status === 'done' ? res : undefined;
        },
        30_000,
        `search ${hash} done`,
      );
      expect(r.body.data.journeys).toHaveLength(4);
    }
    const after = await post('After restart');
    expect(after.status).toBe(201);
    const events = await followChannel(
      `${server.url}/v1/realtime/query.${after.body.data.hash}`,
      allJourneysIn,
      30_000,
    ).finished;
    expect(allJourneysIn(events)).toBe(true);
  }, 240_000);
});
