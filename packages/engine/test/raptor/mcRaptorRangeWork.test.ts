// Feature under test: McRAPTOR's range search leaves out work that cannot change its answer (issue 28),
// and a single departure goes without the time bound's search, as in Raptor (issue 32).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { McRaptor } from '../../src/raptor/mcRaptor.ts';
import { RideBounds } from '../../src/raptor/rideBounds.ts';
import { TimeBound } from '../../src/raptor/timeBound.ts';
import { TransitView } from '../../src/timetable/transitView.ts';
import { baseFeed, timetableFrom } from '../support/inlineFeed.ts';

// Bus 1 leaves Alpha for Bravo every 10 minutes from 09:00 to 09:50; bus 2 leaves Alpha once, at 09:55,
// and takes the long way to Bravo.
const tenMinuteBus = Array.from({ length: 6 }, (_, i) => {
  const dep = `09:${String(i * 10).padStart(2, '0')}:00`;
  const arr = i === 5 ? '10:00:00' : `09:${String(i * 10 + 10).padStart(2, '0')}:00`;
  return `T${i},${dep},${dep},A,1\nT${i},${arr},${arr},B,2`;
}).join('\n');

const tt = timetableFrom(
  baseFeed({
    'routes.txt': 'route_id,agency_id,route_short_name,route_type\nR1,AG,1,3\nR2,AG,2,3',
    'trips.txt': `route_id,service_id,trip_id\n${[0, 1, 2, 3, 4, 5].map((i) => `R1,ALL,T${i}`).join('\n')}\nR2,ALL,L`,
    'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence
      ${tenMinuteBus}
      L,09:55:00,09:55:00,A,1
      L,10:20:00,10:20:00,C,2
      L,10:40:00,10:40:00,B,3`,
  }),
);

describe('McRAPTOR range work', () => {
  it('works the time bound out for a range with several runs, not for one departure', () => {
    const view = new TransitView(tt, 20260603);
    const mc = new McRaptor(view, 3);
    const query = {
      direction: 'depart-after' as const,
      timeSec: Date.UTC(2026, 5, 3, 8, 0) / 1000 - view.epochZeroSec, // 09:00 BST
      access: [{ stopIdx: tt.findStopById('f:A')!, durationSec: 0, mode: 'walk' as const }],
      egress: [{ stopIdx: tt.findStopById('f:B')!, durationSec: 0, mode: 'walk' as const }],
    };
    const compute = vi.spyOn(TimeBound.prototype, 'compute');
    try {
      // One departure: the 09:00 bus 1, found without the bound.
      const single = mc.route({ ...query, windowSec: 0 });
      expect(single.journeys.map((j) => j.arrivalSec - j.departureSec)).toEqual([600]);
      expect(compute).not.toHaveBeenCalled();
      // The same departure with a length limit, and a range over seven runs, are bounded.
      mc.route({ ...query, windowSec: 0, maxDurationSec: 3600 });
      expect(compute).toHaveBeenCalledTimes(1);
      expect(mc.route({ ...query, windowSec: 3600 }).journeys).toHaveLength(7);
      expect(compute).toHaveBeenCalledTimes(2);
    } finally {
      compute.mockRestore();
    }
  });

  it('an earlier range iteration scans in its first round only the lines that leave exactly at its start', () => {
    const view = new TransitView(tt, 20260603);
    const { journeys, stats } = new McRaptor(view, 3).route({
      direction: 'depart-after',
      timeSec: Date.UTC(2026, 5, 3, 8, 0) / 1000 - view.epochZeroSec, // 09:00 BST
      windowSec: 3600,
      access: [{ stopIdx: tt.findStopById('f:A')!, durationSec: 0, mode: 'walk' }],
      egress: [{ stopIdx: tt.findStopById('f:B')!, durationSec: 0, mode: 'walk' }],
    });
    // Every bus 1 and the 09:55 bus 2: each leaves later than any that arrives sooner.
    expect(
      journeys.map((j) => [j.departureSec, j.arrivalSec].map((t) => t - journeys[0]!.departureSec)),
    ).toEqual([
      [0, 600],
      [600, 1200],
      [1200, 1800],
      [1800, 2400],
      [2400, 3000],
      [3000, 3600],
      [3300, 6000],
    ]);
    // The latest start (09:55) scans both lines; 09:50 … 09:00 scan bus 1 only: bus 2's next run
    // from Alpha is the 09:55 the latest start already rode.
    expect(stats.iterations).toBe(7);
    expect(stats.patternsScanned).toBe(2 + 6); // it was 2 × 7
  });

  it('a range search looks up the vehicle at a stop again only when the ready time passes another run', () => {
    // Bus 1 leaves Alpha every 10 minutes from 09:00 to 09:50 and reaches Bravo 10 minutes later;
    // the train leaves Bravo for Charlie at 08:30 and 10:30 only. Every range iteration changes at
    // Bravo between 09:10 and 10:00: the same 10:30 train each time.
    const net = timetableFrom(
      baseFeed({
        'routes.txt': 'route_id,agency_id,route_short_name,route_type\nR1,AG,1,3\nR9,AG,9,2',
        'trips.txt': `route_id,service_id,trip_id\n${[0, 1, 2, 3, 4, 5].map((i) => `R1,ALL,T${i}`).join('\n')}\nR9,ALL,E1\nR9,ALL,E2`,
        'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence
          ${tenMinuteBus}
          E1,08:30:00,08:30:00,B,1
          E1,09:00:00,09:00:00,C,2
          E2,10:30:00,10:30:00,B,1
          E2,11:00:00,11:00:00,C,2`,
      }),
    );
    const view = new TransitView(net, 20260603);
    const bravo = net.findStopById('f:B')!;
    // Lookups at Bravo, counted on the real view.
    let atBravo = 0;
    const find = view.findEarliestDeparture.bind(view);
    view.findEarliestDeparture = (pattern, pos, timeSec, wheelchair, out) => {
      if (view.patternStops[view.patternStopOffsets[pattern]! + pos] === bravo) atBravo++;
      return find(pattern, pos, timeSec, wheelchair, out);
    };
    const nine = Date.UTC(2026, 5, 3, 8, 0) / 1000 - view.epochZeroSec; // 09:00 BST
    const { journeys, stats } = new McRaptor(view, 3).route({
      direction: 'depart-after',
      timeSec: nine,
      windowSec: 3600,
      access: [{ stopIdx: net.findStopById('f:A')!, durationSec: 0, mode: 'walk' }],
      egress: [{ stopIdx: net.findStopById('f:C')!, durationSec: 0, mode: 'walk' }],
    });
    // The 09:50 bus makes the train; an earlier bus waits longer for the same one.
    expect(journeys.map((j) => [j.departureSec - nine, j.arrivalSec - nine, j.transfers])).toEqual([
      [3000, 7200, 1],
    ]);
    expect(stats.iterations).toBe(6);
    // Once for the first iteration; every later one is ready at Bravo after 08:30 and by 10:30.
    expect(atBravo).toBe(1); // it was 6
  });

  it('a label that needs more vehicles to finish competes with the destination labels of that many vehicles', () => {
    // From Alpha: bus 3 at 09:10 and two changes reach Delta at 10:00 (three rides). Bus 5 at 09:00
    // reaches Echo at 09:57, from where two more rides (6, 7) are needed and the fastest hops take
    // 5 min: it can do no better than three rides at 10:02, so the 09:00 iteration drops it at Echo.
    const stops = ['A', 'E', 'F', 'G', 'H', 'D'].map(
      (id, i) => `${id},${id},57.${String(i * 2).padStart(2, '0')}0,-3.800`,
    );
    const lines = [3, 4, 5, 6, 7, 8];
    const net = timetableFrom(
      baseFeed({
        'stops.txt': `stop_id,stop_name,stop_lat,stop_lon\n${stops.join('\n')}`,
        'routes.txt': `route_id,agency_id,route_short_name,route_type\n${lines.map((l) => `R${l},AG,${l},3`).join('\n')}`,
        'trips.txt': `route_id,service_id,trip_id\n${lines.map((l) => `R${l},ALL,T${l}`).join('\n')}`,
        'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence
          T3,09:10:00,09:10:00,A,1
          T3,09:20:00,09:20:00,G,2
          T4,09:25:00,09:25:00,G,1
          T4,09:35:00,09:35:00,H,2
          T8,09:40:00,09:40:00,H,1
          T8,10:00:00,10:00:00,D,2
          T5,09:00:00,09:00:00,A,1
          T5,09:57:00,09:57:00,E,2
          T6,09:58:00,09:58:00,E,1
          T6,10:00:00,10:00:00,F,2
          T7,10:01:00,10:01:00,F,1
          T7,10:04:00,10:04:00,D,2`,
      }),
    );
    const view = new TransitView(net, 20260603);
    const nine = Date.UTC(2026, 5, 3, 8, 0) / 1000 - view.epochZeroSec; // 09:00 BST
    const echo = net.findStopById('f:E')!;
    const echoAtNine: number[] = [];
    const { journeys } = new McRaptor(view, 3).route({
      direction: 'depart-after',
      timeSec: nine,
      windowSec: 3600,
      access: [{ stopIdx: net.findStopById('f:A')!, durationSec: 0, mode: 'walk' }],
      egress: [{ stopIdx: net.findStopById('f:D')!, durationSec: 0, mode: 'walk' }],
      trace: ({ iterationStartSec, improvedStops }) => {
        if (iterationStartSec === nine) echoAtNine.push(...improvedStops.filter((s) => s === echo));
      },
    });
    expect(journeys.map((j) => [j.departureSec - nine, j.arrivalSec - nine, j.transfers])).toEqual([
      [600, 3600, 2],
    ]);
    expect(echoAtNine).toEqual([]);
  });

  describe('a label competes with the destination labels of each vehicle count it may still use, at what it can make with that many (ride bounds)', () => {
    // From the query's start (the planner's queries work them out once they have grown large).
    const afterLabels = RideBounds.afterLabels;
    beforeEach(() => {
      RideBounds.afterLabels = 0;
    });
    afterEach(() => {
      RideBounds.afterLabels = afterLabels;
    });
    /** Stops on a line of latitudes, so the feeds need no more than their ids. */
    const stopsTxt = (ids: string[]) =>
      `stop_id,stop_name,stop_lat,stop_lon\n${ids.map((id, i) => `${id},${id},57.${String(i * 2).padStart(2, '0')}0,-3.800`).join('\n')}`;
    /** One trip per line: [line, [stop, hh:mm], …]. */
    const feed = (ids: string[], trips: Array<[string, ...Array<[string, string]>]>) =>
      timetableFrom(
        baseFeed({
          'stops.txt': stopsTxt(ids),
          'routes.txt': `route_id,agency_id,route_short_name,route_type\n${trips.map(([l]) => `R${l},AG,${l},3`).join('\n')}`,
          'trips.txt': `route_id,service_id,trip_id\n${trips.map(([l]) => `R${l},ALL,T${l}`).join('\n')}`,
          'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence\n${trips
            .flatMap(([l, ...calls]) =>
              calls.map(([stop, hhmm], i) => `T${l},${hhmm}:00,${hhmm}:00,${stop},${i + 1}`),
            )
            .join('\n')}`,
        }),
      );
    /** The stops improved at the 09:00 iteration of a one-hour range from Alpha at 09:00, and the journeys. */
    const search = (net: ReturnType<typeof feed>, egress: Array<[string, number]>, maxTransfers?: number) => {
      const view = new TransitView(net, 20260603);
      const nine = Date.UTC(2026, 5, 3, 8, 0) / 1000 - view.epochZeroSec; // 09:00 BST
      const atNine: number[] = [];
      const { journeys } = new McRaptor(view, 3).route({
        direction: 'depart-after',
        timeSec: nine,
        windowSec: 3600,
        ...(maxTransfers === undefined ? {} : { maxTransfers }),
        access: [{ stopIdx: net.findStopById('f:A')!, durationSec: 0, mode: 'walk' }],
        egress: egress.map(([id, durationSec]) => ({
          stopIdx: net.findStopById(`f:${id}`)!,
          durationSec,
          mode: 'walk',
        })),
        trace: ({ iterationStartSec, improvedStops }) => {
          if (iterationStartSec === nine) atNine.push(...improvedStops);
        },
      });
      return {
        journeys: journeys.map((j) => [j.departureSec - nine, j.arrivalSec - nine, j.transfers, j.walkSec]),
        atNine: atNine.map((s) => net.meta.stopIds[s]),
      };
    };

    it('with one change allowed, a stop whose fast way on takes two more vehicles is held to its one-vehicle way', () => {
      // Bus 1 leaves Alpha at 09:10 for Delta (10:00). Bus 2 at 09:00 reaches Echo at 09:30; from
      // there bus 3 takes 40 min to Delta, while buses 4 and 5 via Foxtrot take 2 min but are a
      // second change. With one change allowed, Echo at 09:30 can do no better than 10:10: the
      // 09:00 iteration drops it there (the fastest way on, at 09:32, would have kept it).
      const net = feed(
        ['A', 'E', 'F', 'D'],
        [
          ['1', ['A', '09:10'], ['D', '10:00']],
          ['2', ['A', '09:00'], ['E', '09:30']],
          ['3', ['E', '09:35'], ['D', '10:15']],
          ['4', ['E', '09:40'], ['F', '09:41']],
          ['5', ['F', '09:45'], ['D', '09:46']],
        ],
      );
      const { journeys, atNine } = search(net, [['D', 0]], 1);
      expect(journeys).toEqual([[600, 3600, 0, 0]]);
      expect(atNine).toEqual([]); // it was ['f:E']
    });

    it('a stop from which every way on ends with a long walk is held to that walking', () => {
      // Bus 1 leaves Alpha at 09:10 for Hotel (09:50), 5 min from the destination. Bus 2 at 09:00
      // reaches Echo at 09:05, from where only bus 3 to Golf (09:58, 10 min away) goes on; the
      // destination's own stop Delta has no vehicle arriving. From Echo the journey can arrive no
      // sooner than 10:03 and walk no less than 10 min: beaten by bus 1 (09:55, 5 min), so the 09:00
      // iteration drops it (the least end walk of any stop, 0 at Delta, would have kept it).
      const net = feed(
        ['A', 'E', 'G', 'H', 'D'],
        [
          ['1', ['A', '09:10'], ['H', '09:50']],
          ['2', ['A', '09:00'], ['E', '09:05']],
          ['3', ['E', '09:10'], ['G', '09:58']],
          ['4', ['D', '11:00'], ['A', '11:30']],
        ],
      );
      const { journeys, atNine } = search(net, [
        ['D', 0],
        ['G', 600],
        ['H', 300],
      ]);
      expect(journeys).toEqual([[600, 3300, 0, 300]]);
      expect(atNine).toEqual([]); // it was ['f:E']
    });
  });
});
