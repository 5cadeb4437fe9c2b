import type { OptionFamily } from './family.ts';
import { streetCandidate } from './street.ts';

/**
 * A lift door to door spans this straight-line range: shorter is a walk, longer is beyond a local
 * favour. A lift (SPEC "car": someone else drives, ADR 004) needs no car access, only a brand that
 * allows "car"; it is free to the traveller and its CO2 counts the driver's run back.
 */
export const LIFT_DIRECT_M = { min: 1_000, max: 60_000 } as const;

export const liftFamily: OptionFamily = {
  candidates(ctx) {
    if (!ctx.allowed('car') || ctx.crowM < LIFT_DIRECT_M.min || ctx.crowM > LIFT_DIRECT_M.max) return [];
    const parts = [{ type: 'car' as const, from: ctx.origin, to: ctx.destination }];
    return streetCandidate(ctx, 'lift', { parts });
  },
};
