// Feature under test: issue #18 — live running with two API processes on PostgreSQL: one polls (advisory lock), both route on the same version ids; a delay and a cancellation published over loopback HTTP reach journey.updated on a channel served by the process that does not poll; a re-plan from live_break avoids the cancelled trip; when the polling process dies, the other takes over.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Journey, QueryEvent, SearchCreated, SearchResults } from '@cairn/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyUrl, startCli, type CliProcess } from '../helpers/cliProcess.ts';
import { DEMO_REGION, demoRegionBuilt } from '../helpers/demoEngine.ts';
import {
  encodeFeed,
  nextMonday,
  ridesOf,
  startLiveFeedServer,
  tripUpdate,
  type LiveFeedServer,
} from '../helpers/liveFeed.ts';
import { openEventStream, type SseStream } from '../helpers/sseClient.ts';
import { onPostgres, testDatabaseEnv, waitFor } from '../helpers/testServer.ts';

const FEEDS = ['rail', 'bus', 'city', 'ferry', 'flex'];
let feeds: LiveFeedServer;
let env: Record<string, string>;
let dataDir: string;
const procs: CliProcess[] = [];

beforeAll(async () => {
  if (!onPostgres() || !demoRegionBuilt) return;
  feeds = await startLiveFeedServer();
  dataDir = mkdtempSync(join(tmpdir(), 'cairn-live-'));
  env = {
    DATABASE_URL: (await testDatabaseEnv()).DATABASE_URL!,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    REGION_DIR: DEMO_REGION,
    LOG_LEVEL: 'info',
    JOB_POLL_MS: '300',
    LIVE_FEEDS: 'region',
    LIVE_FEEDS_JSON: JSON.stringify(FEEDS.map((f) => feeds.source(f))),
  };
});
afterAll(async () => {
  for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  await Promise.all(procs.map((p) => p.exited));
  await feeds?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface LiveStatus {
  polling: boolean;
  version: string | null;
  sources: { outcome: string }[];
}
const statusOf = async (url: string) =>
  ((await (await fetch(`${url}/v1/live/status`)).json()) as { data: LiveStatus }).data;

async function plan(
  url: string,
  body: Record<string, unknown>,
): Promise<{ hash: string; journeys: Journey[] }> {
  const created = await fetch(`${url}/v1/journey-planner/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(created.status).toBe(201);
  const { hash } = SearchCreated.parse(await created.json()).data;
  const results = await waitFor(
    async () => {
      const r = SearchResults.parse(await (await fetch(`${url}/v1/journey-planner/search/${hash}`)).json());
      return r.data.query.status === 'done' ? r : undefined;
    },
    120_000,
    'the search to finish',
  );
  return { hash, journeys: results.data.journeys };
}

async function nextEvent(stream: SseStream): Promise<QueryEvent> {
  const [event] = (await stream.waitForCount(stream.events.length + 1, 30_000)).slice(-1);
  return QueryEvent.parse(JSON.parse(event!.data));
}

/** Both processes name the same version once they have read the same rows. */
async function sameVersion(urls: string[]): Promise<string> {
  return waitFor(
    async () => {
      const versions = await Promise.all(urls.map(async (u) => (await statusOf(u)).version));
      return versions[0] && versions.every((v) => v === versions[0]) ? versions[0] : undefined;
    },
    20_000,
    'one version in both processes',
  );
}

describe.skipIf(!onPostgres() || !demoRegionBuilt)(
  'L03 live running across two API processes (PostgreSQL)',
  () => {
    it(
      'one process polls; an update reaches the channel served by the other; the other takes over',
      { timeout: 300_000 },
      async () => {
        const a = startCli(['serve'], env);
        const b = startCli(['serve', '--no-worker'], env);
        procs.push(a, b);
        const urls = await Promise.all([readyUrl(a, 120_000), readyUrl(b, 120_000)]);
        const polling = await waitFor(
          async () => {
            const s = await Promise.all(urls.map(statusOf));
            return s.some((x) => x.sources.length === FEEDS.length) ? s.map((x) => x.polling) : undefined;
          },
          30_000,
          'the first polls',
        );
        // Exactly one process polls.
        expect(polling.filter(Boolean)).toHaveLength(1);
        const leader = polling[0] ? 0 : 1;
        const [leaderProc, other] = leader === 0 ? [a, b] : [b, a];
        const [leaderUrl, otherUrl] = leader === 0 ? [urls[0]!, urls[1]!] : [urls[1]!, urls[0]!];
        await sameVersion(urls);

        const { hash, journeys } = await plan(otherUrl, {
          origin: 'Aviemore',
          destination: 'Grantown-on-Spey',
          out_time: nextMonday('09:00'),
        });
        const journey = journeys.find((j) => ridesOf(j).length === 1)!;
        const ride = ridesOf(journey)[0]!;
        const trip = ride.live!.trip;
        const stream = await openEventStream(`${otherUrl}/v1/realtime/query.${hash}`);
        expect(stream.status).toBe(200);
        await stream.waitForCount(journeys.length + 1);

        feeds.publish(
          trip.feed_id,
          encodeFeed([
            tripUpdate(trip, { stopTimeUpdate: [{ stopId: trip.from_stop_id, departure: { delay: 420 } }] }),
          ]),
        );
        const changed = await nextEvent(stream);
        expect(changed).toMatchObject({
          event: 'journey.updated',
          data: { journeyID: journey.id, status: 'changed' },
        });
        // The event names the version both processes now route on.
        const version = await sameVersion(urls);
        if (changed.event !== 'journey.updated') throw new Error('expected journey.updated');
        expect(Number(version.slice('live-'.length))).toBeGreaterThanOrEqual(
          Number(changed.data.live_version.slice('live-'.length)),
        );

        feeds.publish(trip.feed_id, encodeFeed([tripUpdate(trip, {}, 'CANCELED')]));
        const broken = await nextEvent(stream);
        if (broken.event !== 'journey.updated') throw new Error('expected journey.updated');
        expect(broken.data).toMatchObject({ status: 'broken', live_break: { reason: 'cancelled' } });
        const from = broken.data.live_break!.replan_from;
        stream.close();

        // The re-plan runs on the worker of A, on the version every process shares.
        const replan = await plan(otherUrl, {
          origin: from.name,
          origin_location: from.location,
          destination: 'Grantown-on-Spey',
          out_time: from.out_time,
        });
        expect(replan.journeys.length).toBeGreaterThan(0);
        expect(replan.journeys.flatMap(ridesOf).some((s) => s.live!.trip.trip_id === trip.trip_id)).toBe(
          false,
        );

        // The polling process dies: its session's lock is freed and the other starts polling.
        const requests = feeds.requests;
        leaderProc.child.kill('SIGKILL');
        await leaderProc.exited;
        await waitFor(async () => (await statusOf(otherUrl)).polling, 30_000, 'the other process to poll');
        await waitFor(
          async () => feeds.requests > requests + FEEDS.length,
          30_000,
          'polls by the new leader',
        );
        expect(leaderUrl).not.toBe(otherUrl);

        other.child.kill('SIGTERM');
        expect(await other.exited).toBe(0);
      },
    );
  },
);
