// Feature under test: the planner on a live version (live step fields, alerts, re-plans around a cancelled trip) and checking a shown journey against a newer version.
import type { Journey, Step } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import type { LiveSource, LiveStore } from '../../src/realtime/liveStore.ts';
import type { TripRef } from '../../src/realtime/stepLive.ts';
import type { LiveVersion } from '../../src/realtime/liveVersion.ts';
import { planBetween, demoPlanner } from '../support/demoRegion.ts';
import { encodeFeed, london } from './support/rtFeed.ts';

const demo = demoPlanner('cairn-el04-');
// A Monday of the demo calendar: the weekday buses run.
const DAY = { out_time: '2026/11/23 09:00:00' };
const NOW = london(20261123, '08:50');
const busTrips = (feedId: string): LiveSource => ({
  source: `${feedId}-tu`,
  feedId,
  kind: 'trip-updates',
  maxAgeSec: 600,
});
const alertsOf = (feedId: string): LiveSource => ({
  source: `${feedId}-sa`,
  feedId,
  kind: 'service-alerts',
  maxAgeSec: 600,
});

const rides = (j: Journey): Step[] => j.depart.steps.filter((s) => s.live !== undefined);

/** Journeys on a live version, the test's usual trip by default. */
const planLive = (live: LiveVersion, from = 'Aviemore', to = 'Grantown-on-Spey') =>
  planBetween(demo.planner, from, to, DAY, undefined, null, live);

/** One TripUpdates message from the operator of the instance `trip` names, as its producer would send it. */
function publishTripUpdate(store: LiveStore, trip: TripRef, fields: object, relationship = 'SCHEDULED') {
  const descriptor = {
    tripId: trip.trip_id,
    startDate: trip.service_date.replaceAll('-', ''),
    scheduleRelationship: relationship,
  };
  const bytes = encodeFeed([{ tripUpdate: { trip: descriptor, ...fields } }], NOW);
  return store.ingest(busTrips(trip.feed_id), bytes, NOW);
}

describe('L04 planning on live times', () => {
  it('without a live version nothing changes on the wire; with one every ride says how it runs', async () => {
    const { planner } = demo;
    const plain = await planBetween(planner, 'Aviemore', 'Grantown-on-Spey', DAY);
    expect(plain.flatMap((j) => j.depart.steps).some((s) => 'live' in s)).toBe(false);
    const store = planner.createLiveStore!('t');
    const js = await planLive(store.current());
    const ride = js.flatMap(rides)[0];
    expect(ride?.live).toMatchObject({
      version: 't-0',
      status: 'scheduled',
      cancelled: false,
      departure_delay_sec: 0,
    });
    expect(ride?.live?.scheduled_departure_time).toBe(ride?.departure_time);
  });

  it('a delay moves the ride, is shown against the timetable, and a shown journey reports the change', async () => {
    const { planner } = demo;
    const store = planner.createLiveStore!('t');
    const planned = store.current();
    const before = await planLive(planned);
    const journey = before.find((j) => rides(j).length === 1)!;
    const ride = rides(journey)[0]!;
    const trip = ride.live!.trip;
    const { version, report } = publishTripUpdate(store, trip, {
      stopTimeUpdate: [{ stopId: trip.from_stop_id, departure: { delay: 600 }, arrival: { delay: 600 } }],
    });
    expect(report.tripUpdates).toMatchObject({ matched: 1, unmatched: {} });
    const check = planner.checkJourney!(journey, version);
    expect(check.status).toBe('changed');
    expect(check.updatedSteps[0]?.live).toMatchObject({
      status: 'late',
      departure_delay_sec: 600,
      arrival_delay_sec: 600,
    });
    const after = await planLive(version);
    const same = after.flatMap(rides).find((s) => s.live!.trip.trip_id === trip.trip_id);
    expect(same?.live).toMatchObject({
      status: 'late',
      scheduled_departure_time: ride.departure_time,
      version: version.id,
    });
    expect(same?.departure_time).not.toBe(ride.departure_time);
    // Against the version it was planned on, the journey shown before is unchanged.
    expect(planner.checkJourney!(journey, planned).status).toBe('unchanged');
  });

  it('a cancelled trip breaks the shown journey and the re-plan avoids it', async () => {
    const { planner } = demo;
    const store = planner.createLiveStore!('t');
    const before = await planLive(store.current());
    const journey = before.find((j) => rides(j).length === 1)!;
    const trip = rides(journey)[0]!.live!.trip;
    const { version } = publishTripUpdate(store, trip, {}, 'CANCELED');
    const check = planner.checkJourney!(journey, version);
    expect(check.status).toBe('broken');
    expect(check.broken).toMatchObject({ reason: 'cancelled', leg: 'depart' });
    expect(check.broken?.replanFrom.name).toBe(rides(journey)[0]!.start_address);
    const after = await planLive(version);
    expect(after.length).toBeGreaterThan(0);

    expect(after.flatMap(rides).some((s) => s.live!.trip.trip_id === trip.trip_id)).toBe(false);
  });

  it('a late first ride that misses the change breaks the journey at the second ride', async () => {
    const { planner } = demo;
    const store = planner.createLiveStore!('t');
    const js = await planLive(store.current(), 'Cairngorm Mountain', 'Grantown-on-Spey');
    const journey = js.find((j) => rides(j).length >= 2);
    expect(journey).toBeDefined();
    const [first, second] = rides(journey!);
    const trip = first!.live!.trip;
    const { version } = publishTripUpdate(store, trip, {
      stopTimeUpdate: [{ stopId: trip.from_stop_id, departure: { delay: 3 * 3600 } }],
    });
    const check = planner.checkJourney!(journey!, version);
    expect(check.broken).toMatchObject({
      reason: 'missed change',
      replanFrom: { name: second!.start_address },
    });
  });

  it('a service alert on the route reaches the steps that ride it', async () => {
    const { planner } = demo;
    const store = planner.createLiveStore!('t');
    const js = await planLive(store.current());
    const trip = js.flatMap(rides)[0]!.live!.trip;
    const { version } = store.ingest(
      alertsOf(trip.feed_id),
      encodeFeed(
        [
          {
            alert: {
              informedEntity: [{ routeId: trip.route_id }],
              headerText: { translation: [{ text: 'Roadworks at Boat of Garten' }] },
              descriptionText: {
                translation: [{ text: 'Buses divert via the B970; allow ten minutes more.' }],
              },
              effect: 'DETOUR',
            },
          },
          {
            alert: {
              informedEntity: [{ routeId: 'another-route' }],
              headerText: { translation: [{ text: 'Elsewhere' }] },
            },
          },
        ],
        NOW,
      ),
      NOW,
    );
    const after = await planLive(version);
    const ride = after.flatMap(rides).find((s) => s.live!.trip.route_id === trip.route_id);
    expect(ride?.live?.alerts).toEqual([
      expect.objectContaining({
        header: 'Roadworks at Boat of Garten',
        description: 'Buses divert via the B970; allow ten minutes more.',
        effect: 'DETOUR',
      }),
    ]);
  });
});
