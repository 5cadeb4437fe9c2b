import type {
  BrandSettings,
  Journey,
  PlaceSuggestion,
  Profile,
  RegionInfo,
  SearchRequest,
} from '@cairn/contracts';

/** A street of the region for the map tiles: a line with its OSM highway class and name. */
export interface StreetFeature {
  type: 'Feature';
  geometry: { type: 'LineString'; coordinates: [number, number][] };
  properties: { kind: string; name?: string | null };
}

/**
 * What the API needs from the journey-planning engine. The engine's `loadPlanner(regionDir)`
 * returns one; tests use a small planner over fixture journeys.
 */
export interface Planner {
  plan(request: SearchRequest, profile: Profile | null, brand: BrandSettings): Promise<Journey[]>;
  autocomplete(q: string, limit: number): PlaceSuggestion[] | Promise<PlaceSuggestion[]>;
  reverse(lat: number, lng: number): PlaceSuggestion | null | Promise<PlaceSuggestion | null>;
  regionInfo(): RegionInfo;
  /** The region's streets as GeoJSON line features (lng, lat), for vector tiles. */
  streetFeatures(): Iterable<StreetFeature> | Promise<Iterable<StreetFeature>>;
}
