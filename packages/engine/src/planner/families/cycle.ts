import type { OptionFamily } from './family.ts';
import { doorToDoor, streetCandidate } from './street.ts';

/** Cycling door to door is considered up to this straight-line distance. */
export const CYCLE_DIRECT_M = 25_000;

export const cycleFamily: OptionFamily = {
  candidates(ctx) {
    if (!ctx.allowed('cycle') || ctx.crowM > CYCLE_DIRECT_M) return [];
    return streetCandidate(ctx, 'cycle', doorToDoor(ctx, 'cycle'));
  },
};
