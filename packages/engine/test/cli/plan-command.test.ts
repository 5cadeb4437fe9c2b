// Feature under test: `cairn build-region` and `cairn plan` (the planner on the command line: exit codes, --json projection, table, errors without stack traces).
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRegionCommand } from '../../src/cli/buildRegion.ts';
import { planCommand } from '../../src/cli/plan.ts';
import type { PlanJson } from '../../src/cli/plan.ts';
import { WALK_DETOUR_FACTOR, WALK_MPS } from '../../src/figures/planningFigures.ts';
import { baseFeed } from '../support/inlineFeed.ts';
import { captureOutput } from './captureOutput.ts';

function writeFeed(dir: string, files: Record<string, string>): void {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files))
    writeFileSync(join(dir, name), text.replace(/^[ \t]+/gm, ''));
}

const rides = (o: PlanJson['options'][number]) => o.steps.filter((s) => s.service !== null);

describe('engine commands', () => {
  const io = captureOutput();

  const dir = mkdtempSync(join(tmpdir(), 'cairn-cli-'));
  const feed = join(dir, 'feed');
  writeFeed(feed, baseFeed());
  // Alpha is 57.000,-3.800 and Charlie 57.020,-3.800; the trip leaves Alpha 09:00 and reaches Charlie 09:20 (BST in June).
  const planArgs = [
    '--from',
    '57.0005,-3.8',
    '--to',
    '57.0195,-3.8',
    '--depart',
    '2026-06-03T08:50',
    '--json',
  ];

  it('plan --json prints the planner options: the walk and the bus, with ISO times carrying the offset', async () => {
    expect(await planCommand(['--gtfs', feed, ...planArgs])).toBe(0);
    const json = JSON.parse(io.out) as PlanJson;
    expect(json.from).toEqual({ name: 'Origin', lat: 57.0005, lon: -3.8 });
    expect(json.options.map((o) => o.mode).sort()).toEqual(['transit', 'walk']);
    const bus = json.options.find((o) => o.mode === 'transit')!;
    expect(bus).toMatchObject({
      changes: 0,
      stages: ['walk', 'bus', 'walk'],
      arrival: expect.stringMatching(/^2026-06-03T09:2\d:\d\d\+01:00$/),
      cost: 'unknown',
      cost_pence: null,
    });
    expect(bus.co2_kg).toBeGreaterThan(0);
    expect(rides(bus)).toEqual([
      expect.objectContaining({
        type: 'bus',
        service: '1',
        from: { name: 'Alpha', lat: 57, lon: -3.8 },
        to: { name: 'Charlie', lat: 57.02, lon: -3.8 },
        departure: '09:00',
        arrival: '09:20',
        duration_sec: 1200,
      }),
    ]);
    expect(bus.steps[0]).toMatchObject({ type: 'walk', from: { name: 'Origin' }, to: { name: 'Alpha' } });
    // Without an OSM file the walks are straight lines, and say so.
    const walk = json.options.find((o) => o.mode === 'walk')!;
    expect(walk).toMatchObject({ cost: 'free', co2_kg: 0, changes: 0, return: null });
    expect(walk.steps).toHaveLength(1);
    expect(walk.steps[0]!.description).toMatch(/no mapped path/);
    // 2.1 km in a straight line × the detour factor at walking speed.
    expect(walk.duration_sec).toBeCloseTo((2112 * WALK_DETOUR_FACTOR) / WALK_MPS, -1);
  });

  it('--return plans the way back and --journeys prints the Journey documents', async () => {
    expect(
      await planCommand([
        '--gtfs',
        feed,
        ...planArgs.slice(0, -1),
        '--return',
        '2026-06-03T17:00',
        '--journeys',
      ]),
    ).toBe(0);
    const { journeys } = JSON.parse(io.out) as {
      journeys: Array<{ transport_mode: string; return: { departure_at: string } | null }>;
    };
    const walk = journeys.find((j) => j.transport_mode === 'walk')!;
    expect(walk.return?.departure_at).toBe('17:00');
  });

  it('a return with the bus out but none back at the return time says so, in the table and --json', async () => {
    // The one trip runs Alpha → Charlie at 09:00: nothing comes back at 17:00, so only walking is shown.
    const back = [...planArgs.slice(0, -1), '--return', '2026-06-03T17:00'];
    expect(await planCommand(['--gtfs', feed, ...back])).toBe(0);
    expect(io.out).not.toMatch(/bus 1/);
    expect(io.out).toMatch(
      /\nNo public transport back at 17:00: nothing by bus, train or other public transport comes back then; every option above returns by car, taxi, bike or on foot \(the last service back may leave before 17:00, or the way there by public transport arrive after it\)\.\n$/,
    );
    io.out = '';
    expect(await planCommand(['--gtfs', feed, ...back, '--json'])).toBe(0);
    expect((JSON.parse(io.out) as PlanJson).no_public_transport_back).toEqual({ return_time: '17:00' });
    // Without a way back asked for, the bus is shown and nothing is said.
    io.out = '';
    expect(await planCommand(['--gtfs', feed, ...planArgs])).toBe(0);
    expect(JSON.parse(io.out)).not.toHaveProperty('no_public_transport_back');
  });

  it('build-region writes a snapshot that plan --region reads to the same answer', async () => {
    const region = join(dir, 'region');
    expect(await buildRegionCommand(['--gtfs', feed, '--out', region])).toBe(0);
    expect(io.err).toMatch(/wrote .*timetable\.bin/);
    io.out = '';
    expect(await planCommand(['--region', region, ...planArgs])).toBe(0);
    const json = JSON.parse(io.out) as PlanJson;
    expect(json.options.some((o) => rides(o).some((s) => s.service === '1'))).toBe(true);
  });

  it('without --json prints a readable table with price and CO2', async () => {
    expect(await planCommand(['--gtfs', feed, ...planArgs.slice(0, -1)])).toBe(0);
    expect(io.out).toMatch(/09:00–09:20 {2}bus 1 +Alpha → Charlie/);
    expect(io.out).toMatch(/transit: walk, bus, walk {2}· {2}price unknown {2}· {2}0\.\d\d kg CO2/);
    expect(io.out).toMatch(/walk {2}· {2}free {2}· {2}0\.00 kg CO2/);
    expect(io.out).toMatch(/no mapped path/);
    // Each leg's minutes are the difference of the two clock times printed beside them (issue 31).
    const legs = [...io.out.matchAll(/(\d\d):(\d\d) → (\d\d):(\d\d) {2}(\d+) min/g)];
    expect(legs.length).toBeGreaterThan(0);
    for (const [line, h1, m1, h2, m2, min] of legs)
      expect(Number(min), line).toBe(Number(h2) * 60 + Number(m2) - (Number(h1) * 60 + Number(m1)));
  });

  it('--explain lists every candidate with the rule that removed it, or "shown" (issue #27)', async () => {
    expect(await planCommand(['--gtfs', feed, ...planArgs, '--explain'])).toBe(0);
    const json = JSON.parse(io.out) as PlanJson;
    const explained = json.explained!;
    // Every option shown is listed as shown, first; every other candidate names its rule.
    expect(explained.filter((o) => o.removedBy === null)).toHaveLength(json.options.length);
    expect(explained.slice(0, json.options.length).every((o) => o.removedBy === null)).toBe(true);
    for (const o of explained.slice(json.options.length))
      expect(o.removedBy?.rule).toEqual(expect.any(String));
    expect(await planCommand(['--gtfs', feed, ...planArgs.slice(0, -1), '--explain'])).toBe(0);
    expect(io.out).toMatch(/Every candidate \(\d+\), outbound, and what removed it:/);
    expect(io.out).toMatch(/#1 .* — shown/);
  });

  it('no journey: the table and --json say why (the planner reason, not a guess)', async () => {
    const same = [
      '--gtfs',
      feed,
      '--from',
      '57.0005,-3.8',
      '--to',
      '57.0006,-3.8',
      '--depart',
      '2026-06-03T08:50',
    ];
    expect(await planCommand(same)).toBe(0);
    expect(io.out).toBe('No journey found: the origin and the destination are the same place.\n');
    io.out = '';
    expect(await planCommand([...same, '--json'])).toBe(0);
    const json = JSON.parse(io.out) as PlanJson;
    expect(json.options).toEqual([]);
    expect(json.no_journey).toEqual({ reason: 'same place' });
  });

  it('coordinates outside a region with no station to plan from are a clear error with a non-zero exit', async () => {
    const args = ['--gtfs', feed, '--from', '51.5,-0.12', ...planArgs.slice(2)];
    expect(await planCommand(args)).toBe(1);
    expect(io.err).toMatch(/error: --from: "Origin" is outside the area this planner covers: GTFS feed\./);
    expect(io.out).toBe('');
  });

  it('a place name is looked up with the planner geocoder; an unknown one is a clear error', async () => {
    expect(
      await planCommand(['--gtfs', feed, '--from', 'Alpha', '--to', 'Charlie', ...planArgs.slice(4)]),
    ).toBe(0);
    expect(io.err).toMatch(/from: Alpha .*at 57\.00000,-3\.80000/);
    const json = JSON.parse(io.out) as PlanJson;
    expect(json.from.name).toBe('Alpha');
    expect(json.options.some((o) => rides(o).length > 0)).toBe(true);
    io.out = '';
    expect(await planCommand(['--gtfs', feed, '--from', 'Nowhere Junction', ...planArgs.slice(2)])).toBe(1);
    expect(io.err).toMatch(
      /error: --from: We couldn't find "Nowhere Junction"\. Try a town, village, station or street in GTFS feed\./,
    );
    expect(io.out).toBe('');
  });

  it('a stop the suggestions tell apart by its lines is named plainly in the steps ("Charlie", not "Charlie (1)")', async () => {
    // Two stops called Charlie, a kilometre apart, on lines 1 and 2: the suggestions read "Charlie (1)" and "Charlie (2)".
    const twin = join(dir, 'twin');
    writeFeed(
      twin,
      baseFeed({
        'stops.txt': `stop_id,stop_name,stop_lat,stop_lon
          A,Alpha,57.000,-3.800
          B,Bravo,57.010,-3.800
          C,Charlie,57.020,-3.800
          D,Charlie,57.030,-3.800`,
        'routes.txt': `route_id,agency_id,route_short_name,route_long_name,route_type
          R1,AG,1,One,3
          R2,AG,2,Two,3`,
        'trips.txt': `route_id,service_id,trip_id
          R1,ALL,T1
          R2,ALL,T2`,
        'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence
          T1,09:00:00,09:00:00,A,1
          T1,09:10:00,09:10:00,B,2
          T1,09:20:00,09:20:00,C,3
          T2,09:00:00,09:00:00,B,1
          T2,09:20:00,09:20:00,D,2`,
      }),
    );
    expect(
      await planCommand(['--gtfs', twin, '--from', '57.0005,-3.8', '--to', 'Charlie', ...planArgs.slice(4)]),
    ).toBe(0);
    expect(io.err).toMatch(/to: Charlie \(1\) \(stop\)/);
    const json = JSON.parse(io.out) as PlanJson;
    const ends = json.options.flatMap((o) => o.steps.map((s) => s.to.name));
    expect(ends).toContain('Charlie');
    expect(ends.filter((n) => n.includes('('))).toEqual([]);
  });

  it('a bad file is a clear error with exit code 1 and no stack trace', async () => {
    const bad = join(dir, 'bad.zip');
    writeFileSync(bad, 'not a zip');
    expect(await planCommand(['--gtfs', bad, ...planArgs])).toBe(1);
    expect(io.err).toMatch(/not a readable zip/);
    expect(io.err).toMatch(/plan failed: the feed above cannot be used/);
    expect(io.err).not.toMatch(/\n\s+at /);
    const broken = join(dir, 'broken');
    writeFeed(broken, { ...baseFeed(), 'stops.txt': 'stop_name\nAlpha' });
    expect(await buildRegionCommand(['--gtfs', broken, '--out', join(dir, 'out2')])).toBe(1);
    expect(io.err).toMatch(/stops\.txt line 1 field stop_id: required column is missing/);
  });

  it('usage problems exit with code 2, and the dropped flags say why', async () => {
    expect(await planCommand(['--gtfs', feed, '--from', '95,1', '--to', '57,-3.8'])).toBe(2);
    expect(io.err).toMatch(/--from must be LAT,LON/);
    expect(await planCommand(['--gtfs', feed, '--to', '57,-3.8'])).toBe(2);
    expect(io.err).toMatch(/--from is needed/);
    expect(await planCommand(['--gtfs', feed, ...planArgs, '--depart', 'tomorrow'])).toBe(2);
    expect(io.err).toMatch(/--depart must be YYYY-MM-DDTHH:mm/);
    io.err = '';
    expect(await planCommand(['--gtfs', feed, ...planArgs, '--window', '60', '--wheelchair'])).toBe(2);
    expect(io.err).toMatch(
      /--window is no longer taken: the planner searches two hours of departures itself/,
    );
    expect(io.err).toMatch(/--wheelchair is no longer taken: use --step-free/);
    expect(io.err).toMatch(/usage: cairn plan/);
    expect(await planCommand(['--gtfs', feed, ...planArgs, '--bogus'])).toBe(2);
    expect(await buildRegionCommand(['--bogus'])).toBe(2);
    expect(existsSync(join(dir, 'out-none'))).toBe(false);
  });
});
