import type { TravelType } from '@cairn/contracts';
import type { PlacePoint, PlannedLeg, PlannedStep } from '../journeys/model.ts';
import type { StreetMode } from '../osm/wayAccess.ts';
import { reachTargets } from '../streets/search.ts';
import type { SnapPoint } from '../streets/search.ts';
import { findSnapPoint } from '../streets/snap.ts';
import { findStreetRoute, MAX_SNAP_M } from '../streets/streetNetwork.ts';
import type { AccessLeg } from '../raptor/types.ts';
import type { RegionData } from './regionData.ts';

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
 * A street step between two points by a travel type, timed to start at `at.startSec` or to end
 * at `at.endSec`; undefined when either end is off the network or no route exists.
 * DRT and community transport follow the car route at the service's average speed.
 */
export function buildStreetStep(
  data: RegionData,
  type: TravelType,
  from: PlacePoint,
  to: PlacePoint,
  at: { startSec: number } | { endSec: number },
  extra: Partial<PlannedStep> = {},
  speedKmh?: number,
): PlannedStep | undefined {
  const mode = streetModeFor(type);
  const route = findStreetRoute(
    data.streets,
    { lat: from.lat, lon: from.lng },
    { lat: to.lat, lon: to.lng },
    mode,
  );
  if (!route) return undefined;
  const durationSec = speedKmh
    ? Math.round(route.distanceM / (speedKmh / 3.6))
    : Math.round(route.durationSec);
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
    description: `${VERB[type] ?? type} to ${to.name}`,
    ...extra,
  };
}

/** Upper bounds of street speeds (m/s) for the straight-line pre-filter of stop searches. */
const MAX_SPEED_MPS: Record<StreetMode, number> = { foot: 2, bicycle: 9, car: 36 };

/** Timetable stops within a straight-line radius of a point. */
export function listStopsWithin(
  data: RegionData,
  point: { lat: number; lng: number },
  radiusM: number,
): number[] {
  const { index, kx, ky } = data.stopIndex;
  return index.within(point.lng * kx, point.lat * ky, radiusM);
}

/**
 * Timetable stops reachable from (direction 'from') or to ('to') a point within `maxSec` by a
 * street mode, as RAPTOR access/egress legs labelled with the travel type; `speedKmh` times
 * vehicles that do not drive at street speed (DRT).
 */
export function listStopAccess(
  data: RegionData,
  point: { lat: number; lng: number },
  type: TravelType,
  maxSec: number,
  direction: 'from' | 'to',
  allow: (stop: number) => boolean = () => true,
  speedKmh?: number,
): AccessLeg[] {
  const mode = streetModeFor(type);
  const snap = findSnapPoint(data.streets.snap, point.lat, point.lng, mode, MAX_SNAP_M);
  if (!snap) return [];
  const snaps = data.stopSnaps[mode];
  const stopOf: number[] = [];
  const targets: SnapPoint[] = [];
  // Only stops the mode could reach at its fastest in a straight line are searched for.
  for (const stop of listStopsWithin(data, point, maxSec * MAX_SPEED_MPS[mode])) {
    const s = snaps[stop];
    if (s && allow(stop)) {
      stopOf.push(stop);
      targets.push(s);
    }
  }
  if (targets.length === 0) return [];
  return reachTargets(data.streets.graph, snap, mode, maxSec, targets, direction).map((r) => ({
    stopIdx: stopOf[r.target] ?? 0,
    durationSec: Math.round(speedKmh ? r.distanceM / (speedKmh / 3.6) : r.durationSec),
    mode: type,
  }));
}

/** When a leg starts, or when it must end. */
export type At = { startSec: number } | { endSec: number };

/** A leg of consecutive street steps, each timed after (or, arriving by, before) the previous. */
export function buildStreetChain(
  data: RegionData,
  parts: Array<{ type: TravelType; from: PlacePoint; to: PlacePoint; extra?: Partial<PlannedStep> }>,
  at: At,
): PlannedLeg | undefined {
  const steps: PlannedStep[] = [];
  if ('startSec' in at) {
    let t = at.startSec;
    for (const p of parts) {
      const s = buildStreetStep(data, p.type, p.from, p.to, { startSec: t }, p.extra);
      if (!s) return undefined;
      steps.push(s);
      t = s.endSec;
    }
  } else {
    let t = at.endSec;
    for (const p of [...parts].reverse()) {
      const s = buildStreetStep(data, p.type, p.from, p.to, { endSec: t }, p.extra);
      if (!s) return undefined;
      steps.unshift(s);
      t = s.startSec;
    }
  }
  return { steps };
}
