// Feature under test: real-looking searches on the generated Cairngorms demo region, end to end through loadPlanner.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BrandSettings, Journey, Profile, SearchRequest } from '@cairn/contracts';
import type { SearchRequestInput } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import { brand, DEFAULT_BRAND as DEFAULT, demoPlanner, planBetween } from '../support/demoRegion.ts';

// The searches are made on the day the demo calendar starts.
const demo = demoPlanner('cairn-demo-plan-');
const { dir } = demo;

const plan = (
  from: string,
  to: string,
  extra: Partial<SearchRequestInput>,
  b = DEFAULT,
  profile: Profile | null = null,
): Promise<Journey[]> =>
  planBetween(demo.planner, from, to, { out_time: '2026/11/24 08:00:00', ...extra }, b, profile);
const steps = (j: Journey) => [...j.depart.steps, ...(j.return?.steps ?? [])];
const pence = (cost: string) =>
  cost === 'free' || cost === 'included' ? 0 : Math.round(Number(cost.replace('£', '')) * 100);

/** Adult price of a rail fare id from the demo rail feed's fare_attributes.txt. */
function railFarePence(fareId: string): number {
  const rows = readFileSync(join(dir, 'gtfs', 'rail', 'fare_attributes.txt'), 'utf8')
    .trim()
    .split('\n');
  const header = rows[0]?.split(',') ?? [];
  const row = rows
    .slice(1)
    .map((r) => r.split(','))
    .find((r) => r[header.indexOf('fare_id')] === fareId);
  if (!row) throw new Error(`no fare ${fareId}`);
  return Math.round(Number(row[header.indexOf('price')]) * 100);
}

/** The railcard discount region.json gives (the national default is a third). */
function railcardPercent(name: string): number {
  const region = JSON.parse(readFileSync(join(dir, 'region.json'), 'utf8')) as {
    fares: { concessions: { railcards: Array<{ name: string; discountPercent: number }> } };
  };
  return region.fares.concessions.railcards.find((r) => r.name === name)?.discountPercent ?? 100 / 3;
}

describe('P02 demo region golden searches', () => {
  it('Edinburgh → Cairngorm Mountain return with a 16-25 Railcard: rail a third off, every option returns home', async () => {
    const js = await plan('Edinburgh', 'Cairngorm Mountain', {
      out_time: '2026/11/24 07:00:00',
      return_time: '2026/11/24 16:00:00',
      has_railcard: true,
      railcard_type: '16-25 Railcard',
    });
    expect(js.length).toBeGreaterThan(2);
    const percent = railcardPercent('16-25 Railcard');
    const railLines = js
      .flatMap((j) => j.pricing_breakdown)
      .filter((l) => /^Train /.test(l.description) && l.cost !== 'unknown');
    expect(railLines.length).toBeGreaterThan(0);
    for (const line of railLines) {
      expect(line.description).toContain('with 16-25 Railcard');
      const fareId = /rail fare ([A-Z-]+)\)/.exec(line.description)?.[1] ?? '';
      expect(pence(line.cost)).toBe(Math.floor((railFarePence(fareId) * (100 - percent)) / 100 + 1e-9));
    }
    for (const j of js) {
      expect(j.return).not.toBeNull();
      expect((j.return?.departure_at ?? '') >= '16:00').toBe(true);
      expect(j.depart.arrival_at <= (j.return?.departure_at ?? '')).toBe(true);
      // The mountain is reached by the bus 31, a taxi or a lift from Aviemore; nobody drives without a car.
      expect(
        j.depart.steps.some(
          (s) => s.service_number === '31' || s.type === 'taxi' || s.type === 'car' || s.type === 'funicular',
        ),
      ).toBe(true);
      expect(steps(j).some((s) => s.type === 'own car')).toBe(false);
      // A priced total is the sum of its parts, never a guess.
      if (j.cost_pence !== null)
        expect(j.cost_pence).toBe(steps(j).reduce((sum, s) => sum + pence(s.cost), 0));
      else expect(j.cost).toBe('unknown');
    }
  });

  it('Aviemore → Braemar with a concessionary pass: the summer bus is free and the breakdown says why', async () => {
    const day = { out_time: '2027/07/06 08:00:00' };
    const withPass = await plan('Aviemore', 'Braemar', {
      ...day,
      has_concessionary_pass: true,
      user_age: 68,
    });
    const bus = withPass.find((j) => j.depart.steps.some((s) => s.service_number === 'X39'));
    expect(bus).toBeDefined();
    expect(bus?.depart.steps.find((s) => s.service_number === 'X39')?.cost).toBe('free');
    expect(
      bus?.pricing_breakdown.some(
        (l) => /^Bus X39 .*free with National Entitlement Card/.test(l.description) && l.cost === 'free',
      ),
    ).toBe(true);
    expect(bus?.payment_methods_breakdown.map((p) => p.agency_name)).toContain('Demo Strathspey Buses');
    const without = await plan('Aviemore', 'Braemar', day);
    const paid = without.find((j) => j.id === bus?.id);
    expect(paid?.depart.steps.find((s) => s.service_number === 'X39')?.cost).toMatch(/^£\d+\.\d\d$/);
  });

  it('Tarland, a village only the Dial-a-Ride serves, reaches Ballater by DRT with its booking website', async () => {
    const js = await plan('Tarland', 'Ballater', {
      out_time: '2026/11/24 09:00:00',
      return_time: '2026/11/24 14:00:00',
    });
    const drt = js.filter((j) => steps(j).some((s) => s.type === 'drt'));
    expect(drt.length).toBeGreaterThan(0);
    for (const j of drt)
      expect(j.drt_operator).toEqual({
        name: 'Demo Deeside Dial-a-Ride',
        booking_website: expect.stringMatching(/^https:\/\//),
      });
    // No timetabled bus within walking distance of Tarland: every public option starts with the DRT.
    for (const j of js.filter((x) => x.transport_mode === 'transit')) expect(j.depart.stages[0]).toBe('drt');
    const door = drt.find((j) => j.depart.stages.join('>') === 'drt');
    expect(door?.cost).toBe('£5.50');
    expect(door?.return?.steps[0]?.cost).toBe('included');
    // The DRT does not run on Sundays.
    const sunday = await plan('Tarland', 'Ballater', { out_time: '2026/11/29 09:00:00' });
    expect(sunday.some((j) => steps(j).some((s) => s.type === 'drt'))).toBe(false);
  });

  it("Tomintoul, whose own bus runs on Tuesdays, reaches Aviemore on a Wednesday by taxi to the 34 at Grantown-on-Spey (no station is in a taxi's reach: only the taxi all the way was offered)", async () => {
    const js = await plan('Tomintoul', 'Aviemore', { out_time: '2026/11/25 11:00:00' });
    const taxiBus = js.find((j) => j.depart.stages.join('>') === 'taxi>bus');
    expect(taxiBus?.depart.steps.map((s) => [s.type, s.service_number ?? '', s.end_address])).toEqual([
      ['taxi', '', 'Grantown-on-Spey, High Street'],
      ['bus', '34', 'Aviemore, Grampian Road'],
    ]);
    // Cheaper than the taxi all the way, which is still offered.
    const taxi = js.find((j) => j.depart.stages.join('>') === 'taxi');
    expect(pence(taxiBus!.cost)).toBeLessThan(pence(taxi!.cost));
    // And the way back: the 34 to Grantown, a taxi home.
    const back = await plan('Aviemore', 'Tomintoul', { out_time: '2026/11/25 09:00:00' });
    expect(back.some((j) => j.depart.stages.join('>') === 'bus>taxi')).toBe(true);
  });

  it('a brand blocking taxi, own car and cycle never offers them', async () => {
    const greenway = brand('greenway-active');
    expect(greenway.blockedTravelTypes).toEqual(['taxi', 'own car', 'cycle']);
    const js = await plan(
      'Nethy Bridge',
      'Aviemore',
      { return_time: '2026/11/24 17:00:00', has_access_to_car: true },
      greenway,
    );
    expect(js.length).toBeGreaterThan(0);
    for (const j of js) for (const s of steps(j)) expect(['taxi', 'own car', 'cycle']).not.toContain(s.type);
    const open = await plan('Nethy Bridge', 'Aviemore', {
      return_time: '2026/11/24 17:00:00',
      has_access_to_car: true,
    });
    expect(open.some((j) => steps(j).some((s) => s.type === 'own car'))).toBe(true);
  });

  it('an appointment in Inverness: arrive by the appointment less the buffer, return after it', async () => {
    const health = BrandSettings.parse({ ...DEFAULT, appointmentMode: true });
    const js = await plan(
      'Kingussie',
      'Inverness',
      {
        out_time: '2026/11/24 13:00:00',
        arrive_by: true,
        arrive_by_buffer: 30,
        return_time: '2026/11/24 14:30:00',
      },
      health,
    );
    expect(js.some((j) => j.depart.stages.includes('train'))).toBe(true);
    for (const j of js) {
      expect(j.depart.arrival_at <= '12:30').toBe(true);
      expect((j.return?.departure_at ?? '') >= '14:30').toBe(true);
    }
    // Without a return time the return follows the default one-hour appointment.
    const dflt = await plan(
      'Kingussie',
      'Inverness',
      { out_time: '2026/11/24 13:00:00', arrive_by: true },
      health,
    );
    for (const j of dflt) expect((j.return?.departure_at ?? '') >= '14:00').toBe(true);
  });

  it('park & ride: the car left at the station is collected there on the way back', async () => {
    const js = await plan('Nethy Bridge', 'Edinburgh', {
      out_time: '2026/11/24 07:00:00',
      return_time: '2026/11/24 17:00:00',
      has_access_to_car: true,
    });
    const pr = js.filter((j) => j.depart.steps[0]?.type === 'own car' && j.depart.stages.includes('train'));
    expect(pr.length).toBeGreaterThan(0);
    for (const j of pr) {
      const parkedAt = j.depart.steps[0]?.end_address;
      const back = j.return?.steps ?? [];
      expect(back[back.length - 1]?.type).toBe('own car');
      expect(back[back.length - 1]?.start_address).toBe(parkedAt);
      expect(j.cost_is_estimate).toBe(true);
    }
  });

  it('no bike hire (or any vehicle) to a bus that also stops within a walk of the origin', async () => {
    // Nethy Bridge → Edinburgh: the 34 stops in Nethy Bridge; hiring a bike to Boat of Garten to
    // catch the same bus there is an option nobody would take (ADR 008).
    const js = await plan('Nethy Bridge', 'Edinburgh', { out_time: '2026/11/24 07:00:00' });
    expect(js.length).toBeGreaterThan(0);
    for (const j of js) {
      const first = j.depart.steps.findIndex((s) => s.service_number);
      const before = j.depart.steps.slice(0, Math.max(0, first));
      if (j.depart.steps[first]?.service_number === '34')
        expect(before.every((s) => s.type === 'walk')).toBe(true);
    }
  });

  it('bike hire as a first mile: from the dock near the origin to the dock near the stop, then public transport', async () => {
    // Glenmore → Perth early on a weekday: no bus leaves Glenmore before the 08:xx trains, so a
    // hired bike to Aviemore is a real choice.
    const js = await plan('Glenmore', 'Perth', { out_time: '2026/11/24 07:00:00' });
    const hire = js.find((j) => j.depart.steps.some((s) => s.type === 'bike hire'));
    expect(hire).toBeDefined();
    const steps = hire!.depart.steps;
    const ride = steps.find((s) => s.type === 'bike hire')!;
    expect(ride.start_address).toMatch(/bike-hire dock$/);
    expect(ride.end_address).toMatch(/bike-hire dock$/);
    expect(ride.carbon_emission).toBe(0);
    // Then public transport from Aviemore (the train or the intercity coach).
    expect(steps.findIndex((s) => s.stops !== undefined)).toBeGreaterThan(steps.indexOf(ride));
  });

  describe('lifts (SPEC "car": someone else drives the traveller)', () => {
    const isLift = (j: Journey) => steps(j).some((s) => s.type === 'car');

    it('a lift door to door needs no car access, is free and costs two car runs of CO2', async () => {
      const trip = { out_time: '2026/11/24 08:00:00', return_time: '2026/11/24 17:00:00' };
      const js = await plan('Nethy Bridge', 'Aviemore', trip);
      expect(steps(js[0]!).length).toBeGreaterThan(0);
      for (const j of js) expect(steps(j).some((s) => s.type === 'own car')).toBe(false);
      const lift = js.find((j) => j.depart.stages.join('>') === 'car');
      expect(lift).toBeDefined();
      expect(lift?.transport_mode).toBe('car');
      expect(lift?.cost).toBe('free');
      expect(lift?.cost_pence).toBe(0);
      // Collected at the return time and driven home the same way.
      expect(lift?.return?.stages).toEqual(['car']);
      expect((lift?.return?.departure_at ?? '') >= '17:00').toBe(true);
      // The same trip in the traveller's own car emits about half: a lift is the ride plus the driver's run back.
      const own = (await plan('Nethy Bridge', 'Aviemore', { ...trip, has_access_to_car: true })).find(
        (j) => j.depart.stages[0] === 'own car' && !j.depart.stages.includes('train'),
      );
      expect(own).toBeDefined();
      const ratio = (lift?.carbon_emission ?? 0) / (own?.carbon_emission ?? 1);
      expect(ratio).toBeGreaterThan(1.7);
      expect(ratio).toBeLessThan(2.3);
    });

    it('kiss & ride: dropped at a station, then the train, and a way home from the station', async () => {
      const js = await plan('Nethy Bridge', 'Edinburgh', {
        out_time: '2026/11/24 07:00:00',
        return_time: '2026/11/24 17:00:00',
      });
      const kiss = js.filter((j) => j.depart.steps[0]?.type === 'car' && j.depart.stages.includes('train'));
      expect(kiss.length).toBeGreaterThan(0);
      for (const j of kiss) {
        const [drop, ride] = j.depart.steps;
        expect(drop?.cost).toBe('free');
        // Dropped at the station the train leaves from, not driven all the way.
        expect(ride?.type).toBe('train');
        expect(ride?.start_address).toBe(drop?.end_address);
        expect(j.depart.stages.filter((t) => t === 'car')).toEqual(['car']);
        // The way back reaches home: collected at the station the train comes back to, or public transport.
        const back = j.return?.steps ?? [];
        expect(j.return?.stages.includes('train')).toBe(true);
        expect(back[back.length - 1]?.end_address).toBe(drop?.start_address);
      }
      const collected = kiss.filter((j) => j.return?.steps.at(-1)?.type === 'car');
      expect(collected.length).toBeGreaterThan(0);
      for (const j of collected) expect(j.return?.steps.at(-1)?.cost).toBe('free');
      // No direct lift to Edinburgh: a lift is a local favour, not a 150 km drive.
      expect(js.some((j) => j.depart.stages.join('>') === 'car')).toBe(false);
    });

    it('lifts never swamp the list, and a brand blocking "car" gets none', async () => {
      const searches: Array<[string, string]> = [
        ['Nethy Bridge', 'Aviemore'],
        ['Nethy Bridge', 'Edinburgh'],
        ['Kingussie', 'Inverness'],
        ['Edinburgh', 'Cairngorm Mountain'],
      ];
      for (const [from, to] of searches) {
        const js = await plan(from, to, { return_time: '2026/11/24 17:00:00' });
        expect(js.filter(isLift).length).toBeLessThanOrEqual(2);
        expect(js.filter((j) => !isLift(j)).length).toBeGreaterThan(0);
      }
      const noLifts = BrandSettings.parse({ ...DEFAULT, blockedTravelTypes: ['car'] });
      const js = await plan('Nethy Bridge', 'Aviemore', { return_time: '2026/11/24 17:00:00' }, noLifts);
      expect(js.length).toBeGreaterThan(0);
      expect(js.some(isLift)).toBe(false);
    });
  });

  it('car club: a round trip from the bay near the origin on return searches only (bay cars go home)', async () => {
    const trip = { out_time: '2026/11/24 09:00:00' };
    const single = await plan('Aviemore', 'Nethy Bridge', trip);
    expect(single.some((j) => steps(j).some((s) => s.type === 'car club'))).toBe(false);
    const js = await plan('Aviemore', 'Nethy Bridge', { ...trip, return_time: '2026/11/24 17:00:00' });
    const club = js.find((j) => j.depart.stages.includes('car club'));
    expect(club).toBeDefined();
    const drive = club?.depart.steps.find((s) => s.type === 'car club');
    expect(drive?.start_address).toMatch(/car-club bay$/);
    // The car goes back to the bay it came from.
    const back = club?.return?.steps.find((s) => s.type === 'car club');
    expect(back?.end_address).toBe(drive?.start_address);
  });

  it('bike hire door to door: from the dock nearest on foot to the dock nearest the destination', async () => {
    // On the brand without own bikes (an own bike, free and as quick, would dominate a hired one).
    const js = await plan(
      'Aviemore',
      'Glenmore',
      { out_time: '2026/11/24 09:00:00' },
      brand('greenway-active'),
    );
    const hire = js.find((j) => j.depart.stages.join('>') === 'walk>bike hire>walk');
    expect(hire).toBeDefined();
    const ride = hire?.depart.steps.find((s) => s.type === 'bike hire');
    expect(ride?.start_address).toMatch(/^Aviemore/);
    expect(ride?.end_address).toMatch(/^Glenmore, Loch Morlich/);
    expect(ride?.carbon_emission).toBe(0);
  });

  describe('issue #14: the profile reaches the fares, labels people understand, places that cannot be found', () => {
    const railLinesOf = (js: Journey[]) =>
      js
        .flatMap((j) => j.pricing_breakdown)
        .filter((l) => /^Train /.test(l.description) && l.cost !== 'unknown');
    const trip = { out_time: '2026/11/24 07:00:00', return_time: '2026/11/24 16:00:00' };
    const withRailcard = Profile.parse({ railcard: '16-25 Railcard' });

    it('the profile railcard: a logged-in request without railcard fields gets rail a third off', async () => {
      const js = await plan('Edinburgh', 'Aviemore', trip, DEFAULT, withRailcard);
      const lines = railLinesOf(js);
      expect(lines.length).toBeGreaterThan(0);
      const percent = railcardPercent('16-25 Railcard');
      for (const line of lines) {
        expect(line.description).toContain('with 16-25 Railcard');
        const fareId = /rail fare ([A-Z-]+)\)/.exec(line.description)?.[1] ?? '';
        expect(pence(line.cost)).toBe(Math.floor((railFarePence(fareId) * (100 - percent)) / 100 + 1e-9));
      }
      // Empty answers (what an old client sends) never wipe it; the traveller's own No does.
      const empty = await plan(
        'Edinburgh',
        'Aviemore',
        { ...trip, railcard: '', railcard_type: null },
        DEFAULT,
        withRailcard,
      );
      expect(railLinesOf(empty).every((l) => l.description.includes('with 16-25 Railcard'))).toBe(true);
      const declined = await plan(
        'Edinburgh',
        'Aviemore',
        { ...trip, has_railcard: false },
        DEFAULT,
        withRailcard,
      );
      expect(railLinesOf(declined).length).toBeGreaterThan(0);
      expect(railLinesOf(declined).some((l) => l.description.includes('Railcard'))).toBe(false);
    });

    it('labels: a lift is priced as a lift, and no step or price line reads "X to X"', async () => {
      const searches: Array<[string, string]> = [
        ['Aviemore', 'Edinburgh'],
        ['Nethy Bridge', 'Aviemore'],
        ['Nethy Bridge', 'Edinburgh'],
      ];
      const lifts: string[] = [];
      for (const [from, to] of searches) {
        for (const j of await plan(from, to, trip)) {
          const texts = [
            ...steps(j).map((s) => s.description),
            ...j.pricing_breakdown.map((l) => l.description),
          ];
          for (const text of texts)
            expect(text).not.toMatch(/\b(?:from )?([A-Z][\w' -]*?) to \1(?:\b|$)(?! station| stop)/);
          lifts.push(
            ...j.pricing_breakdown.filter((l) => l.description.startsWith('Lift ')).map((l) => l.cost),
          );
        }
      }
      expect(lifts.length).toBeGreaterThan(0);
      expect(new Set(lifts)).toEqual(new Set(['free']));
    });

    it('an unknown place: a clear message per end, and no journeys', async () => {
      const request = SearchRequest.parse({
        origin: 'Xyzzyqq',
        destination: 'Aviemore',
        out_time: '2026/11/24 08:00:00',
      });
      expect(await demo.planner.plan(request, null, DEFAULT)).toEqual({
        found: false,
        journeys: [],
        why: {
          reason: 'unplaced',
          ends: [
            {
              end: 'origin',
              problem: 'not found',
              message:
                'We couldn\'t find "Xyzzyqq". Try a town, village, station or street in Cairngorms (demo).',
            },
          ],
        },
      });
      // London chosen on a map (coordinates) lies outside the region: planned as far as the
      // data reaches, the rest estimated (EP22_beyond-the-region).
    });
  });
});
