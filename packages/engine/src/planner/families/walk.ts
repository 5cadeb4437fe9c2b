import { checkWalkLeg } from '../../modes/walk.ts';
import type { OptionFamily } from './family.ts';
import { streetCandidate } from './street.ts';

/** Walking door to door is considered up to this straight-line distance. */
export const WALK_DIRECT_M = 6_000;
/**
 * Walking alone is always offered when it takes at most this long (ADR 008): it needs nothing
 * of the traveller, so no faster option that needs a bike, a car or money can hide it.
 */
export const WALK_ALWAYS_SEC = 40 * 60;

export const walkFamily: OptionFamily = {
  candidates(ctx) {
    if (!ctx.allowed('walk') || ctx.crowM > WALK_DIRECT_M) return [];
    const parts = [{ type: 'walk' as const, from: ctx.origin, to: ctx.destination }];
    return streetCandidate(
      ctx,
      'walk',
      { parts },
      { check: checkWalkLeg, pinned: (sec) => sec <= WALK_ALWAYS_SEC },
    );
  },
};
