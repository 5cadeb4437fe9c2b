import { bikeHirePence } from '../journeys/fares/tariffs.ts';
import { findSnapPoint } from '../streets/snap.ts';
import { reachTargets } from '../streets/search.ts';
import type { SnapPoint } from '../streets/search.ts';
import { MAX_SNAP_M } from '../streets/streetNetwork.ts';
import type { BikeHire } from '../region/regionConfig.ts';
import { planStreetStep, totals } from './streetStep.ts';
import type { ModeContext, TravelMode } from './types.ts';

/** Furthest walk to a pick-up dock or from a drop-off dock. */
export const MAX_WALK_TO_DOCK_SEC = 15 * 60;

/** Docks within walking reach of a point (direction 'from': walking to them; 'to': walking from them), nearest first. */
export function listDocksNear(
  ctx: ModeContext,
  lat: number,
  lon: number,
  direction: 'from' | 'to',
  maxSec = MAX_WALK_TO_DOCK_SEC,
): Array<{ index: number; walkSec: number }> {
  const point = findSnapPoint(ctx.net.snap, lat, lon, 'foot', MAX_SNAP_M);
  if (!point) return [];
  const usable = ctx.bikeDocks
    .map((d, index) => ({ index, snap: d.foot, capacity: d.station.capacity }))
    .filter(
      (d): d is { index: number; snap: SnapPoint; capacity: number } =>
        d.snap !== undefined && d.capacity > 0,
    );
  const reached = reachTargets(
    ctx.net.graph,
    point,
    'foot',
    maxSec,
    usable.map((d) => d.snap),
    direction,
  );
  return reached
    .map((r) => ({ index: usable[r.target]!.index, walkSec: r.durationSec }))
    .sort((a, b) => a.walkSec - b.walkSec);
}

/** The cheapest pricing plan for a ride of this length, with its price. */
export function cheapestPlan(
  scheme: BikeHire,
  rideSec: number,
): { plan: BikeHire['pricing_plans'][number]; pence: number } | undefined {
  let best: { plan: BikeHire['pricing_plans'][number]; pence: number } | undefined;
  for (const plan of scheme.pricing_plans) {
    const pence = bikeHirePence(plan, rideSec);
    if (!best || pence < best.pence) best = { plan, pence };
  }
  return best;
}

/** Docked bike hire: walk to the nearest dock, ride to the dock nearest the destination, walk on. */
export const bikeHireMode: TravelMode = {
  mode: 'bike hire',
  plan(ctx, req) {
    const scheme = ctx.region.bikeHire;
    if (!scheme) return { ok: false, reason: 'the region has no bike-hire scheme' };
    const pick = listDocksNear(ctx, req.from.lat, req.from.lon, 'from')[0];
    if (!pick) return { ok: false, reason: 'no bike-hire dock within a 15-minute walk of the start' };
    const drop = listDocksNear(ctx, req.to.lat, req.to.lon, 'to')[0];
    if (!drop) return { ok: false, reason: 'no bike-hire dock within a 15-minute walk of the destination' };
    if (drop.index === pick.index)
      return { ok: false, reason: 'the same dock is nearest both ends; walking is simpler' };
    const a = ctx.bikeDocks[pick.index]!;
    const b = ctx.bikeDocks[drop.index]!;
    const aPoint = { name: a.station.name, lat: a.station.lat, lon: a.station.lon };
    const bPoint = { name: b.station.name, lat: b.station.lat, lon: b.station.lon };
    const walkIn = planStreetStep(ctx, 'walk', 'foot', req.from, aPoint, { to: a.foot });
    const ride = planStreetStep(ctx, 'bike hire', 'bicycle', aPoint, bPoint, {
      from: a.bicycle,
      to: b.bicycle,
    });
    const walkOut = planStreetStep(ctx, 'walk', 'foot', bPoint, req.to, { from: b.foot });
    if (!walkIn.ok) return walkIn;
    if (!ride.ok) return ride;
    if (!walkOut.ok) return walkOut;
    const price = cheapestPlan(scheme, ride.step.durationSec);
    if (price) ride.step.bikeHirePlanId = price.plan.plan_id;
    ride.step.description = `Hire a ${scheme.system_information.name} bike at ${a.station.name} and ride to ${b.station.name}`;
    const steps = [walkIn.step, ride.step, walkOut.step];
    return {
      ok: true,
      option: {
        mode: 'bike hire',
        steps,
        ...totals(steps),
        cost: price
          ? {
              pence: price.pence,
              estimate: false,
              lines: [{ description: `Bike hire (${price.plan.name})`, pence: price.pence }],
            }
          : {
              pence: null,
              estimate: false,
              lines: [{ description: 'Bike hire: price not known', pence: null }],
            },
      },
    };
  },
};
