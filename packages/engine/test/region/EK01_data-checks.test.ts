// Feature under test: the region data checks an operator reads (check-region), one bad input per check.
import { describe, expect, it } from 'vitest';
import { streetFootpathSource } from '../../src/modes/footpaths.ts';
import { loadOsmXml } from '../../src/loader/loadOsm.ts';
import { checkRegionData, formatSharePercent } from '../../src/region/checks/regionChecks.ts';
import { formatReport } from '../../src/region/checks/findings.ts';
import type { DataFinding } from '../../src/region/checks/findings.ts';
import { parseRegionConfig } from '../../src/region/loadRegionConfig.ts';
import type { RegionConfigInput } from '../../src/region/regionConfig.ts';
import { createStreetNetwork } from '../../src/streets/streetNetwork.ts';
import type { StreetNetwork } from '../../src/streets/streetNetwork.ts';
import { timetableFrom } from '../support/inlineFeed.ts';
import { at, osmXml } from '../support/osmFixture.ts';
import type { FixtureNode, FixtureWay } from '../support/osmFixture.ts';

/** Tuesday 1 December 2026: the checks' "today". */
const TODAY = 20261201;
const A = at(0, 0);
const B = at(300, 0);
const C = at(600, 0);

/** A feed of one bus A → B → C a day, on the calendar row given. */
function feed(calendar: string, stops: Record<string, { lat: number; lon: number }> = { A, B, C }) {
  const names = Object.keys(stops);
  return {
    'agency.txt':
      'agency_id,agency_name,agency_url,agency_timezone\nX,Bus Co,https://bus.example,Europe/London',
    'stops.txt':
      'stop_id,stop_name,stop_lat,stop_lon\n' +
      names.map((n) => `${n},Stop ${n},${stops[n]!.lat},${stops[n]!.lon}`).join('\n'),
    'routes.txt': 'route_id,agency_id,route_short_name,route_type\nR,X,1,3',
    'trips.txt': 'route_id,service_id,trip_id\nR,S,T1',
    'stop_times.txt':
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence\n' +
      names.map((n, i) => `T1,09:0${i}:00,09:0${i}:00,${n},${i + 1}`).join('\n'),
    'calendar.txt': `service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nS,${calendar}`,
  };
}

const DAILY = '1,1,1,1,1,1,1,20261101,20271231';

function region(over: Partial<RegionConfigInput> = {}) {
  const parsed = parseRegionConfig({
    schemaVersion: 1,
    id: 'test',
    name: 'Test',
    timeZone: 'Europe/London',
    bbox: { minLat: 57.1, minLon: -3.9, maxLat: 57.3, maxLon: -3.7 },
    feeds: [{ id: 'f', name: 'F', path: 'f' }],
    osm: { path: 'streets.osm' },
    ...over,
  });
  if (!parsed.config) throw new Error(JSON.stringify(parsed.warnings));
  return parsed;
}

function check(
  files: Record<string, string>,
  options: { over?: Partial<RegionConfigInput>; streets?: StreetNetwork; walkStreets?: boolean } = {},
): DataFinding[] {
  const tt = timetableFrom(files);
  if (options.streets && options.walkStreets)
    tt.replaceFootpaths(streetFootpathSource(options.streets), 'streets test');
  const { config, warnings } = region(options.over);
  return checkRegionData({
    config: config!,
    configIssues: warnings,
    timetable: tt,
    ...(options.streets ? { streets: options.streets } : {}),
    today: TODAY,
  }).findings;
}

const checksOf = (findings: DataFinding[]) => findings.map((f) => `${f.severity} ${f.check}`);

/** A street network from fixture nodes and ways (metres around the fixture base). */
function streets(nodes: Record<string, FixtureNode>, ways: FixtureWay[]): StreetNetwork {
  return createStreetNetwork(loadOsmXml(osmXml(nodes, ways)).graph);
}

/** A residential street past A, B and C, and a footway beside it. */
const STREET = streets(
  { w: { x: -50, y: 10 }, e: { x: 650, y: 10 }, fw: { x: -50, y: -10 }, fe: { x: 650, y: -10 } },
  [
    { nodes: ['w', 'e'], tags: { highway: 'residential' } },
    { nodes: ['fw', 'fe'], tags: { highway: 'footway' } },
  ],
);

describe('K01 data checks', () => {
  it('finds nothing wrong with a current daily feed inside its box, on a street map with footways', () => {
    expect(check(feed(DAILY), { streets: STREET, walkStreets: true })).toEqual([]);
  });

  it("warns of a region.json gateway that names no station of the region: Fort William's estimate would quietly run from the nearest station (issue #27)", () => {
    const rail = { ...feed(DAILY), 'routes.txt': 'route_id,agency_id,route_short_name,route_type\nR,X,1,2' };
    expect(check(rail, { over: { gateways: ['Stop A'] } })).toEqual([]);
    const findings = check(rail, { over: { gateways: ['Stop A', 'Invernes'] } });
    expect(checksOf(findings)).toEqual(['warning gateway-unknown']);
    expect(findings[0]).toMatchObject({ file: 'region.json', field: 'gateways.1' });
    expect(findings[0]!.message).toMatch(/^"Invernes" is no station of the region/);
    // A bus stop is no gateway: the trains and coaches beyond leave from stations.
    expect(checksOf(check(feed(DAILY), { over: { gateways: ['Stop A'] } }))).toEqual([
      'warning gateway-unknown',
    ]);
  });

  it('stops an ended timetable, naming its last day and today', () => {
    const findings = check(feed('1,1,1,1,1,1,1,20260101,20261130'));
    expect(checksOf(findings)).toEqual(['error calendar-expired']);
    expect(findings[0]).toMatchObject({ feed: 'f', file: 'calendar.txt', field: 'end_date' });
    expect(findings[0]!.message).toMatch(/ended on 2026-11-30, before today \(2026-12-01\)/);
  });

  it('warns of a timetable starting within four weeks, and stops one starting later', () => {
    expect(checksOf(check(feed('1,1,1,1,1,1,1,20261210,20271231')))).toEqual([
      'warning calendar-not-yet-valid',
    ]);
    expect(checksOf(check(feed('1,1,1,1,1,1,1,20270301,20271231')))).toEqual([
      'error calendar-not-yet-valid',
    ]);
  });

  it('takes a started calendar whose service runs on a few weekdays as started: the demo community bus, Tuesdays and Fridays, on a Sunday', () => {
    // Started on Saturday 28 November; on Tuesday 1 December its next run is Friday the 4th.
    const fridays = check(feed('0,0,0,0,1,0,0,20261128,20271231'));
    expect(checksOf(fridays)).not.toContain('warning calendar-not-yet-valid');
    // A calendar opening later still warns, from its first day of service (Friday 11 December).
    const later = check(feed('0,0,0,0,1,0,0,20261207,20271231'));
    expect(later.find((f) => f.check === 'calendar-not-yet-valid')?.message).toMatch(
      /starts on 2026-12-11, after today/,
    );
    // A feed of dated runs only (calendar_dates.txt) opens on its first one.
    const { 'calendar.txt': _weekly, ...undated } = feed(DAILY);
    const dated = {
      ...undated,
      'calendar_dates.txt': 'service_id,date,exception_type\nS,20261204,1\nS,20261211,1',
    };
    expect(checksOf(check(dated))).toContain('warning calendar-not-yet-valid');
  });

  it('stops a calendar with no day of service', () => {
    const findings = check(feed('0,0,0,0,0,0,0,20261101,20271231'));
    expect(checksOf(findings)).toEqual(['warning calendar-empty', 'error calendar-empty']);
    expect(findings[0]!.message).toMatch(/service "S" runs on no day/);
  });

  it('lists the days of the next four weeks with no service at all', () => {
    const findings = check(feed('1,1,1,1,1,0,0,20261101,20271231'));
    expect(findings.every((f) => f.check === 'calendar-gaps' && f.severity === 'warning')).toBe(true);
    expect(findings.map((f) => f.message.slice(16, 26))).toEqual([
      '2026-12-05',
      '2026-12-06',
      '2026-12-12',
      '2026-12-13',
      '2026-12-19',
      '2026-12-20',
      '2026-12-26',
      '2026-12-27',
    ]);
  });

  it("names a stop outside the region's box", () => {
    const findings = check(feed(DAILY, { A, B, C: { lat: 56.5, lon: -3.8 } }));
    expect(checksOf(findings)).toEqual(['warning stops-outside-box']);
    expect(findings[0]).toMatchObject({ file: 'stops.txt', field: 'stop_lat' });
    expect(findings[0]!.message).toMatch(/stop "C" Stop C \(56\.50000, -3\.80000\) lies outside/);
  });

  it('stops a box with latitude and longitude swapped', () => {
    const swapped = { minLat: -3.9, minLon: 57.1, maxLat: -3.7, maxLon: 57.3 };
    const findings = check(feed(DAILY), { over: { bbox: swapped } });
    expect(checksOf(findings)).toEqual(['error box-swapped']);
    expect(findings[0]).toMatchObject({ file: 'region.json', field: 'bbox' });
  });

  it('stops an OSM file of another area, and names single stops far from any street', () => {
    const elsewhere = streets({ a: { x: 50_000, y: 0 }, b: { x: 51_000, y: 0 } }, [
      { nodes: ['a', 'b'], tags: { highway: 'residential' } },
    ]);
    const findings = check(feed(DAILY), { streets: elsewhere });
    expect(checksOf(findings)).toContain('error osm-coverage');
    expect(findings.find((f) => f.check === 'osm-coverage')!.message).toMatch(
      /only 0 % of the 3 served stops/,
    );
    const partial = check(feed(DAILY, { A, B, C, D: at(5000, 5000) }), { streets: STREET });
    expect(checksOf(partial)).toEqual(['warning osm-coverage']);
    expect(partial[0]!.message).toMatch(/stop "D"/);
  });

  it('never rounds a shortfall of street coverage to 100 % (RNV: 3 of 2,057 stops without a street read "100 %")', () => {
    expect(formatSharePercent(2054, 2057)).toBe('99.8 %');
    expect(formatSharePercent(99_999, 100_000)).toBe('99.9 %');
    expect(formatSharePercent(2057, 2057)).toBe('100 %');
    expect(formatSharePercent(1, 3)).toBe('33 %');
    const { config, warnings } = region();
    const stops = Object.fromEntries(
      Array.from({ length: 300 }, (_, i) => [`S${i}`, at((i % 3) * 300, 0)] as const),
    );
    // One trip past 300 stops on the street and one (D) 5 km from it, a second apart.
    const names = [...Object.keys(stops), 'D'];
    const clock = (i: number) =>
      `09:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`;
    const manyStops = {
      ...feed(DAILY, { ...stops, D: at(5000, 5000) }),
      'stop_times.txt':
        'trip_id,arrival_time,departure_time,stop_id,stop_sequence\n' +
        names.map((n, i) => `T1,${clock(i)},${clock(i)},${n},${i + 1}`).join('\n'),
    };
    const report = checkRegionData({
      config: config!,
      configIssues: warnings,
      timetable: timetableFrom(manyStops),
      streets: STREET,
      today: TODAY,
    });
    expect(report.notes).toContain('300 of 301 served stops (99.6 %) have a walkable street within 200 m');
    expect(report.findings.filter((f) => f.check === 'osm-coverage')).toHaveLength(1);
  });

  it('warns of an extract with roads only', () => {
    const roads = streets({ w: { x: -50, y: 10 }, e: { x: 650, y: 10 } }, [
      { nodes: ['w', 'e'], tags: { highway: 'residential' } },
    ]);
    expect(checksOf(check(feed(DAILY), { streets: roads }))).toEqual(['warning osm-no-footways']);
  });

  it('names a walk between stops over three times the straight line', () => {
    // A and B 100 m apart with a stream between them: the only bridge is 150 m north.
    const detour = streets(
      { a: { x: 0, y: 0 }, an: { x: 0, y: 150 }, bn: { x: 100, y: 150 }, b: { x: 100, y: 0 } },
      [{ nodes: ['a', 'an', 'bn', 'b'], tags: { highway: 'footway' } }],
    );
    const findings = check(feed(DAILY, { A, B: at(100, 0) }), { streets: detour, walkStreets: true });
    expect(checksOf(findings)).toEqual(['warning walk-detour', 'warning walk-detour']);
    expect(findings[0]!.message).toMatch(/to "Stop B": 5 min walk along the streets for 100 m/);
  });

  it('passes region.json warnings on as warnings', () => {
    const findings = check(feed(DAILY), { over: { map: { centre: { lat: 10, lon: 10 }, zoom: 9 } } });
    expect(findings).toEqual([
      expect.objectContaining({ check: 'region-json', severity: 'warning', field: 'map.centre' }),
    ]);
  });
  it('reports errors first, each check once with its count and first three findings, in the order found (200,000 of one check, as a GB-size region has)', () => {
    const finding = (check: string, severity: DataFinding['severity'], n: number): DataFinding => ({
      check,
      feed: 'gen',
      file: 'stops.txt',
      line: n,
      field: 'stop_id',
      message: `${check} ${n}`,
      severity,
    });
    const findings: DataFinding[] = [];
    for (let n = 1; n <= 200_000; n++) findings.push(finding('walk-detour', 'warning', n));
    findings.splice(
      2,
      0,
      finding('stops-outside-box', 'warning', 7),
      finding('calendar-expired', 'error', 1),
    );
    const lines = formatReport({ findings, notes: ['a note'] }, { 'walk-detour': 'long walks' });
    expect(lines).toEqual([
      'error: calendar-expired (1) [calendar-expired]',
      '    gen: stops.txt line 1 field stop_id: calendar-expired 1',
      'warning: long walks (200000) [walk-detour]',
      '    gen: stops.txt line 1 field stop_id: walk-detour 1',
      '    gen: stops.txt line 2 field stop_id: walk-detour 2',
      '    gen: stops.txt line 3 field stop_id: walk-detour 3',
      '    … 199997 more',
      'warning: stops-outside-box (1) [stops-outside-box]',
      '    gen: stops.txt line 7 field stop_id: stops-outside-box 7',
      'note: a note',
    ]);
  });
});
