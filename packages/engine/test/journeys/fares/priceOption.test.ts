// Feature under test: pricing whole options — totals, unknown parts, return tickets, vehicles, payment methods.
import { describe, expect, it } from 'vitest';
import { priceOption } from '../../../src/journeys/fares/priceOption.ts';
import type { PricingContext } from '../../../src/journeys/fares/pricingContext.ts';
import type { Traveller } from '../../../src/journeys/fares/traveller.ts';
import type { PlannedOption } from '../../../src/journeys/model.ts';
import { testRegion } from '../../support/region.ts';
import { MON_0900, PLACES, rideStep, streetStep } from '../../support/steps.ts';
import { adult as adultWithoutCar } from '../../support/traveller.ts';

const region = testRegion();
// The shared adult, with a car: car options are priced here.
const adult: Traveller = { ...adultWithoutCar, carAccess: true };
const ctx = (t: Partial<Traveller> = {}): PricingContext => ({
  region,
  traveller: { ...adult, ...t },
  gtfsFares: new Map(),
});
const { aviemore, aviemoreStation, carrbridge } = PLACES;

function busReturn(): PlannedOption {
  const out = rideStep('bus', aviemoreStation, carrbridge, MON_0900, 900);
  const back = rideStep('bus', carrbridge, aviemoreStation, MON_0900 + 6 * 3600, 900);
  return {
    kind: 'transit',
    depart: { steps: [streetStep('walk', aviemore, aviemoreStation, MON_0900 - 600, 1.3), out] },
    ret: { steps: [back, streetStep('walk', aviemoreStation, aviemore, back.endSec, 1.3)] },
  };
}

describe('priceOption', () => {
  it('sells a return ticket when cheaper than two singles and marks the return ride included', () => {
    const p = priceOption(busReturn(), ctx());
    // 10–12 km by bus is in the 5–20 km band: single 450, return 800.
    expect(p.totalPence).toBe(800);
    expect(p.text).toBe('£8.00');
    expect(p.stepCosts.depart).toEqual(['free', '£8.00']);
    expect(p.stepCosts.ret).toEqual(['included', 'free']);
    expect(p.lines).toEqual([{ description: expect.stringContaining('adult return'), cost: '£8.00' }]);
    expect(p.paymentMethods).toEqual([{ agency_name: 'Test Buses', methods: ['cash', 'contactless'] }]);
    expect(p.isEstimate).toBe(false);
  });
  it('makes the bus free with a concessionary pass and says so in the breakdown', () => {
    const p = priceOption(busReturn(), ctx({ concessionaryPass: true, age: 70 }));
    expect(p.text).toBe('free');
    expect(p.totalPence).toBe(0);
    expect(p.lines.some((l) => /National Entitlement Card/.test(l.description) && l.cost === 'free')).toBe(
      true,
    );
  });
  it('is unknown, never a wrong total, when one ride has no fare', () => {
    const o = busReturn();
    const ferry = rideStep('ferry', carrbridge, aviemore, MON_0900 + 2000, 600, {
      operatorId: null,
      routeShortName: 'F1',
    });
    o.depart.steps.push(ferry);
    const p = priceOption(o, ctx());
    expect(p.text).toBe('unknown');
    expect(p.totalPence).toBeNull();
    expect(p.lines.find((l) => l.cost === 'unknown')?.description).toMatch(/Ferry F1/);
  });
  it('prices rail by zone with a railcard', () => {
    const train = rideStep('train', PLACES.aviemoreStation, PLACES.edinburgh, MON_0900, 3 * 3600, {
      operatorId: 'rail-op',
      routeShortName: '',
    });
    const p = priceOption(
      { kind: 'transit', depart: { steps: [train] }, ret: null },
      ctx({ railcard: '16-25 Railcard' }),
    );
    expect(p.totalPence).toBe(3000);
    expect(p.lines[0]?.description).toMatch(/16-25 Railcard \(1\/3 off\)/);
  });
  it('sells the zone fare table’s return for a trip out of one zone and back from the other', () => {
    // The zone rule names the trip by its zones in travel order ("North – South" out, "South – North"
    // back); it is one fare both ways, so the £60.00 return beats two £45.00 singles.
    const rail = { operatorId: 'rail-op', routeShortName: '' };
    const out = rideStep('train', PLACES.aviemoreStation, PLACES.edinburgh, MON_0900, 3 * 3600, rail);
    const back = rideStep(
      'train',
      PLACES.edinburgh,
      PLACES.aviemoreStation,
      MON_0900 + 8 * 3600,
      3 * 3600,
      rail,
    );
    const p = priceOption({ kind: 'transit', depart: { steps: [out] }, ret: { steps: [back] } }, ctx());
    expect(p.totalPence).toBe(6000);
    expect(p.stepCosts).toEqual({ depart: ['£60.00'], ret: ['included'] });
    expect(p.lines).toEqual([
      {
        description: expect.stringMatching(/adult return \(Test rail fares, North – South\)/),
        cost: '£60.00',
      },
    ]);
  });
  it('prices an own car with running costs and parking for the stay, as an estimate', () => {
    const out = streetStep('own car', aviemore, carrbridge, MON_0900, 15);
    const back = streetStep('own car', carrbridge, aviemore, MON_0900 + 3 * 3600, 15);
    const p = priceOption({ kind: 'own car', depart: { steps: [out] }, ret: { steps: [back] } }, ctx());
    const running = Math.round(20 * out.distanceM * 0.00062137);
    const stayHours = Math.ceil((back.startSec - out.endSec) / 3600);
    expect(p.totalPence).toBe(2 * running + stayHours * 150);
    expect(p.isEstimate).toBe(true);
  });
  it('books one car-club hire for the round trip', () => {
    const out = streetStep('car club', aviemoreStation, carrbridge, MON_0900, 15, { carClubProviderId: 'a' });
    const back = streetStep('car club', carrbridge, aviemoreStation, MON_0900 + 2 * 3600, 15, {
      carClubProviderId: 'a',
    });
    const p = priceOption({ kind: 'car club', depart: { steps: [out] }, ret: { steps: [back] } }, ctx());
    expect(p.stepCosts.ret).toEqual(['included']);
    expect(p.lines).toHaveLength(1);
    expect(p.lines[0]?.description).toMatch(/Club A car club: .* hours booked/);
  });
  it('estimates taxis and DRT fares with entitlements', () => {
    const taxi = streetStep('taxi', aviemore, carrbridge, MON_0900, 12);
    const drt = { ...streetStep('drt', carrbridge, aviemore, MON_0900 + 3600, 8), flexibleServiceId: 'drt1' };
    const p = priceOption(
      { kind: 'taxi', depart: { steps: [taxi, drt] }, ret: null },
      ctx({ concessionaryPass: true }),
    );
    expect(p.isEstimate).toBe(true);
    expect(p.stepCosts.depart[1]).toBe('free');
    expect(p.paymentMethods).toEqual([
      { agency_name: 'Test DRT', methods: ['cash', 'national entitlement card'] },
    ]);
  });
  it('sells a through ticket across a change of train when cheaper than two singles', async () => {
    const { faresFromFiles } = await import('../../support/inlineFeed.ts');
    const fares = faresFromFiles(
      {
        'stops.txt':
          'stop_id,stop_name,stop_lat,stop_lon,zone_id\nAVM,Aviemore,57.19,-3.83,AVM\nPTH,Perth,56.39,-3.44,PTH\nEDB,Edinburgh,55.95,-3.19,EDB\n',
        'fare_attributes.txt':
          'fare_id,price,currency_type,payment_method,transfers,agency_id\nAP,20.00,GBP,1,,R\nPE,15.00,GBP,1,,R\nAE,30.00,GBP,1,,R\n',
        'fare_rules.txt':
          'fare_id,route_id,origin_id,destination_id\nAP,,AVM,PTH\nPE,,PTH,EDB\nAE,,AVM,EDB\n',
      },
      'rail',
    );
    const perth = { name: 'Perth', lat: 56.39, lon: -3.44 };
    const stops = (a: string, b: string) => ({
      feedId: 'rail',
      agencyId: 'R',
      operatorId: 'rail-op',
      stops: [
        { stopId: a, name: a, lat: 0, lon: 0, timeSec: 0 },
        { stopId: b, name: b, lat: 0, lon: 0, timeSec: 0 },
      ],
    });
    const t1 = rideStep('train', aviemoreStation, perth, MON_0900, 5400, {
      ...stops('AVM', 'PTH'),
      routeId: 'HML',
    });
    const walk = streetStep('walk', perth, perth, t1.endSec, 1.3);
    const t2 = rideStep('train', perth, PLACES.edinburgh, t1.endSec + 900, 4800, {
      ...stops('PTH', 'EDB'),
      routeId: 'ECML',
    });
    const region = testRegion();
    region.fares.rules = [
      {
        id: 'rail',
        kind: 'gtfs',
        feedId: 'rail',
        description: 'Rail',
        appliesTo: { operatorIds: ['rail-op'], modes: [] },
        childPercent: 50,
        concessionsFree: false,
      },
    ];
    const p = priceOption(
      { kind: 'transit', depart: { steps: [t1, walk, t2] }, ret: null },
      { region, traveller: adult, gtfsFares: new Map([['rail', fares]]) },
    );
    expect(p.totalPence).toBe(3000);
    expect(p.stepCosts.depart).toEqual(['£30.00', 'free', 'included']);
    expect(p.lines[0]?.description).toMatch(/through ticket, 1 change.*rail fare AE/);
  });
  it('charges the public-holiday taxi rate on Christmas Day', () => {
    const christmas = Date.UTC(2026, 11, 25, 10, 0) / 1000;
    const normal = Date.UTC(2026, 11, 23, 10, 0) / 1000;
    const price = (at: number) =>
      priceOption(
        { kind: 'taxi', depart: { steps: [streetStep('taxi', aviemore, carrbridge, at, 12)] }, ret: null },
        ctx(),
      );
    expect(price(christmas).lines[0]?.description).toMatch(/public holiday rate/);
    expect(price(christmas).totalPence).toBeGreaterThan(price(normal).totalPence ?? 0);
  });
});
