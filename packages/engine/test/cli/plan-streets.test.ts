// Feature under test: `cairn plan --osm` walks along the streets (access, egress, changes), `cairn build-region --osm` stores those footpaths in the snapshot, and `--region` reads a region.json folder.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRegionCommand } from '../../src/cli/build-region.ts';
import { planCommand } from '../../src/cli/plan.ts';
import { readTimetableSnapshot } from '../../src/timetable/snapshot.ts';
import { at, osmXml } from '../streets/osmFixture.ts';

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

interface Leg {
  mode: string;
  route: string | null;
  from: { name: string };
  to: { name: string };
  departure: string;
  arrival: string;
}
const legSec = (l: Leg): number => (Date.parse(l.arrival) - Date.parse(l.departure)) / 1000;
const WALK_MPS = 4.8 / 3.6;

describe('cairn plan on streets', () => {
  let out = '';
  let err = '';
  beforeEach(() => {
    out = '';
    err = '';
    vi.spyOn(process.stdout, 'write').mockImplementation(
      (s: string | Uint8Array) => ((out += String(s)), true),
    );
    vi.spyOn(process.stderr, 'write').mockImplementation(
      (s: string | Uint8Array) => ((err += String(s)), true),
    );
  });
  afterEach(() => vi.restoreAllMocks());

  const dir = mkdtempSync(join(tmpdir(), 'cairn-plan-streets-'));
  const feed = join(dir, 'gtfs');
  writeGtfs(feed);
  const osm = join(dir, 'streets.osm');
  writeFileSync(osm, osmXml(nodes, ways));
  const when = ['--depart', '2026-06-03T09:00', '--json'];

  async function plan(args: string[]): Promise<Leg[][]> {
    out = '';
    expect(await planCommand(args)).toBe(0);
    return (JSON.parse(out) as { itineraries: { legs: Leg[] }[] }).itineraries.map((i) => i.legs);
  }

  it('times the walks to and from stops along the streets, not in a straight line', async () => {
    const args = ['--gtfs', feed, '--from', ll(P.origin), '--to', ll(P.D), ...when];
    const [straight] = await plan(args);
    const [street] = await plan([...args, '--osm', osm]);
    expect(err).toMatch(/loading OSM .*streets\.osm/);
    expect(err).toMatch(/streets: \d+ junctions/);
    expect(street!.map((l) => l.route ?? l.mode)).toEqual(['walk', '1', 'walk']);
    const [access, , egress] = street!;
    // 1,100 m around the loop plus the 5 m and 10 m off the street.
    expect(legSec(access!)).toBeGreaterThanOrEqual(Math.floor(1115 / WALK_MPS) - 1);
    expect(legSec(access!)).toBeLessThanOrEqual(Math.ceil(1115 / WALK_MPS) + 2);
    expect(legSec(access!)).toBeGreaterThan(legSec(straight![0]!) * 2);
    // Station Road runs straight to the destination: shorter than straight line × detour factor.
    expect(legSec(egress!)).toBeLessThan(legSec(straight![2]!));
    expect(legSec(egress!)).toBeCloseTo(205 / WALK_MPS, -1);
  });

  it('changes between stops walk along the streets (the 700 m lane misses the 09:53)', async () => {
    const args = ['--gtfs', feed, '--from', ll(P.origin), '--to', ll(P.destE), ...when];
    const [straight] = await plan(args);
    expect(straight!.find((l) => l.route === '2')!.departure).toBe('2026-06-03T09:53:00+01:00');
    const [street] = await plan([...args, '--osm', osm]);
    const transfer = street!.find((l) => l.mode === 'walk' && l.from.name === 'Stop B')!;
    expect(legSec(transfer)).toBeGreaterThanOrEqual(Math.floor(700 / WALK_MPS));
    expect(street!.find((l) => l.route === '2')!.departure).toBe('2026-06-03T10:03:00+01:00');
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
    expect(err).toMatch(/footpaths between stops along the streets of .*streets\.osm/);
    const street = transferSec(join(streetOut, 'timetable.bin'));
    expect(street.source).toMatch(/^streets streets\.osm:\d+:\d+$/);
    // The 700 m lane, not the 110 m straight line.
    expect(street.sec).toBeGreaterThanOrEqual(Math.floor(700 / WALK_MPS));

    err = '';
    const args = ['--region', streetOut, '--osm', osm, '--from', ll(P.origin), '--to', ll(P.destE), ...when];
    const [legs] = await plan(args);
    expect(err).toMatch(/along these streets already \(snapshot\)/);
    expect(legs!.find((l) => l.route === '2')!.departure).toBe('2026-06-03T10:03:00+01:00');
  });

  it('build-region with a missing OSM file fails with a clear error and writes nothing', async () => {
    const out = join(dir, 'built-missing');
    expect(await buildRegionCommand(['--gtfs', feed, '--osm', join(dir, 'nope.osm'), '--out', out])).toBe(1);
    expect(err).toMatch(/error: OSM file .*nope\.osm not found/);
    expect(existsSync(join(out, 'timetable.bin'))).toBe(false);
    expect(err).not.toMatch(/\n\s+at /);
  });

  it('a stop out of walking reach along the streets is not offered', async () => {
    // 315 m in a straight line but 1,115 m by street: beyond a 600 m walk (about 585 s).
    const args = ['--gtfs', feed, '--from', ll(P.origin), '--to', ll(P.D), '--walk-radius', '600', ...when];
    expect((await plan(args)).length).toBe(1);
    out = '';
    expect(await planCommand([...args, '--osm', osm])).toBe(0);
    expect(JSON.parse(out)).toEqual({ itineraries: [] });
    expect(err).toMatch(/no stop within a \d+ min walk along streets of the origin/);
  });

  it('a missing OSM file or unusable region folder is a clear error without a stack trace', async () => {
    const args = ['--from', ll(P.origin), '--to', ll(P.D), ...when];
    expect(await planCommand(['--gtfs', feed, '--osm', join(dir, 'nope.osm'), ...args])).toBe(1);
    expect(err).toMatch(/error: OSM file .*nope\.osm not found/);
    const region = join(dir, 'region');
    mkdirSync(region, { recursive: true });
    writeFileSync(join(region, 'region.json'), '{ "schemaVersion": 1 ');
    expect(await planCommand(['--region', region, ...args])).toBe(1);
    expect(err).toMatch(/region\.json.*not valid JSON/);
    expect(err).toMatch(/plan failed: .*region\.json is not usable/);
    expect(await planCommand(['--region', join(dir, 'empty'), ...args])).toBe(1);
    expect(err).toMatch(/has neither region\.json nor timetable\.bin/);
    expect(err).not.toMatch(/\n\s+at /);
  });

  const demo = join(import.meta.dirname, '../../../../regions/cairngorms/build');
  it.skipIf(!existsSync(join(demo, 'region.json')))(
    'plans on the demo region folder from its region.json, walking its streets',
    async () => {
      // The next Wednesday: a weekday the demo timetables run on.
      const d = new Date();
      d.setUTCDate(d.getUTCDate() + ((3 - d.getUTCDay() + 7) % 7 || 7));
      const depart = `${d.toISOString().slice(0, 10)}T09:00`;
      const legs = await plan([
        '--region',
        demo,
        '--from',
        '57.1950,-3.8283',
        '--to',
        '57.1345,-3.6700',
        '--depart',
        depart,
        '--json',
      ]);
      expect(err).toMatch(/timetable: /);
      expect(err).toMatch(/loading OSM .*cairngorms\.osm/);
      expect(legs.length).toBeGreaterThan(0);
      for (const it of legs) {
        expect(it[0]!.mode).toBe('walk');
        expect(it.some((l) => l.route !== null)).toBe(true);
      }
    },
    60_000,
  );

  it.skipIf(!existsSync(join(demo, 'region.json')))(
    'takes place names in a region, and an unknown or out-of-area place is a clear error with exit code 1 (issue #14)',
    async () => {
      const depart = ['--depart', '2026-06-03T09:00'];
      expect(await planCommand(['--region', demo, '--from', 'Xyzzyqq', '--to', 'Aviemore', ...depart])).toBe(
        1,
      );
      expect(err).toContain(
        'error: --from: We couldn\'t find "Xyzzyqq". Try a town, village, station or street in Cairngorms (demo).',
      );
      expect(err).not.toMatch(/\n\s+at /);
      err = '';
      expect(
        await planCommand(['--region', demo, '--from', 'Aviemore', '--to', '51.5072,-0.1276', ...depart]),
      ).toBe(1);
      expect(err).toContain(
        'error: --to: "51.5072,-0.1276" is outside the area this planner covers: Cairngorms (demo).',
      );
      err = '';
      // A known name is placed and planned.
      const d = new Date();
      d.setUTCDate(d.getUTCDate() + ((3 - d.getUTCDay() + 7) % 7 || 7));
      const legs = await plan([
        '--region',
        demo,
        '--from',
        'Aviemore',
        '--to',
        'Kingussie',
        '--depart',
        `${d.toISOString().slice(0, 10)}T09:00`,
        '--json',
      ]);
      expect(err).toMatch(/--from "Aviemore": 57\.\d+,-3\.\d+/);
      expect(legs.length).toBeGreaterThan(0);
    },
    60_000,
  );
});
