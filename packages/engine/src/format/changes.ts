import { BOOKED_TYPES } from '@cairn/contracts';
import type { Leg } from '@cairn/contracts';

/** Step types of booked public transport: rides without a timetable of stops. */
const BOOKED_RIDES: ReadonlySet<string> = new Set(BOOKED_TYPES);

/**
 * Changes of vehicle on a leg with `rides` rides (timetabled or booked): one fewer than its rides,
 * none without a ride. The one definition of a journey's "changes" (`Leg.changes`, the
 * 'least-changes' sort, the option set's rules).
 */
export function changesOfRides(rides: number): number {
  return Math.max(0, rides - 1);
}

/**
 * The changes on a leg as the engine computed them (`Leg.changes`: rides less one). Journeys
 * stored before the field existed count them from their steps the same way: a timetabled step
 * (one with its stops) or a booked ride is a ride.
 */
export function legChangeCount(leg: Leg): number {
  if (leg.changes !== undefined) return leg.changes;
  const rides = leg.steps.filter((s) => s.stops !== undefined || BOOKED_RIDES.has(s.type)).length;
  return changesOfRides(rides);
}

/** "1 change", "2 changes", "No changes". */
export function formatChanges(count: number): string {
  if (count === 0) return 'No changes';
  return `${count} change${count === 1 ? '' : 's'}`;
}
