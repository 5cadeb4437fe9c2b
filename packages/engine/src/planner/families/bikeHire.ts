import { bikeHireParts } from '../../modes/bikeHire.ts';
import type { OptionFamily } from './family.ts';
import { streetCandidate } from './street.ts';

/** Bike hire door to door is considered up to this straight-line distance. */
export const BIKE_HIRE_DIRECT_M = 20_000;
/** Furthest walk to or from a hire dock on a door-to-door bike-hire trip. */
const BIKE_HIRE_WALK_SEC = 10 * 60;

/** Bike hire: from the dock nearest the origin on foot to the dock nearest the destination. */
export const bikeHireFamily: OptionFamily = {
  candidates(ctx) {
    if (!ctx.allowed('bike hire') || ctx.crowM > BIKE_HIRE_DIRECT_M) return [];
    return streetCandidate(
      ctx,
      'bike hire',
      bikeHireParts(ctx.data.modes, ctx.origin, ctx.destination, BIKE_HIRE_WALK_SEC),
    );
  },
};
