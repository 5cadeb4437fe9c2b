import type { TravelType } from '@cairn/contracts';
import type { PlacePoint, PlannedLeg, PlannedStep } from '../journeys/model.ts';
import { listSnapPoints } from '../streets/snap.ts';
import { listEnds } from '../streets/search.ts';
import { formatShortDistance } from '../format/distance.ts';
import { describeStraightWalk, isMapGapDetour } from '../streets/straightWalk.ts';
import { haversineM } from '../geo/geometry.ts';
import { endNames } from '../format/placeNames.ts';
import { describeStreetPath } from '../streets/directions.ts';
import type { StreetRoute } from '../streets/directions.ts';
import { MAX_SNAP_M, routeSnapped } from '../streets/streetNetwork.ts';
import type { StreetNetwork } from '../streets/streetNetwork.ts';
import type { StreetMode } from '../osm/wayAccess.ts';
import { STRAIGHT_WALK_STEP_FREE, walkStepFree } from '../stepFree/labels.ts';
import { pathStepFreeCode } from '../stepFree/streetProfile.ts';

/*
 * The one home of street steps. Each mode's module says which parts a trip by that mode is made of
 * (ownCarParts: drive to a car park, walk on; carClubParts: walk to a bay, drive; ...) as
 * ChainParts, or why the mode cannot serve the trip; the journey planner times them here
 * (buildStreetChain / buildStreetStep, epoch-timed PlannedSteps), all through the same snapping
 * and routing and worded from the same table.
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

/**
 * Snaps both ends for a street mode and routes between them; undefined when there is no route.
 * Walkers join the network at the best of several nearby edges (streets/snap.ts listSnapPoints);
 * a walk with an end off the mapped paths goes in a straight line (streets/straightWalk.ts).
 */
function routeStreet(
  net: StreetNetwork,
  streetMode: StreetMode,
  from: PlacePoint,
  to: PlacePoint,
): (StreetRoute & { stepFreeCode?: number }) | undefined {
  const a = listSnapPoints(net.snap, from.lat, from.lon, streetMode, MAX_SNAP_M);
  const b = listSnapPoints(net.snap, to.lat, to.lon, streetMode, MAX_SNAP_M);
  const path = listEnds(a).length > 0 && listEnds(b).length > 0 ? routeSnapped(net, a, b, streetMode) : null;
  if (path) {
    const route = describeStreetPath(net.graph, path);
    // A walk many times its straight line crosses a gap in the map: a labelled estimate instead.
    if (
      streetMode === 'foot' &&
      isMapGapDetour(route.distanceM, haversineM(from.lat, from.lon, to.lat, to.lon))
    )
      return describeStraightWalk(from, to, Infinity, route.distanceM);
    return {
      ...route,
      ...(net.graph.stepFreeProfile ? { stepFreeCode: pathStepFreeCode(net.graph, path.pieces) } : {}),
    };
  }
  if (streetMode !== 'foot') return undefined;
  // A region loaded without streets (cairn plan --gtfs without --osm) walks in straight lines only.
  const noStreets = net.graph.edgeCount === 0;
  return describeStraightWalk(
    { lat: from.lat, lon: from.lon },
    { lat: to.lat, lon: to.lon },
    noStreets ? Infinity : undefined,
  );
}

type RoutedStreet = ReturnType<typeof routeStreet>;
/**
 * Street routes found so far, per network: one search turns its many transit journeys into steps,
 * and they walk the same access, change and egress paths over and over (a fifth of a search on
 * the RNV extract). Routes depend only on the network, the mode and the two points; steps copy
 * what they keep.
 */
const routesFound = new WeakMap<StreetNetwork, Map<string, RoutedStreet | null>>();
/** Enough for several searches' walks; beyond it the memo starts again. */
const MAX_ROUTES_KEPT = 4096;

/** routeStreet, answered from the memo when the same route was asked for before. */
function routeStreetOnce(
  net: StreetNetwork,
  streetMode: StreetMode,
  from: PlacePoint,
  to: PlacePoint,
): RoutedStreet {
  let found = routesFound.get(net);
  if (!found) routesFound.set(net, (found = new Map()));
  const key = `${streetMode} ${from.lat} ${from.lon} ${to.lat} ${to.lon}`;
  const kept = found.get(key);
  if (kept !== undefined) return kept ?? undefined;
  const route = routeStreet(net, streetMode, from, to);
  if (found.size >= MAX_ROUTES_KEPT) found.clear();
  found.set(key, route ?? null);
  return route;
}

/**
 * A step's title: "Walk to B", or for a straight-line walk "Walk about 330 yards to B (no mapped
 * path)", or in place of an absurd street walk "Walk about 150 yards to B (estimated in a straight
 * line: the mapped streets go round, 3.0 miles)".
 */
function describeStep(type: TravelType, route: StreetRoute, to: string): string {
  const verb = VERB[type] ?? type;
  if (route.streetDetourM !== undefined)
    return `${verb} about ${formatShortDistance(route.distanceM)} to ${to} (estimated in a straight line: the mapped streets go round, ${formatShortDistance(route.streetDetourM)})`;
  if (route.straightLine)
    return `${verb} about ${formatShortDistance(route.distanceM)} to ${to} (no mapped path)`;
  return `${verb} to ${to}`;
}

/** When a leg starts, or when it must end. */
export type At = { startSec: number } | { endSec: number };

/**
 * A timed street step of the journey planner between two points by a travel type, starting at
 * `at.startSec` or ending at `at.endSec`; undefined when either end is off the network or no
 * route exists. `rideSec` re-times vehicles that do not drive at street speed (DRT: see
 * modes/flexible.ts flexibleRideSec). A walk with no mapped path is a straight line
 * (streets/straightWalk.ts), as is every walk of a region loaded without streets.
 */
export function buildStreetStep(
  net: StreetNetwork,
  type: TravelType,
  from: PlacePoint,
  to: PlacePoint,
  at: At,
  extra: Partial<PlannedStep> = {},
  rideSec?: RideTimer,
): PlannedStep | undefined {
  const route = routeStreetOnce(net, streetModeFor(type), from, to);
  if (!route) return undefined;
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
    // The route's directions also carry timing and position, which the step does not keep.
    directions: route.directions.map(({ durationSec: _sec, start: _start, ...parts }) => parts),
    elevation: hasElevation
      ? {
          highestM: route.elevationHighestM ?? 0,
          lowestM: route.elevationLowestM ?? 0,
          ascentM: route.ascentM ?? 0,
          descentM: route.descentM ?? 0,
        }
      : null,
    description: describeStep(type, route, endNames(from, to).to),
    ...(route.straightLine ? { straightLine: true } : {}),
    ...(type === 'walk' && net.graph.stepFreeProfile
      ? {
          stepFree:
            route.stepFreeCode === undefined ? STRAIGHT_WALK_STEP_FREE : walkStepFree(route.stepFreeCode),
        }
      : {}),
    ...extra,
  };
}

/** Re-times a ride that does not go at street speed (DRT: see flexibleRideSec). */
export type RideTimer = (distanceM: number, streetSec: number) => number;

/** One street step still to be routed and timed: a mode between two points. */
export interface ChainPart {
  type: TravelType;
  from: PlacePoint;
  to: PlacePoint;
  /** Fields copied onto the step (flexibleServiceId, carClubProviderId, ...). */
  extra?: Partial<PlannedStep>;
  rideSec?: RideTimer;
}

/** The street parts of a trip by one mode, or why the mode cannot serve the trip. */
export type PartsAnswer = { parts: ChainPart[] } | { reason: string };

/** A planner leg of consecutive street steps, each timed after (or, arriving by, before) the previous. */
export function buildStreetChain(
  net: StreetNetwork,
  parts: readonly ChainPart[],
  at: At,
): PlannedLeg | undefined {
  const steps: PlannedStep[] = [];
  if ('startSec' in at) {
    let t = at.startSec;
    for (const p of parts) {
      const s = buildStreetStep(net, p.type, p.from, p.to, { startSec: t }, p.extra, p.rideSec);
      if (!s) return undefined;
      steps.push(s);
      t = s.endSec;
    }
  } else {
    let t = at.endSec;
    for (const p of [...parts].reverse()) {
      const s = buildStreetStep(net, p.type, p.from, p.to, { endSec: t }, p.extra, p.rideSec);
      if (!s) return undefined;
      steps.unshift(s);
      t = s.startSec;
    }
  }
  return { steps };
}

/** Seconds a leg spends in steps of one travel type. */
export function sumStepSec(leg: PlannedLeg, type: TravelType): number {
  return leg.steps.reduce((sum, s) => sum + (s.type === type ? s.endSec - s.startSec : 0), 0);
}
