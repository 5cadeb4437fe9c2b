/*
 * The contract's fixed lists and formats, kept free of schemas: a client can read them without
 * building any schema. The web app ships no zod at all (docs/adr/015-browser-checks-json-schema.md),
 * so everything it imports from this package at run time lives in schema-free modules like this one.
 */

/**
 * Stage (travel type) names as they appear in `Leg.stages` and `Step.type` (SPEC §1, §3).
 * `car` is a lift as a passenger in someone else's car; `own car` is driving your own.
 */
export const TRAVEL_TYPES = [
  'walk',
  'cycle',
  'bike hire',
  'own car',
  'car',
  'car club',
  'taxi',
  'bus',
  'intercity bus',
  'train',
  'tram',
  'subway',
  'ferry',
  'funicular',
  'drt',
  'community transport',
] as const;
type TravelTypeName = (typeof TRAVEL_TYPES)[number];

/**
 * Booked public transport: buses run on booking, without a timetable of stops (demand-responsive
 * and community transport; the kinds of a region's flexible services). Each is a ride of its own.
 */
export const BOOKED_TYPES = ['drt', 'community transport'] as const satisfies readonly TravelTypeName[];

/** Modes run to a timetable; a journey containing one has `transport_mode: 'transit'`. */
export const TIMETABLED_TYPES: readonly TravelTypeName[] = [
  'bus',
  'intercity bus',
  'train',
  'tram',
  'subway',
  'ferry',
  'funicular',
];

/** Place categories for points of interest (SPEC §3). */
export const POI_CATEGORIES = [
  'restaurant',
  'cafe',
  'bar',
  'museum',
  'park',
  'toilets',
  'supermarket',
  'convenience_store',
  'shopping_mall',
  'atm',
  'gas_station',
  'ev_charge',
  'meal_takeaway',
] as const;

export const SORT_KEYS = [
  'emissions',
  'cost',
  'depature-time',
  'travel-time',
  'arrival-time',
  'wait-time',
  'walk-distance',
  'least-changes',
] as const;

/** Where a campaign may appear (SPEC §3). */
export const APPEAR_ON = [
  'journey-planner',
  'journey-results',
  'journey-details',
  'account-register',
] as const;

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;

/** The brand's static pages, each at `/{id}`. */
export const STATIC_PAGE_IDS = [
  'about',
  'privacy-policy',
  'hear-more',
  'terms-and-conditions',
  'contact-us',
  'cookie-policy',
  'statement',
] as const;

export const TITLES = [
  'Mr',
  'Mrs',
  'Ms',
  'Miss',
  'Dr',
  'Prof',
  'Sir',
  'Dame',
  'Reverend',
  'Duke',
  'Duchess',
  'Other',
] as const;

export const RAILCARDS = [
  '16-17 Saver',
  '16-25 Railcard',
  '26-30 Railcard',
  'Disabled Persons Railcard',
  'Senior Railcard',
] as const;
export type Railcard = (typeof RAILCARDS)[number];

export const MIN_USER_AGE = 12;
/** Young Scot cards issued on or after this date carry free bus travel for under-22s (SPEC §9). */
export const NEW_YOUNG_SCOT_CUTOFF = '2022-01-10';

/** Search times on the wire (SPEC §7): 'YYYY/MM/DD HH:mm:ss', local to the region. */
export const SEARCH_DATE_PATTERN = /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/;
/** Dates of birth: 'YYYY-MM-DD'. */
export const DOB_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The live channel of one search (SPEC §3). */
export function channelForQuery(hash: string): string {
  return `query.${hash}`;
}

/** A region's own concession scheme as travellers name it in profiles and searches (region.json fares.concessions.schemes[].id). */
export const CONCESSION_SCHEME_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;
