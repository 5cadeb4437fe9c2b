import { findSnapPoint } from '../streets/snap.ts';
import type { StreetNetwork } from '../streets/streetNetwork.ts';
import type { RegionConfig } from '../region/regionConfig.ts';
import type { PlaceCatalogue } from '../places/types.ts';
import type { ModeContext } from './types.ts';

/** Region points are expected this close to a street (bays and docks sit on one). */
const POINT_SNAP_M = 300;

/** Snap the region's bays, docks and car parks once, for the modes that use them. */
export function createModeContext(
  net: StreetNetwork,
  region: RegionConfig,
  places: PlaceCatalogue,
): ModeContext {
  const snap = (lat: number, lon: number, mode: 'foot' | 'bicycle' | 'car') =>
    findSnapPoint(net.snap, lat, lon, mode, POINT_SNAP_M);
  return {
    net,
    region,
    places,
    carClubBays: region.carClub.bays.map((bay) => ({
      bay,
      foot: snap(bay.lat, bay.lon, 'foot'),
      car: snap(bay.lat, bay.lon, 'car'),
    })),
    bikeDocks: (region.bikeHire?.stations ?? []).map((station) => ({
      station,
      foot: snap(station.lat, station.lon, 'foot'),
      bicycle: snap(station.lat, station.lon, 'bicycle'),
    })),
    carParks: places.carParks.map((carPark) => ({
      carPark,
      foot: snap(carPark.lat, carPark.lon, 'foot'),
      car: snap(carPark.lat, carPark.lon, 'car'),
    })),
  };
}
