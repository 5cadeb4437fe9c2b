import type { PlannedLeg } from '../journeys/model.ts';
import { sumStepSec } from './streetStep.ts';

/** Walks longer than this are not offered door to door. */
export const MAX_WALK_SEC = 2 * 3600;

/** Why a door-to-door leg walks too long (more than MAX_WALK_SEC on foot in all), or null when it does not. */
export function checkWalkLeg(leg: PlannedLeg): string | null {
  return sumStepSec(leg, 'walk') > MAX_WALK_SEC ? 'the walk takes more than 2 hours' : null;
}
