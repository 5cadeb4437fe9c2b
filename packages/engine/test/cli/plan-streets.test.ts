// Feature under test: `cairn plan --osm` plans on the streets (walks to, from and between stops), `cairn build-region --osm` stores those footpaths in the snapshot that `plan --region` reuses, and errors are clear.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRegionCommand } from '../../src/cli/buildRegion.ts';
import { planCommand } from '../../src/cli/plan.ts';
import type { PlanJson, PlanJsonOption, PlanJsonStep } from '../../src/cli/plan.ts';
import { readTimetableSnapshot } from '../../src/timetable/snapshot.ts';
import { at, osmXml } from '../support/osmFixture.ts';
import { captureOutput } from './captureOutput.ts';

/*
 * Metres east (x) and north (y) of the fixture base. The origin O and stop A are 315 m apart in a
 * straight line, but the only street between them loops 1,100 m around. Bus 1 runs A → B; bus 2
 * runs C → E, and the lane from B to C is 700 m although they are 110 m apart.
 */
const P = {
  origin: [0, -5],
  A: [0, 310],
  B: [-5, 5000],
  C: [105, 5000],
  D: [0, 5200],
  E: [100, 8000],
  destE: [100, 8010],
} as const;

const nodes = {
  O0: { x: 0, y: 0 },
  L1: { x: 400, y: 0 },
  L2: { x: 400, y: 300 },
  A0: { x: 0, y: 300 },
  N1: { x: 400, y: 4700 },
  P0: { x: 0, y: 4700 },
  Q0: { x: 100, y: 4700 },
  B0: { x: 0, y: 5000 },
  C0: { x: 100, y: 5000 },
  D0: { x: 0, y: 5200 },
  F0: { x: 0, y: 8000 },
  E0: { x: 100, y: 8000 },
};
const ways = [
  { nodes: ['O0', 'L1', 'L2', 'A0'], tags: { highway: 'residential', name: 'Loop Road' } },
  { nodes: ['L2', 'N1', 'Q0'], tags: { highway: 'track', name: 'Long Road' } },
  { nodes: ['B0', 'P0', 'Q0', 'C0'], tags: { highway: 'footway', name: 'Back Lane' } },
  { nodes: ['B0', 'D0', 'F0', 'E0'], tags: { highway: 'residential', name: 'Station Road' } },
];

const ll = ([x, y]: readonly [number, number]): string => {
  const p = at(x, y);
  return `${p.lat.toFixed(6)},${p.lon.toFixed(6)}`;
};

function writeGtfs(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const stop = (id: string, xy: readonly [number, number]): string => {
    const p = at(xy[0], xy[1]);
    return `${id},Stop ${id},${p.lat.toFixed(6)},${p.lon.toFixed(6)}`;
  };
  const files: Record<string, string> = {
    'agency.txt':
      'agency_id,agency_name,agency_url,agency_timezone\nag,Test Buses,https://example.org,Europe/London',
    'stops.txt': [
      'stop_id,stop_name,stop_lat,stop_lon',
      ...(['A', 'B', 'C', 'E'] as const).map((s) => stop(s, P[s])),
    ].join('\n'),
    'routes.txt': 'route_id,agency_id,route_short_name,route_type\nr1,ag,1,3\nr2,ag,2,3',
    'calendar.txt':
      'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nall,1,1,1,1,1,1,1,20260101,20271231',
    'trips.txt': 'route_id,service_id,trip_id\nr1,all,t1\nr2,all,t2a\nr2,all,t2b',
    'stop_times.txt': [
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
      't1,09:30:00,09:30:00,A,1',
      't1,09:50:00,09:50:00,B,2',
      't2a,09:53:00,09:53:00,C,1',
      't2a,10:10:00,10:10:00,E,2',
      't2b,10:03:00,10:03:00,C,1',
      't2b,10:20:00,10:20:00,E,2',
    ].join('\n'),
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), `${text}\n`);
}

const WALK_MPS = 4.8 / 3.6;
/** The option riding exactly these services, in order. */
const riding = (json: PlanJson, ...services: string[]): PlanJsonOption | undefined =>
  json.options.find(
    (o) =>
      o.mode === 'transit' &&
      o.steps
        .filter((s) => s.service !== null)
        .map((s) => s.service)
        .join('>') === services.join('>'),
  );
const ride = (o: PlanJsonOption, service: string): PlanJsonStep =>
  o.steps.find((s) => s.service === service)!;

describe('cairn plan on streets', () => {
  const io = captureOutput();

  const dir = mkdtempSync(join(tmpdir(), 'cairn-plan-streets-'));
  const feed = join(dir, 'gtfs');
  writeGtfs(feed);
  const osm = join(dir, 'streets.osm');
  writeFileSync(osm, osmXml(nodes, ways));
  const when = ['--depart', '2026-06-03T09:00', '--json'];

  async function plan(args: string[]): Promise<PlanJson> {
    io.out = '';
    expect(await planCommand(args)).toBe(0);
    return JSON.parse(io.out) as PlanJson;
  }

  it('times the walks to and from stops along the streets, not in a straight line', async () => {
    const args = ['--gtfs', feed, '--from', ll(P.origin), '--to', ll(P.D), ...when];
    const straight = riding(await plan(args), '1')!;
    const street = riding(await plan([...args, '--osm', osm]), '1')!;
    expect(io.err).toMatch(/footpaths between stops: \d+ transfers along streets/);
    expect(street.steps.map((s) => s.service ?? s.type)).toEqual(['walk', '1', 'walk']);
    const [access, , egress] = street.steps;
    expect(access!.description).not.toMatch(/straight line/);
    // 1,100 m around the loop (plus the few metres off the street).
    expect(access!.distance_m).toBeGreaterThanOrEqual(1095);
    expect(access!.duration_sec).toBeGreaterThanOrEqual(Math.floor(1100 / WALK_MPS) - 1);
    expect(access!.duration_sec).toBeLessThanOrEqual(Math.ceil(1115 / WALK_MPS) + 2);
    expect(access!.duration_sec).toBeGreaterThan(straight.steps[0]!.duration_sec * 2);
    // Station Road runs straight to the destination: shorter than straight line × detour factor.
    expect(egress!.duration_sec).toBeLessThan(straight.steps[2]!.duration_sec);
    expect(egress!.duration_sec).toBeCloseTo(205 / WALK_MPS, -1);
  });

  it('changes between stops walk along the streets (the 700 m lane misses the 09:53)', async () => {
    const args = ['--gtfs', feed, '--from', ll(P.origin), '--to', ll(P.destE), ...when];
    const straight = riding(await plan(args), '1', '2')!;
    expect(ride(straight, '2').departure).toBe('09:53');
    const street = riding(await plan([...args, '--osm', osm]), '1', '2')!;
    const transfer = street.steps.find((s) => s.type === 'walk' && s.from.name === 'Stop B')!;
    expect(transfer.duration_sec).toBeGreaterThanOrEqual(Math.floor(700 / WALK_MPS));
    expect(ride(street, '2').departure).toBe('10:03');
  });

  it('build-region --osm stores the street footpaths in the snapshot, and plan reuses them', async () => {
    const transferSec = (bin: string): { source: string | undefined; sec: number | undefined } => {
      const read = readTimetableSnapshot(bin);
      if (!read.ok) throw new Error(read.message);
      const tt = read.timetable;
      const b = tt.findStopById('gtfs:B')!;
      const c = tt.findStopById('gtfs:C')!;
      let sec: number | undefined;
      for (let i = tt.a.transferOffsets[b]!; i < tt.a.transferOffsets[b + 1]!; i++)
        if (tt.a.transferTo[i] === c) sec = tt.a.transferSec[i];
      return { source: tt.meta.footpathSource, sec };
    };
    const straightOut = join(dir, 'built-straight');
    expect(await buildRegionCommand(['--gtfs', feed, '--out', straightOut])).toBe(0);
    const straight = transferSec(join(straightOut, 'timetable.bin'));
    expect(straight.source).toBe('straight-line');
    expect(straight.sec).toBeLessThan(200);

    const streetOut = join(dir, 'built-streets');
    expect(await buildRegionCommand(['--gtfs', feed, '--osm', osm, '--out', streetOut])).toBe(0);
    expect(io.err).toMatch(/footpaths between stops along the streets of .*streets\.osm/);
    const street = transferSec(join(streetOut, 'timetable.bin'));
    expect(street.source).toMatch(/^streets streets\.osm:\d+:\d+$/);
    // The 700 m lane, not the 110 m straight line.
    expect(street.sec).toBeGreaterThanOrEqual(Math.floor(700 / WALK_MPS));

    io.err = '';
    const args = ['--region', streetOut, '--osm', osm, '--from', ll(P.origin), '--to', ll(P.destE), ...when];
    const json = await plan(args);
    expect(io.err).toMatch(/along these streets already \(snapshot\)/);
    expect(ride(riding(json, '1', '2')!, '2').departure).toBe('10:03');
  });

  it('build-region with a missing OSM file fails with a clear error and writes nothing', async () => {
    const out = join(dir, 'built-missing');
    expect(await buildRegionCommand(['--gtfs', feed, '--osm', join(dir, 'nope.osm'), '--out', out])).toBe(1);
    expect(io.err).toMatch(/error: OSM file .*nope\.osm not found/);
    expect(existsSync(join(out, 'timetable.bin'))).toBe(false);
    expect(io.err).not.toMatch(/\n\s+at /);
  });

  it('a missing OSM file or unusable region folder is a clear error without a stack trace', async () => {
    const args = ['--from', ll(P.origin), '--to', ll(P.D), ...when];
    expect(await planCommand(['--gtfs', feed, '--osm', join(dir, 'nope.osm'), ...args])).toBe(1);
    expect(io.err).toMatch(/error: OSM file .*nope\.osm not found/);
    expect(io.err).not.toMatch(/reading GTFS feed/);
    const region = join(dir, 'region');
    mkdirSync(region, { recursive: true });
    writeFileSync(join(region, 'region.json'), '{ "schemaVersion": 1 ');
    expect(await planCommand(['--region', region, ...args])).toBe(1);
    expect(io.err).toMatch(/region\.json.*not valid JSON/);
    expect(io.err).toMatch(/plan failed: region\.json in .* is not usable/);
    expect(await planCommand(['--region', region, '--osm', osm, ...args])).toBe(2);
    expect(io.err).toMatch(/--osm cannot be used with a region\.json folder/);
    expect(await planCommand(['--region', join(dir, 'empty'), ...args])).toBe(1);
    expect(io.err).toMatch(/has neither region\.json nor timetable\.bin/);
    expect(io.out).toBe('');
    expect(io.err).not.toMatch(/\n\s+at /);
  });
});
