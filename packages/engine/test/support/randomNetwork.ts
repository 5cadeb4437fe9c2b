// The seeded random networks the router's property tests compare against their references.
import fc from 'fast-check';
import { generateNetwork } from '../../bench/transitNetwork.ts';
import { buildTimetable } from '../../src/timetable/builder.ts';
import { TransitView } from '../../src/timetable/transitView.ts';
import { dateToDayNumber } from '../../src/time/serviceDay.ts';

/** A small quirky network for `seed` (calendars from three days before `queryDate`) and its view on that date. */
export function randomNetwork(seed: number, sameStopSec: number, queryDate: number) {
  const input = generateNetwork({
    seed,
    stops: 30 + (seed % 15),
    routes: 8 + (seed % 5),
    trips: 120,
    routeLength: [3, 9],
    bbox: [57.0, -3.85, 57.02, -3.8],
    quirks: true,
    firstDay: dateToDayNumber(queryDate) - 3,
  });
  const tt = buildTimetable(input, {
    transferSettings: { sameStopTransferSec: sameStopSec, footpathRadiusM: 300 },
  });
  return { input, tt, view: new TransitView(tt, queryDate) };
}

/**
 * 800 stops on 40 short lines (calendars from three days before `queryDate`) and its view on that
 * date: most queries label a few dozen stops, a few many (label clearing, failed queries).
 */
export function sparseNetworkView(seed: number, queryDate: number): TransitView {
  const input = generateNetwork({
    seed,
    stops: 800,
    routes: 40,
    trips: 600,
    routeLength: [4, 12],
    bbox: [57.0, -3.9, 57.1, -3.7],
    quirks: true,
    firstDay: dateToDayNumber(queryDate) - 3,
  });
  return new TransitView(buildTimetable(input), queryDate);
}

/** Random walking access or egress lists on a network of `stops` stops: 1 to `maxLength` legs of up to 15 minutes. */
export const walkLegsArb = (stops: number, maxLength = 3) =>
  fc.array(
    fc.record({
      stopIdx: fc.nat(stops - 1),
      durationSec: fc.integer({ min: 0, max: 900 }),
      mode: fc.constant('walk'),
    }),
    { minLength: 1, maxLength },
  );
