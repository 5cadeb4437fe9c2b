// Feature under test: on real feeds (RNV, NYC subway, Isle of Wight) RAPTOR matches the reference search on a sample.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeRandom } from '../../bench/transitNetwork.ts';
import { readGtfsFeed } from '../../src/gtfs/readFeed.ts';
import { feedsToTimetableInput } from '../../src/gtfs/toTimetableInput.ts';
import { buildTimetable } from '../../src/timetable/builder.ts';
import { TransitView } from '../../src/timetable/transitView.ts';
import { Raptor } from '../../src/raptor/raptor.ts';
import { dateToDayNumber } from '../../src/time/serviceDay.ts';
import { findJourneyProblem } from './support/checkJourney.ts';
import { makeReferenceNetwork, paretoFromPerK, referenceEarliest } from './support/reference.ts';

const DATA = new URL('../../../../../shared/data/', import.meta.url).pathname;
const MAX_TRANSFERS = 3;
/** Journeys are compared up to 3 h after the query time (keeps the exhaustive reference affordable). */
const SPAN_SEC = 3 * 3600;

const cases = [
  // Dates away from clock changes, so that service days are 24 h apart (the reference assumes it).
  {
    name: 'RNV Rhein-Neckar (calendar_dates-only services, no transfers.txt)',
    file: 'rnv/rnv-gtfs.zip',
    date: 20161108,
    queries: 12,
    minFound: 0.4,
  },
  {
    name: 'NYC subway (station-level transfers.txt)',
    file: 'nyc/nyc-subway-gtfs.zip',
    date: 20260602,
    queries: 12,
    minFound: 0.7,
  },
  { name: 'Isle of Wight buses', file: 'iow/iow-bus-gtfs.zip', date: 20260601, queries: 40, minFound: 0.02 },
];

describe.each(cases)('$name', ({ file, date, queries, minFound }) => {
  const path = DATA + file;
  it.skipIf(!existsSync(path))(
    'earliest arrivals per vehicle count equal the reference on a seeded sample',
    () => {
      const read = readGtfsFeed(path, { feedId: 'feed' });
      expect(read.ok).toBe(true);
      if (!read.ok) return;
      const input = feedsToTimetableInput([read.feed]);
      const tt = buildTimetable(input);
      const view = new TransitView(tt, date);
      const raptor = new Raptor(view, MAX_TRANSFERS);
      const ref = makeReferenceNetwork(input, tt, dateToDayNumber(date), 1);
      const served: number[] = [];
      for (let s = 0; s < tt.stopCount; s++)
        if (tt.a.stopPatternOffsets[s + 1]! > tt.a.stopPatternOffsets[s]!) served.push(s);
      const rnd = makeRandom(42);
      let found = 0;
      for (let q = 0; q < queries; q++) {
        const from = served[Math.floor(rnd() * served.length)]!;
        const to = served[Math.floor(rnd() * served.length)]!;
        if (from === to) continue;
        const timeSec = 6 * 3600 + Math.floor(rnd() * 14 * 3600);
        const access = [{ stopIdx: from, durationSec: 0, mode: 'walk' }];
        const egress = [{ stopIdx: to, durationSec: 0, mode: 'walk' }];
        const res = raptor.route({ direction: 'depart-after', timeSec, access, egress });
        const cutoff = timeSec + SPAN_SEC;
        const expected = paretoFromPerK(
          referenceEarliest(ref, timeSec, access, egress, MAX_TRANSFERS + 1, false, cutoff),
        );
        const got = res.journeys
          .map((j) => ({ rides: j.transfers + 1, time: j.arrivalSec, walk: j.walkSec }))
          .filter((e) => e.time <= cutoff)
          .sort((a, b) => a.rides - b.rides);
        expect(got, `query ${q}: ${tt.meta.stopIds[from]} → ${tt.meta.stopIds[to]} at ${timeSec}`).toEqual(
          expected,
        );
        for (const j of res.journeys) expect(findJourneyProblem(view, j, access, egress)).toBeUndefined();
        if (got.length > 0) found++;
      }
      expect(found / queries).toBeGreaterThanOrEqual(minFound);
    },
    900_000,
  );
});
