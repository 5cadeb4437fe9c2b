// Feature under test: plan()'s earliest (depart-after) and latest-departing (arrive-by) walk + public transport option against an independent connection scan (issue #14).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoRegion } from '../../../../regions/cairngorms/generator/main.ts';
import { writeLargeRegion } from '../../bench/planLarge.ts';
import type { LargeRegion } from '../../bench/planLarge.ts';
import { buildReferenceNetwork, scanEarliest, scanLatest } from './reference/connectionScan.ts';
import type { ReferenceNetwork } from './reference/connectionScan.ts';
import {
  compareArriveBy,
  compareSearch,
  formatArriveByTable,
  formatTable,
  loadReferenceRegion,
} from './reference/plannerReference.ts';
import { listArriveBySearches, listLargeSearches, listRandomSearches } from './reference/searches.ts';
import type { Search } from './reference/searches.ts';
import type {
  ComparedArriveBy,
  ComparedSearch,
  Place,
  ReferenceRegion,
} from './reference/plannerReference.ts';

/*
 * For each search: the reference (reference/connectionScan.ts over the region's own GTFS, with the
 * planner's walking access, footpaths and documented limits, see reference/plannerReference.ts)
 * gives the earliest arrival by walking and public transport. plan() must offer a walk + public
 * transport option arriving no later, and must offer one at all whenever the reference finds one.
 * Searches the reference cannot answer within the limits are only counted.
 *
 * Arrive-by mirrors it: the reference's backward scan (scanLatest) gives the latest departure that
 * still arrives by out_time less arrive_by_buffer, within search.ts's arrive-by limits (see
 * reference/plannerReference.ts referenceLatest). plan()'s latest-departing walk + public transport
 * option must leave no earlier, and plan() must offer one whenever the reference finds one.
 */

/** Runs the searches and fails with a table of every search plan() answered worse than the reference. */
async function expectNoWorseThanReference(r: ReferenceRegion, searches: Search[]) {
  const rows: ComparedSearch[] = [];
  for (const [from, to, out] of searches) rows.push(await compareSearch(r, from, to, out));
  const failed = rows.filter((c) => c.verdict === 'late' || c.verdict === 'missing');
  const answered = rows.filter((c) => c.verdict !== 'no reference journey').length;
  const message =
    `${failed.length} of ${answered} searches the reference answers (${rows.length} searches) come out later ` +
    `in plan() or not at all:\n${formatTable(r, failed)}`;
  expect(failed.length, message).toBe(0);
  return { rows, answered };
}

/** Runs arrive-by searches and fails with a table of every search plan() answered worse than the reference. */
async function expectNoEarlierThanReference(r: ReferenceRegion, searches: Search[]) {
  const rows: ComparedArriveBy[] = [];
  for (const [from, to, out] of searches) rows.push(await compareArriveBy(r, from, to, out));
  const failed = rows.filter((c) => c.verdict === 'early' || c.verdict === 'missing');
  const answered = rows.filter((c) => c.verdict !== 'no reference journey').length;
  const message =
    `${failed.length} of ${answered} arrive-by searches the reference answers (${rows.length} searches) leave ` +
    `earlier in plan() or not at all:\n${formatArriveByTable(r, failed)}`;
  expect(failed.length, message).toBe(0);
  return { rows, answered };
}

describe('P04 the connection-scan reference itself, on a hand-written feed', () => {
  // Wednesday 10 June 2026, UTC: service days start at midnight.
  let dir = '';
  const files: Record<string, string[]> = {
    'agency.txt': ['agency_id,agency_name,agency_url,agency_timezone', 'A,Test,https://t.example,UTC'],
    'stops.txt': [
      'stop_id,stop_name,stop_lat,stop_lon',
      ...'ABCDEFGHIJ'.split('').map((s, i) => `${s},${s},56.${i}0,-3.0`),
    ],
    'routes.txt': ['route_id,agency_id,route_short_name,route_type', 'R,A,R,3'],
    'calendar.txt': [
      'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date',
      'ALL,1,1,1,1,1,1,1,20260601,20260630',
      'OFF,1,1,1,1,1,1,1,20260601,20260630',
    ],
    'calendar_dates.txt': ['service_id,date,exception_type', 'OFF,20260610,2', 'ALL,20260609,2'],
    'transfers.txt': ['from_stop_id,to_stop_id,transfer_type,min_transfer_time', 'B,B,2,300'],
    'trips.txt': [
      'route_id,service_id,trip_id',
      ...['t1', 't2', 't3', 'late', 'gone', 'next', 'v1', 'v2', 'v3', 'v4', 'v5', 'nopick'].map(
        (t) => `R,${t === 'gone' ? 'OFF' : 'ALL'},${t}`,
      ),
    ],
    'stop_times.txt': [
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence,pickup_type',
      // A → B, then B → C 3 minutes later (too soon: B needs 5) or 10 minutes later.
      't1,08:00:00,08:00:00,A,1,0',
      't1,08:10:00,08:10:00,B,2,0',
      't2,08:13:00,08:13:00,B,1,0',
      't2,08:30:00,08:30:00,C,2,0',
      't3,08:20:00,08:20:00,B,1,0',
      't3,08:40:00,08:40:00,C,2,0',
      // Past midnight: reaches D at 00:30 the next morning; not on 9 June (ALL is removed then).
      'late,23:50:00,23:50:00,C,1,0',
      'late,24:30:00,24:30:00,D,2,0',
      'late,24:50:00,24:50:00,E,3,0',
      // D → E: removed on the 10th, so the 11:00 is next.
      'gone,09:00:00,09:00:00,D,1,0',
      'gone,09:30:00,09:30:00,E,2,0',
      'next,11:00:00,11:00:00,D,1,0',
      'next,11:30:00,11:30:00,E,2,0',
      // E → J needs five vehicles.
      ...['EF', 'FG', 'GH', 'HI', 'IJ'].flatMap((pair, i) => [
        `v${i + 1},12:${i}0:00,12:${i}0:00,${pair[0]},1,0`,
        `v${i + 1},12:${i}5:00,12:${i}5:00,${pair[1]},2,0`,
      ]),
      // No boarding at A.
      'nopick,14:00:00,14:00:00,A,1,1',
      'nopick,14:30:00,14:30:00,J,2,0',
    ],
  };
  let net: ReferenceNetwork;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cairn-p04-feed-'));
    for (const [name, lines] of Object.entries(files))
      writeFileSync(join(dir, name), `${lines.join('\n')}\n`);
    net = buildReferenceNetwork({
      timeZone: 'UTC',
      feeds: [{ id: 'f', path: dir }],
      footpaths: () => [],
      sameStopChangeSec: 60,
      straightLineWalkSec: (m) => m,
    });
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const day = Date.UTC(2026, 5, 10) / 1000;
  const arrival = (from: string, to: string, atSec: number, maxVehicles = 4) =>
    scanEarliest(net, {
      date: atSec < 86_400 ? 20260610 : 20260611,
      startSec: day + atSec,
      access: new Map([[net.stopById.get(`f:${from}`)!, 0]]),
      egress: new Map([[net.stopById.get(`f:${to}`)!, 0]]),
      maxVehicles,
      latestDepartureSec: Infinity,
      arriveBeforeSec: Infinity,
    })?.arrivalSec;

  it("keeps a stop's change time from transfers.txt", () => {
    expect(arrival('A', 'C', 7 * 3600)).toBe(day + 8 * 3600 + 40 * 60);
  });
  it('runs trips past midnight and drops removed dates', () => {
    expect(arrival('C', 'D', 0)).toBe(day + 24 * 3600 + 30 * 60);
    // The night's trip belongs to the 10th's service day and is still there on the 11th.
    expect(arrival('D', 'E', 24 * 3600)).toBe(day + 24 * 3600 + 50 * 60);
    expect(arrival('D', 'E', 8 * 3600)).toBe(day + 11 * 3600 + 30 * 60);
  });
  it('bounds the vehicles and honours no-pickup stops', () => {
    expect(arrival('E', 'J', 11 * 3600)).toBeUndefined();
    expect(arrival('E', 'J', 11 * 3600, 5)).toBe(day + 12 * 3600 + 45 * 60);
    expect(arrival('A', 'J', 13 * 3600, 5)).toBeUndefined();
  });

  // The backward (arrive-by) scan on the same feed: latest departure arriving by a deadline.
  const departure = (
    from: string,
    to: string,
    bySec: number,
    o: { maxVehicles?: number; notBeforeSec?: number; earliestDepartureSec?: number } = {},
  ) =>
    scanLatest(net, {
      date: bySec < 86_400 ? 20260610 : 20260611,
      access: new Map([[net.stopById.get(`f:${from}`)!, 0]]),
      egress: new Map([[net.stopById.get(`f:${to}`)!, 0]]),
      maxVehicles: o.maxVehicles ?? 4,
      arriveBySec: day + bySec,
      arriveNotBeforeSec: day + (o.notBeforeSec ?? -Infinity),
      earliestDepartureSec: day + (o.earliestDepartureSec ?? -Infinity),
    })?.departureSec;

  it("backward: keeps a stop's change time from transfers.txt", () => {
    expect(departure('A', 'C', 9 * 3600)).toBe(day + 8 * 3600);
    // Only t2 arrives by 08:35, and t1 reaches B 3 minutes before it leaves: B needs 5.
    expect(departure('A', 'C', 8 * 3600 + 35 * 60)).toBeUndefined();
    expect(departure('B', 'C', 8 * 3600 + 35 * 60)).toBe(day + 8 * 3600 + 13 * 60);
    // Arriving too early for the window.
    expect(departure('A', 'C', 9 * 3600, { notBeforeSec: 8 * 3600 + 41 * 60 })).toBeUndefined();
  });
  it('backward: runs trips past midnight, drops removed dates, keeps the day', () => {
    expect(departure('C', 'D', 24 * 3600 + 40 * 60)).toBe(day + 23 * 3600 + 50 * 60);
    // Leaving the day before is not allowed when the journey must leave on the deadline's day.
    expect(departure('C', 'D', 24 * 3600 + 40 * 60, { earliestDepartureSec: 24 * 3600 })).toBeUndefined();
    // The night's trip of the 9th is removed.
    expect(departure('C', 'D', 40 * 60)).toBeUndefined();
    // D → E by 10:00: the 10th's 09:00 is removed, and the 9th's runs the day before.
    expect(departure('D', 'E', 10 * 3600)).toBe(day - 15 * 3600);
    expect(departure('D', 'E', 10 * 3600, { earliestDepartureSec: 0 })).toBeUndefined();
    expect(departure('D', 'E', 12 * 3600)).toBe(day + 11 * 3600);
    expect(departure('D', 'E', 24 * 3600 + 55 * 60)).toBe(day + 24 * 3600 + 30 * 60);
  });
  it('backward: bounds the vehicles and honours no-pickup stops', () => {
    expect(departure('E', 'J', 13 * 3600)).toBeUndefined();
    expect(departure('E', 'J', 13 * 3600, { maxVehicles: 5 })).toBe(day + 12 * 3600);
    expect(departure('A', 'J', 15 * 3600, { maxVehicles: 5 })).toBeUndefined();
  });
});

describe('P04 planner against a connection-scan reference: demo region', () => {
  let dir = '';
  let r: ReferenceRegion;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cairn-p04-demo-'));
    await generateDemoRegion({ outDir: dir, seed: 1, date: '2026-11-22' });
    // Searched the day the demo calendar starts, so every booking window is still open.
    r = await loadReferenceRegion(dir, Date.UTC(2026, 10, 22, 9, 0));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const place = (q: string): Place => {
    const s = r.planner.autocomplete(q, 1)[0];
    if (!s) throw new Error(`cannot place ${q}`);
    return { name: s.label, lat: s.location.lat, lon: s.location.lng };
  };

  it('60 random searches (stops, towns, addresses; weekdays and weekends; 05:00–21:00) arrive no later than the reference', async () => {
    const searches = listRandomSearches(r, 60, 14);
    const { answered } = await expectNoWorseThanReference(r, searches);
    // Not vacuous: most searches have a reference journey.
    expect(answered).toBeGreaterThan(20);
  });

  it('30 random arrive-by searches (deadlines 08:00–21:00) leave no earlier than the reference', async () => {
    const searches = listArriveBySearches(r, 30, 41);
    const { answered } = await expectNoEarlierThanReference(r, searches);
    expect(answered).toBeGreaterThan(10);
  });

  // The searches of issue #14, which the planner's detour filter got wrong.
  /** Tuesday 24 November 2026, 08:00. */
  const tuesday = '2026/11/24 08:00:00';
  it('Aviemore → Braemar arrives at the timetable earliest', async () => {
    await expectNoWorseThanReference(r, [[place('Aviemore'), place('Braemar'), tuesday]]);
  });
  it('Kingussie → Dundee arrives at the timetable earliest', async () => {
    await expectNoWorseThanReference(r, [[place('Kingussie'), place('Dundee'), tuesday]]);
  });
  it('Aviemore → Aberdeen arrives at the timetable earliest', async () => {
    await expectNoWorseThanReference(r, [[place('Aviemore'), place('Aberdeen'), tuesday]]);
  });
  it('Blair Atholl → Braemar finds a journey', async () => {
    const { rows } = await expectNoWorseThanReference(r, [
      [place('Blair Atholl'), place('Braemar'), tuesday],
    ]);
    expect(rows[0]?.plan.walkAndTransit.length).toBeGreaterThan(0);
  });
  it('Blair Atholl → Aberdeen on a Sunday returns results', async () => {
    const { rows } = await expectNoWorseThanReference(r, [
      [place('Blair Atholl'), place('Aberdeen'), '2026/11/29 08:00:00'],
    ]);
    expect(rows[0]?.plan.journeys.length).toBeGreaterThan(0);
  });
});

describe('P04 planner against a connection-scan reference: generated large network', () => {
  let dir = '';
  let r: ReferenceRegion;
  let region: LargeRegion;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cairn-p04-large-'));
    // 5% of the Scotland-scale bench network (2,000 stops, 20 towns, about 7,700 trips) with its roads.
    region = writeLargeRegion(dir, 0.05);
    r = await loadReferenceRegion(dir, Date.UTC(2026, 4, 27));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('16 searches between towns and stops arrive no later than the reference', async () => {
    const searches = listLargeSearches(region, 16);
    const { answered } = await expectNoWorseThanReference(r, searches);
    expect(answered).toBeGreaterThan(6);
  });
});
