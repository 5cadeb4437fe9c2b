// Feature under test: whole searches through loadPlanner on a tiny synthetic region — options, prices, continuity.
import { readFileSync } from 'node:fs';
import { BrandSettings, Journey, SearchRequest, TRAVEL_TYPES } from '@cairn/contracts';
import type { SearchRequestInput } from '@cairn/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPlanner } from '../../src/planner/loadPlanner.ts';
import type { Planner } from '../../src/planner/loadPlanner.ts';
import { WORLD, writeWorld } from '../support/world.ts';

const defaultBrand = BrandSettings.parse(
  JSON.parse(readFileSync(new URL('../../../../brands/default/brand.json', import.meta.url), 'utf8')),
);
let planner: Planner;
/** The searches are made a fortnight ahead of 15 June 2026. */
const NOW_MS = Date.UTC(2026, 5, 1, 9, 0);

beforeAll(async () => {
  planner = await loadPlanner(writeWorld(), { now: () => NOW_MS });
});

const at = (p: { lat: number; lng: number }) => ({ lat: p.lat, lng: p.lng });
function search(
  extra: Partial<SearchRequestInput>,
  from = WORLD.aviemore,
  to = WORLD.carrbridge,
): SearchRequest {
  return SearchRequest.parse({
    origin: from.name,
    destination: to.name,
    origin_location: at(from),
    destination_location: at(to),
    out_time: '2026/06/15 08:50:00',
    ...extra,
  });
}
async function plan(req: SearchRequest, brand = defaultBrand, profile = null): Promise<Journey[]> {
  const js = (await planner.plan(req, profile, brand)).journeys;
  for (const j of js) Journey.parse(j);
  return js;
}
const allSteps = (j: Journey) => [...j.depart.steps, ...(j.return?.steps ?? [])];

describe('P01 plan scenarios', () => {
  it('offers bus, train, cycle and taxi for a return trip, each with a return leg, sorted by emissions', async () => {
    const js = await plan(search({ return_time: '2026/06/15 15:00:00' }));
    const shapes = js.map((j) => j.depart.stages.join('>'));
    expect(shapes).toContain('walk>bus>walk');
    expect(shapes).toContain('cycle');
    expect(shapes).toContain('taxi');
    expect(shapes.some((s) => s.includes('train'))).toBe(true);
    for (const j of js) {
      expect(j.return).not.toBeNull();
      expect((j.return?.departure_datetime.slice(11, 16) ?? '') >= '15:00').toBe(true);
    }
    const emissions = js.map((j) => j.sort.emissions ?? 0);
    expect(emissions).toEqual([...emissions].sort((a, b) => a - b));
    expect(new Set(js.map((j) => j.id)).size).toBe(js.length);
    // No own car without car access.
    expect(js.some((j) => allSteps(j).some((s) => s.type === 'own car'))).toBe(false);
  });

  it('sells the bus return ticket and names the operator, timetable and payment methods', async () => {
    const js = await plan(search({ return_time: '2026/06/15 15:00:00' }));
    const bus = js.find((j) => j.depart.stages.join('>') === 'walk>bus>walk');
    expect(bus?.cost).toBe('£8.00');
    expect(bus?.cost_pence).toBe(800);
    const ride = bus?.depart.steps.find((s) => s.type === 'bus');
    expect(ride).toMatchObject({
      service_number: '31',
      agency: { name: 'Test Buses', url: 'https://bus.example/' },
      departure_time: '09:00',
    });
    expect(ride?.timetable?.stops).toEqual(['Aviemore Square', 'Granish', 'Carrbridge Main Street']);
    expect(ride?.timetable?.columns.some((c) => c.times[0] === '09:00')).toBe(true);
    expect(bus?.return?.steps.find((s) => s.type === 'bus')?.cost).toBe('included');
    expect(bus?.payment_methods_breakdown).toEqual([
      { agency_name: 'Test Buses', methods: ['cash', 'contactless'] },
    ]);
    expect(bus?.depart.destination_toilets.count).toBe(1);
    expect(bus?.depart.destination_toilets.markers[0]?.openingTimes?.monday).toEqual({
      start: '08:00',
      end: '20:00',
    });
    const withPois = await plan(search({}), BrandSettings.parse({ ...defaultBrand, showPois: true }));
    expect(
      withPois
        .find((j) => j.depart.stages.join('>') === 'walk>bus>walk')
        ?.depart.pois.map((p) => [p.type, p.count]),
    ).toEqual([['cafe', 1]]);
    const withoutPois = await plan(search({}), BrandSettings.parse({ ...defaultBrand, showPois: false }));
    expect(withoutPois.every((j) => j.depart.pois.length === 0)).toBe(true);
  });

  it('takes a third off rail fares with a railcard and says so', async () => {
    const plain = await plan(search({}));
    const carded = await plan(search({ has_railcard: true, railcard_type: '16-25 Railcard' }));
    const trainOf = (js: Journey[]) =>
      js.find((j) => j.depart.stages.join('>') === 'walk>train>walk' || j.depart.stages.includes('train'));
    const a = trainOf(plain);
    const b = trainOf(carded);
    expect(a?.depart.steps.find((s) => s.type === 'train')?.cost).toBe('£7.20');
    expect(b?.depart.steps.find((s) => s.type === 'train')?.cost).toBe('£4.80');
    expect(b?.pricing_breakdown.some((l) => /16-25 Railcard \(1\/3 off\)/.test(l.description))).toBe(true);
  });

  it('makes the bus free with a concessionary pass and shows it in the breakdown', async () => {
    const js = await plan(
      search({ return_time: '2026/06/15 15:00:00', has_concessionary_pass: true, user_age: 70 }),
    );
    const bus = js.find((j) => j.depart.stages.join('>') === 'walk>bus>walk');
    expect(bus?.cost).toBe('free');
    expect(bus?.cost_pence).toBe(0);
    expect(
      bus?.pricing_breakdown.some(
        (l) => l.cost === 'free' && /National Entitlement Card/.test(l.description),
      ),
    ).toBe(true);
  });

  it('reaches a village with only DRT by DRT, with the booking website', async () => {
    const js = await plan(search({}, WORLD.glenmore, WORLD.carrbridge));
    const publicOptions = js.filter((j) => j.transport_mode === 'transit');
    expect(publicOptions.length).toBeGreaterThan(0);
    // Nobody walks to a stop: the first mile is the DRT, or a lift to the station (kiss & ride).
    for (const j of publicOptions) expect(['drt', 'car']).toContain(j.depart.stages[0]);
    const drt = publicOptions.find((j) => j.depart.stages[0] === 'drt');
    expect(drt?.drt_operator).toEqual({
      name: 'Test Dial-a-bus',
      booking_website: 'https://drt.example/book',
    });
    expect(drt?.depart.steps[0]?.booking_website).toBe('https://drt.example/book');
    // The DRT runs Monday to Saturday only: none on a Sunday.
    const sunday = await plan(search({ out_time: '2026/06/14 08:50:00' }, WORLD.glenmore, WORLD.carrbridge));
    expect(sunday.some((j) => allSteps(j).some((s) => s.type === 'drt'))).toBe(false);
    // Nor on Christmas Day (a Friday in 2026): the service does not run on bank holidays.
    const christmas = await plan(
      search({ out_time: '2026/12/25 08:50:00' }, WORLD.glenmore, WORLD.carrbridge),
    );
    expect(christmas.some((j) => allSteps(j).some((s) => s.type === 'drt'))).toBe(false);
    const friday = await plan(search({ out_time: '2026/12/18 08:50:00' }, WORLD.glenmore, WORLD.carrbridge));
    expect(friday.some((j) => allSteps(j).some((s) => s.type === 'drt'))).toBe(true);
  });

  it('says no option when every option found is left out: DRT and walking only, the booking window closed', async () => {
    const drtOnly = BrandSettings.parse({
      ...defaultBrand,
      blockedTravelTypes: TRAVEL_TYPES.filter((t) => t !== 'drt' && t !== 'walk'),
    });
    const request = search({}, WORLD.glenmore, WORLD.aviemore);
    // Booked a fortnight ahead, the DRT ride is offered…
    const ahead = await planner.plan(request, null, drtOnly);
    expect(ahead.journeys.some((j) => allSteps(j).some((s) => s.type === 'drt'))).toBe(true);
    // …searched at 20:00 the same evening for the morning, it can no longer be booked.
    const late = await loadPlanner(writeWorld(), { now: () => Date.UTC(2026, 5, 15, 19, 0) });
    expect(await late.plan(request, null, drtOnly)).toEqual({
      found: false,
      journeys: [],
      why: { reason: 'no option' },
    });
  });

  it('drops DRT rides whose booking window has closed', async () => {
    // Booked at 08:30 on the day with 60 minutes' notice: no DRT pick-up before 09:30.
    const late = await loadPlanner(writeWorld(), { now: () => Date.UTC(2026, 5, 15, 7, 30) });
    const js = (await late.plan(search({}, WORLD.glenmore, WORLD.carrbridge), null, defaultBrand)).journeys;
    const drtStarts = js.flatMap((j) =>
      allSteps(j)
        .filter((s) => s.type === 'drt')
        .map((s) => s.departure_time),
    );
    expect(drtStarts.length).toBeGreaterThan(0);
    for (const t of drtStarts) expect(t >= '09:30').toBe(true);
    const early = await plan(search({}, WORLD.glenmore, WORLD.carrbridge));
    expect(early.some((j) => allSteps(j).some((s) => s.type === 'drt' && s.departure_time < '09:30'))).toBe(
      true,
    );
  });

  it("never offers a brand's blocked travel types", async () => {
    const blocked = BrandSettings.parse({
      ...defaultBrand,
      blockedTravelTypes: ['taxi', 'own car', 'cycle'],
    });
    const js = await plan(search({ return_time: '2026/06/15 15:00:00', has_access_to_car: true }), blocked);
    expect(js.length).toBeGreaterThan(0);
    for (const j of js)
      for (const s of allSteps(j)) expect(['taxi', 'own car', 'cycle']).not.toContain(s.type);
  });

  it('collects a car left at the station on the way back (park & ride continuity)', async () => {
    // From Glenmore, beyond a walk to the station (from Aviemore the train is walkable: no car to it).
    const js = await plan(
      search({ return_time: '2026/06/15 15:00:00', has_access_to_car: true }, WORLD.glenmore),
    );
    const pr = js.find((j) => j.depart.steps[0]?.type === 'own car' && j.depart.stages.includes('train'));
    expect(pr).toBeDefined();
    const parkedAt = pr?.depart.steps[0]?.end_address;
    const back = pr?.return?.steps ?? [];
    expect(back[back.length - 1]?.type).toBe('own car');
    expect(back[back.length - 1]?.start_address).toBe(parkedAt);
    expect(pr?.cost_is_estimate).toBe(true);
    const drive = js.find((j) => j.depart.stages.join('>') === 'own car');
    expect(drive?.return?.stages).toEqual(['own car']);
  });

  it('plans an appointment: arrive by the appointment less the buffer, return after it', async () => {
    const health = BrandSettings.parse({ ...defaultBrand, appointmentMode: true });
    const js = await plan(
      search({
        out_time: '2026/06/15 11:00:00',
        arrive_by: true,
        arrive_by_buffer: 30,
        return_time: '2026/06/15 12:30:00',
      }),
      health,
    );
    expect(js.length).toBeGreaterThan(0);
    for (const j of js) {
      expect(j.depart.arrival_at <= '10:30').toBe(true);
      expect(j.return?.departure_at && j.return.departure_at >= '12:30').toBe(true);
    }
    // The latest bus still in time is offered (hourly bus: 10:00 arrives 10:15), not also the one
    // an hour before it for the same fare and walk (optionSet.ts 'later, still in time').
    const buses = js
      .filter((j) => j.depart.stages.join('>') === 'walk>bus>walk')
      .map((j) => j.depart.steps.find((s) => s.type === 'bus')?.departure_time);
    expect(buses.sort()).toEqual(['10:00']);
  });

  it('plans nothing when origin and destination are the same place, or the return is before the outbound, and says so', async () => {
    expect(await planner.plan(search({}, WORLD.aviemore, WORLD.aviemore), null, defaultBrand)).toEqual({
      found: false,
      journeys: [],
      why: { reason: 'same place' },
    });
    expect(
      await planner.plan(search({ return_time: '2026/06/15 07:00:00' }), null, defaultBrand),
    ).toMatchObject({ found: false, journeys: [], why: { reason: 'no return' } });
  });

  it('places search ends given as text through the place index', async () => {
    const js = await planner.plan(
      SearchRequest.parse({ origin: 'Aviemore', destination: 'Carrbridge', out_time: '2026/06/15 08:50:00' }),
      null,
      defaultBrand,
    );
    expect(js).toMatchObject({ found: true });
    expect(js.journeys.length).toBeGreaterThan(0);
    expect(
      await planner.plan(
        SearchRequest.parse({
          origin: 'Nowhere at all',
          destination: 'Carrbridge',
          out_time: '2026/06/15 08:50:00',
        }),
        null,
        defaultBrand,
      ),
    ).toMatchObject({
      found: false,
      journeys: [],
      why: { reason: 'unplaced', ends: [{ end: 'origin', problem: 'not found' }] },
    });
  });

  it('answers place look-ups and describes the region', () => {
    expect(planner.autocomplete('Carrb', 3)[0]?.label).toBe('Carrbridge');
    expect(planner.reverse(57.2797, -3.8288)).not.toBeNull();
    expect(planner.regionInfo()).toMatchObject({
      id: 'test',
      demo: true,
      center: { lat: 57.19, lng: -3.83 },
      time_zone: 'Europe/London',
    });
    const fc = planner.mapFeatures();
    expect(
      fc.features.some((f) => f.properties.layer === 'street' && f.properties.name === 'Grampian Road'),
    ).toBe(true);
    expect(
      fc.features.some((f) => f.properties.layer === 'station' && f.properties.name === 'Aviemore station'),
    ).toBe(true);
  });
});
