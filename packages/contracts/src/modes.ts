import { z } from './zod.ts';

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
export const TravelType = z.enum(TRAVEL_TYPES);
export type TravelType = z.infer<typeof TravelType>;

/** Modes run to a timetable; a journey containing one has `transport_mode: 'transit'`. */
export const TIMETABLED_TYPES: readonly TravelType[] = [
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
export const PoiCategory = z.enum(POI_CATEGORIES);
export type PoiCategory = z.infer<typeof PoiCategory>;
