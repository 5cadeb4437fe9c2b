import type { RegionConfig } from '../region/regionConfig.ts';
import type { StreetNetwork } from '../streets/streetNetwork.ts';
import type { SnapPoint } from '../streets/search.ts';
import type { CarPark, PlaceCatalogue } from '../places/types.ts';

/** A named position (origin, destination, bay, dock, stop). */
export interface NamedPoint {
  name: string;
  lat: number;
  lon: number;
}

/** What the modes' rules read: streets, region services and places, with the region's points snapped once. */
export interface ModeContext {
  net: StreetNetwork;
  region: RegionConfig;
  places: PlaceCatalogue;
  /** Region points snapped once for each mode that reaches them. */
  carClubBays: Array<{
    bay: RegionConfig['carClub']['bays'][number];
    foot: SnapPoint | undefined;
    car: SnapPoint | undefined;
  }>;
  bikeDocks: Array<{
    station: NonNullable<RegionConfig['bikeHire']>['stations'][number];
    foot: SnapPoint | undefined;
    bicycle: SnapPoint | undefined;
  }>;
  carParks: Array<{ carPark: CarPark; foot: SnapPoint | undefined; car: SnapPoint | undefined }>;
}
