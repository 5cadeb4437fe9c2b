import { z } from 'zod';
import { LatLng } from './common.ts';

export const PLACE_KINDS = ['place', 'street', 'address', 'poi', 'station', 'stop'] as const;

export const PlaceSuggestion = z.object({
  id: z.string(),
  /** The text to put in the address box. */
  label: z.string(),
  /** A second line: locality, kind. */
  description: z.string(),
  kind: z.enum(PLACE_KINDS),
  location: LatLng,
});
export type PlaceSuggestion = z.infer<typeof PlaceSuggestion>;

export const PlacesQuery = z.object({
  q: z.string().trim().min(1).max(100),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});

export const ReverseQuery = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});

export const PlacesResponse = z.object({ data: z.array(PlaceSuggestion) });
export const ReverseResponse = z.object({ data: PlaceSuggestion.nullable() });
