// Feature under test: a journey leaving before midnight may arrive after it (and arriving just after midnight may leave the evening before), within the day's own service (NYC's all-night trains), but a night spent waiting for the morning is no journey.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SearchRequest } from '@cairn/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPlannerFromFeeds } from '../../src/planner/loadPlanner.ts';
import type { Planner } from '../../src/planner/port.ts';
import { DEFAULT_BRAND } from '../support/demoRegion.ts';
import { findSharedData } from '../support/sharedData.ts';

const dir = mkdtempSync(join(tmpdir(), 'cairn-ep28-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A feed with a late train A → B (23:30 to 00:20) and a last train C → M at 22:00 meeting only the 07:00 from M to D. */
function lateFeed(): string {
  const feed = join(dir, 'late');
  mkdirSync(feed, { recursive: true });
  const files: Record<string, string> = {
    'agency.txt':
      'agency_id,agency_name,agency_url,agency_timezone\nX,Late Trains,https://late.example,America/New_York',
    'stops.txt':
      'stop_id,stop_name,stop_lat,stop_lon\nA,Aye,40.70,-73.90\nB,Bee,40.80,-73.90\nC,Cee,40.70,-74.00\nM,Emm,40.75,-74.00\nD,Dee,40.80,-74.00',
    'routes.txt': 'route_id,agency_id,route_short_name,route_type\nL,X,L,1\nN,X,N,1\nQ,X,Q,1',
    'trips.txt': 'route_id,service_id,trip_id\nL,S,late\nN,S,last\nQ,S,first',
    'stop_times.txt':
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence\n' +
      'late,23:30:00,23:30:00,A,1\nlate,24:20:00,24:20:00,B,2\n' +
      'last,22:00:00,22:00:00,C,1\nlast,22:30:00,22:30:00,M,2\n' +
      'first,07:00:00,07:00:00,M,1\nfirst,07:30:00,07:30:00,D,2',
    'calendar.txt':
      'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nS,1,1,1,1,1,1,1,20260101,20271231',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(feed, name), `${text}\n`);
  return feed;
}

function plannerOf(feeds: string[]): Planner {
  const built = loadPlannerFromFeeds(
    feeds.map((path) => ({ path })),
    { log: () => undefined },
  );
  if (!built.ok) throw new Error(built.message);
  return built.planner;
}

const at = (lat: number, lng: number) => ({ lat, lng });
async function plan(
  planner: Planner,
  from: { lat: number; lng: number },
  to: { lat: number; lng: number },
  time: string,
  arriveBy = false,
) {
  const request = SearchRequest.parse({
    origin: 'From',
    destination: 'To',
    origin_location: from,
    destination_location: to,
    out_time: time,
    arrive_by: arriveBy,
    arrive_by_buffer: 0,
  });
  return planner.plan(request, null, DEFAULT_BRAND);
}

describe('P28 past midnight', () => {
  const planner = plannerOf([lateFeed()]);

  it('offers the 23:30 arriving at 00:20 the next day (it answered "no service" before)', async () => {
    const { journeys } = await plan(planner, at(40.7, -73.9), at(40.8, -73.9), '2026/06/09 23:20:00');
    const train = journeys.find((j) => j.transport_mode === 'transit');
    expect(train?.depart.departure_datetime).toMatch(/^2026-06-09T23:30/);
    expect(train?.depart.arrival_datetime).toMatch(/^2026-06-10T00:20/);
  });

  it('arriving by 00:30, offers the 23:30 of the evening before (it answered "no service" before)', async () => {
    const { journeys } = await plan(planner, at(40.7, -73.9), at(40.8, -73.9), '2026/06/10 00:30:00', true);
    const train = journeys.find((j) => j.transport_mode === 'transit');
    expect(train?.depart.departure_datetime).toMatch(/^2026-06-09T23:30/);
    expect(train?.depart.arrival_datetime).toMatch(/^2026-06-10T00:20/);
  });

  it('arriving by 07:45, offers no journey that leaves at 22:00 the evening before and waits overnight', async () => {
    const result = await plan(planner, at(40.7, -74.0), at(40.8, -74.0), '2026/06/10 07:45:00', true);
    expect(result.journeys.filter((j) => j.transport_mode === 'transit')).toEqual([]);
  });

  it('offers no journey that waits overnight for the 07:00', async () => {
    const result = await plan(planner, at(40.7, -74.0), at(40.8, -74.0), '2026/06/09 21:50:00');
    expect(result.journeys.filter((j) => j.transport_mode === 'transit')).toEqual([]);
  });
});

const nyc = findSharedData('nyc/nyc-subway-gtfs.zip');
describe.skipIf(!nyc)('P28 the NYC subway at night', () => {
  const subway = nyc ? plannerOf([nyc]) : (undefined as never);

  it('125 St (1) to Canarsie at 23:30: the 1 and the L, arriving after midnight (was "no service")', async () => {
    // Four stations are called 125 St: the line typed picks the 1's (the busier Lexington Avenue one comes first for "125 St").
    const from = subway.autocomplete('125 St 1', 1)[0]!;
    const to = subway.autocomplete('Canarsie', 1)[0]!;
    expect(from.label).toBe('125 St (1)');
    const { journeys } = await plan(subway, from.location, to.location, '2026/06/09 23:30:00');
    const first = journeys.find((j) => j.transport_mode === 'transit');
    expect(first?.depart.steps.some((s) => /^Take the subway L /.test(s.description))).toBe(true);
    expect(first?.depart.arrival_datetime).toMatch(/^2026-06-10T0[01]:/);
  });

  it('"Church Av" names three stations by their lines, and Court Sq (G) to Church Av (F, FX, G) is the through G', async () => {
    const churches = subway.autocomplete('Church Av', 5).map((s) => s.label);
    expect(churches).toEqual(
      expect.arrayContaining(['Church Av (2, 5)', 'Church Av (B, Q)', 'Church Av (F, FX, G)']),
    );
    const from = subway.autocomplete('Court Sq G', 1)[0]!;
    const to = subway.autocomplete('Church Av G', 1)[0]!;
    expect([from.label, to.label]).toEqual(['Court Sq (G)', 'Church Av (F, FX, G)']);
    const { journeys } = await plan(subway, from.location, to.location, '2026/06/09 10:00:00');
    const rides = journeys[0]!.depart.steps.filter((s) => s.stops);
    expect(rides).toHaveLength(1);
    expect(rides[0]!.description).toMatch(/subway G/);
  });
});
