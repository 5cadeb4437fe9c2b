// Feature under test: init-region, check-region and build-region --region on region folders, and serve's loader refusing bad data.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildRegionCommand } from '../../src/cli/buildRegion.ts';
import { checkRegionCommand } from '../../src/cli/checkRegion.ts';
import { initRegionCommand } from '../../src/cli/initRegion.ts';
import { planCommand } from '../../src/cli/plan.ts';
import { loadPlanner } from '../../src/planner/loadPlanner.ts';
import { Profile, SearchRequest } from '@cairn/contracts';
import { DEFAULT_BRAND } from '../support/demoRegion.ts';
import { captureOutput } from '../cli/captureOutput.ts';
import { findSharedData } from '../support/sharedData.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A region folder holding one GTFS feed folder (gtfs/bus) of one daily bus A → B on `calendar`. */
function regionWithFeed(
  calendar: string,
  timezone = 'Europe/London',
  more: Record<string, string> = {},
): string {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-ek02-'));
  dirs.push(dir);
  const feed = join(dir, 'gtfs', 'bus');
  mkdirSync(feed, { recursive: true });
  const files: Record<string, string> = {
    'agency.txt': `agency_id,agency_name,agency_url,agency_timezone\nX,Glen Buses,https://bus.example,${timezone}`,
    'stops.txt': 'stop_id,stop_name,stop_lat,stop_lon\nA,Aviemore,57.19,-3.83\nB,Carrbridge,57.28,-3.81',
    'routes.txt': 'route_id,agency_id,route_short_name,route_type\nR,X,34,3',
    'trips.txt': 'route_id,service_id,trip_id\nR,S,T1',
    'stop_times.txt':
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT1,09:00:00,09:00:00,A,1\nT1,09:20:00,09:20:00,B,2',
    'calendar.txt': `service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nS,${calendar}`,
    ...more,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(feed, name), `${text}\n`);
  return dir;
}

const CURRENT = '1,1,1,1,1,1,1,20200101,20991231';

describe('K02 region commands', () => {
  const io = captureOutput();

  it('init-region writes region.json from the feed: box, time zone, name; and will not overwrite it', async () => {
    const dir = regionWithFeed(CURRENT);
    expect(await initRegionCommand(['--region', dir, '--gtfs', join(dir, 'gtfs/bus')])).toBe(0);
    const region = JSON.parse(readFileSync(join(dir, 'region.json'), 'utf8'));
    expect(region).toMatchObject({
      schemaVersion: 1,
      name: 'Glen Buses',
      demo: false,
      timeZone: 'Europe/London',
      feeds: [{ id: 'bus', name: 'Glen Buses', path: 'gtfs/bus' }],
    });
    // The stops plus 2 km (0.018° of latitude) on every side.
    expect(region.bbox.minLat).toBeCloseTo(57.19 - 0.018, 2);
    expect(region.bbox.maxLat).toBeCloseTo(57.28 + 0.018, 2);
    expect(region.osm).toBeUndefined();
    expect(await initRegionCommand(['--region', dir, '--gtfs', join(dir, 'gtfs/bus')])).toBe(1);
    expect(io.err).toMatch(/exists already/);
  });

  it('a region with only feeds checks, builds and loads, its warnings shown as warnings', async () => {
    const dir = regionWithFeed(CURRENT);
    await initRegionCommand(['--region', dir, '--gtfs', join(dir, 'gtfs/bus')]);
    io.out = '';
    io.err = '';
    expect(await checkRegionCommand(['--region', dir])).toBe(0);
    expect(io.out).toMatch(/^warning: region.json \(1\)/m);
    expect(io.out).not.toMatch(/^error/m);
    // The missing OSM file is said once (it was also a plain line before the warning, on the Isle of Wight).
    expect(`${io.out}${io.err}`.match(/no OSM file/g)).toHaveLength(1);
    expect(await buildRegionCommand(['--region', dir])).toBe(0);
    const planner = await loadPlanner(dir, { log: () => undefined });
    expect(planner.warnings.filter((w) => /straight lines/.test(w))).toHaveLength(1);
    expect(planner.regionInfo()).toMatchObject({ demo: false, time_zone: 'Europe/London' });
  });

  it('an ended timetable stops check-region, build-region and the server (it built cleanly before)', async () => {
    const dir = regionWithFeed('1,1,1,1,1,1,1,20200101,20201231');
    await initRegionCommand(['--region', dir, '--gtfs', join(dir, 'gtfs/bus')]);
    expect(await checkRegionCommand(['--region', dir])).toBe(1);
    expect(io.out).toMatch(/^error: the timetable has ended \(1\)/m);
    expect(await buildRegionCommand(['--region', dir])).toBe(1);
    await expect(loadPlanner(dir, { log: () => undefined })).rejects.toThrow(/ended on 2020-12-31/);
    // The same feed checked as of a day it ran is fine.
    expect(await checkRegionCommand(['--region', dir, '--today', '2020-06-01'])).toBe(0);
  });

  it('a feed built as of a day it ran (--today) says serve refuses it and plan --depart plans on it, which then works (plan refused it before)', async () => {
    const dir = regionWithFeed('1,1,1,1,1,1,1,20200101,20201231');
    await initRegionCommand(['--region', dir, '--gtfs', join(dir, 'gtfs/bus')]);
    io.err = '';
    expect(await buildRegionCommand(['--region', dir, '--today', '2020-06-01'])).toBe(0);
    expect(io.err).toMatch(/built as of --today 2020-06-01, but the timetable ended on 2020-12-31/);
    expect(io.err).toMatch(/cairn serve plans from today and refuses this region/);
    expect(io.err).toContain(`cairn plan --region ${dir} --depart 2020-06-01T08:00 plans on it`);
    const trip = ['--region', dir, '--from', '57.19,-3.83', '--to', '57.28,-3.81'];
    io.err = '';
    expect(await planCommand(trip)).toBe(1);
    expect(io.err).toMatch(/to plan on a day the timetable runs, give --depart/);
    io.out = '';
    expect(await planCommand([...trip, '--depart', '2020-06-01T08:30', '--json'])).toBe(0);
    const planned = JSON.parse(io.out) as {
      options: { mode: string; steps: { type: string; departure: string }[] }[];
    };
    const bus = planned.options.find((o) => o.mode === 'transit')!;
    expect(bus.steps.find((s) => s.type === 'bus')!.departure).toBe('09:00');
    // A day after it ended is still refused, naming the day.
    expect(await planCommand([...trip, '--depart', '2021-02-01T08:30'])).toBe(1);
  });

  it('an empty calendar stops build-region (it exited 0 before)', async () => {
    const dir = regionWithFeed('0,0,0,0,0,0,0,20200101,20991231');
    await initRegionCommand(['--region', dir, '--gtfs', join(dir, 'gtfs/bus')]);
    expect(await buildRegionCommand(['--region', dir])).toBe(1);
    expect(io.err).toMatch(/error: a calendar with no day of service/);
  });

  it('a feed whose fares are in euros makes a region in euros, and its journeys are priced in them (they were written in £)', async () => {
    const dir = regionWithFeed(CURRENT, 'Europe/Berlin', {
      'fare_attributes.txt': 'fare_id,price,currency_type,payment_method,transfers\nF,2.90,EUR,0,0',
      'fare_rules.txt': 'fare_id,route_id\nF,R',
    });
    expect(await initRegionCommand(['--region', dir, '--gtfs', join(dir, 'gtfs/bus')])).toBe(0);
    expect(io.err).toMatch(/prices in EUR/);
    expect(JSON.parse(readFileSync(join(dir, 'region.json'), 'utf8')).currency).toBe('EUR');
    expect(await buildRegionCommand(['--region', dir])).toBe(0);
    const planner = await loadPlanner(dir, { log: () => undefined });
    expect(planner.regionInfo()).toMatchObject({ currency: 'EUR' });
    const request = SearchRequest.parse({
      origin: 'Aviemore',
      destination: 'Carrbridge',
      origin_location: { lat: 57.19, lng: -3.83 },
      destination_location: { lat: 57.28, lng: -3.81 },
      out_time: '2030/06/04 08:45:00',
    });
    const bus = (await planner.plan(request, null, DEFAULT_BRAND)).journeys.find((j) =>
      j.depart.stages.includes('bus'),
    );
    expect(bus).toMatchObject({ cost: '€2.90', cost_pence: 290, cost_currency: 'EUR' });
    expect(bus!.depart.steps.find((s) => s.type === 'bus')?.cost).toBe('€2.90');
  });

  it('a region outside Scotland defines its own concession scheme in region.json; a traveller holding it rides free, and /v1/config lists it', async () => {
    const dir = regionWithFeed(CURRENT, 'Europe/Berlin', {
      'fare_attributes.txt': 'fare_id,price,currency_type,payment_method,transfers\nF,2.90,EUR,0,0',
      'fare_rules.txt': 'fare_id,route_id\nF,R',
    });
    expect(await initRegionCommand(['--region', dir, '--gtfs', join(dir, 'gtfs/bus')])).toBe(0);
    const file = join(dir, 'region.json');
    const region = JSON.parse(readFileSync(file, 'utf8'));
    const ticket = {
      id: 'deutschlandticket',
      label: 'Deutschlandticket',
      eligibility: 'Anyone with a monthly subscription',
      covers: { modes: ['bus', 'tram', 'train'] },
      discount: { kind: 'free' },
    };
    const senior = {
      ...ticket,
      id: 'senior',
      label: 'Senior pass',
      eligibility: 'Aged 65 or over',
      discount: { kind: 'percent', percent: 50 },
    };
    writeFileSync(file, JSON.stringify({ ...region, fares: { concessions: { schemes: [ticket, senior] } } }));
    expect(await buildRegionCommand(['--region', dir])).toBe(0);
    const planner = await loadPlanner(dir, { log: () => undefined });
    expect(planner.regionInfo().concession_schemes).toEqual([
      {
        id: 'deutschlandticket',
        label: 'Deutschlandticket',
        eligibility: 'Anyone with a monthly subscription',
      },
      { id: 'senior', label: 'Senior pass', eligibility: 'Aged 65 or over' },
    ]);
    const busFor = async (extra: object, profile: object | null = null) => {
      const request = SearchRequest.parse({
        origin: 'Aviemore',
        destination: 'Carrbridge',
        origin_location: { lat: 57.19, lng: -3.83 },
        destination_location: { lat: 57.28, lng: -3.81 },
        out_time: '2030/06/04 08:45:00',
        ...extra,
      });
      const { journeys } = await planner.plan(request, profile && Profile.parse(profile), DEFAULT_BRAND);
      return journeys.find((j) => j.depart.stages.includes('bus'));
    };
    expect((await busFor({}))?.cost).toBe('€2.90');
    const free = await busFor({ concession_schemes: ['deutschlandticket'] });
    expect(free?.cost).toBe('free');
    expect(free?.pricing_breakdown?.map((l) => l.description).join(' ')).toMatch(
      /free with Deutschlandticket/,
    );
    // From the saved profile, and a search's empty list overriding it.
    expect((await busFor({}, { concession_schemes: ['senior'] }))?.cost).toBe('€1.45');
    expect((await busFor({ concession_schemes: [] }, { concession_schemes: ['senior'] }))?.cost).toBe(
      '€2.90',
    );
  });

  it("fares in euros under region.json's GBP stop check-region and build-region, naming the currency to set (they were written as £ before)", async () => {
    const dir = regionWithFeed(CURRENT, 'Europe/Berlin', {
      'fare_attributes.txt': 'fare_id,price,currency_type,payment_method,transfers\nF,2.90,EUR,0,0',
      'fare_rules.txt': 'fare_id,route_id\nF,R',
    });
    expect(
      await initRegionCommand(['--region', dir, '--gtfs', join(dir, 'gtfs/bus'), '--currency', 'GBP']),
    ).toBe(0);
    expect(await checkRegionCommand(['--region', dir])).toBe(1);
    expect(io.out).toMatch(/^error: fares in a currency other than region.json's \(1\) \[fare-currency\]/m);
    expect(io.out).toMatch(
      /bus: fare_attributes.txt field currency_type: the feed's fares are in EUR but region.json's currency is GBP.*set "currency": "EUR"/,
    );
    expect(await buildRegionCommand(['--region', dir])).toBe(1);
  });

  it('init-region takes --currency, refuses a code that is no currency, and says when it assumed GBP', async () => {
    const dir = regionWithFeed(CURRENT, 'America/New_York');
    expect(await initRegionCommand(['--region', dir, '--gtfs', join(dir, 'gtfs/bus')])).toBe(0);
    // A finding about region.json names no feed (it read "warning: : region.json …").
    expect(io.err).toMatch(
      /^warning: region.json field currency: no fare file names a currency: region.json says GBP; give --currency/m,
    );
    expect(
      await initRegionCommand([
        '--region',
        dir,
        '--gtfs',
        join(dir, 'gtfs/bus'),
        '--currency',
        'DOLLAR',
        '--force',
      ]),
    ).toBe(1);
    expect(io.err).toMatch(/"DOLLAR" is not an ISO 4217 currency code/);
    expect(
      await initRegionCommand([
        '--region',
        dir,
        '--gtfs',
        join(dir, 'gtfs/bus'),
        '--currency',
        'USD',
        '--force',
      ]),
    ).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'region.json'), 'utf8')).currency).toBe('USD');
  });

  const iow = findSharedData('iow/iow-bus-gtfs.zip');
  const rnvOsm = findSharedData('rnv/rnv.osm.pbf');
  it.skipIf(!iow || !rnvOsm)(
    'an Isle of Wight feed with a German OSM file is refused (it was accepted before)',
    { timeout: 120_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cairn-ek02-'));
      dirs.push(dir);
      expect(await initRegionCommand(['--region', dir, '--gtfs', iow!, '--osm', rnvOsm!])).toBe(0);
      expect(await checkRegionCommand(['--region', dir])).toBe(1);
      expect(io.out).toMatch(/only 0 % of the 315 served stops have a walkable street within 200 m/);
    },
  );
});
