// Feature under test: McRAPTOR's range search leaves out work that cannot change its answer (issue 28).
import { describe, expect, it } from 'vitest';
import { McRaptor } from '../../src/raptor/mcRaptor.ts';
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
});
