// Feature under test: VehiclePositions of producers without TripUpdates give their trips live times (at least as late as where the vehicle was seen), marked as such on the step.
import type { Journey, Step } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import { decodeFeed } from '../../src/realtime/decodeFeed.ts';
import { LiveStore } from '../../src/realtime/liveStore.ts';
import type { LiveSource } from '../../src/realtime/liveStore.ts';
import { dateToDayNumber, localToEpochSec } from '../../src/time/serviceDay.ts';
import { formatLocalIso } from '../../src/format/localTime.ts';
import type { LivePatches } from '../../src/timetable/livePatch.ts';
import type { Timetable } from '../../src/timetable/timetable.ts';
import { demoPlanner, planBetween } from '../support/demoRegion.ts';
import { baseFeed, timetableFrom } from '../support/inlineFeed.ts';
import { firstRide } from './support/firstRide.ts';
import { encodeFeed, london } from './support/rtFeed.ts';

const DATE = 20260603;
const DAY = dateToDayNumber(DATE);
const TRIPS: LiveSource = { source: 'tu', feedId: 'f', kind: 'trip-updates', maxAgeSec: 300 };
const VEHICLES: LiveSource = { source: 'vp', feedId: 'f', kind: 'vehicle-positions', maxAgeSec: 300 };

/** T1: A 09:00, B 09:10–09:11, C 09:20. T3: the same an hour later. */
function network(): Timetable {
  return timetableFrom(
    baseFeed({
      'trips.txt': `route_id,service_id,trip_id
        R1,ALL,T1
        R1,ALL,T3`,
      'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence
        T1,09:00:00,09:00:00,A,1
        T1,09:10:00,09:11:00,B,2
        T1,09:20:00,09:20:00,C,3
        T3,10:00:00,10:00:00,A,1
        T3,10:10:00,10:10:00,B,2
        T3,10:20:00,10:20:00,C,3`,
    }),
  );
}

const vehicle = (fields: object) => ({
  vehicle: {
    trip: { tripId: 'T1', startDate: '20260603' },
    position: { latitude: 57, longitude: -3.8 },
    ...fields,
  },
});

const ZERO = localToEpochSec('Europe/London', DATE, 12 * 3600) - 12 * 3600;
const clock = (sec: number) => formatLocalIso('Europe/London', ZERO + sec).slice(11, 16);

/** Live "arrival/departure" per stop of T1, and whether they came from a vehicle. */
function t1(tt: Timetable, version: LivePatches): { times: string[]; fromVehicle: boolean } | undefined {
  const trip = tt.a.tripInfo.indexOf(tt.meta.tripInfoIds.indexOf('f:T1'));
  const p = version.byDay.get(DAY)?.find((x) => x.trip === trip);
  if (!p?.arrivals) return undefined;
  return {
    times: Array.from(p.arrivals, (a, i) => `${clock(a)}/${clock(p.departures![i]!)}`),
    fromVehicle: p.fromVehicle === true,
  };
}

const ride = (tt: Timetable, live: LivePatches, from: string, to: string, hhmm: string) =>
  firstRide(tt, live, from, to, DATE, hhmm);

function seen(tt: Timetable, entities: object[], nowSec: number) {
  return new LiveStore(tt).ingest(VEHICLES, encodeFeed(entities, nowSec), nowSec);
}

describe('L09 delays from vehicle positions', () => {
  it('decodes the stop a vehicle is at or heading to, by id or sequence, and its status', () => {
    const r = decodeFeed(
      encodeFeed(
        [
          vehicle({ stopId: 'B', currentStatus: 'STOPPED_AT', timestamp: london(DATE, '09:12') }),
          vehicle({ currentStopSequence: 3, timestamp: london(DATE, '09:12'), position: undefined }),
        ],
        london(DATE, '09:12'),
      ),
    );
    if (!r.ok) throw new Error(r.error);
    expect(r.feed.vehicles[0]).toMatchObject({ stopId: 'B', status: 'STOPPED_AT', lat: 57 });
    expect(r.feed.vehicles[1]).toMatchObject({ stopSequence: 3, status: 'IN_TRANSIT_TO' });
    expect(r.feed.vehicles[1]!.lat).toBeUndefined();
  });

  it('a vehicle still on its way to a stop after it was due there is late from that stop on', () => {
    const tt = network();
    const now = london(DATE, '09:16');
    const { version, report } = seen(tt, [vehicle({ stopId: 'B', timestamp: now })], now);
    expect(report.vehicleDelays).toMatchObject({ unusable: 0, trips: { matched: 1, unmatched: {} } });
    expect(t1(tt, version)).toEqual({
      times: ['09:00/09:00', '09:16/09:17', '09:26/09:26'],
      fromVehicle: true,
    });
    expect(ride(tt, version, 'B', 'C', '09:12')).toBe('09:17-09:26');
  });

  it('a vehicle standing at a stop after its departure time leaves it no earlier than it was seen there', () => {
    const tt = network();
    const now = london(DATE, '09:14');
    const { version } = seen(
      tt,
      [vehicle({ currentStopSequence: 2, currentStatus: 'STOPPED_AT', timestamp: now })],
      now,
    );
    expect(t1(tt, version)?.times).toEqual(['09:00/09:00', '09:10/09:14', '09:23/09:23']);
  });

  it('a vehicle ahead of its timetable changes no time (it may wait at a timing point)', () => {
    const tt = network();
    const now = london(DATE, '09:04');
    const { version } = seen(tt, [vehicle({ stopId: 'B', timestamp: now })], now);
    expect(t1(tt, version)).toEqual({
      times: ['09:00/09:00', '09:10/09:11', '09:20/09:20'],
      fromVehicle: true,
    });
  });

  it('a trip update of the same trip wins, whichever source came first', () => {
    const tt = network();
    const now = london(DATE, '09:16');
    const update = encodeFeed(
      [
        {
          tripUpdate: {
            trip: { tripId: 'T1', startDate: '20260603' },
            stopTimeUpdate: [{ stopId: 'B', arrival: { delay: 120 } }],
          },
        },
      ],
      now,
    );
    const positions = encodeFeed([vehicle({ stopId: 'B', timestamp: now })], now);
    const fromUpdate = ['09:00/09:00', '09:12/09:13', '09:22/09:22'];
    const a = new LiveStore(tt);
    a.ingest(TRIPS, update, now);
    expect(t1(tt, a.ingest(VEHICLES, positions, now).version)).toEqual({
      times: fromUpdate,
      fromVehicle: false,
    });
    const b = new LiveStore(tt);
    b.ingest(VEHICLES, positions, now);
    expect(t1(tt, b.ingest(TRIPS, update, now).version)).toEqual({ times: fromUpdate, fromVehicle: false });
    // Without the trip updates (a stale feed drops them) the position counts again.
    expect(t1(tt, b.ingest(TRIPS, update, now + 301).version)?.fromVehicle).toBe(true);
  });

  it('positions without a trip, a stop or a time, or seen too long ago, are counted and change nothing', () => {
    const tt = network();
    const now = london(DATE, '09:16');
    const { version, report } = seen(
      tt,
      [
        vehicle({ timestamp: now }),
        vehicle({ stopId: 'B' }),
        vehicle({ stopId: 'B', timestamp: now - 301 }),
        { vehicle: { stopId: 'B', timestamp: now, position: { latitude: 57, longitude: -3.8 } } },
        vehicle({ stopId: 'B', timestamp: now, trip: { tripId: 'T1', scheduleRelationship: 'ADDED' } }),
      ],
      now,
    );
    expect(report).toMatchObject({ outcome: 'applied', vehicles: 5, vehicleDelays: { unusable: 5 } });
    expect(version.byDay.size).toBe(0);
  });
});

describe('L09 the step says where its live times come from', () => {
  const demo = demoPlanner('cairn-el09-');
  const rides = (j: Journey): Step[] => j.depart.steps.filter((s) => s.live !== undefined);

  it('a bus seen at its boarding stop five minutes after its departure time: the ride is late, from a vehicle position', async () => {
    const { planner } = demo;
    const store = planner.createLiveStore!('t');
    const day = { out_time: '2026/11/23 09:00:00' };
    const before = await planBetween(
      planner,
      'Aviemore',
      'Grantown-on-Spey',
      day,
      undefined,
      null,
      store.current(),
    );
    const journey = before.find((j) => rides(j).length === 1)!;
    const ride = rides(journey)[0]!;
    expect(ride.live!.from_vehicle_position).toBeUndefined();
    const trip = ride.live!.trip;
    const seenAt = london(20261123, ride.departure_time) + 300;
    const { version, report } = store.ingest(
      { source: `${trip.feed_id}-vp`, feedId: trip.feed_id, kind: 'vehicle-positions', maxAgeSec: 600 },
      encodeFeed(
        [
          {
            vehicle: {
              trip: { tripId: trip.trip_id, startDate: trip.service_date.replaceAll('-', '') },
              stopId: trip.from_stop_id,
              currentStatus: 'STOPPED_AT',
              timestamp: seenAt,
            },
          },
        ],
        seenAt,
      ),
      seenAt,
    );
    expect(report.vehicleDelays?.trips.matched).toBe(1);
    const check = planner.checkJourney!(journey, version);
    expect(check.status).toBe('changed');
    expect(check.updatedSteps[0]?.live).toMatchObject({
      status: 'late',
      departure_delay_sec: 300,
      from_vehicle_position: true,
    });
    const after = await planBetween(planner, 'Aviemore', 'Grantown-on-Spey', day, undefined, null, version);
    const same = after.flatMap(rides).find((s) => s.live!.trip.trip_id === trip.trip_id);
    expect(same?.live).toMatchObject({ status: 'late', from_vehicle_position: true });
  });
});
