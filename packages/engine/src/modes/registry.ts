import { bikeHireMode } from './bikeHire.ts';
import { carMode } from './car.ts';
import { carClubMode } from './carClub.ts';
import { cycleMode } from './cycle.ts';
import { communityTransportMode, drtMode } from './flexible.ts';
import { ownCarMode } from './ownCar.ts';
import { taxiMode } from './taxi.ts';
import { walkMode } from './walk.ts';
import type { ModeAnswer, ModeContext, TravelMode, TripRequest } from './types.ts';
import type { RegionMode } from '../region/regionConfig.ts';

/** Every door-to-door mode, in the order options are usually listed. */
export const DOOR_TO_DOOR_MODES: readonly TravelMode[] = [
  walkMode,
  cycleMode,
  ownCarMode,
  carMode,
  taxiMode,
  carClubMode,
  bikeHireMode,
  drtMode,
  communityTransportMode,
];

/** Ask every door-to-door mode (or the named ones) about a trip. */
export function planDoorToDoor(
  ctx: ModeContext,
  req: TripRequest,
  only?: readonly RegionMode[],
): Array<{ mode: RegionMode; answer: ModeAnswer }> {
  return DOOR_TO_DOOR_MODES.filter((m) => !only || only.includes(m.mode)).map((m) => ({
    mode: m.mode,
    answer: m.plan(ctx, req),
  }));
}
