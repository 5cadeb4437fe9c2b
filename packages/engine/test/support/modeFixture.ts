/*
 * A small made-up town for mode tests: Main Street (east-west), Station Road (north-south)
 * and a fast Far Road to the north, with a car park, a car-club bay, two bike-hire docks,
 * a taxi operator and a DRT and a community-transport zone. Positions are metres from the
 * fixture base point (see osmFixture.ts).
 */
import { RegionConfig } from '../../src/region/regionConfig.ts';
import type { RegionConfigInput } from '../../src/region/regionConfig.ts';
import { loadOsmXml } from '../../src/loader/loadOsm.ts';
import { createStreetNetwork } from '../../src/streets/streetNetwork.ts';
import { createModeContext } from '../../src/modes/context.ts';
import type { ModeContext } from '../../src/modes/types.ts';
import { buildStreetChain } from '../../src/modes/streetStep.ts';
import type { ChainPart, PartsAnswer } from '../../src/modes/streetStep.ts';
import type { PlacePoint, PlannedLeg } from '../../src/journeys/model.ts';
import { priceOption } from '../../src/journeys/fares/priceOption.ts';
import type { OptionPrice } from '../../src/journeys/fares/priceOption.ts';
import type { Traveller } from '../../src/journeys/fares/traveller.ts';
import { at, osmXml } from './osmFixture.ts';
import { adult } from './traveller.ts';

export const xml = osmXml(
  {
    w: { x: -2000, y: 0 },
    m: { x: 0, y: 0 },
    e: { x: 2000, y: 0 },
    s: { x: 0, y: -1000 },
    n: { x: 0, y: 1000 },
    fw: { x: -2000, y: 1000 },
    fe: { x: 9000, y: 1000 },
    p1: { x: 1880, y: 10 },
    p2: { x: 1920, y: 10 },
    p3: { x: 1920, y: 40 },
    p4: { x: 1880, y: 40 },
    stn: { x: 0, y: 40, tags: { railway: 'station', name: 'Glen station' } },
  },
  [
    { nodes: ['w', 'm', 'e'], tags: { highway: 'tertiary', name: 'Main Street', maxspeed: '30 mph' } },
    { nodes: ['s', 'm', 'n'], tags: { highway: 'residential', name: 'Station Road' } },
    { nodes: ['fw', 'n', 'fe'], tags: { highway: 'primary', name: 'Far Road', maxspeed: '60 mph' } },
    { nodes: ['p1', 'p2', 'p3', 'p4', 'p1'], tags: { amenity: 'parking', name: 'East car park', fee: 'no' } },
  ],
);

const square = (cx: number, cy: number, half: number) => {
  const a = at(cx - half, cy - half);
  const b = at(cx + half, cy + half);
  return {
    type: 'Polygon' as const,
    coordinates: [
      [
        [a.lon, a.lat],
        [b.lon, a.lat],
        [b.lon, b.lat],
        [a.lon, b.lat],
        [a.lon, a.lat],
      ] as Array<[number, number]>,
    ],
  };
};

export const regionInput: RegionConfigInput = {
  schemaVersion: 1,
  id: 'glen',
  name: 'Glen test region',
  demo: true,
  timeZone: 'Europe/London',
  currency: 'GBP',
  bbox: { minLat: 57.1, minLon: -4, maxLat: 57.3, maxLon: -3.6 },
  map: { centre: at(0, 0), zoom: 12 },
  feeds: [],
  osm: { path: 'glen.osm' },
  operators: [{ id: 'glenbus', name: 'Glen Buses', modes: ['drt', 'community transport'] }],
  taxi: {
    operators: [
      {
        id: 'local',
        name: 'Glen Cabs',
        phone: '01479 000001',
        area: { kind: 'circle', centre: at(0, 0), radiusM: 3000 },
      },
      {
        id: 'far',
        name: 'Far Taxis',
        phone: '01479 000002',
        area: { kind: 'polygon', polygon: square(5000, 1000, 1500) },
      },
    ],
    tariff: {
      flagFallPence: 300,
      perMilePence: 200,
      perMinuteWaitingPence: 40,
      night: { from: '22:00', to: '06:00', upliftPercent: 50 },
      holidayUpliftPercent: 50,
    },
  },
  carClub: {
    providers: [
      {
        id: 'cowheels',
        name: 'Co Wheels',
        website: 'https://example.org/cw',
        promoLink: 'https://example.org/cw/promo',
        logo: 'cw.svg',
        tariff: { perHourPence: 500, perMilePence: 20, minimumMinutes: 60 },
      },
    ],
    bays: [{ id: 'bay1', name: 'Station bay', ...at(100, 10), providerId: 'cowheels' }],
  },
  bikeHire: {
    system_information: {
      system_id: 'glenbikes',
      language: 'en',
      name: 'Glen Bikes',
      timezone: 'Europe/London',
    },
    stations: [
      { station_id: 'west', name: 'West dock', ...at(-1500, 10), capacity: 10 },
      { station_id: 'east', name: 'East dock', ...at(1500, 10), capacity: 10 },
      { station_id: 'empty', name: 'Closed dock', ...at(-1400, 10), capacity: 0 },
    ],
    pricing_plans: [
      {
        plan_id: 'payg',
        name: 'Pay as you go',
        currency: 'GBP',
        price: 1,
        is_taxable: false,
        description: '£1 to unlock, then 10p a minute',
        per_min_pricing: [{ start: 0, rate: 0.1, interval: 1 }],
      },
    ],
  },
  flexibleServices: [
    {
      id: 'glendrt',
      kind: 'drt',
      name: 'Glen Flexi',
      operatorId: 'glenbus',
      zone: square(0, 0, 2500),
      days: ['mon', 'tue', 'wed', 'thu', 'fri'],
      hours: { start: '07:00', end: '19:00' },
      booking: { website: 'https://example.org/flexi', phone: '01479 000003', advanceBookingMin: 60 },
      fare: { adultSinglePence: 250, childSinglePence: 120, concessionsFree: true },
      speedKmh: 30,
    },
    {
      id: 'glenct',
      kind: 'community transport',
      name: 'Glen Community Car',
      operatorId: 'glenbus',
      zone: square(0, 0, 2500),
      days: ['sat'],
      hours: { start: '09:00', end: '17:00' },
      booking: {
        website: 'https://example.org/ct',
        phone: '01479 000004',
        advanceBookingMin: 1440,
        eligibility: 'Residents unable to use buses',
      },
      fare: { adultSinglePence: 400, childSinglePence: 200, concessionsFree: false },
    },
  ],
  fares: {
    rules: [],
    concessions: {
      nationalEntitlementCard: { freeModes: ['bus'], description: 'Free bus travel' },
      youngScot: { under22FreeModes: ['bus'], railDiscountPercent: 50 },
      railcards: [],
    },
  },
  ownCar: {
    runningCostPerMilePence: 20,
    parking: { defaultPerHourPence: 150, maxPerDayPence: 800, stationParkAndRideFree: true },
  },
};

export const region = RegionConfig.parse(regionInput);
export const osm = loadOsmXml(xml);
export const net = createStreetNetwork(osm.graph);
export const ctx: ModeContext = createModeContext(net, region, osm.places);

/** Monday 23 November 2026 at hh:mm, London time (GMT in November). */
export const monday = (hh: number, mm = 0): number => Date.UTC(2026, 10, 23, hh, mm) / 1000;

export { adult };

/** A named point at fixture metres. */
export function place(name: string, x: number, y: number): PlacePoint {
  const p = at(x, y);
  return { name, lat: p.lat, lon: p.lon };
}

export const home = (x: number, y: number): PlacePoint => place('Home', x, y);
export const work = (x: number, y: number): PlacePoint => place('Work', x, y);

/** The parts of a mode's answer, failing the test with the mode's reason when it has none. */
export function partsOf(answer: PartsAnswer): ChainPart[] {
  if ('reason' in answer) throw new Error(answer.reason);
  return answer.parts;
}

/** A mode's answer routed and timed as the planner does, leaving at `startSec`. */
export function legOf(answer: PartsAnswer, startSec = monday(10)): PlannedLeg {
  const leg = buildStreetChain(net, partsOf(answer), { startSec });
  if (!leg) throw new Error('no street route for the parts');
  return leg;
}

/** A one-way option priced by the fares code, as the planner prices it. */
export function priceOf(leg: PlannedLeg, traveller: Traveller = adult): OptionPrice {
  return priceOption({ kind: 'test', depart: leg, ret: null }, { region, traveller, gtfsFares: new Map() });
}
