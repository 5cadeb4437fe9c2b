import { taxiParts } from '../../modes/taxi.ts';
import type { OptionFamily } from './family.ts';
import { streetCandidate } from './street.ts';

/** A taxi door to door is considered up to this straight-line distance. */
export const TAXI_DIRECT_M = 60_000;

/** A taxi door to door, where a local operator serves the pick-up. */
export const taxiFamily: OptionFamily = {
  candidates(ctx) {
    if (!ctx.allowed('taxi') || ctx.crowM > TAXI_DIRECT_M) return [];
    return streetCandidate(ctx, 'taxi', taxiParts(ctx.data.modes, ctx.origin, ctx.destination));
  },
};
