import type { PlannedLeg } from '../journeys/model.ts';
import { sumStepSec } from './streetStep.ts';

/** Rides longer than this on the traveller's own bike are not offered door to door. */
export const MAX_CYCLE_SEC = 3 * 3600;

/** Why a door-to-door leg rides too long (more than MAX_CYCLE_SEC on the own bike in all), or null when it does not. */
export function checkCycleLeg(leg: PlannedLeg): string | null {
  return sumStepSec(leg, 'cycle') > MAX_CYCLE_SEC ? 'the ride takes more than 3 hours' : null;
}
