import { listBaysNear } from '../../modes/carClub.ts';
import type { OptionFamily } from './family.ts';
import { streetCandidate } from './street.ts';

/**
 * Car club: a round trip from the bay nearest the origin on foot (modes/carClub.ts), offered on
 * return searches only. Every provider region.json can describe is bay-based (a car is booked
 * from its home bay and must be brought back to it), so a single journey would leave the
 * traveller paying until someone drove it back. The return retraces the way to the bay and the
 * fares code books one round trip over both legs. One-way car clubs need a provider field saying
 * cars may be left elsewhere, which no region has yet.
 */
export const carClubFamily: OptionFamily = {
  candidates(ctx) {
    const { data, origin, destination } = ctx;
    if (!ctx.allowed('car club') || !ctx.hasReturn) return [];
    const providers = data.region.carClub.providers;
    const bay = listBaysNear(data.modes, origin.lat, origin.lng)
      .map((b) => data.modes.carClubBays[b.index])
      .find((b) => b?.car && providers.some((p) => p.id === b.bay.providerId))?.bay;
    if (!bay) return [];
    const bayPlace = { name: `${bay.name} car-club bay`, lat: bay.lat, lng: bay.lon };
    return streetCandidate(ctx, 'car club', [
      { type: 'walk', from: origin, to: bayPlace },
      { type: 'car club', from: bayPlace, to: destination, extra: { carClubProviderId: bay.providerId } },
    ]);
  },
};
