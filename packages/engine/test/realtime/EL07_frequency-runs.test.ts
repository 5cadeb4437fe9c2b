// Feature under test: TripUpdates for frequency trips (frequencies.txt: several runs under one trip_id) matched to the run they are about.
import { describe, expect, it } from 'vitest';
import { LiveStore } from '../../src/realtime/liveStore.ts';
import type { LiveSource } from '../../src/realtime/liveStore.ts';
import { Raptor } from '../../src/raptor/raptor.ts';
import { dateToDayNumber, localToEpochSec } from '../../src/time/serviceDay.ts';
import { formatLocalIso } from '../../src/format/localTime.ts';
import type { LivePatches } from '../../src/timetable/livePatch.ts';
import type { Timetable } from '../../src/timetable/timetable.ts';
import { TransitView } from '../../src/timetable/transitView.ts';
import { baseFeed, timetableFrom } from '../support/inlineFeed.ts';
import { encodeFeed, london } from './support/rtFeed.ts';

const DATE = 20260603;
const DAY = dateToDayNumber(DATE);
const TRIPS: LiveSource = { source: 'tu', feedId: 'f', kind: 'trip-updates', maxAgeSec: 300 };

/**
 * F1: exact runs every 30 minutes from 08:00 (A 08:00, B 08:10, C 08:20 for the first run).
 * F2: exact runs every 10 minutes from 07:00, 40 minutes long, so several run at once.
 * H1: headway-based runs every 20 minutes from 08:00 (exact_times 0).
 */
function network(): Timetable {
  return timetableFrom(
    baseFeed({
      'trips.txt': `route_id,service_id,trip_id
        R1,ALL,F1
        R1,ALL,F2
        R1,ALL,H1`,
      'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence
        F1,08:00:00,08:00:00,A,1
        F1,08:10:00,08:10:00,B,2
        F1,08:20:00,08:20:00,C,3
        F2,07:00:00,07:00:00,D,1
        F2,07:20:00,07:20:00,B,2
        F2,07:40:00,07:40:00,A,3
        H1,08:00:00,08:00:00,C,1
        H1,08:15:00,08:15:00,A,2`,
      'frequencies.txt': `trip_id,start_time,end_time,headway_secs,exact_times
        F1,08:00:00,10:00:00,1800,1
        F2,07:00:00,08:00:00,600,1
        H1,08:00:00,09:00:00,1200,0`,
    }),
  );
}

function ingest(tt: Timetable, update: object, nowSec: number) {
  const store = new LiveStore(tt);
  return store.ingest(TRIPS, encodeFeed([{ tripUpdate: update }], nowSec), nowSec);
}

/** "HH:MM" of a stored time of the service day DATE (no clock change that day). */
const ZERO = localToEpochSec('Europe/London', DATE, 12 * 3600) - 12 * 3600;
const clock = (sec: number) => formatLocalIso('Europe/London', ZERO + sec).slice(11, 16);

/** Patched runs of `tripId`: "first departure → live times at each stop" per run, timetable clock. */
function patchedRuns(tt: Timetable, version: LivePatches, tripId: string): string[] {
  const info = tt.meta.tripInfoIds.indexOf(`f:${tripId}`);
  return (version.byDay.get(DAY) ?? [])
    .filter((p) => tt.a.tripInfo[p.trip] === info)
    .map((p) => {
      const first = tt.a.departures[tt.a.tripTimeOffsets[p.trip]!]!;
      const times = p.cancelled ? 'cancelled' : Array.from(p.arrivals!, (a) => clock(a)).join(' ');
      return `${clock(first)} → ${times}`;
    });
}

describe('L07 frequency trips', () => {
  it('with start_time the update is about exactly that run', () => {
    const tt = network();
    const { version, report } = ingest(
      tt,
      {
        trip: { tripId: 'F1', startTime: '08:30:00', startDate: '20260603' },
        stopTimeUpdate: [{ stopId: 'B', arrival: { delay: 300 } }],
      },
      london(DATE, '08:35'),
    );
    expect(report.tripUpdates).toMatchObject({ matched: 1, byTripId: 1, unmatched: {} });
    expect(patchedRuns(tt, version, 'F1')).toEqual(['08:30 → 08:30 08:45 08:55']);
    // Routed on: the 08:30 run reaches C at 08:55; the other runs keep the timetable.
    const view = new TransitView(tt, DATE, 'Europe/London', version);
    const res = new Raptor(view).route({
      direction: 'depart-after',
      timeSec: london(DATE, '08:25') - view.epochZeroSec,
      access: [{ stopIdx: tt.findStopById('f:A')!, durationSec: 0, mode: 'walk' }],
      egress: [{ stopIdx: tt.findStopById('f:C')!, durationSec: 0, mode: 'walk' }],
    });
    expect(
      res.journeys.map((j) => formatLocalIso('Europe/London', view.epochZeroSec + j.arrivalSec)),
    ).toEqual(['2026-06-03T08:55:00+01:00']);
  });

  it('a start_time that names no run matches nothing', () => {
    const tt = network();
    const { report } = ingest(
      tt,
      { trip: { tripId: 'F1', startTime: '08:15:00', startDate: '20260603' }, stopTimeUpdate: [] },
      london(DATE, '08:20'),
    );
    expect(report.tripUpdates!.unmatched).toEqual({ 'unknown trip': 1 });
  });

  it('a headway run (exact_times 0) is named by any start_time within half a headway', () => {
    const tt = network();
    const { version } = ingest(
      tt,
      {
        trip: { tripId: 'H1', startTime: '08:27:00', startDate: '20260603' },
        stopTimeUpdate: [{ stopId: 'A', arrival: { delay: 120 } }],
      },
      london(DATE, '08:30'),
    );
    expect(patchedRuns(tt, version, 'H1')).toEqual(['08:20 → 08:20 08:37']);
  });

  it('without start_time, the one run running at the feed time (its span moved by the delay)', () => {
    const tt = network();
    const { version, report } = ingest(
      tt,
      { trip: { tripId: 'F1' }, stopTimeUpdate: [{ stopId: 'C', arrival: { delay: 240 } }] },
      london(DATE, '08:52'),
    );
    expect(report.tripUpdates).toMatchObject({ matched: 1, unmatched: {} });
    // The 08:30 run is due at C at 08:50, four minutes late: 08:54; the 09:00 run has not left.
    expect(patchedRuns(tt, version, 'F1')).toEqual(['08:30 → 08:30 08:40 08:54']);
  });

  it('without start_time, the run nearest the first absolute time the update gives', () => {
    const tt = network();
    const { version } = ingest(
      tt,
      {
        trip: { tripId: 'F1', startDate: '20260603' },
        stopTimeUpdate: [{ stopId: 'B', arrival: { time: london(DATE, '09:14') } }],
      },
      london(DATE, '08:50'),
    );
    // At B the runs are due 08:40, 09:10 and 09:40: the 09:00 run, four minutes late.
    expect(patchedRuns(tt, version, 'F1')).toEqual(['09:00 → 09:00 09:14 09:24']);
  });

  it('when several runs are plausible the update is reported ambiguous and changes nothing', () => {
    const tt = network();
    // 07:45: the 07:10 and 07:20 runs (among others) are both on the road.
    const running = ingest(
      tt,
      { trip: { tripId: 'F2' }, stopTimeUpdate: [{ stopId: 'A', arrival: { delay: 60 } }] },
      london(DATE, '07:45'),
    );
    expect(running.report.tripUpdates!.unmatched).toEqual({ 'ambiguous trip': 1 });
    expect(running.version.byDay.size).toBe(0);
    // At B the runs are due 07:40 and 07:50: 07:46 is close to both.
    const between = ingest(
      tt,
      { trip: { tripId: 'F2' }, stopTimeUpdate: [{ stopId: 'B', arrival: { time: london(DATE, '07:46') } }] },
      london(DATE, '07:45'),
    );
    expect(between.report.tripUpdates!.unmatched).toEqual({ 'ambiguous trip': 1 });
    // 07:41 is close to one only: the 07:20 run, a minute late.
    const near = ingest(
      tt,
      { trip: { tripId: 'F2' }, stopTimeUpdate: [{ stopId: 'B', arrival: { time: london(DATE, '07:41') } }] },
      london(DATE, '07:45'),
    );
    expect(patchedRuns(tt, near.version, 'F2')).toEqual(['07:20 → 07:20 07:41 08:01']);
  });
});
