import type { OptionFamily } from './family.ts';
import { doorToDoor, streetCandidate } from './street.ts';

/** Driving the traveller's own car door to door (needs car access in the profile). */
export const ownCarFamily: OptionFamily = {
  candidates(ctx) {
    if (!ctx.allowed('own car')) return [];
    return streetCandidate(ctx, 'own car', doorToDoor(ctx, 'own car'));
  },
};
