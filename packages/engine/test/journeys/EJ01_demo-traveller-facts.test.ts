// Feature under test: the facts a traveller reads on a demo trip — return fares, the funicular, Young Scot on coaches, roads and driving times.
import type { Journey, SearchRequestInput } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import { DESNZ_2025 } from '../../src/journeys/co2/factors.ts';
import { demoPlanner, planBetween } from '../support/demoRegion.ts';

// The searches are made on a Tuesday of the demo calendar.
const demo = demoPlanner('cairn-demo-facts-');
const plan = (from: string, to: string, extra: Partial<SearchRequestInput>): Promise<Journey[]> =>
  planBetween(demo.planner, from, to, { out_time: '2026/11/24 08:00:00', ...extra });
const steps = (j: Journey) => [...j.depart.steps, ...(j.return?.steps ?? [])];

/** The Ptarmigan top station of the Cairngorm Mountain Railway (the demo's funicular). */
const PTARMIGAN = { lat: 57.1226, lng: -3.6517 };

describe('J01 facts a traveller reads on the demo region', () => {
  it('Aberdeen → Braemar and back on the Deeside bus sells the zone table’s £15.00 return, not 2 × £8.90', async () => {
    const js = await plan('Aberdeen', 'Braemar', {
      out_time: '2026/11/24 09:00:00',
      return_time: '2026/11/24 16:00:00',
    });
    const direct = js.filter(
      (j) =>
        j.depart.stages.join('>') === 'bus' &&
        j.return?.stages.join('>') === 'bus' &&
        j.depart.steps.some((s) => s.service_number === '201'),
    );
    expect(direct.length).toBeGreaterThan(0);
    for (const j of direct) {
      expect(j.cost).toBe('£15.00');
      expect(j.return?.steps.find((s) => s.service_number === '201')?.cost).toBe('included');
      expect(j.pricing_breakdown).toEqual([
        {
          description: expect.stringMatching(
            /adult return \(Deeside bus fares by zone, Aberdeen – Upper Deeside\)/,
          ),
          cost: '£15.00',
        },
      ]);
    }
  });

  it('the funicular is a funicular: its own type, its flat fare without a railcard discount, the tram CO2 factor', async () => {
    const js = await plan('Aviemore', 'Aviemore', {
      destination: 'Ptarmigan',
      destination_location: PTARMIGAN,
      out_time: '2026/11/24 09:00:00',
      return_time: '2026/11/24 14:00:00',
      has_railcard: true,
      railcard_type: '16-25 Railcard',
    });
    const up = js.filter((j) => j.depart.stages.includes('funicular'));
    expect(up.length).toBeGreaterThan(0);
    for (const j of up) {
      expect(steps(j).some((s) => s.type === 'train')).toBe(false);
      const ride = j.depart.steps.find((s) => s.type === 'funicular');
      // Up to the top station, not "towards Cairngorm Mountain" both ways.
      expect(ride?.description).toBe(
        'Take the funicular towards Ptarmigan (Funicular Top Station) from Cairngorm Mountain, Funicular Base Station to Ptarmigan (Funicular Top Station)',
      );
      // The demo's flat funicular return (£25.00) with no railcard discount: railcards are for trains.
      const line = j.pricing_breakdown.find((l) => /^Funicular /.test(l.description));
      expect(line).toEqual({
        description: expect.stringMatching(/adult return \(Funicular flat fare\)$/),
        cost: '£25.00',
      });
      const km = (ride?.distance.value ?? 0) / 1000;
      expect(ride?.carbon_emission).toBeCloseTo(DESNZ_2025.lightRailTramPerPkm * km, 2);
    }
  });

  it('a new Young Scot card under 22 rides the Citylink-style coach free, as the scheme’s scheduled coaches are', async () => {
    const youngScot = { has_young_scot_card: true, has_new_young_scot_card: true, user_age: 19 };
    const js = await plan('Aviemore', 'Inverness', { out_time: '2026/11/24 09:00:00', ...youngScot });
    const coach = js.flatMap((j) => j.depart.steps).filter((s) => s.type === 'intercity bus');
    expect(coach.length).toBeGreaterThan(0);
    for (const s of coach) expect(s.cost).toBe('free');
    const lines = js.flatMap((j) => j.pricing_breakdown).filter((l) => /^Coach /.test(l.description));
    for (const l of lines)
      expect(l).toEqual({
        description: expect.stringMatching(/free with Young Scot under-22 card/),
        cost: 'free',
      });
    // An older Young Scot card (before the scheme) pays the coach fare.
    const old = await plan('Aviemore', 'Inverness', {
      out_time: '2026/11/24 09:00:00',
      ...youngScot,
      has_new_young_scot_card: false,
    });
    const paid = old.flatMap((j) => j.depart.steps).filter((s) => s.type === 'intercity bus');
    expect(paid.length).toBeGreaterThan(0);
    for (const s of paid) expect(s.cost).toMatch(/^£\d+\.\d\d$/);
  });

  it('a taxi from Edinburgh to Perth and back takes the M90 both ways: the same distance out and back', async () => {
    const js = await plan('Edinburgh', 'Perth', {
      out_time: '2026/11/24 09:00:00',
      return_time: '2026/11/24 17:00:00',
    });
    const drive = js.find(
      (j) => j.depart.stages.join('>') === 'taxi' && j.return?.stages.join('>') === 'taxi',
    );
    expect(drive).toBeDefined();
    const out = drive?.depart.steps[0];
    const back = drive?.return?.steps[0];
    expect(out?.directions.some((d) => /M90/.test(d.instruction?.street ?? ''))).toBe(true);
    expect(back?.directions.some((d) => /M90/.test(d.instruction?.street ?? ''))).toBe(true);
    const outM = out?.distance.value ?? 0;
    expect(Math.abs((back?.distance.value ?? 0) - outM)).toBeLessThan(outM * 0.05);
  });

  it('a taxi from Carrbridge to Kincraig crosses Aviemore along its main street, not zig-zagging through housing streets', async () => {
    const js = await plan('Carrbridge', 'Kincraig', { out_time: '2026/11/24 10:00:00' });
    const drive = js.find((j) => j.depart.stages.join('>') === 'taxi')?.depart.steps[0];
    expect(drive).toBeDefined();
    const streets = (drive?.directions ?? []).map((d) => d.instruction?.street);
    // Out of Carrbridge, the A9, Aviemore's Grampian Road, the A9, into Kincraig: a handful of directions.
    expect(streets).toContain('Grampian Road');
    expect(drive?.directions.length).toBeLessThanOrEqual(6);
    // About 12 miles of rural road and a village: between 55 and 75 km/h on average, not 85.
    const kmh = (drive?.distance.value ?? 0) / 1000 / ((drive?.duration.value ?? 1) / 3600);
    expect(kmh).toBeGreaterThan(55);
    expect(kmh).toBeLessThan(75);
  });

  it('a taxi across Aviemore, two thirds of a mile on its 30 mph main street, takes about two minutes, not one', async () => {
    const js = await plan('Aviemore', 'Aviemore', {
      destination: 'North Aviemore',
      destination_location: { lat: 57.205, lng: -3.826 },
      out_time: '2026/11/24 10:00:00',
    });
    const taxi = js.find((j) => j.depart.stages.join('>') === 'taxi')?.depart.steps[0];
    expect(taxi).toBeDefined();
    expect(taxi?.directions[0]?.instruction?.street).toBe('Grampian Road');
    const kmh = (taxi?.distance.value ?? 0) / 1000 / ((taxi?.duration.value ?? 1) / 3600);
    expect(kmh).toBeGreaterThan(25);
    expect(kmh).toBeLessThan(45);
  });
});
