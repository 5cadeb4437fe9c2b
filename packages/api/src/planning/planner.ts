import type {
  BrandSettings,
  Journey,
  PlaceErrors,
  PlaceSuggestion,
  Profile,
  RegionInfo,
  SearchRequest,
} from '@cairn/contracts';

/**
 * A base-map feature (lng, lat). `properties.layer` says what it is: 'street' and 'ferry' lines
 * (with `highway`, `name`), 'place', 'station', 'stop', 'car club', 'bike hire' points, and water:
 * 'water' areas, 'waterway' lines and 'water label' points (with `name`).
 */
export interface MapFeature {
  type: 'Feature';
  geometry:
    | { type: 'LineString'; coordinates: Array<[number, number]> }
    | { type: 'Point'; coordinates: [number, number] }
    | { type: 'Polygon'; coordinates: Array<Array<[number, number]>> };
  properties: Record<string, string | number | boolean | null>;
}

export interface MapFeatureCollection {
  type: 'FeatureCollection';
  features: MapFeature[];
}

/**
 * What the API needs from the journey-planning engine. The engine's `loadPlanner(regionDir)`
 * returns one; tests use a small planner over fixture journeys.
 */
export interface Planner {
  plan(request: SearchRequest, profile: Profile | null, brand: BrandSettings): Promise<Journey[]>;
  /**
   * Why the origin or destination cannot be placed (not found, outside the region), as field
   * errors; {} when both can. Optional: a planner without it is trusted to place both ends.
   */
  checkPlaces?(request: SearchRequest): PlaceErrors | Promise<PlaceErrors>;
  autocomplete(q: string, limit: number): PlaceSuggestion[] | Promise<PlaceSuggestion[]>;
  reverse(lat: number, lng: number): PlaceSuggestion | null | Promise<PlaceSuggestion | null>;
  regionInfo(): RegionInfo;
  /** The region's base map (streets, ferries, places, stations, stops) for the vector tiles. */
  mapFeatures(): MapFeatureCollection;
}
