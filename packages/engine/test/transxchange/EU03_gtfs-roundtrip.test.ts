// Feature: a GTFS feed written out as TransXChange and NaPTAN, and read back, plans exactly as the GTFS does.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeRandom } from '../../bench/transitNetwork.ts';
import { feedsToTimetableInput } from '../../src/gtfs/toTimetableInput.ts';
import type { GtfsFeed } from '../../src/gtfs/types.ts';
import { readFeedOfFormat } from './readBack.ts';
import { buildTimetable } from '../../src/timetable/builder.ts';
import { readInline, planPaths } from '../support/inlineFeed.ts';
import { writeTransxchange } from '../../src/transxchange/writeTransxchange.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A seeded random GTFS feed: a few routes over shared stops, varied calendars, dwell times, restricted stops, frequencies, trips past midnight. */
function randomGtfs(seed: number): Record<string, string> {
  const rnd = makeRandom(seed);
  const int = (a: number, b: number): number => a + Math.floor(rnd() * (b - a + 1));
  const stops = Array.from(
    { length: 18 },
    (_, i) => `S${i},Stop ${i},${(57 + rnd() * 0.04).toFixed(5)},${(-3.8 - rnd() * 0.06).toFixed(5)}`,
  );
  const routes = Array.from({ length: 5 }, (_, i) => `R${i},A,${i + 10},Route ${i},3`);
  const sequences = routes.map(() => {
    const seq = new Set<number>();
    const n = int(3, 7);
    while (seq.size < n) seq.add(int(0, 17));
    return [...seq];
  });
  const calendar = [
    'C0,1,1,1,1,1,0,0,20260105,20260130',
    'C1,0,0,0,0,0,1,1,20260105,20260130',
    'C2,1,1,1,1,1,1,1,20260112,20260120',
  ];
  const calendarDates = ['C0,20260114,2', 'C1,20260114,1', 'C3,20260115,1', 'C3,20260116,1'];
  const trips: string[] = [];
  const stopTimes: string[] = [];
  const frequencies: string[] = [];
  for (let t = 0; t < 40; t++) {
    const r = int(0, 4);
    const seq = t % 2 ? [...sequences[r]!].reverse() : sequences[r]!;
    trips.push(`R${r},C${int(0, 3)},T${t},,${t % 2}`);
    let time = int(5 * 60, 24 * 60 + 40) * 60;
    seq.forEach((stop, k) => {
      const dwell = k > 0 && k < seq.length - 1 && rnd() < 0.3 ? int(1, 3) * 60 : 0;
      const pick = k < seq.length - 1 && rnd() < 0.1 ? 1 : 0;
      const drop = k > 0 && rnd() < 0.1 ? 1 : 0;
      const hms = (s: number): string =>
        [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60]
          .map((n) => String(n).padStart(2, '0'))
          .join(':');
      stopTimes.push(`T${t},${hms(time)},${hms(time + dwell)},S${stop},${k + 1},${pick},${drop}`);
      time += dwell + int(2, 9) * 60;
    });
    if (t % 13 === 0) frequencies.push(`T${t},07:00:00,09:00:00,${int(2, 4) * 600},1`);
  }
  return {
    'agency.txt':
      'agency_id,agency_name,agency_url,agency_timezone\nA,Test Buses,https://example.org,Europe/London',
    'stops.txt': 'stop_id,stop_name,stop_lat,stop_lon\n' + stops.join('\n'),
    'routes.txt': 'route_id,agency_id,route_short_name,route_long_name,route_type\n' + routes.join('\n'),
    'calendar.txt':
      'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\n' +
      calendar.join('\n'),
    'calendar_dates.txt': 'service_id,date,exception_type\n' + calendarDates.join('\n'),
    'trips.txt': 'route_id,service_id,trip_id,trip_headsign,direction_id\n' + trips.join('\n'),
    'stop_times.txt':
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence,pickup_type,drop_off_type\n' +
      stopTimes.join('\n'),
    'frequencies.txt': 'trip_id,start_time,end_time,headway_secs,exact_times\n' + frequencies.join('\n'),
  };
}

function throughTransxchange(feed: GtfsFeed): GtfsFeed {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-txc-'));
  dirs.push(dir);
  const { xml, naptanCsv } = writeTransxchange(feed);
  writeFileSync(join(dir, 'timetable.xml'), xml);
  writeFileSync(join(dir, 'Stops.csv'), naptanCsv);
  return readFeedOfFormat(join(dir, 'timetable.xml'), join(dir, 'Stops.csv'), feed.id);
}

describe('U03 GTFS → TransXChange → read back', () => {
  for (const seed of [1, 2, 3, 4]) {
    it(`seed ${seed}: every stop-to-stop plan on six dates is the same`, () => {
      const read = readInline(randomGtfs(seed));
      if (!read.ok) throw new Error(JSON.stringify(read.warnings));
      const gtfs = read.feed;
      const txc = throughTransxchange(gtfs);
      const settings = { transferSettings: { sameStopTransferSec: 60, footpathRadiusM: 400 } };
      const a = buildTimetable(feedsToTimetableInput([gtfs]), settings);
      const b = buildTimetable(feedsToTimetableInput([txc]), settings);
      expect(b.tripCount).toBe(a.tripCount);
      const rnd = makeRandom(seed * 7);
      let journeys = 0;
      for (let q = 0; q < 60; q++) {
        const from = `f:S${Math.floor(rnd() * 18)}`;
        const to = `f:S${Math.floor(rnd() * 18)}`;
        // A stop no trip calls at is not in a TransXChange feed at all: plan between called stops.
        if (from === to || b.findStopById(from) === undefined || b.findStopById(to) === undefined) continue;
        const date = [20260105, 20260110, 20260114, 20260115, 20260116, 20260131][q % 6]!;
        const hhmm = `${String(5 + Math.floor(rnd() * 19)).padStart(2, '0')}:${String(Math.floor(rnd() * 60)).padStart(2, '0')}`;
        const expected = planPaths(a, from, to, date, hhmm, 'depart-after', 60);
        journeys += expected.length;
        expect(
          planPaths(b, from, to, date, hhmm, 'depart-after', 60),
          `${from} → ${to} ${date} ${hhmm}`,
        ).toEqual(expected);
      }
      // The comparison means something only if journeys were found.
      expect(journeys).toBeGreaterThan(20);
    });
  }
});
