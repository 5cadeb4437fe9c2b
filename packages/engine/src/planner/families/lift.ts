import type { OptionFamily } from './family.ts';
import { doorToDoor, streetCandidate } from './street.ts';

/**
 * A lift door to door spans this straight-line range: shorter is a walk, longer is beyond a local
 * favour. A lift (SPEC "car", modes/car.ts) needs no car access, only a brand that allows "car".
 */
export const LIFT_DIRECT_M = { min: 1_000, max: 60_000 } as const;

export const liftFamily: OptionFamily = {
  candidates(ctx) {
    if (!ctx.allowed('car') || ctx.crowM < LIFT_DIRECT_M.min || ctx.crowM > LIFT_DIRECT_M.max) return [];
    return streetCandidate(ctx, 'lift', doorToDoor(ctx, 'car'));
  },
};
