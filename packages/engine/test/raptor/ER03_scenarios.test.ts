// Feature under test: readable scenarios, each run depart-after and arrive-by (wheelchair, no pickup/drop-off, change).
import { describe, expect, it } from 'vitest';
import { McRaptor } from '../../src/raptor/mcRaptor.ts';
import { Raptor } from '../../src/raptor/raptor.ts';
import { TransitView } from '../../src/timetable/transitView.ts';
import { baseFeed, planPaths, timetableFrom } from '../support/inlineFeed.ts';

const twoLines = (extra: Record<string, string> = {}): Record<string, string> =>
  baseFeed({
    'routes.txt': 'route_id,agency_id,route_short_name,route_type\nR1,AG,1,3\nR2,AG,2,3\nR3,AG,3,3',
    'trips.txt': 'route_id,service_id,trip_id,wheelchair_accessible\nR1,ALL,T1,1\nR2,ALL,T2,1\nR3,ALL,T3,2',
    'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence,pickup_type,drop_off_type
      T1,09:00:00,09:00:00,A,1,0,0
      T1,09:10:00,09:10:00,B,2,0,0
      T2,09:15:00,09:15:00,B,1,0,0
      T2,09:30:00,09:30:00,D,2,0,0
      T3,09:05:00,09:05:00,A,1,0,0
      T3,09:20:00,09:20:00,D,2,0,0`,
    ...extra,
  });

describe('scenarios', () => {
  it('A01 the direct bus wins; with one change more it is not shown as it arrives later', () => {
    const tt = timetableFrom(twoLines());
    expect(planPaths(tt, 'f:A', 'f:D', 20260603, '08:55')).toEqual(['Alpha ~ BUS 3 09:05 09:20 ~ Delta']);
    expect(planPaths(tt, 'f:A', 'f:D', 20260603, '09:35', 'arrive-by')).toEqual([
      'Alpha ~ BUS 3 09:05 09:20 ~ Delta',
    ]);
  });

  it('W01 a wheelchair search avoids the inaccessible trip and changes instead', () => {
    const tt = timetableFrom(twoLines());
    const wheelchairPaths = (direction: 'depart-after' | 'arrive-by', hhmm: string): string[] => {
      const view = new TransitView(tt, 20260603);
      const zero = view.epochZeroSec;
      const t = Date.UTC(2026, 5, 3, Number(hhmm.slice(0, 2)) - 1, Number(hhmm.slice(3))) / 1000 - zero; // BST = UTC+1
      const res = new Raptor(view).route({
        direction,
        timeSec: t,
        wheelchair: true,
        access: [{ stopIdx: tt.findStopById('f:A')!, durationSec: 0, mode: 'walk' }],
        egress: [{ stopIdx: tt.findStopById('f:D')!, durationSec: 0, mode: 'walk' }],
      });
      return res.journeys.map((j) =>
        j.legs
          .filter((l) => l.kind === 'transit')
          .map((l) => (l.kind === 'transit' ? tt.meta.lines[tt.a.patternLine[l.pattern]!]!.shortName : ''))
          .join('+'),
      );
    };
    expect(wheelchairPaths('depart-after', '08:55')).toEqual(['1+2']);
    expect(wheelchairPaths('arrive-by', '09:35')).toEqual(['1+2']);
  });

  it('P01 no drop-off at the change stop means no change there', () => {
    const tt = timetableFrom(
      twoLines({
        'trips.txt': 'route_id,service_id,trip_id\nR1,ALL,T1\nR2,ALL,T2',
        'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence,pickup_type,drop_off_type
          T1,09:00:00,09:00:00,A,1,0,0
          T1,09:10:00,09:10:00,B,2,0,1
          T2,09:15:00,09:15:00,B,1,0,0
          T2,09:30:00,09:30:00,D,2,0,0`,
      }),
    );
    expect(planPaths(tt, 'f:A', 'f:D', 20260603, '08:55')).toEqual([]);
    expect(planPaths(tt, 'f:A', 'f:D', 20260603, '09:35', 'arrive-by')).toEqual([]);
  });

  it('C01 a change at the same stop, depart-after and arrive-by agree', () => {
    const tt = timetableFrom(
      twoLines({
        'trips.txt': 'route_id,service_id,trip_id\nR1,ALL,T1\nR2,ALL,T2',
        'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence
          T1,09:00:00,09:00:00,A,1
          T1,09:10:00,09:10:00,B,2
          T2,09:15:00,09:15:00,B,1
          T2,09:30:00,09:30:00,D,2`,
      }),
    );
    const expected = ['Alpha ~ BUS 1 09:00 09:10 ~ Bravo ~ BUS 2 09:15 09:30 ~ Delta'];
    expect(planPaths(tt, 'f:A', 'f:D', 20260603, '08:55')).toEqual(expected);
    expect(planPaths(tt, 'f:A', 'f:D', 20260603, '09:30', 'arrive-by')).toEqual(expected);
    expect(planPaths(tt, 'f:A', 'f:D', 20260603, '09:29', 'arrive-by')).toEqual([]);
  });

  it('S01 a slower walker (walkTransferFactor) misses a change a walker makes, in both routers', () => {
    // Bus 1 reaches Bravo 09:10; the walk to Charlie takes 4 min; bus 2 leaves Charlie 09:15.
    const tt = timetableFrom(
      twoLines({
        'trips.txt': 'route_id,service_id,trip_id\nR1,ALL,T1\nR2,ALL,T2',
        'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence
          T1,09:00:00,09:00:00,A,1
          T1,09:10:00,09:10:00,B,2
          T2,09:15:00,09:15:00,C,1
          T2,09:30:00,09:30:00,D,2`,
        'transfers.txt': 'from_stop_id,to_stop_id,transfer_type,min_transfer_time\nB,C,2,240',
      }),
    );
    const view = new TransitView(tt, 20260603);
    const count = (router: Raptor | McRaptor, walkTransferFactor?: number) =>
      router.route({
        direction: 'depart-after',
        timeSec: Date.UTC(2026, 5, 3, 7, 55) / 1000 - view.epochZeroSec, // 08:55 BST
        walkTransferFactor,
        access: [{ stopIdx: tt.findStopById('f:A')!, durationSec: 0, mode: 'walk' }],
        egress: [{ stopIdx: tt.findStopById('f:D')!, durationSec: 0, mode: 'walk' }],
      }).journeys.length;
    for (const router of [new Raptor(view), new McRaptor(view)]) {
      expect(count(router)).toBe(1);
      expect(count(router, 1.25)).toBe(1); // 5 min: just in time
      expect(count(router, 1.6)).toBe(0); // 6.4 min: the bus has gone
      expect(count(router)).toBe(1); // the factor is per query
    }
  });

  it('D01 journeys longer than the maxDurationSec bound are not searched for', () => {
    const tt = timetableFrom(twoLines());
    const view = new TransitView(tt, 20260603);
    const query = (maxDurationSec?: number) =>
      new Raptor(view).route({
        direction: 'depart-after',
        timeSec: Date.UTC(2026, 5, 2, 20, 0) / 1000 - view.epochZeroSec, // 21:00 BST the evening before
        maxDurationSec,
        access: [{ stopIdx: tt.findStopById('f:A')!, durationSec: 0, mode: 'walk' }],
        egress: [{ stopIdx: tt.findStopById('f:D')!, durationSec: 0, mode: 'walk' }],
      }).journeys.length;
    // The first vehicle reaches D at 09:20 next morning, 12 h 20 min after 21:00.
    expect(query()).toBe(1);
    expect(query(12 * 3600)).toBe(0);
    expect(query(13 * 3600)).toBe(1);
  });
});
