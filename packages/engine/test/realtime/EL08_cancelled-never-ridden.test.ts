// Feature under test: plan() never rides a cancelled trip nor boards or leaves one at a skipped stop, and a shown journey that did says where to re-plan from.
import type { Journey, Step } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import type { LiveSource, LiveStore } from '../../src/realtime/liveStore.ts';
import type { TripRef } from '../../src/realtime/stepLive.ts';
import type { LiveVersion } from '../../src/realtime/liveVersion.ts';
import { demoPlanner, planBetween } from '../support/demoRegion.ts';
import { encodeFeed, london } from './support/rtFeed.ts';

const demo = demoPlanner('cairn-el08-');
const NOW = london(20261124, '07:30');
// Tuesday morning searches whose best journeys ride one, two or three trips of the demo's operators.
const SEARCHES: [string, string, string][] = [
  ['Aviemore', 'Grantown-on-Spey', '2026/11/24 08:00:00'],
  ['Cairngorm Mountain', 'Grantown-on-Spey', '2026/11/24 08:00:00'],
  ['Kingussie', 'Boat of Garten', '2026/11/24 09:00:00'],
  ['Newtonmore', 'Nethy Bridge', '2026/11/24 08:30:00'],
  ['Braemar', 'Ballater', '2026/11/24 09:00:00'],
  ['Carrbridge', 'Kincraig', '2026/11/24 10:00:00'],
];

const rides = (j: Journey): [number, Step][] =>
  j.depart.steps.flatMap((s, i): [number, Step][] => (s.live ? [[i, s]] : []));
const arrival = (j: Journey) => Date.parse(j.depart.arrival_datetime);
const sameInstance = (a: TripRef, b: TripRef) =>
  a.feed_id === b.feed_id && a.trip_id === b.trip_id && a.service_date === b.service_date;

/** A new store's version after one TripUpdates message about `trip`'s instance, as its operator's producer would send it. */
function publish(trip: TripRef, fields: object, relationship = 'SCHEDULED'): LiveVersion {
  const store = demo.planner.createLiveStore!('t');
  const source: LiveSource = {
    source: trip.feed_id,
    feedId: trip.feed_id,
    kind: 'trip-updates',
    maxAgeSec: 600,
  };
  const descriptor = {
    tripId: trip.trip_id,
    startDate: trip.service_date.replaceAll('-', ''),
    scheduleRelationship: relationship,
  };
  const bytes = encodeFeed([{ tripUpdate: { trip: descriptor, ...fields } }], NOW);
  const { version, report } = store.ingest(source, bytes, NOW);
  expect(report.tripUpdates).toMatchObject({ matched: 1, unmatched: {}, unknownStops: 0 });
  return version;
}

/** The earliest-arriving journey with rides of each search, planned on the timetable (an empty version). */
async function bestJourneys(store: LiveStore) {
  const out: { search: string; journey: Journey }[] = [];
  for (const [from, to, out_time] of SEARCHES) {
    const js = await planBetween(demo.planner, from, to, { out_time }, undefined, null, store.current());
    // Public transport and walks only: a taxi or lift to a stop (vehicle miles join bus stops by a
    // walking change since the egress fix) would stand in for the rides this test cancels.
    const best = js
      .filter((j) => rides(j).length > 0 && j.depart.steps.every((s) => s.live || s.type === 'walk'))
      .sort((a, b) => arrival(a) - arrival(b))[0];
    if (best) out.push({ search: `${from} → ${to}`, journey: best });
  }
  return out;
}

const replan = (search: string, out_time: string, live: LiveVersion) => {
  const [from, to] = search.split(' → ');
  return planBetween(demo.planner, from!, to!, { out_time }, undefined, null, live);
};

describe('L08 cancelled trips and skipped stops are never ridden', () => {
  it('each ride of each best journey, cancelled: the journey breaks at its boarding stop and no new journey rides it', async () => {
    const store = demo.planner.createLiveStore!('t');
    const best = await bestJourneys(store);
    expect(best.length).toBe(SEARCHES.length);
    expect(best.some(({ journey }) => rides(journey).length >= 2)).toBe(true);
    let cancelled = 0;
    for (const { search, journey } of best) {
      const outTime = SEARCHES.find(([f, t]) => search === `${f} → ${t}`)![2];
      for (const [index, step] of rides(journey)) {
        const trip = step.live!.trip;
        const version = publish(trip, {}, 'CANCELED');
        const check = demo.planner.checkJourney!(journey, version);
        expect(check.status, search).toBe('broken');
        expect(check.broken, search).toMatchObject({
          reason: 'cancelled',
          leg: 'depart',
          step: index,
          replanFrom: { name: step.start_address, ...step.start_location },
        });
        const again = await replan(search, outTime, version);
        const ridden = again.flatMap((j) => rides(j).map(([, s]) => s.live!.trip));
        expect(
          ridden.filter((t) => sameInstance(t, trip)),
          `${search}: ${trip.trip_id}`,
        ).toEqual([]);
        cancelled++;
      }
    }
    expect(cancelled).toBeGreaterThanOrEqual(SEARCHES.length + 1);
  });

  it('each ride of each best journey skipping its boarding stop: the journey breaks there and no new journey boards it there', async () => {
    const store = demo.planner.createLiveStore!('t');
    const best = await bestJourneys(store);
    for (const { search, journey } of best) {
      const outTime = SEARCHES.find(([f, t]) => search === `${f} → ${t}`)![2];
      for (const [index, step] of rides(journey)) {
        const trip = step.live!.trip;
        const version = publish(trip, {
          stopTimeUpdate: [{ stopId: trip.from_stop_id, scheduleRelationship: 'SKIPPED' }],
        });
        const check = demo.planner.checkJourney!(journey, version);
        expect(check.broken, search).toMatchObject({
          reason: 'stop skipped',
          step: index,
          replanFrom: { name: step.start_address, ...step.start_location },
        });
        const again = await replan(search, outTime, version);
        for (const j of again)
          for (const [, s] of rides(j)) {
            const t = s.live!.trip;
            if (!sameInstance(t, trip)) continue;
            expect(t.from_stop_id, `${search}: ${trip.trip_id} boarded at its skipped stop`).not.toBe(
              trip.from_stop_id,
            );
            expect(t.to_stop_id, `${search}: ${trip.trip_id} left at its skipped stop`).not.toBe(
              trip.from_stop_id,
            );
            expect(s.live!.stop_skipped).toBe(false);
          }
      }
    }
  });
});
