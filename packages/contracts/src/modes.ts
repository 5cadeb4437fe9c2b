import { z } from 'zod';
import { POI_CATEGORIES, TRAVEL_TYPES } from './values.ts';

export const TravelType = z.enum(TRAVEL_TYPES);
export type TravelType = z.infer<typeof TravelType>;

export const PoiCategory = z.enum(POI_CATEGORIES);
export type PoiCategory = z.infer<typeof PoiCategory>;
