import type { PlacePoint } from '../journeys/model.ts';
import { findSnapPoint } from '../streets/snap.ts';
import { reachTargets } from '../streets/search.ts';
import type { SnapPoint } from '../streets/search.ts';
import { MAX_SNAP_M } from '../streets/streetNetwork.ts';
import type { PartsAnswer } from './streetStep.ts';
import type { ModeContext } from './types.ts';

/** Furthest walk to a car-club bay. */
export const MAX_WALK_TO_BAY_SEC = 20 * 60;

/** Car-club bays within walking reach of a point, nearest first. */
function listBaysNear(
  ctx: ModeContext,
  lat: number,
  lon: number,
  maxSec = MAX_WALK_TO_BAY_SEC,
): Array<{ index: number; walkSec: number }> {
  const origin = findSnapPoint(ctx.net.snap, lat, lon, 'foot', MAX_SNAP_M);
  if (!origin) return [];
  const usable = ctx.carClubBays
    .map((b, index) => ({ index, snap: b.foot }))
    .filter((b): b is { index: number; snap: SnapPoint } => b.snap !== undefined);
  const reached = reachTargets(
    ctx.net.graph,
    origin,
    'foot',
    maxSec,
    usable.map((b) => b.snap),
    'from',
  );
  return reached
    .map((r) => ({ index: usable[r.target]!.index, walkSec: r.durationSec }))
    .sort((a, b) => a.walkSec - b.walkSec);
}

/**
 * Car club: walk to the nearest bay (within MAX_WALK_TO_BAY_SEC, with a car on a street and a
 * provider the region knows) and drive the provider's car on. The car goes back to its bay, so a
 * trip is only half of a booking: the fares code books the round trip across both legs.
 */
export function carClubParts(modes: ModeContext, from: PlacePoint, to: PlacePoint): PartsAnswer {
  for (const near of listBaysNear(modes, from.lat, from.lng)) {
    const { bay, car } = modes.carClubBays[near.index]!;
    const provider = modes.region.carClub.providers.find((p) => p.id === bay.providerId);
    if (!provider || !car) continue;
    const bayPlace: PlacePoint = { name: `${bay.name} car-club bay`, lat: bay.lat, lng: bay.lon };
    return {
      parts: [
        { type: 'walk', from, to: bayPlace },
        { type: 'car club', from: bayPlace, to, extra: { carClubProviderId: provider.id } },
      ],
    };
  }
  return { reason: 'no car-club bay within a 20-minute walk' };
}
