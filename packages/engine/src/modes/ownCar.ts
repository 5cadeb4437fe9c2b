import { haversineM } from '../streets/geo.ts';
import { metresToMiles } from '../streets/format.ts';
import { planStreetStep, totals } from './streetStep.ts';
import type { ModeContext, ModeStep, NamedPoint, TravelMode } from './types.ts';

/** A car park further than this walk from the destination is not worth using. */
export const PARK_WALK_MAX_M = 800;

/** Nearest mapped car park within walking reach of a destination, if any. */
export function findCarParkNear(
  ctx: ModeContext,
  to: NamedPoint,
): ModeContext['carParks'][number] | undefined {
  let best: ModeContext['carParks'][number] | undefined;
  let bestD = PARK_WALK_MAX_M;
  for (const cp of ctx.carParks) {
    if (!cp.car || !cp.foot) continue;
    const d = haversineM(to.lat, to.lon, cp.carPark.lat, cp.carPark.lon);
    if (d <= bestD) {
      bestD = d;
      best = cp;
    }
  }
  return best;
}

/**
 * The traveller's own car: needs car access in the profile; drives to the car park nearest the
 * destination (or to the door when none is mapped) and walks the rest. Cost: the region's
 * running cost per mile; parking depends on the stay, so it is priced with the return leg.
 */
export const ownCarMode: TravelMode = {
  mode: 'own car',
  plan(ctx, req) {
    if (!req.traveller.hasCarAccess) return { ok: false, reason: 'the traveller has no car access' };
    const park = findCarParkNear(ctx, req.to);
    const parkPoint: NamedPoint = park
      ? { name: park.carPark.name ?? 'car park', lat: park.carPark.lat, lon: park.carPark.lon }
      : req.to;
    const drive = planStreetStep(ctx, 'own car', 'car', req.from, parkPoint, { to: park?.car });
    if (!drive.ok) return drive;
    drive.step.leavesVehicleAt = parkPoint;
    const steps: ModeStep[] = [drive.step];
    if (park) {
      const walk = planStreetStep(ctx, 'walk', 'foot', parkPoint, req.to, { from: park.foot });
      if (!walk.ok) return walk;
      steps.push(walk.step);
    }
    const miles = metresToMiles(drive.step.distanceM);
    const running = Math.round(ctx.region.ownCar.runningCostPerMilePence * miles);
    const lines: Array<{ description: string; pence: number | null }> = [
      { description: `Running costs for ${miles.toFixed(1)} miles (fuel and wear)`, pence: running },
    ];
    if (park?.carPark.fee === false) lines.push({ description: `Parking at ${parkPoint.name}`, pence: 0 });
    else lines.push({ description: `Parking at ${parkPoint.name}: depends on your stay`, pence: null });
    return {
      ok: true,
      option: { mode: 'own car', steps, ...totals(steps), cost: { pence: running, estimate: true, lines } },
    };
  },
};
