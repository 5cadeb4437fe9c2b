// Feature under test: Raptor.latestDepartures answers each arrival as its own arrive-by query would,
// in one backward run per arrival over the labels of the earlier ones (issue 28).
import { describe, expect, it } from 'vitest';
import { Raptor } from '../../src/raptor/raptor.ts';
import type { RaptorQuery } from '../../src/raptor/types.ts';
import { TransitView } from '../../src/timetable/transitView.ts';
import { baseFeed, timetableFrom } from '../support/inlineFeed.ts';

// Bus 1 leaves Alpha for Bravo every 10 minutes from 09:00 to 09:50 (10 minutes); bus 2 leaves
// Alpha at 09:55 and reaches Bravo at 10:40 by Charlie; bus 3 runs Charlie → Bravo at 10:25-10:35.
const tenMinuteBus = Array.from({ length: 6 }, (_, i) => {
  const dep = `09:${String(i * 10).padStart(2, '0')}:00`;
  const arr = i === 5 ? '10:00:00' : `09:${String(i * 10 + 10).padStart(2, '0')}:00`;
  return `T${i},${dep},${dep},A,1\nT${i},${arr},${arr},B,2`;
}).join('\n');
const tt = timetableFrom(
  baseFeed({
    'routes.txt': 'route_id,agency_id,route_short_name,route_type\nR1,AG,1,3\nR2,AG,2,3\nR3,AG,3,3',
    'trips.txt': `route_id,service_id,trip_id\n${[0, 1, 2, 3, 4, 5].map((i) => `R1,ALL,T${i}`).join('\n')}\nR2,ALL,L\nR3,ALL,M`,
    'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence
      ${tenMinuteBus}
      L,09:55:00,09:55:00,A,1
      L,10:20:00,10:20:00,C,2
      L,10:40:00,10:40:00,B,3
      M,10:25:00,10:25:00,C,1
      M,10:35:00,10:35:00,B,2`,
  }),
);

describe('latest departures', () => {
  it('each arrival gets the answer of its own arrive-by query; arrivals nothing reaches in between need no run', () => {
    const view = new TransitView(tt, 20260603);
    const at = (h: number, m: number) => Date.UTC(2026, 5, 3, h - 1, m) / 1000 - view.epochZeroSec; // BST
    const query: RaptorQuery = {
      direction: 'depart-after',
      timeSec: at(9, 0),
      access: [{ stopIdx: tt.findStopById('f:A')!, durationSec: 0, mode: 'walk' }],
      egress: [{ stopIdx: tt.findStopById('f:B')!, durationSec: 120, mode: 'walk' }],
    };
    const arrivals = [at(9, 32), at(9, 37), at(9, 42), at(10, 37), at(10, 42)];
    const notBefore = at(9, 0);
    const raptor = new Raptor(view, 3);
    const { journeys, stats } = raptor.latestDepartures(query, arrivals, notBefore);
    const shown = (js: typeof journeys) =>
      js.map((answer) => answer.map((j) => [(j.departureSec - notBefore) / 60, j.transfers]));
    // 09:32 and 09:37: the 09:20 bus; 09:42: the 09:30; 10:37: the 09:55 with a change at Charlie
    // (bus 3 arrives 10:35) beside the 09:50 bus 1; 10:42: bus 2 all the way.
    expect(shown(journeys)).toEqual([
      [[20, 0]],
      [[20, 0]],
      [[30, 0]],
      [
        [50, 0],
        [55, 1],
      ],
      [[55, 0]],
    ]);
    // The same as a query of its own at each arrival.
    const alone = arrivals.map(
      (a) =>
        new Raptor(view, 3).route({
          ...query,
          direction: 'arrive-by',
          timeSec: a,
          windowSec: 0,
          maxDurationSec: a - notBefore,
        }).journeys,
    );
    expect(shown(journeys)).toEqual(shown(alone));
    // No bus reaches Bravo between 09:30 and 09:35 (walk included): 09:37 needs no run of its own.
    expect(stats.iterations).toBe(4);
    // Three arrivals or fewer run without the time bound (issue 32), with the same answers.
    for (const few of [arrivals.slice(2), arrivals.slice(3), arrivals.slice(0, 1)]) {
      const got = new Raptor(view, 3).latestDepartures(query, few, notBefore).journeys;
      expect(shown(got)).toEqual(
        shown(alone.slice(arrivals.indexOf(few[0]!), arrivals.indexOf(few[0]!) + few.length)),
      );
    }
  });
});
