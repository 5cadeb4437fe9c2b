// Feature under test: `cairn plan` on real data: the NYC subway feed (no OSM: straight-line walks) and the demo region folder.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.ts';
import type { PlanJson, PlanJsonOption } from '../../src/cli/plan.ts';
import { captureOutput } from './captureOutput.ts';

const NYC = join(import.meta.dirname, '../../../../../shared/data/nyc/nyc-subway-gtfs.zip');
const DEMO = join(import.meta.dirname, '../../../../regions/cairngorms/build');
const IOW = join(import.meta.dirname, '../../../../../shared/data/iow/iow-bus-gtfs.zip');

const isWalkOnly = (o: PlanJsonOption): boolean => o.steps.every((s) => s.type === 'walk');
const rides = (o: PlanJsonOption) => o.steps.filter((s) => s.service !== null);

describe('cairn plan on real regions', () => {
  const io = captureOutput();

  async function plan(args: string[]): Promise<PlanJson> {
    io.out = '';
    expect(await planCommand([...args, '--json'])).toBe(0);
    return JSON.parse(io.out) as PlanJson;
  }

  it.skipIf(!existsSync(NYC))(
    'the 7 at 23:54 from Grand Central is not called the last one when another leaves at 00:02 (it was: "the last one today")',
    async () => {
      const json = await plan([
        '--gtfs',
        NYC,
        '--from',
        'Grand Central-42 St',
        '--to',
        'Flushing-Main St',
        '--depart',
        '2026-06-03T23:50',
      ]);
      const sevens = json.options.map((o) => rides(o)[0]!).filter((r) => r.service === '7');
      // The 00:02 is the same journey 8 minutes later, not another option (ADR 008, later copy);
      // it still runs, so the 23:54 is not the last one.
      expect(sevens.map((r) => r.departure)).toEqual(['23:54']);
      expect(json.options.flatMap((o) => o.notices ?? [])).toEqual([]);
    },
    120_000,
  );

  it.skipIf(!existsSync(IOW))(
    'Isle of Wight, Newport Road to Ryde on a Saturday: says plainly that the next bus from the stops near the start does not go towards Ryde (it named a bus the other way as if it did)',
    async () => {
      // The feed has no stop in Newport nor any line linking the west of the island to Ryde.
      // "Newport" alone is not taken for the stop Newport Road near Freshwater, 15 km from the town…
      io.err = '';
      await planCommand(['--gtfs', IOW, '--from', 'Newport', '--to', 'Ryde', '--depart', '2026-11-28T11:30']);
      expect(io.err).toMatch(/--from: We couldn't find "Newport"/);
      expect(io.err).not.toMatch(/Newport Road/);
      // …which its lines (A, D) serve on weekdays only.
      io.err = '';
      expect(
        await planCommand([
          '--gtfs',
          IOW,
          '--from',
          'Newport Road',
          '--to',
          'Ryde',
          '--depart',
          '2026-11-28T11:30',
        ]),
      ).toBe(0);
      expect(io.err).toMatch(/^from: Newport Road \(stop\)/m);
      expect(io.out).toContain(
        'No journey found: nothing runs between the stops near these places at that time on 2026-11-28; ' +
          'nothing from the stops near the start goes towards the destination without a change in the next 7 days: ' +
          'the next departure there, A towards Freshwater Bay from Health & Leisure Centre at 09:24 on Monday 30 November, does not go that way.',
      );
    },
    60_000,
  );

  it.skipIf(!existsSync(NYC))(
    'between two nearby subway stations the walk is offered, ahead of any ride one stop away and back',
    async () => {
      // Near Times Sq-42 St to near 34 St-Herald Sq (about 290 m apart): the subway only pays
      // with a walk to a platform, one stop, and a walk back.
      const json = await plan([
        '--gtfs',
        NYC,
        '--from',
        '40.7538,-73.9886',
        '--to',
        '40.7515,-73.9902',
        '--depart',
        '2026-06-03T09:00',
      ]);
      const walk = json.options.findIndex(isWalkOnly);
      expect(walk).toBeGreaterThanOrEqual(0);
      const w = json.options[walk]!;
      expect(w.steps).toHaveLength(1);
      expect(w.steps[0]!.description).toMatch(/no mapped path/);
      expect(w.duration_sec).toBeLessThan(10 * 60);
      // No option riding the subway is listed ahead of the walk.
      expect(json.options.slice(0, walk).filter((o) => rides(o).length > 0)).toEqual([]);
      // Every transit option it lists is slower than the walk.
      for (const o of json.options.filter((x) => rides(x).length > 0))
        expect(Date.parse(o.arrival)).toBeGreaterThan(Date.parse(w.arrival));
    },
    120_000,
  );

  it.skipIf(!existsSync(NYC))(
    'the NYC subway between stations further apart rides the subway, platforms named after their stations',
    async () => {
      // Times Sq-42 St to 14 St (1 line), about 2.4 km.
      const json = await plan([
        '--gtfs',
        NYC,
        '--from',
        '40.75529,-73.987495',
        '--to',
        '40.737826,-74.000201',
        '--depart',
        '2026-06-03T09:00',
      ]);
      const transit = json.options.filter((o) => rides(o).length > 0);
      expect(transit.length).toBeGreaterThan(0);
      expect(rides(transit[0]!)[0]!.type).toBe('subway');
      expect(rides(transit[0]!)[0]!.from.name).toBe('Times Sq-42 St');
      expect(json.options.some(isWalkOnly)).toBe(true);
    },
    120_000,
  );

  // The next Wednesday: a weekday the demo timetables run on.
  const wednesday = (): string => {
    const d = new Date();
    d.setUTCDate(d.getUTCDate() + ((3 - d.getUTCDay() + 7) % 7 || 7));
    return `${d.toISOString().slice(0, 10)}T09:00`;
  };
  /** Plans on the demo region folder between two places, leaving next Wednesday. */
  const planOnDemo = (from: string, to: string): Promise<PlanJson> =>
    plan(['--region', DEMO, '--from', from, '--to', to, '--depart', wednesday()]);

  it.skipIf(!existsSync(join(DEMO, 'region.json')))(
    'plans on the demo region folder from its region.json, walking its streets to the stops',
    async () => {
      const json = await planOnDemo('57.1950,-3.8283', '57.1345,-3.6700');
      expect(io.err).toMatch(/timetable: /);
      expect(json.region).toMatch(/Cairngorms/);
      const transit = json.options.filter((o) => rides(o).length > 0);
      expect(transit.length).toBeGreaterThan(0);
      expect(transit.some((o) => o.steps[0]!.type === 'walk')).toBe(true);
      for (const o of json.options)
        expect(o.steps.every((s) => !/straight line/.test(s.description))).toBe(true);
    },
    60_000,
  );

  // Walking alone is offered whenever it takes under 40 minutes (ADR 008): no cycle can hide it.
  it.skipIf(!existsSync(join(DEMO, 'region.json')))(
    'the demo region offers walking only for a 1 km trip in Aviemore',
    async () => {
      const json = await planOnDemo('57.1950,-3.8283', '57.2035,-3.8260');
      expect(json.options.some(isWalkOnly)).toBe(true);
    },
    60_000,
  );

  it.skipIf(!existsSync(join(DEMO, 'region.json')))(
    'coordinates outside the demo region are planned from its nearest station, the rest labelled an estimate',
    async () => {
      expect(
        await planCommand(['--region', DEMO, '--from', '51.5072,-0.1276', '--to', '57.2035,-3.8260']),
      ).toBe(0);
      expect(io.out).toMatch(
        /! Origin is outside the area this planner covers \(Cairngorms \(demo\)\): it plans as far as Edinburgh Waverley, and the rest \(about .* by train\) is an estimate/,
      );
    },
    60_000,
  );

  it.skipIf(!existsSync(join(DEMO, 'region.json')))(
    'a place name the demo region does not know is a clear error with a non-zero exit',
    async () => {
      expect(await planCommand(['--region', DEMO, '--from', 'Xyzzyqq', '--to', 'Aviemore'])).toBe(1);
      expect(io.err).toContain(
        'error: --from: We couldn\'t find "Xyzzyqq". Try a town, village, station or street in Cairngorms (demo).',
      );
      expect(io.err).not.toMatch(/\n\s+at /);
      expect(io.out).toBe('');
    },
    60_000,
  );
});
