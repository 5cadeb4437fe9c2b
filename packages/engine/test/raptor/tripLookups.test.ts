// Feature under test: the routers' trip lookups answer from the last lookup at the same pattern
// position while it holds, and the view's finders say how far an answer holds (issue 28).
import { describe, expect, it } from 'vitest';
import { Raptor } from '../../src/raptor/raptor.ts';
import type { TripHit, TripIdx } from '../../src/raptor/transitData.ts';
import { TransitView } from '../../src/timetable/transitView.ts';
import { baseFeed, timetableFrom } from '../support/inlineFeed.ts';

// Bus 1 runs Alpha → Bravo → Charlie every 20 minutes from 06:00 to 23:40 and at 24:10 (past
// midnight, so yesterday's last run is in today's view too); run 07:20 is not wheelchair accessible.
const runs = Array.from({ length: 54 }, (_, i) => 6 * 60 + i * 20).concat([24 * 60 + 10]);
const hhmm = (min: number) =>
  `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}:00`;
const tt = timetableFrom(
  baseFeed({
    'trips.txt': `route_id,service_id,trip_id,wheelchair_accessible\n${runs.map((m) => `R1,ALL,T${m},${m === 440 ? 2 : 1}`).join('\n')}`,
    'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence\n${runs
      .map((m) =>
        [0, 8, 15].map((d, p) => `T${m},${hhmm(m + d)},${hhmm(m + d)},${'ABC'[p]},${p + 1}`).join('\n'),
      )
      .join('\n')}`,
  }),
);

describe('trip lookups', () => {
  it('an answer holds from the time its finder gives to the vehicle it found, and no further', () => {
    const view = new TransitView(tt, 20260603);
    const hit: TripHit = { trip: 0 as TripIdx, shiftSec: 0 };
    const other: TripHit = { trip: 0 as TripIdx, shiftSec: 0 };
    const answer = (h: TripHit, ok: boolean) => (ok ? `${h.trip}+${h.shiftSec}@${h.timeSec}` : 'none');
    let checked = 0;
    for (const wheelchair of [false, true])
      for (let t = -3600; t <= 26 * 3600; t += 317) {
        const pattern = 0;
        // Departures from Bravo.
        const dep = answer(hit, view.findEarliestDeparture(pattern, 1, t, wheelchair, hit));
        const from = hit.holdsToSec!;
        expect(from).toBeLessThanOrEqual(t);
        if (from !== -Infinity) {
          expect(answer(other, view.findEarliestDeparture(pattern, 1, from, wheelchair, other))).toBe(dep);
          // A run a wheelchair search skips may bound it: then the answer holds a little further.
          if (!wheelchair)
            expect(answer(other, view.findEarliestDeparture(pattern, 1, from - 1, false, other))).not.toBe(
              dep,
            );
          checked++;
        }
        // Arrivals at Bravo.
        const arr = answer(hit, view.findLatestArrival(pattern, 1, t, wheelchair, hit));
        const to = hit.holdsToSec!;
        expect(to).toBeGreaterThanOrEqual(t);
        if (to !== Infinity) {
          expect(answer(other, view.findLatestArrival(pattern, 1, to, wheelchair, other))).toBe(arr);
          if (!wheelchair)
            expect(answer(other, view.findLatestArrival(pattern, 1, to + 1, false, other))).not.toBe(arr);
          checked++;
        }
      }
    expect(checked).toBeGreaterThan(300);
  });

  it("a router's next query looks up a stop's vehicle again only where the last answer does not hold", () => {
    const view = new TransitView(tt, 20260603);
    const charlie = tt.findStopById('f:C')!;
    let atCharlie = 0;
    const find = view.findLatestArrival.bind(view);
    view.findLatestArrival = (pattern, pos, timeSec, wheelchair, out) => {
      if (view.patternStops[view.patternStopOffsets[pattern]! + pos] === charlie) atCharlie++;
      return find(pattern, pos, timeSec, wheelchair, out);
    };
    const raptor = new Raptor(view, 3);
    const zero = view.epochZeroSec;
    // Arriving at Charlie by 10:20, 10:25 and 10:30 BST: the 10:15 arrival each time.
    const departures = [20, 25, 30].map((min) => {
      const { journeys } = raptor.route({
        direction: 'arrive-by',
        timeSec: Date.UTC(2026, 5, 3, 9, min) / 1000 - zero,
        access: [{ stopIdx: tt.findStopById('f:A')!, durationSec: 0, mode: 'walk' }],
        egress: [{ stopIdx: charlie, durationSec: 0, mode: 'walk' }],
      });
      return journeys.map((j) => (j.departureSec + zero - Date.UTC(2026, 5, 3, 9, 0) / 1000) / 60);
    });
    expect(departures).toEqual([[0], [0], [0]]);
    expect(atCharlie).toBe(1); // it was 3
  });
});
