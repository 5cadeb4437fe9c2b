import { findSnapPoint } from '../streets/snap.ts';
import type { SnapPoint } from '../streets/search.ts';
import { describeStreetPath } from '../streets/directions.ts';
import { MAX_SNAP_M, routeSnapped } from '../streets/streetNetwork.ts';
import type { StreetMode } from '../osm/wayAccess.ts';
import type { RegionMode } from '../region/regionConfig.ts';
import type { ModeContext, ModeStep, NamedPoint } from './types.ts';

const VERB: Partial<Record<RegionMode, string>> = {
  walk: 'Walk',
  cycle: 'Cycle',
  'bike hire': 'Cycle',
  'own car': 'Drive',
  car: 'Get a lift',
  'car club': 'Drive',
  taxi: 'Taxi',
  drt: 'Demand responsive transport',
  'community transport': 'Community transport',
};

/**
 * One street step between two points, routed for `streetMode` and labelled as `type`, or a
 * reason why there is none. Pre-snapped points may be passed to save the snapping.
 */
export function planStreetStep(
  ctx: ModeContext,
  type: RegionMode,
  streetMode: StreetMode,
  from: NamedPoint,
  to: NamedPoint,
  snapped: { from?: SnapPoint | undefined; to?: SnapPoint | undefined } = {},
): { ok: true; step: ModeStep } | { ok: false; reason: string } {
  const a = snapped.from ?? findSnapPoint(ctx.net.snap, from.lat, from.lon, streetMode, MAX_SNAP_M);
  if (!a) return { ok: false, reason: `${from.name} is not near a street usable by ${streetMode}` };
  const b = snapped.to ?? findSnapPoint(ctx.net.snap, to.lat, to.lon, streetMode, MAX_SNAP_M);
  if (!b) return { ok: false, reason: `${to.name} is not near a street usable by ${streetMode}` };
  const path = routeSnapped(ctx.net, a, b, streetMode);
  if (!path) return { ok: false, reason: `no ${streetMode} route from ${from.name} to ${to.name}` };
  const route = describeStreetPath(ctx.net.graph, path);
  return {
    ok: true,
    step: {
      type,
      from,
      to,
      waitSec: 0,
      durationSec: route.durationSec,
      distanceM: route.distanceM,
      route,
      description: `${VERB[type] ?? type} from ${from.name} to ${to.name}`,
    },
  };
}

/** Sum of durations (with waits) and distances of steps. */
export function totals(steps: readonly ModeStep[]): { durationSec: number; distanceM: number } {
  let durationSec = 0;
  let distanceM = 0;
  for (const s of steps) {
    durationSec += s.waitSec + s.durationSec;
    distanceM += s.distanceM;
  }
  return { durationSec, distanceM };
}
