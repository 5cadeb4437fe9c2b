import { carClubPence } from '../journeys/fares/tariffs.ts';
import { findSnapPoint } from '../streets/snap.ts';
import { reachTargets } from '../streets/search.ts';
import type { SnapPoint } from '../streets/search.ts';
import { MAX_SNAP_M } from '../streets/streetNetwork.ts';
import { planStreetStep, totals } from './streetStep.ts';
import type { ModeContext, TravelMode } from './types.ts';
import { fromToPhrase } from '../journeys/format/placeNames.ts';

/** Furthest walk to a car-club bay. */
export const MAX_WALK_TO_BAY_SEC = 20 * 60;

/** Car-club bays within walking reach of a point, nearest first. */
export function listBaysNear(
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
 * Car club: walk to the nearest bay, drive to the destination. Car-club cars go back to their
 * bay, so the priced booking here covers the outbound drive only; the fares code books the
 * round trip across both legs of a return journey.
 */
export const carClubMode: TravelMode = {
  mode: 'car club',
  plan(ctx, req) {
    const near = listBaysNear(ctx, req.from.lat, req.from.lon);
    for (const candidate of near) {
      const { bay, foot, car } = ctx.carClubBays[candidate.index]!;
      const provider = ctx.region.carClub.providers.find((p) => p.id === bay.providerId);
      if (!provider || !car) continue;
      const bayPoint = { name: bay.name, lat: bay.lat, lon: bay.lon };
      const walk = planStreetStep(ctx, 'walk', 'foot', req.from, bayPoint, { to: foot });
      const drive = planStreetStep(ctx, 'car club', 'car', bayPoint, req.to, { from: car });
      if (!walk.ok || !drive.ok) continue;
      drive.step.carClubProviderId = provider.id;
      drive.step.description = `Drive a ${provider.name} car ${fromToPhrase(bay, req.to)}`;
      const steps = [walk.step, drive.step];
      const { pence, bookedMin } = carClubPence(provider, drive.step.durationSec, drive.step.distanceM);
      return {
        ok: true,
        option: {
          mode: 'car club',
          steps,
          ...totals(steps),
          cost: {
            pence,
            estimate: true,
            lines: [{ description: `${provider.name}: ${bookedMin} minutes booked and mileage`, pence }],
          },
          carClub: {
            providerId: provider.id,
            name: provider.name,
            promoLink: provider.promoLink,
            logo: provider.logo,
            bayName: bay.name,
          },
        },
      };
    }
    return { ok: false, reason: 'no car-club bay within a 20-minute walk' };
  },
};
