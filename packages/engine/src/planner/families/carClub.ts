import { carClubParts } from '../../modes/carClub.ts';
import type { OptionFamily } from './family.ts';
import { streetCandidate } from './street.ts';

/**
 * Car club: a round trip from the bay nearest the origin on foot, offered on return searches
 * only. Every provider region.json can describe is bay-based (a car is booked from its home bay
 * and must be brought back to it), so a single journey would leave the traveller paying until
 * someone drove it back. The return retraces the way to the bay and the fares code books one
 * round trip over both legs. One-way car clubs need a provider field saying cars may be left
 * elsewhere, which no region has yet.
 */
export const carClubFamily: OptionFamily = {
  candidates(ctx) {
    if (!ctx.allowed('car club') || !ctx.hasReturn) return [];
    return streetCandidate(ctx, 'car club', carClubParts(ctx.data.modes, ctx.origin, ctx.destination));
  },
};
