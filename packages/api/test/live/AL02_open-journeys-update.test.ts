// Feature under test: issue #18 — live running in one API process (PGlite, or PostgreSQL with CAIRN_TEST_PG=1): searches plan on the live version; a delay and then a cancellation published by a feed over loopback HTTP reach journey.updated events on the open channel, the stored journey carries them, a re-plan from live_break avoids the cancelled trip, and nothing is sent again while nothing changes.
import { Journey, QueryEvent } from '@cairn/contracts';
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
import { openEventStream, type SseStream } from '../helpers/sseClient.ts';
import { waitFor, type TestServer } from '../helpers/testServer.ts';

const FEEDS = ['rail', 'bus', 'city', 'ferry', 'flex'];
let feeds: LiveFeedServer;
let server: TestServer;

beforeAll(async () => {
  if (!demoRegionBuilt) return;
  feeds = await startLiveFeedServer();
  server = await liveDemoServer(FEEDS.map((f) => feeds.source(f)));
}, 300_000);
afterAll(async () => {
  await server?.close();
  await feeds?.close();
});

async function plan(body: Record<string, unknown>): Promise<{ hash: string; journeys: Journey[] }> {
  const { query, journeys } = await searchAndWait(server, body);
  return { hash: query.hash, journeys };
}

const liveVersion = async () => (await server.call('GET', '/v1/live/status')).body.data.version as string;

/** The next event of the stream, which must come within the time. */
async function nextEvent(stream: SseStream, timeoutMs = 20_000): Promise<QueryEvent> {
  const [event] = (await stream.waitForCount(stream.events.length + 1, timeoutMs)).slice(-1);
  return QueryEvent.parse(JSON.parse(event!.data));
}

describe.skipIf(!demoRegionBuilt)('L02 open journeys follow live running (one process)', () => {
  it(
    'plans on the live version, then updates the open journey on a delay and a cancellation',
    { timeout: 240_000 },
    async () => {
      // Every source was fetched and applied once: the version is named by the database.
      await waitFor(
        async () => {
          const status = (await server.call('GET', '/v1/live/status')).body.data;
          return status.sources.length === FEEDS.length && status.polling;
        },
        30_000,
        'the first poll of every source',
      );
      expect(await liveVersion()).toMatch(/^live-\d+$/);

      const { hash, journeys } = await plan({
        origin: 'Aviemore',
        destination: 'Grantown-on-Spey',
        out_time: nextMonday('09:00'),
      });
      const journey = journeys.find((j) => ridesOf(j).length === 1)!;
      expect(journey).toBeDefined();
      const ride = ridesOf(journey)[0]!;
      expect(ride.live).toMatchObject({ status: 'scheduled', version: expect.stringMatching(/^live-\d+$/) });
      const trip = ride.live!.trip;

      const stream = await openEventStream(`${server.url}/v1/realtime/query.${hash}`);
      expect(stream.status).toBe(200);
      const replayed = (await stream.waitForCount(journeys.length + 1)).length;

      // A delay of ten minutes at the boarding stop.
      feeds.publish(
        trip.feed_id,
        encodeFeed([
          tripUpdate(trip, {
            stopTimeUpdate: [
              { stopId: trip.from_stop_id, departure: { delay: 600 }, arrival: { delay: 600 } },
            ],
          }),
        ]),
      );
      const changed = await nextEvent(stream);
      expect(changed).toMatchObject({
        event: 'journey.updated',
        data: { journeyID: journey.id, status: 'changed', live_version: expect.stringMatching(/^live-\d+$/) },
      });
      const stored = Journey.parse(
        (await server.call('GET', `/v1/journey-planner/search/${hash}/${journey.id}`)).body.data,
      );
      const late = ridesOf(stored)[0]!;
      expect(late.live).toMatchObject({ status: 'late', departure_delay_sec: 600 });
      expect(late.departure_time).not.toBe(ride.departure_time);
      expect(late.live!.scheduled_departure_time).toBe(ride.departure_time);

      // The trip is cancelled: the journey breaks, and says where to plan again from.
      feeds.publish(trip.feed_id, encodeFeed([tripUpdate(trip, {}, 'CANCELED')]));
      const broken = await nextEvent(stream);
      if (broken.event !== 'journey.updated')
        throw new Error(`expected journey.updated, got ${broken.event}`);
      expect(broken.data).toMatchObject({
        journeyID: journey.id,
        status: 'broken',
        live_break: { reason: 'cancelled', leg: 'depart', step: journey.depart.steps.indexOf(ride) },
      });
      const liveBreak = broken.data.live_break!;
      expect(liveBreak.replan_from.name).toBe(ride.start_address);
      const afterBreak = Journey.parse(
        (await server.call('GET', `/v1/journey-planner/search/${hash}/${journey.id}`)).body.data,
      );
      expect(afterBreak.live_break).toEqual(liveBreak);

      // The same feed again makes new versions but no new event: nothing changed for the traveller.
      const seen = stream.events.length;
      const versionBefore = await liveVersion();
      feeds.publish(trip.feed_id, encodeFeed([tripUpdate(trip, {}, 'CANCELED')]));
      await waitFor(async () => (await liveVersion()) !== versionBefore, 20_000, 'a newer version');
      await new Promise((r) => setTimeout(r, 2_500));
      expect(stream.events.length).toBe(seen);
      expect(seen).toBe(replayed + 2);

      // Re-planning from where the traveller is expected to be avoids the cancelled trip.
      const replan = await plan({
        origin: liveBreak.replan_from.name,
        origin_location: liveBreak.replan_from.location,
        destination: 'Grantown-on-Spey',
        out_time: liveBreak.replan_from.out_time,
      });
      expect(replan.journeys.length).toBeGreaterThan(0);
      const rides = replan.journeys.flatMap(ridesOf);
      expect(rides.some((s) => s.live!.trip.trip_id === trip.trip_id)).toBe(false);

      // A finished search with journeys ahead keeps its stream open for updates instead of 204.
      stream.close();
      const again = await openEventStream(`${server.url}/v1/realtime/query.${hash}`, {
        'last-event-id': String(seen),
      });
      expect(again.status).toBe(200);
      again.close();
    },
  );

  it('reports a feed of garbage bytes as undecodable and keeps running on the others', async () => {
    feeds.publish('ferry', new Uint8Array([0x0a, 0xff, 0xff, 0x13]));
    const ferry = await waitFor(
      async () => {
        const status = (await server.call('GET', '/v1/live/status')).body.data;
        const report = status.sources.find((s: { feed_id?: string }) => s.feed_id === 'ferry');
        return report?.outcome === 'undecodable' ? status : undefined;
      },
      20_000,
      'the undecodable report',
    );
    expect(ferry.sources.filter((s: { outcome: string }) => s.outcome === 'applied')).toHaveLength(
      FEEDS.length - 1,
    );
    expect(ferry.polls.every((p: { outcome: string }) => p.outcome !== 'failed')).toBe(true);
  });
});
