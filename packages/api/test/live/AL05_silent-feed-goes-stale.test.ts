// Feature under test: issue #18 — a producer that stops answering (errors, or 304 forever) must not
// leave its last delays on the journeys: once what it said is older than the source's maximum age,
// the live version drops it, searches plan on the timetable again, and the status says 'stale'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRegionBuilt, liveDemoServer, searchAndWait } from '../helpers/demoEngine.ts';
import {
  encodeFeed,
  nextMonday,
  ridesOf,
  startLiveFeedServer,
  tripUpdate,
  type LiveFeedServer,
} from '../helpers/liveFeed.ts';
import { waitFor, type TestServer } from '../helpers/testServer.ts';

const MAX_AGE_SEC = 10;
let feeds: LiveFeedServer;
let server: TestServer;

beforeAll(async () => {
  if (!demoRegionBuilt) return;
  feeds = await startLiveFeedServer();
  server = await liveDemoServer([{ ...feeds.source('bus'), maxAgeSec: MAX_AGE_SEC }]);
}, 300_000);
afterAll(async () => {
  await server?.close();
  await feeds?.close();
});

const busReport = async () => {
  const status = (await server.call('GET', '/v1/live/status')).body.data;
  return status.sources[0] as { outcome: string } | undefined;
};

describe.skipIf(!demoRegionBuilt)('L05 a feed that falls silent goes stale', () => {
  it(
    'drops the delays of a producer that answers only errors once they outlive the maximum age',
    {
      timeout: 120_000,
    },
    async () => {
      const search = { origin: 'Aviemore', destination: 'Grantown-on-Spey', out_time: nextMonday('09:00') };
      const first = await searchAndWait(server, search);
      const ride = first.journeys.flatMap(ridesOf).find((s) => s.live!.trip.feed_id === 'bus');
      expect(ride).toBeDefined();
      const trip = ride!.live!.trip;

      feeds.publish('bus', encodeFeed([tripUpdate(trip, { delay: 900 })]));
      await waitFor(
        async () => {
          const again = await searchAndWait(server, search);
          const same = again.journeys.flatMap(ridesOf).find((s) => s.live!.trip.trip_id === trip.trip_id);
          return same?.live?.status === 'late';
        },
        30_000,
        'a search that sees the delay',
      );

      // The producer goes down: its last word must not outlive the source's maximum age.
      feeds.fail('bus', 503);
      await waitFor(
        async () => (await busReport())?.outcome === 'stale',
        30_000,
        "the source reported 'stale'",
      );
      const later = await searchAndWait(server, search);
      const rides = later.journeys.flatMap(ridesOf).filter((s) => s.live!.trip.trip_id === trip.trip_id);
      for (const r of rides) expect(r.live!.status).toBe('scheduled');
    },
  );
});
