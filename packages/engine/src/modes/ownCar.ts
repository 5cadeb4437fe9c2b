import type { PlacePoint } from '../journeys/model.ts';
import type { Traveller } from '../journeys/fares/traveller.ts';
import type { CarPark } from '../places/types.ts';
import { haversineM } from '../geo/geometry.ts';
import type { ChainPart } from './streetStep.ts';
import type { ModeContext } from './types.ts';

/** A car park further than this (straight line) from the destination is not worth using. */
export const PARK_WALK_MAX_M = 800;

/** Nearest mapped car park within PARK_WALK_MAX_M of a destination that cars and walkers can reach, if any. */
function findCarParkNear(modes: Pick<ModeContext, 'carParks'>, to: PlacePoint): CarPark | undefined {
  let best: CarPark | undefined;
  let bestM = PARK_WALK_MAX_M;
  for (const cp of modes.carParks) {
    if (!cp.car || !cp.foot) continue;
    const m = haversineM(to.lat, to.lng, cp.carPark.lat, cp.carPark.lon);
    if (m <= bestM) {
      bestM = m;
      best = cp.carPark;
    }
  }
  return best;
}

/**
 * The traveller's own car door to door: needs car access; drives to the car park nearest the
 * destination and walks on, or to the door when no car park is mapped near it. `carPark` is where
 * the car is left (its `fee` says whether parking there is free), absent when parked at the door.
 */
export function ownCarParts(
  modes: Pick<ModeContext, 'carParks'>,
  from: PlacePoint,
  to: PlacePoint,
  traveller: Pick<Traveller, 'carAccess'>,
): { parts: ChainPart[]; carPark?: CarPark } | { reason: string } {
  if (!traveller.carAccess) return { reason: 'the traveller has no car access' };
  const carPark = findCarParkNear(modes, to);
  if (!carPark) return { parts: [{ type: 'own car', from, to }] };
  const park: PlacePoint = { name: carPark.name ?? 'Car park', lat: carPark.lat, lng: carPark.lon };
  return {
    parts: [
      { type: 'own car', from, to: park },
      { type: 'walk', from: park, to },
    ],
    carPark,
  };
}
