// Feature under test: GTFS-realtime TripUpdates decoded and matched to the timetable, producer quirks included, and routed on.
import { describe, expect, it } from 'vitest';
import { decodeFeed } from '../../src/realtime/decodeFeed.ts';
import { LiveStore } from '../../src/realtime/liveStore.ts';
import type { LiveSource } from '../../src/realtime/liveStore.ts';
import { dateToDayNumber, localToEpochSec } from '../../src/time/serviceDay.ts';
import { formatLocalIso } from '../../src/format/localTime.ts';
import type { LivePatches } from '../../src/timetable/livePatch.ts';
import type { Timetable } from '../../src/timetable/timetable.ts';
import { TransitView } from '../../src/timetable/transitView.ts';
import { baseFeed, timetableFrom } from '../support/inlineFeed.ts';
import { firstRide } from './support/firstRide.ts';
import { encodeFeed, london } from './support/rtFeed.ts';

const DATE = 20260603;
const DAY = dateToDayNumber(DATE);
const NOW = london(DATE, '08:30');
const TRIPS: LiveSource = { source: 'tu', feedId: 'f', kind: 'trip-updates', maxAgeSec: 300 };

function network(): Timetable {
  return timetableFrom(
    baseFeed({
      'trips.txt': `route_id,service_id,trip_id,direction_id
        R1,ALL,T1,0
        R1,ALL,T2,1
        R1,ALL,T3,0
        R1,ALL,T9,0`,
      'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence
        T1,09:00:00,09:00:00,A,1
        T1,09:10:00,09:11:00,B,2
        T1,09:20:00,09:20:00,C,3
        T2,09:00:00,09:00:00,C,1
        T2,09:10:00,09:10:00,B,2
        T2,09:20:00,09:20:00,A,3
        T3,10:00:00,10:00:00,A,1
        T3,10:10:00,10:10:00,B,2
        T3,10:20:00,10:20:00,C,3
        T9,24:30:00,24:30:00,A,1
        T9,24:40:00,24:40:00,B,2
        T9,24:50:00,24:50:00,C,3`,
    }),
  );
}

/** The live store after one TripUpdates message. */
function ingest(tt: Timetable, entities: object[], nowSec = NOW, stampSec = nowSec) {
  const store = new LiveStore(tt);
  const { version, report } = store.ingest(TRIPS, encodeFeed(entities, stampSec), nowSec);
  return { store, version, report };
}

/** Live clock times ("HH:MM") of stored trip `tripId` on `day`, arrival/departure per stop. */
function liveClock(tt: Timetable, version: LivePatches, tripId: string, day = DAY): string[] {
  const info = tt.meta.tripInfoIds.indexOf(`f:${tripId}`);
  const trip = tt.a.tripInfo.indexOf(info);
  const patch = version.byDay.get(day)?.find((p) => p.trip === trip);
  if (!patch?.arrivals || !patch.departures) return [];
  const zero = localToEpochSec('Europe/London', 20260603, 12 * 3600) - 12 * 3600 - (DAY - day) * 86_400;
  const clock = (s: number) => formatLocalIso('Europe/London', zero + s).slice(11, 16);
  return Array.from(patch.arrivals, (a, i) => `${clock(a)}/${clock(patch.departures![i]!)}`);
}

/** First journey stop to stop after `hhmm` on the live view: "HH:MM-HH:MM". */
const ride = (tt: Timetable, live: LivePatches | undefined, from: string, to: string, hhmm: string) =>
  firstRide(tt, live, from, to, DATE, hhmm);

describe('L01 decoding', () => {
  it('returns an error value for bytes that are not a FeedMessage', () => {
    const r = decodeFeed(new Uint8Array([0x0a, 0xff, 0xff, 0x01, 0x02]));
    expect(r.ok).toBe(false);
    expect(decodeFeed(new Uint8Array([1, 2, 3])).ok).toBe(false);
  });

  it('reads header, trip updates, alerts and vehicles into plain values', () => {
    const bytes = encodeFeed(
      [
        {
          tripUpdate: {
            trip: { tripId: 'T1', startDate: '20260603' },
            stopTimeUpdate: [{ stopId: 'B', arrival: { delay: 120 } }],
          },
        },
        {
          alert: {
            informedEntity: [{ routeId: 'R1' }],
            headerText: { translation: [{ text: 'Storm', language: 'en' }] },
            descriptionText: { translation: [{ text: 'Sailings may be cancelled' }] },
            effect: 'REDUCED_SERVICE',
          },
        },
        { vehicle: { trip: { tripId: 'T1' }, position: { latitude: 57.01, longitude: -3.8 } } },
      ],
      NOW,
    );
    const r = decodeFeed(bytes);
    if (!r.ok) throw new Error(r.error);
    expect(r.feed.timestampSec).toBe(NOW);
    expect(r.feed.tripUpdates[0]!.stopTimeUpdates[0]).toEqual({
      stopId: 'B',
      arrival: { delaySec: 120 },
      relationship: 'SCHEDULED',
    });
    expect(r.feed.alerts[0]).toMatchObject({
      header: 'Storm',
      description: 'Sailings may be cancelled',
      effect: 'REDUCED_SERVICE',
    });
    expect(r.feed.vehicles).toHaveLength(1);
  });

  it('an undecodable feed is reported and leaves the timetable in force', () => {
    const tt = network();
    const store = new LiveStore(tt);
    const { version, report } = store.ingest(TRIPS, new Uint8Array([0x0a, 0xff]), NOW);
    expect(report.outcome).toBe('undecodable');
    expect(version.byDay.size).toBe(0);
  });
});

describe('L01 matching and times', () => {
  it('a delay at one stop carries forward to later stops, not back to earlier ones', () => {
    const tt = network();
    const { version, report } = ingest(tt, [
      {
        tripUpdate: {
          trip: { tripId: 'T1', startDate: '20260603' },
          stopTimeUpdate: [{ stopId: 'B', arrival: { delay: 300 } }],
        },
      },
    ]);
    expect(report.tripUpdates).toMatchObject({ matched: 1, byTripId: 1 });
    expect(liveClock(tt, version, 'T1')).toEqual(['09:00/09:00', '09:15/09:16', '09:25/09:25']);
    expect(ride(tt, version, 'A', 'C', '08:55')).toBe('09:00-09:25');
    expect(ride(tt, undefined, 'A', 'C', '08:55')).toBe('09:00-09:20');
  });

  it('absolute times win over delays and the later stop keeps the new lateness', () => {
    const tt = network();
    const { version } = ingest(tt, [
      {
        tripUpdate: {
          trip: { tripId: 'T1', startDate: '20260603' },
          stopTimeUpdate: [
            { stopSequence: 2, stopId: 'B', arrival: { time: london(DATE, '09:30'), delay: 60 } },
          ],
        },
      },
    ]);
    expect(liveClock(tt, version, 'T1')).toEqual(['09:00/09:00', '09:30/09:31', '09:40/09:40']);
  });

  it('never arrives before leaving the previous stop and never leaves before arriving', () => {
    const tt = network();
    const { version, report } = ingest(tt, [
      {
        tripUpdate: {
          trip: { tripId: 'T1', startDate: '20260603' },
          stopTimeUpdate: [
            { stopId: 'A', departure: { delay: 900 } },
            { stopId: 'B', arrival: { delay: 0 }, departure: { delay: -300 } },
          ],
        },
      },
    ]);
    expect(liveClock(tt, version, 'T1')).toEqual(['09:00/09:15', '09:15/09:15', '09:15/09:15']);
    expect(report.tripUpdates!.repairedTimes).toBeGreaterThan(0);
  });

  it('falls back to route, start time and date when the trip id is missing, telling directions apart by stops', () => {
    const tt = network();
    const { version, report } = ingest(tt, [
      {
        tripUpdate: {
          trip: { routeId: 'R1', startTime: '09:00:00', startDate: '20260603', directionId: 1 },
          stopTimeUpdate: [
            { stopId: 'C', departure: { delay: 600 } },
            { stopId: 'A', arrival: { delay: 600 } },
          ],
        },
      },
      {
        tripUpdate: {
          trip: { tripId: 'renumbered-42', routeId: 'R1', startTime: '10:00:00', startDate: '20260603' },
          stopTimeUpdate: [{ stopId: 'C', arrival: { delay: 120 } }],
        },
      },
    ]);
    expect(report.tripUpdates!.unmatched).toEqual({});
    expect(report.tripUpdates).toMatchObject({ matched: 2, byRouteAndStart: 2 });
    expect(liveClock(tt, version, 'T2')).toEqual(['09:00/09:10', '09:20/09:20', '09:30/09:30']);
    expect(liveClock(tt, version, 'T3')).toEqual(['10:00/10:00', '10:10/10:10', '10:22/10:22']);
  });

  it('reports what it cannot match and carries on', () => {
    const tt = network();
    const { version, report } = ingest(tt, [
      { tripUpdate: { trip: { tripId: 'nope', startDate: '20260603' }, stopTimeUpdate: [] } },
      { tripUpdate: { trip: { tripId: 'T1', startDate: '2026-06-03' }, stopTimeUpdate: [] } },
      { tripUpdate: { trip: { tripId: 'T1', startDate: '20250101' }, stopTimeUpdate: [] } },
      {
        tripUpdate: {
          trip: { routeId: 'R1', startTime: '09:00:00', startDate: '20260603' },
          stopTimeUpdate: [],
        },
      },
      {
        tripUpdate: {
          trip: { tripId: 'T3', startDate: '20260603' },
          stopTimeUpdate: [{ stopId: 'ZZ', arrival: { delay: 60 } }],
        },
      },
    ]);
    expect(report.tripUpdates!.unmatched).toEqual({
      'unknown trip': 1,
      'bad start_date': 1,
      'no service on that day': 1,
      'ambiguous trip': 1,
    });
    expect(report.tripUpdates!.unknownStops).toBe(1);
    expect(version.byDay.get(DAY)).toHaveLength(1);
  });
});

describe('L01 skipped, cancelled and added trips', () => {
  it('a skipped stop can be neither boarded nor left, the rest of the trip still runs', () => {
    const tt = network();
    const { version } = ingest(tt, [
      {
        tripUpdate: {
          trip: { tripId: 'T1', startDate: '20260603' },
          stopTimeUpdate: [{ stopId: 'B', scheduleRelationship: 'SKIPPED' }],
        },
      },
    ]);
    expect(ride(tt, undefined, 'B', 'C', '09:05')).toBe('09:11-09:20');
    expect(ride(tt, version, 'B', 'C', '09:05')).toBe('10:10-10:20');
    expect(ride(tt, version, 'A', 'B', '08:55')).toBe('10:00-10:10');
    expect(ride(tt, version, 'A', 'C', '08:55')).toBe('09:00-09:20');
  });

  it('a cancelled trip cannot be used; the next one is taken', () => {
    const tt = network();
    const { version, report } = ingest(tt, [
      { tripUpdate: { trip: { tripId: 'T1', startDate: '20260603', scheduleRelationship: 'CANCELED' } } },
    ]);
    expect(report.tripUpdates!.cancelled).toBe(1);
    expect(ride(tt, version, 'A', 'C', '08:55')).toBe('10:00-10:20');
    expect(ride(tt, undefined, 'A', 'C', '08:55')).toBe('09:00-09:20');
    // Other days of the same trip still run.
    const tomorrow = new TransitView(tt, 20260604, 'Europe/London', version);
    expect(tomorrow.liveId).toBe(version.id);
  });

  it('an added trip runs: on the stored pattern with its stops, or on a new one', () => {
    const tt = network();
    const { version, report } = ingest(tt, [
      {
        tripUpdate: {
          trip: { tripId: 'EXTRA1', routeId: 'R1', startDate: '20260603', scheduleRelationship: 'ADDED' },
          stopTimeUpdate: [
            { stopId: 'A', departure: { time: london(DATE, '09:30') } },
            { stopId: 'B', arrival: { time: london(DATE, '09:40') } },
            { stopId: 'C', arrival: { time: london(DATE, '09:50') } },
          ],
        },
      },
      {
        tripUpdate: {
          trip: { tripId: 'EXTRA2', routeId: 'R1', startDate: '20260603', scheduleRelationship: 'ADDED' },
          stopTimeUpdate: [
            { stopId: 'A', departure: { time: london(DATE, '09:35') } },
            { stopId: 'D', arrival: { time: london(DATE, '09:55') } },
          ],
        },
      },
    ]);
    expect(report.tripUpdates!.added).toBe(2);
    expect(ride(tt, version, 'A', 'C', '09:25')).toBe('09:30-09:50');
    expect(ride(tt, version, 'A', 'D', '09:25')).toBe('09:35-09:55');
    expect(ride(tt, undefined, 'A', 'D', '09:25')).toBe('none');
  });
});

describe('L01 service days and stale feeds', () => {
  it('after midnight an update without start_date belongs to the trip of the evening before', () => {
    const tt = network();
    // 00:35 on 4 June: T9 of 3 June (24:30) is running, T9 of 4 June is a day away.
    const now = london(20260604, '00:35');
    const { version } = ingest(
      tt,
      [
        {
          tripUpdate: { trip: { tripId: 'T9' }, stopTimeUpdate: [{ stopId: 'B', arrival: { delay: 420 } }] },
        },
      ],
      now,
    );
    expect([...version.byDay.keys()]).toEqual([DAY]);
    expect(liveClock(tt, version, 'T9')).toEqual(['00:30/00:30', '00:47/00:47', '00:57/00:57']);
    expect(ride(tt, version, 'B', 'C', '24:35')).toBe('00:47-00:57');
  });

  it('times past 24:00 given as absolute times land on the start_date service day', () => {
    const tt = network();
    const { version } = ingest(tt, [
      {
        tripUpdate: {
          trip: { tripId: 'T9', startDate: '20260603' },
          stopTimeUpdate: [{ stopId: 'C', arrival: { time: london(20260604, '01:05') } }],
        },
      },
    ]);
    expect(liveClock(tt, version, 'T9')).toEqual(['00:30/00:30', '00:40/00:40', '01:05/01:05']);
  });

  it('a DIFFERENTIAL message adds to what the source said; the next FULL_DATASET replaces it', () => {
    const tt = network();
    const store = new LiveStore(tt);
    const update = (tripId: string) => ({
      tripUpdate: {
        trip: { tripId, startDate: '20260603' },
        stopTimeUpdate: [{ stopId: 'B', arrival: { delay: 60 } }],
      },
    });
    store.ingest(TRIPS, encodeFeed([update('T1')], NOW), NOW);
    const diff = store.ingest(
      TRIPS,
      encodeFeed([update('T3')], NOW, { incrementality: 'DIFFERENTIAL' }),
      NOW,
    );
    expect(diff.version.byDay.get(DAY)).toHaveLength(2);
    const full = store.ingest(TRIPS, encodeFeed([update('T3')], NOW), NOW);
    expect(full.version.byDay.get(DAY)).toHaveLength(1);
  });

  it('stores given the same feeds and version ids build the same versions (one id across processes)', () => {
    const tt = network();
    const feed = encodeFeed(
      [
        {
          tripUpdate: {
            trip: { tripId: 'T1', startDate: '20260603' },
            stopTimeUpdate: [{ stopId: 'B', arrival: { delay: 120 } }],
          },
        },
      ],
      NOW,
    );
    const a = new LiveStore(tt, 'worker-a');
    const b = new LiveStore(tt, 'worker-b');
    a.ingest(TRIPS, encodeFeed([], NOW), NOW, 'db-1');
    const fromA = a.ingest(TRIPS, feed, NOW, 'db-2').version;
    const fromB = b.ingest(TRIPS, feed, NOW, 'db-2').version;
    expect(fromA.id).toBe('db-2');
    expect(fromB.id).toBe('db-2');
    expect(b.current()).toBe(fromB);
    expect([...fromA.instances.keys()]).toEqual([...fromB.instances.keys()]);
    expect(liveClock(tt, fromA, 'T1')).toEqual(liveClock(tt, fromB, 'T1'));
    // Without an id each store counts its own versions.
    expect(a.ingest(TRIPS, feed, NOW).version.id).toBe('worker-a-3');
  });

  it('a feed older than its maximum age is ignored and reported, dropping what it said before', () => {
    const tt = network();
    const store = new LiveStore(tt);
    const delayed = encodeFeed(
      [
        {
          tripUpdate: {
            trip: { tripId: 'T1', startDate: '20260603' },
            stopTimeUpdate: [{ stopId: 'B', arrival: { delay: 300 } }],
          },
        },
      ],
      NOW,
    );
    const first = store.ingest(TRIPS, delayed, NOW);
    expect(first.report.outcome).toBe('applied');
    expect(first.version.byDay.get(DAY)).toHaveLength(1);
    const later = store.ingest(TRIPS, delayed, NOW + 301);
    expect(later.report.outcome).toBe('stale');
    expect(later.version.byDay.size).toBe(0);
    expect(later.version.id).not.toBe(first.version.id);
    // The first version is unchanged: a search that took it still sees its times.
    expect(first.version.byDay.get(DAY)).toHaveLength(1);
    expect(store.current()).toBe(later.version);
  });
});
