import { checkCycleLeg } from '../../modes/cycle.ts';
import type { OptionFamily } from './family.ts';
import { streetCandidate } from './street.ts';

/** Cycling door to door is considered up to this straight-line distance. */
export const CYCLE_DIRECT_M = 25_000;

export const cycleFamily: OptionFamily = {
  candidates(ctx) {
    if (!ctx.allowed('cycle') || ctx.crowM > CYCLE_DIRECT_M) return [];
    const parts = [{ type: 'cycle' as const, from: ctx.origin, to: ctx.destination }];
    return streetCandidate(ctx, 'cycle', { parts }, { check: checkCycleLeg });
  },
};
