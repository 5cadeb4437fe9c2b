import type { Cycling } from '../region/regionConfig.ts';
import type { PlannedLeg, PlannedStep } from '../journeys/model.ts';
import { haversineM } from '../geo/geometry.ts';
import { inDaylight } from '../time/sunTimes.ts';
import { epochToLocal, splitDate } from '../time/serviceDay.ts';
import { sumStepSec } from './streetStep.ts';

/** Rides longer than this on the traveller's own bike are not offered door to door. */
export const MAX_CYCLE_SEC = 3 * 3600;

/** Why a door-to-door leg rides too long (more than MAX_CYCLE_SEC on the own bike in all), or null when it does not. */
export function checkCycleLeg(leg: PlannedLeg): string | null {
  return sumStepSec(leg, 'cycle') > MAX_CYCLE_SEC ? 'the ride takes more than 3 hours' : null;
}

/** Steps ridden on a bicycle: the own bike or a hire bike. */
const isRide = (s: PlannedStep) => s.type === 'cycle' || s.type === 'bike hire';

/** The distance and climb limits of a ride starting at `startSec`: the winter ones too in the region's winter months. */
function cyclingLimitsAt(
  cycling: Cycling,
  timeZone: string,
  startSec: number,
): { maxDistanceM: number; maxClimbM: number } {
  const month = splitDate(epochToLocal(timeZone, startSec).date).m;
  if (!cycling.winter.months.includes(month))
    return { maxDistanceM: cycling.maxDistanceM, maxClimbM: cycling.maxClimbM };
  return {
    maxDistanceM: Math.min(cycling.maxDistanceM, cycling.winter.maxDistanceM),
    maxClimbM: Math.min(cycling.maxClimbM, cycling.winter.maxClimbM),
  };
}

/** Why a leg's cycling breaks the region's limits (ADR 008 "Cycling"), or null. */
export function checkCyclingLimits(
  cycling: Cycling,
  timeZone: string,
  leg: PlannedLeg,
): 'cycling limits' | 'after dark' | null {
  const rides = leg.steps.filter(isRide);
  if (rides.length === 0) return null;
  const distanceM = rides.reduce((sum, s) => sum + s.distanceM, 0);
  const climbM = rides.reduce((sum, s) => sum + (s.elevation?.ascentM ?? 0), 0);
  const limits = cyclingLimitsAt(cycling, timeZone, rides[0]!.startSec);
  if (distanceM > limits.maxDistanceM || climbM > limits.maxClimbM) return 'cycling limits';
  if (cycling.daylightOnly && !rides.every((s) => inDaylight(s.from.lat, s.from.lon, s.startSec, s.endSec)))
    return 'after dark';
  return null;
}

/** Whether a search from `origin` starts where travellers have no bike of their own (an airport). */
export function startsWithoutOwnBike(cycling: Cycling, origin: { lat: number; lon: number }): boolean {
  return cycling.noOwnBikeAt.some(
    (p) => haversineM(p.centre.lat, p.centre.lon, origin.lat, origin.lon) <= p.radiusM,
  );
}
