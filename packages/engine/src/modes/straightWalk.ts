import type { PlacePoint, PlannedStep } from '../journeys/model.ts';
import { haversineM } from '../journeys/geo.ts';
import type { StreetNetwork } from '../streets/streetNetwork.ts';
import { DEFAULT_TRANSFER_SETTINGS } from '../timetable/types.ts';

/*
 * A region loaded without a street map (`cairn plan --gtfs` without --osm) still walks: to and
 * from stops and door to door, in straight lines timed like the timetable's straight-line
 * footpaths (distance × detour factor at walking speed). Every such step says so, because its
 * time is an estimate and it has no directions. Vehicles are not given straight lines: without
 * streets there is no honest driving or cycling time.
 */

/** True when the network has no streets at all, so walks fall back to straight lines. */
export function walksInStraightLines(net: StreetNetwork): boolean {
  return net.graph.edgeCount === 0;
}

/** The walked distance (m) estimated for a straight line of `crowM`. */
export function straightWalkM(crowM: number): number {
  return crowM * DEFAULT_TRANSFER_SETTINGS.detourFactor;
}

/** Seconds to walk a straight line of `crowM` (the same estimate as straight-line footpaths). */
export function straightWalkSec(crowM: number): number {
  return Math.round(straightWalkM(crowM) / DEFAULT_TRANSFER_SETTINGS.walkSpeedMps);
}

/** Furthest straight line (m) walkable within `maxSec`. */
export function straightWalkReachM(maxSec: number): number {
  return (maxSec * DEFAULT_TRANSFER_SETTINGS.walkSpeedMps) / DEFAULT_TRANSFER_SETTINGS.detourFactor;
}

/** A walk step in a straight line, starting at `at.startSec` or ending at `at.endSec`, labelled as such. */
export function buildStraightWalkStep(
  from: PlacePoint,
  to: PlacePoint,
  at: { startSec: number } | { endSec: number },
  extra: Partial<PlannedStep> = {},
): PlannedStep {
  const crowM = haversineM(from.lat, from.lng, to.lat, to.lng);
  const durationSec = straightWalkSec(crowM);
  const distanceM = straightWalkM(crowM);
  const startSec = 'startSec' in at ? at.startSec : at.endSec - durationSec;
  return {
    type: 'walk',
    startSec,
    endSec: startSec + durationSec,
    distanceM,
    from,
    to,
    coords: [
      [from.lat, from.lng],
      [to.lat, to.lng],
    ],
    directions: [
      { text: `Walk to ${to.name} (straight line: no street map loaded, time estimated)`, distanceM },
    ],
    elevation: null,
    description: `Walk to ${to.name} (straight line, no street map)`,
    ...extra,
  };
}
