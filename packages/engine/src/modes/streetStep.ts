import type { TravelType } from '@cairn/contracts';
import type { PlacePoint, PlannedLeg, PlannedStep } from '../journeys/model.ts';
import { findSnapPoint } from '../streets/snap.ts';
import type { SnapPoint } from '../streets/search.ts';
import { describeStreetPath } from '../streets/directions.ts';
import type { StreetRoute } from '../streets/directions.ts';
import { MAX_SNAP_M, routeSnapped } from '../streets/streetNetwork.ts';
import type { StreetNetwork } from '../streets/streetNetwork.ts';
import type { StreetMode } from '../osm/wayAccess.ts';
import type { RegionMode } from '../region/regionConfig.ts';
import type { ModeContext, ModeStep, NamedPoint } from './types.ts';
import { endNames, fromToPhrase } from '../journeys/format/placeNames.ts';

/*
 * The one home of street steps: door-to-door modes (planStreetStep, untimed ModeStep) and the
 * journey planner (buildStreetStep / buildStreetChain, epoch-timed PlannedStep) route through the
 * same snapping and routing and word their steps from the same table.
 */

/** The street mode a travel type drives, rides or walks on. */
export function streetModeFor(type: TravelType): StreetMode {
  switch (type) {
    case 'walk':
      return 'foot';
    case 'cycle':
    case 'bike hire':
      return 'bicycle';
    default:
      return 'car';
  }
}

const VERB: Partial<Record<TravelType, string>> = {
  walk: 'Walk',
  cycle: 'Cycle',
  'bike hire': 'Ride a hire bike',
  'own car': 'Drive',
  car: 'Get a lift',
  'car club': 'Drive a car-club car',
  taxi: 'Take a taxi',
  drt: 'Travel by demand-responsive bus',
  'community transport': 'Travel by community transport',
};

/** Snaps both ends for a street mode and routes between them, or says why there is no route. */
function routeStreet(
  net: StreetNetwork,
  streetMode: StreetMode,
  from: NamedPoint,
  to: NamedPoint,
  snapped: { from?: SnapPoint | undefined; to?: SnapPoint | undefined } = {},
): { ok: true; route: StreetRoute } | { ok: false; reason: string } {
  const a = snapped.from ?? findSnapPoint(net.snap, from.lat, from.lon, streetMode, MAX_SNAP_M);
  if (!a) return { ok: false, reason: `${from.name} is not near a street usable by ${streetMode}` };
  const b = snapped.to ?? findSnapPoint(net.snap, to.lat, to.lon, streetMode, MAX_SNAP_M);
  if (!b) return { ok: false, reason: `${to.name} is not near a street usable by ${streetMode}` };
  const path = routeSnapped(net, a, b, streetMode);
  if (!path) return { ok: false, reason: `no ${streetMode} route from ${from.name} to ${to.name}` };
  return { ok: true, route: describeStreetPath(net.graph, path) };
}

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
  const r = routeStreet(ctx.net, streetMode, from, to, snapped);
  if (!r.ok) return r;
  return {
    ok: true,
    step: {
      type,
      from,
      to,
      waitSec: 0,
      durationSec: r.route.durationSec,
      distanceM: r.route.distanceM,
      route: r.route,
      description: `${VERB[type] ?? type} ${fromToPhrase(from, to)}`,
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

/** When a leg starts, or when it must end. */
export type At = { startSec: number } | { endSec: number };

/**
 * A timed street step of the journey planner between two points by a travel type, starting at
 * `at.startSec` or ending at `at.endSec`; undefined when either end is off the network or no
 * route exists. `rideSec` re-times vehicles that do not drive at street speed (DRT: see
 * modes/flexible.ts flexibleRideSec).
 */
export function buildStreetStep(
  net: StreetNetwork,
  type: TravelType,
  from: PlacePoint,
  to: PlacePoint,
  at: At,
  extra: Partial<PlannedStep> = {},
  rideSec?: (distanceM: number, streetSec: number) => number,
): PlannedStep | undefined {
  const r = routeStreet(
    net,
    streetModeFor(type),
    { name: from.name, lat: from.lat, lon: from.lng },
    { name: to.name, lat: to.lat, lon: to.lng },
  );
  if (!r.ok) return undefined;
  const route = r.route;
  const durationSec = Math.round(rideSec ? rideSec(route.distanceM, route.durationSec) : route.durationSec);
  const startSec = 'startSec' in at ? at.startSec : at.endSec - durationSec;
  const hasElevation = route.elevationHighestM !== null && route.elevationLowestM !== null;
  return {
    type,
    startSec,
    endSec: startSec + durationSec,
    distanceM: route.distanceM,
    from,
    to,
    coords: route.coordinates.map(([lat, lon]) => [lat, lon] as [number, number]),
    directions: route.directions.map((d) => ({ text: d.instruction, distanceM: d.distanceM })),
    elevation: hasElevation
      ? { highestM: route.elevationHighestM ?? 0, lowestM: route.elevationLowestM ?? 0 }
      : null,
    description: `${VERB[type] ?? type} to ${endNames(from, to).to}`,
    ...extra,
  };
}

/** A planner leg of consecutive street steps, each timed after (or, arriving by, before) the previous. */
export function buildStreetChain(
  net: StreetNetwork,
  parts: Array<{ type: TravelType; from: PlacePoint; to: PlacePoint; extra?: Partial<PlannedStep> }>,
  at: At,
): PlannedLeg | undefined {
  const steps: PlannedStep[] = [];
  if ('startSec' in at) {
    let t = at.startSec;
    for (const p of parts) {
      const s = buildStreetStep(net, p.type, p.from, p.to, { startSec: t }, p.extra);
      if (!s) return undefined;
      steps.push(s);
      t = s.endSec;
    }
  } else {
    let t = at.endSec;
    for (const p of [...parts].reverse()) {
      const s = buildStreetStep(net, p.type, p.from, p.to, { endSec: t }, p.extra);
      if (!s) return undefined;
      steps.unshift(s);
      t = s.startSec;
    }
  }
  return { steps };
}
