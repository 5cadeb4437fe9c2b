import { BOOKED_TYPES, CONCESSION_SCHEME_ID_PATTERN, TRAVEL_TYPES } from '@cairn/contracts';
import { z } from 'zod';
import { Connections } from './connections.ts';
import { isKnownCurrency } from '../format/money.ts';

/*
 * The schema of a region's `region.json`: everything about a region that is not a GTFS timetable
 * or an OSM street network. Objects are strict: an unknown (for example misspelt) field is an
 * error rather than silently ignored. Paths inside it are relative to the folder holding region.json.
 * Money is in integer hundredths of the region's `currency` (pence, cents) to keep fares free of
 * float rounding; distances in metres or
 * miles as the field name says; times of day as "HH:MM" local to `timeZone`.
 */

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

export const LatLon = z
  .strictObject({
    lat: z.number().min(-90).max(90).describe('Latitude, WGS84 degrees'),
    lon: z.number().min(-180).max(180).describe('Longitude, WGS84 degrees'),
  })
  .describe('A WGS84 position');
export type LatLon = z.infer<typeof LatLon>;

const lonLatPair = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

export const GeoPolygon = z
  .strictObject({
    type: z.literal('Polygon'),
    coordinates: z
      .array(z.array(lonLatPair).min(4, 'a ring needs at least 4 positions (closed)'))
      .min(1)
      .describe('GeoJSON rings of [lon, lat]; the first is the outline, later ones are holes'),
  })
  .superRefine((poly, ctx) => {
    poly.coordinates.forEach((ring, i) => {
      const first = ring[0];
      const last = ring[ring.length - 1];
      if (first && last && (first[0] !== last[0] || first[1] !== last[1])) {
        ctx.addIssue({
          code: 'custom',
          path: ['coordinates', i],
          message: 'ring must be closed (first position repeated last)',
        });
      }
    });
  })
  .describe('A GeoJSON Polygon geometry');
export type GeoPolygon = z.infer<typeof GeoPolygon>;

export const TimeOfDay = z
  .string()
  .regex(HHMM, 'expected "HH:MM" (00:00–24:00)')
  .describe('Local time of day "HH:MM"');

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export const Weekday = z.enum(WEEKDAYS);
export type Weekday = z.infer<typeof Weekday>;

/** Travel types: the wire format's stage names (SPEC §3), so region and journeys agree. */
const REGION_MODES = TRAVEL_TYPES;
export const RegionMode = z.enum(REGION_MODES);
export type RegionMode = z.infer<typeof RegionMode>;

const PAYMENT_METHODS = [
  'cash',
  'contactless',
  'debit or credit card',
  'mobile ticket',
  'smartcard',
  'online in advance',
  'on account',
  'national entitlement card',
] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

const Id = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, 'ids use letters, digits and _ . : -');
const Pence = z
  .number()
  .int()
  .nonnegative()
  .describe("Amount in hundredths of the region's currency (pence, cents)");
const Url = z.url();
const Phone = z.string().min(5).describe('Phone number as dialled, e.g. "01479 810000"');

export const BoundingBox = z
  .strictObject({
    minLat: z.number().min(-90).max(90),
    minLon: z.number().min(-180).max(180),
    maxLat: z.number().min(-90).max(90),
    maxLon: z.number().min(-180).max(180),
  })
  .refine((b) => b.minLat < b.maxLat && b.minLon < b.maxLon, 'min must be below max on both axes')
  .describe('Area the region covers; searches outside it are allowed but less accurate');
export type BoundingBox = z.infer<typeof BoundingBox>;

export const FeedAgencyFlags = z
  .strictObject({
    agencyId: z.string().min(1).describe('agency_id in the feed'),
    communityTransport: z
      .boolean()
      .default(false)
      .describe('Show trips of this agency as community transport'),
    drt: z.boolean().default(false).describe('Show trips of this agency as demand responsive transport'),
    operatorId: Id.optional().describe('The `operators[].id` this agency is described by'),
  })
  .describe('Per-agency flags for a GTFS feed');

export const FeedRouteFlags = z
  .strictObject({
    routeId: z.string().min(1).describe('route_id in the feed'),
    communityTransport: z.boolean().default(false).describe('Route is community transport'),
    drt: z.boolean().default(false).describe('Route is demand responsive (book before travel)'),
    seasonal: z.boolean().default(false).describe('Route runs only in part of the year (informational)'),
    flexibleServiceId: Id.optional().describe('The `flexibleServices[].id` this route represents in GTFS'),
  })
  .describe('Per-route flags for a GTFS feed');

export const REALTIME_KINDS = ['trip-updates', 'service-alerts', 'vehicle-positions'] as const;

export const RealtimeFeed = z
  .strictObject({
    kind: z
      .enum(REALTIME_KINDS)
      .describe(
        'What the feed carries (SIRI: ET as trip-updates, VM as vehicle-positions, SX as service-alerts)',
      ),
    url: Url.describe('Where the protobuf FeedMessage (or SIRI ServiceDelivery XML) is fetched'),
    pollSec: z.number().int().min(5).default(30).describe('Seconds between fetches'),
    headers: z
      .record(z.string().min(1), z.string())
      .optional()
      .describe('HTTP headers sent with each fetch (an API key, for example)'),
    maxAgeSec: z
      .number()
      .int()
      .positive()
      .default(300)
      .describe(
        'A feed whose header timestamp is older than this is ignored (the timetable is shown instead)',
      ),
  })
  .describe('A GTFS-realtime feed for the trips, stops and routes of its static feed');
export type RealtimeFeed = z.infer<typeof RealtimeFeed>;

export const Feed = z
  .strictObject({
    id: Id.describe('Feed id; prefixes stop, trip and route ids when feeds are merged'),
    name: z.string().min(1).describe('Human name of the feed'),
    path: z
      .string()
      .min(1)
      .describe(
        'Relative to region.json: for GTFS a folder of .txt files or a .zip; for TransXChange a folder or .zip of .xml documents, or one .xml; for ATCO-CIF a .cif, or a folder or .zip of them; for rail CIF the RDG full extract (.cif/.mca)',
      ),
    type: z
      .enum(['gtfs', 'transxchange', 'atco-cif', 'rail-cif'])
      .optional()
      .describe('Format of the feed; GTFS when absent, so older region files read as before'),
    stops: z
      .string()
      .min(1)
      .optional()
      .describe(
        'TransXChange and ATCO-CIF: NaPTAN stops giving positions by ATCO code (Stops.csv, a folder with Stops.csv, StopAreas.csv and StopsInArea.csv, or NaPTAN XML), relative to region.json',
      ),
    nation: z
      .enum(['england-wales', 'scotland', 'northern-ireland'])
      .optional()
      .describe(
        'TransXChange and ATCO-CIF: whose bank holidays AllBankHolidays and the other holiday groups mean (England and Wales when absent)',
      ),
    agencies: z.array(FeedAgencyFlags).default([]),
    routes: z.array(FeedRouteFlags).default([]),
    realtime: z
      .array(RealtimeFeed)
      .optional()
      .describe(
        'GTFS-realtime feeds (TripUpdates, ServiceAlerts, VehiclePositions) matched against this feed',
      ),
  })
  .describe('A static timetable feed: GTFS, TransXChange or ATCO-CIF (with NaPTAN stops)');
export type Feed = z.infer<typeof Feed>;

export const Operator = z
  .strictObject({
    id: Id.describe('Operator id referenced by fare rules, taxis, DRT etc.'),
    name: z.string().min(1),
    modes: z.array(RegionMode).min(1).describe('Travel types this operator runs'),
    website: Url.optional().describe('Agency website shown as the step operator link and "Useful links"'),
    phone: Phone.optional(),
    gtfsAgencies: z
      .array(z.strictObject({ feedId: Id, agencyId: z.string().min(1) }))
      .default([])
      .describe('GTFS agencies this operator publishes as'),
    paymentMethods: z
      .array(PaymentMethod)
      .default([])
      .describe('Accepted payment methods (SPEC payment_methods_breakdown)'),
    guideStatements: z
      .array(z.string().min(1))
      .default([])
      .describe('Travel-guide statements shown on the stage detail view (how_to_guide.service.statements)'),
    assistance: z
      .strictObject({
        name: z
          .string()
          .min(1)
          .describe('What the help is called, e.g. "Passenger Assist" or "Ramp booking"'),
        notice: z.string().min(1).describe('When to book, e.g. "Book at least 2 hours before you travel"'),
        phone: Phone.optional(),
        website: Url.optional(),
      })
      .optional()
      .describe('Help for disabled travellers the operator books (shown on step-free journeys)'),
  })
  .describe('A transport operator (agency) with its website, payment methods and travel-guide text');
export type Operator = z.infer<typeof Operator>;

export const TaxiArea = z.discriminatedUnion('kind', [
  z
    .strictObject({ kind: z.literal('polygon'), polygon: GeoPolygon })
    .describe('Operator serves pick-ups inside this polygon'),
  z
    .strictObject({ kind: z.literal('circle'), centre: LatLon, radiusM: z.number().positive() })
    .describe('Operator serves pick-ups within radiusM metres of centre'),
]);
export type TaxiArea = z.infer<typeof TaxiArea>;

export const TaxiOperator = z
  .strictObject({
    id: Id,
    name: z.string().min(1),
    phone: Phone,
    website: Url.optional(),
    area: TaxiArea,
    wheelchairAccessible: z.boolean().default(false),
  })
  .describe('A local taxi operator listed when a journey starts by taxi');
export type TaxiOperator = z.infer<typeof TaxiOperator>;

export const TaxiTariff = z
  .strictObject({
    flagFallPence: Pence.describe('Charge on hiring, including the first part-mile'),
    perMilePence: Pence.describe('Charge per mile travelled'),
    perMinuteWaitingPence: Pence.describe('Charge per minute waiting or in slow traffic'),
    night: z
      .strictObject({ from: TimeOfDay, to: TimeOfDay, upliftPercent: z.number().min(0).max(200) })
      .describe('Uplift for hirings starting between from and to (may wrap past midnight)'),
    holidayUpliftPercent: z.number().min(0).max(200).describe('Uplift on public holidays'),
    source: z.string().optional().describe('Where the tariff comes from'),
  })
  .describe('Taxi tariff used to estimate taxi prices');
export type TaxiTariff = z.infer<typeof TaxiTariff>;

export const CarClubProvider = z
  .strictObject({
    id: Id,
    name: z.string().min(1),
    website: Url,
    promoLink: Url.describe('Promotion link shown with the car-club logo'),
    logo: z.string().min(1).describe('Logo file (relative to region.json) or URL'),
    tariff: z
      .strictObject({
        perHourPence: Pence,
        perMilePence: Pence,
        minimumMinutes: z.number().int().positive().default(60),
      })
      .describe('Price of a car-club hire: hours booked plus miles driven'),
  })
  .describe('A car-club provider');
export type CarClubProvider = z.infer<typeof CarClubProvider>;

export const CarClubBay = z
  .strictObject({
    id: Id,
    name: z.string().min(1),
    lat: z.number().min(-90).max(90),
    lon: z.number().min(-180).max(180),
    providerId: Id.describe('The car-club provider whose car is kept here'),
    vehicles: z.number().int().positive().default(1),
  })
  .describe('A car-club bay');
export type CarClubBay = z.infer<typeof CarClubBay>;

export const CarClub = z
  .strictObject({
    providers: z.array(CarClubProvider).describe('Car-club providers (the product names two)'),
    bays: z.array(CarClubBay),
  })
  .describe('Car clubs: providers, their tariffs and bays (default: none)');

/* Bike hire mirrors GBFS v2.3 files (system_information, station_information, system_pricing_plans) so a live feed can replace it. */
export const BikeHire = z
  .strictObject({
    system_information: z.strictObject({
      system_id: Id,
      language: z.string().min(2),
      name: z.string().min(1),
      operator: z.string().min(1).optional(),
      url: Url.optional(),
      phone_number: Phone.optional(),
      email: z.email().optional(),
      timezone: z.string().min(1),
    }),
    stations: z.array(
      z.strictObject({
        station_id: Id,
        name: z.string().min(1),
        lat: z.number().min(-90).max(90),
        lon: z.number().min(-180).max(180),
        capacity: z.number().int().nonnegative(),
        address: z.string().optional(),
      }),
    ),
    pricing_plans: z.array(
      z.strictObject({
        plan_id: Id,
        name: z.string().min(1),
        currency: z.string().length(3),
        price: z.number().nonnegative().describe('Unlock / base price in currency units'),
        is_taxable: z.boolean(),
        description: z.string().min(1),
        per_min_pricing: z
          .array(
            z.strictObject({
              start: z.number().int().nonnegative().describe('Minute the rate starts'),
              rate: z.number().nonnegative().describe('Price per interval in currency units'),
              interval: z.number().int().positive().describe('Minutes per charge'),
              end: z.number().int().positive().optional(),
            }),
          )
          .default([]),
      }),
    ),
  })
  .describe('A docked bike-hire scheme, GBFS-shaped');
export type BikeHire = z.infer<typeof BikeHire>;

export const FlexibleService = z
  .strictObject({
    id: Id,
    kind: z.enum(BOOKED_TYPES).describe('Demand responsive transport or community transport'),
    name: z.string().min(1),
    operatorId: Id.describe('The `operators[].id` running it'),
    zone: GeoPolygon.describe('Trips must start and end inside this zone'),
    days: z.array(Weekday).min(1).describe('Days of the week it runs'),
    hours: z.strictObject({ start: TimeOfDay, end: TimeOfDay }).describe('First pick-up and last drop-off'),
    runsOnBankHolidays: z.boolean().default(false),
    booking: z.strictObject({
      website: Url.describe('Booking website (SPEC drt_operator.booking_website)'),
      phone: Phone,
      advanceBookingMin: z
        .number()
        .int()
        .nonnegative()
        .describe('How many minutes ahead a trip must be booked'),
      eligibility: z.string().optional().describe('Who may use it (community transport often limits this)'),
    }),
    fare: z
      .strictObject({
        adultSinglePence: Pence,
        childSinglePence: Pence,
        returnPence: Pence.optional(),
        concessionsFree: z.boolean().describe('Free with a National Entitlement Card'),
      })
      .describe('Fare per passenger'),
    speedKmh: z
      .number()
      .positive()
      .default(35)
      .describe('Average door-to-door speed used to estimate travel time'),
    gtfs: z
      .strictObject({ feedId: Id, routeId: z.string().min(1) })
      .optional()
      .describe('Optional GTFS representation (route_type 715 with zone stops) for timetable display'),
  })
  .describe('A zone-based demand responsive or community transport service');
export type FlexibleService = z.infer<typeof FlexibleService>;

const FareAppliesTo = z
  .strictObject({
    operatorIds: z.array(Id).default([]).describe('Operators this rule prices; empty means any'),
    modes: z.array(RegionMode).default([]).describe('Travel types this rule prices; empty means any'),
  })
  .refine((a) => a.operatorIds.length + a.modes.length > 0, 'name at least one operator or mode');

const FareRuleBase = {
  id: Id,
  description: z.string().min(1),
  appliesTo: FareAppliesTo,
  childPercent: z.number().min(0).max(100).default(50).describe('Child fare as a percentage of adult'),
  concessionsFree: z
    .boolean()
    .default(false)
    .describe('Free with a National Entitlement Card or Young Scot under-22 card'),
};

export const FareRule = z
  .discriminatedUnion('kind', [
    z.strictObject({
      ...FareRuleBase,
      kind: z.literal('distance'),
      bands: z
        .array(z.strictObject({ upToKm: z.number().positive(), singlePence: Pence, returnPence: Pence }))
        .min(1)
        .describe('Distance bands in increasing upToKm; the last band also prices longer trips'),
    }),
    z.strictObject({
      ...FareRuleBase,
      kind: z.literal('zone'),
      zones: z.array(z.strictObject({ id: Id, name: z.string().min(1), area: GeoPolygon })).min(1),
      prices: z
        .array(z.strictObject({ fromZone: Id, toZone: Id, singlePence: Pence, returnPence: Pence }))
        .describe('Price between two zones (either direction)'),
    }),
    z.strictObject({ ...FareRuleBase, kind: z.literal('flat'), singlePence: Pence, returnPence: Pence }),
    z.strictObject({
      ...FareRuleBase,
      kind: z.literal('gtfs'),
      feedId: Id.describe("Prices come from this feed's GTFS fares (fare_attributes / fare_rules)"),
    }),
  ])
  .describe('How to price a transit ride');
export type FareRule = z.infer<typeof FareRule>;

/**
 * A region's own concession scheme (issue 28): a pass or card the traveller says they hold in
 * their profile or search form, and what it does to the fares of the rides it covers. The
 * Scottish schemes keep their own blocks below; a region elsewhere lists its schemes here, e.g.
 * a Deutschlandticket (free on local buses, trams, U-Bahn and regional trains) or a senior
 * discount (50 % off buses).
 */
export const ConcessionScheme = z
  .strictObject({
    id: z
      .string()
      .regex(CONCESSION_SCHEME_ID_PATTERN, 'ids use letters, digits and _ . : - (at most 64)')
      .describe('What profiles and searches name it by (concession_schemes)'),
    label: z.string().min(1).max(80).describe('Its name as travellers know it: "Deutschlandticket"'),
    eligibility: z
      .string()
      .min(1)
      .max(300)
      .describe('Who may hold it, shown beside it in the profile: "Monthly subscription, anyone"'),
    covers: FareAppliesTo.describe('The rides it covers: operators and/or travel types (empty means any)'),
    discount: z
      .discriminatedUnion('kind', [
        z.strictObject({ kind: z.literal('free') }),
        z.strictObject({ kind: z.literal('percent'), percent: z.number().gt(0).max(100) }),
        z.strictObject({
          kind: z.literal('capped'),
          capPence: Pence.describe('The most one ride costs with it (hundredths of the currency)'),
        }),
      ])
      .describe("What it does to a covered ride's adult fare: free, a percentage off, or capped per ride"),
    source: z.string().min(1).optional().describe("Where the rule comes from (the scheme's published terms)"),
  })
  .describe("A region's own concession scheme");
export type ConcessionScheme = z.infer<typeof ConcessionScheme>;

export const Concessions = z
  .strictObject({
    childMaxAge: z.number().int().positive().default(15).describe('Oldest age that pays a child fare'),
    infantFreeMaxAge: z.number().int().nonnegative().default(4).describe('Oldest age that travels free'),
    nationalEntitlementCard: z
      .strictObject({ freeModes: z.array(RegionMode), description: z.string() })
      .default({ freeModes: [], description: '' })
      .describe(
        "Free travel with the concession card of the traveller's profile (in Scotland the National Entitlement Card, over-60 / disabled); default: free on nothing",
      ),
    youngScot: z
      .strictObject({
        under22FreeModes: z.array(RegionMode),
        railDiscountPercent: z.number().min(0).max(100),
      })
      .default({ under22FreeModes: [], railDiscountPercent: 0 })
      .describe('Young Scot card: free bus under 22, rail discount; default: nothing'),
    railcards: z
      .array(z.strictObject({ name: z.string().min(1), discountPercent: z.number().min(0).max(100) }))
      .default([])
      .describe('Railcards (names as in the user profile) and their discount on rail fares; default: none'),
    schemes: z
      .array(ConcessionScheme)
      .default([])
      .refine((list) => new Set(list.map((s) => s.id)).size === list.length, 'each scheme id once')
      .describe(
        "The region's own concession schemes, listed for travellers in GET /v1/config and picked in their profile; default: none",
      ),
  })
  .describe('Concession settings applied from the user profile');
export type Concessions = z.infer<typeof Concessions>;

export const OwnCar = z
  .strictObject({
    runningCostPerMilePence: Pence.describe('Marginal running cost (fuel, wear) per mile'),
    parking: z.strictObject({
      defaultPerHourPence: Pence.describe(
        'Parking charge assumed at the destination when nothing better is known',
      ),
      maxPerDayPence: Pence,
      stationParkAndRideFree: z.boolean().describe('Park-and-ride at stations is free'),
    }),
  })
  .describe('Own car costs (without them an own-car price is shown as unknown)');
export type OwnCarCosts = z.infer<typeof OwnCar>;

/** Cycling limits by default (ADR 008 "Cycling"): about two hours at a leisure pace, a long hill climbed twice over. */
export const CYCLING_DEFAULTS = { maxDistanceM: 30_000, maxClimbM: 500, daylightOnly: true } as const;

/**
 * Lower cycling limits in winter by default (ADR 008 "Cycling"). The months are the Met Office's
 * meteorological winter, December to February, the months with the most days of air frost in its
 * Scotland areal series (https://www.metoffice.gov.uk/pub/data/weather/uk/climate/datasets/AirFrost/date/Scotland.txt:
 * Winter=Dec-Feb, commonly 10 to 20 air-frost days a month): roads are icy at dawn and snow lies
 * longer the higher a road climbs, and civil daylight is under eight hours. The limits are a
 * judgement, not a measurement: half the summer's climb (a valley ride, not a ski road) and two
 * thirds of its distance. Regions set their own; `months: []` turns the rule off.
 */
export const CYCLING_WINTER_DEFAULTS = { months: [12, 1, 2], maxDistanceM: 20_000, maxClimbM: 250 } as const;

export const Cycling = z
  .strictObject({
    maxDistanceM: z
      .number()
      .positive()
      .default(CYCLING_DEFAULTS.maxDistanceM)
      .describe('Most cycling on one leg of an option (own bike or hire bike), in metres'),
    maxClimbM: z
      .number()
      .nonnegative()
      .default(CYCLING_DEFAULTS.maxClimbM)
      .describe('Most metres climbed by bike on one leg of an option'),
    daylightOnly: z
      .boolean()
      .default(CYCLING_DEFAULTS.daylightOnly)
      .describe(
        'Cycling only in light to ride by: between civil dawn and civil dusk (sun 6° below the horizon, NOAA) at the place and date of the ride',
      ),
    winter: z
      .strictObject({
        months: z
          .array(z.number().int().min(1).max(12))
          .default([...CYCLING_WINTER_DEFAULTS.months])
          .describe(
            "Months (1 = January) of the winter limits, in the region's time zone at the ride's start",
          ),
        maxDistanceM: z
          .number()
          .positive()
          .default(CYCLING_WINTER_DEFAULTS.maxDistanceM)
          .describe('Most cycling on one leg in those months, in metres'),
        maxClimbM: z
          .number()
          .nonnegative()
          .default(CYCLING_WINTER_DEFAULTS.maxClimbM)
          .describe('Most metres climbed by bike on one leg in those months'),
      })
      .prefault({})
      .describe(
        "Lower limits in winter (icy roads at dawn, snow on high roads, short days): by default December to February (the Met Office's winter), 20 km and 250 m; the lower of these and the year-round limits apply",
      ),
    noOwnBikeAt: z
      .array(z.strictObject({ name: z.string().min(1), centre: LatLon, radiusM: z.number().positive() }))
      .default([])
      .describe(
        'Places travellers reach without their own bike (airports): no riding of the own bike on a search starting there',
      ),
  })
  .describe(
    'When cycling is offered: distance, climb (lower in winter), daylight and where the traveller starts',
  );
export type Cycling = z.infer<typeof Cycling>;

export const RegionConfig = z
  .strictObject({
    $schema: z
      .string()
      .optional()
      .describe('Optional JSON Schema reference for editors (regions/region.schema.json)'),
    schemaVersion: z.literal(1),
    id: Id.describe('Region id, also its folder name'),
    name: z.string().min(1),
    demo: z
      .boolean()
      .default(false)
      .describe('True when the data is generated demo data; the UI labels it as such'),
    demoNotice: z.string().optional().describe('Text shown with demo data'),
    timeZone: z.string().min(1).describe('IANA time zone of timetables and opening hours'),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'an ISO 4217 code in capitals, e.g. GBP, EUR, USD')
      .refine(isKnownCurrency, 'not a currency this planner can write (ISO 4217)')
      .default('GBP')
      .describe(
        "ISO 4217 code of every price: the feeds' fare files and region.json's amounts; default GBP (init-region takes it from the fare files or --currency)",
      ),
    bbox: BoundingBox,
    map: z
      .strictObject({ centre: LatLon, zoom: z.number().min(0).max(22) })
      .optional()
      .describe('Default map view; default: the middle of bbox at a zoom that shows it'),
    feeds: z.array(Feed).describe('Timetable feeds (GTFS or TransXChange), merged into one timetable'),
    osm: z
      .strictObject({
        path: z.string().min(1).describe('.osm or .osm.pbf file, relative to region.json'),
        elevation: z
          .string()
          .min(1)
          .optional()
          .describe(
            'GeoTIFF terrain model (e.g. OS Terrain 50) in EPSG:27700 or EPSG:4326, relative to region.json: heights of street nodes for cycling times; OSM ele tags fill in where it has none',
          ),
      })
      .optional()
      .describe(
        'The street map; without it walks are straight lines (labelled) and no cycling or driving is offered',
      ),
    operators: z.array(Operator).default([]),
    taxi: z
      .strictObject({ operators: z.array(TaxiOperator), tariff: TaxiTariff.optional() })
      .default({ operators: [] })
      .describe(
        'Taxi operators and their tariff; default: none (no taxi options); without a tariff taxi prices are unknown',
      ),
    carClub: CarClub.default({ providers: [], bays: [] }),
    bikeHire: BikeHire.optional(),
    flexibleServices: z.array(FlexibleService).default([]),
    fares: z
      .strictObject({ rules: z.array(FareRule).default([]), concessions: Concessions.prefault({}) })
      .prefault({})
      .describe(
        "How rides are priced; default: no rules (each feed's own GTFS fare files price its rides, else the price is unknown) and no concessions",
      ),
    ownCar: OwnCar.optional(),
    connections: Connections.prefault({}),
    cycling: Cycling.prefault({}),
    placeSearch: z
      .strictObject({
        abbreviations: z
          .record(z.string().regex(/^\S+$/, 'one word'), z.string().min(1))
          .default({})
          .describe(
            'Words the feeds shorten in stop names and what they stand for, e.g. { "MA": "Mannheim", "HD": "Heidelberg", "Hbf": "Hauptbahnhof" }: "Mannheim Hauptbahnhof" then finds the feed\'s "MA Hauptbahnhof"; default: none',
          ),
        beyond: z
          .array(z.strictObject({ name: z.string().min(1), lat: LatLon.shape.lat, lon: LatLon.shape.lon }))
          .default([])
          .describe(
            "Well-known places outside the region a traveller may name (London, Fort William): found by name, and planned to the region's boundary with the rest labelled as an estimate (ADR 008, issue #27); default: none, only coordinates",
          ),
      })
      .prefault({})
      .describe(
        'Place search: how travellers may name what the feeds abbreviate, and places beyond the region',
      ),
    gateways: z
      .array(z.string().min(1))
      .default([])
      .describe(
        'Stations (by name, as the feeds spell it) where travel beyond the region leaves it, e.g. ["Inverness", "Edinburgh Waverley"]: a place outside is estimated from the gateway nearest it, as the trains and coaches beyond run from these; default: none, any station of the region',
      ),
    attribution: z
      .array(z.string().min(1))
      .default([])
      .describe('Data attributions to show with maps and results'),
  })
  .describe('A region: everything except timetables and streets');
export type RegionConfig = z.infer<typeof RegionConfig>;
export type RegionConfigInput = z.input<typeof RegionConfig>;

/** The region's flexible (DRT or community transport) service with this id; undefined for none or an unknown id. */
export function flexibleServiceOf(
  region: Pick<RegionConfig, 'flexibleServices'>,
  id: string | undefined,
): FlexibleService | undefined {
  return id === undefined ? undefined : region.flexibleServices.find((s) => s.id === id);
}
