import type { InstancePatch, LivePatches } from '../timetable/livePatch.ts';
import type { Timetable } from '../timetable/timetable.ts';
import type { RtAlert } from './decodeFeed.ts';
import type { TripUpdatesReport } from './tripUpdates.ts';
import type { VehicleDelaysReport } from './vehiclePositions.ts';

/** A service alert with its informed entities namespaced like the timetable ("feed:id"). */
export interface LiveAlert {
  id: string;
  header: string;
  description: string;
  url?: string;
  cause: string;
  effect: string;
  activePeriods: RtAlert['activePeriods'];
  informed: { agencyId?: string; routeId?: string; stopId?: string; tripId?: string }[];
}

/** What one ingest of one feed did. */
export interface FeedReport {
  source: string;
  kind: 'trip-updates' | 'service-alerts' | 'vehicle-positions';
  /** Epoch seconds of the ingest. */
  atSec: number;
  /** Header timestamp of the feed. */
  feedTimestampSec: number;
  /** 'applied', or why the feed was left out of the version. */
  outcome: 'applied' | 'stale' | 'undecodable';
  error?: string;
  tripUpdates?: TripUpdatesReport;
  alerts?: number;
  vehicles?: number;
  vehicleDelays?: VehicleDelaysReport;
}

/**
 * One immutable live version: the patches and alerts of every feed at one moment, over one
 * timetable. A search takes a version once (LiveStore.current()) and routes on it throughout;
 * its id is recorded with the search's journeys.
 */
export interface LiveVersion extends LivePatches {
  readonly id: string;
  readonly timetable: Timetable;
  readonly createdAtSec: number;
  readonly byDay: ReadonlyMap<number, readonly InstancePatch[]>;
  /** instanceKey → patch. */
  readonly instances: ReadonlyMap<number | string, InstancePatch>;
  readonly alerts: readonly LiveAlert[];
  /** The latest report of each feed source. */
  readonly reports: readonly FeedReport[];
}

/** A stored trip's instance as a number (days stay below 100,000 until the 23rd century), an added trip's as `${id}|${day}`. */
export function instanceKey(p: { trip: number; day: number; id?: string }): number | string {
  return p.trip >= 0 ? p.trip * 100_000 + p.day : `${p.id}|${p.day}`;
}

/**
 * A version from patches and alerts. For the same instance later patches win, except that a trip
 * update's patch always wins over one from a vehicle position (that is only for trips without one).
 */
export function makeLiveVersion(
  id: string,
  timetable: Timetable,
  createdAtSec: number,
  patches: readonly InstancePatch[],
  alerts: readonly LiveAlert[],
  reports: readonly FeedReport[],
): LiveVersion {
  const instances = new Map<number | string, InstancePatch>();
  for (const p of patches) {
    const key = instanceKey(p);
    const before = instances.get(key);
    if (p.fromVehicle && before && !before.fromVehicle) continue;
    instances.set(key, p);
  }
  const byDay = new Map<number, InstancePatch[]>();
  for (const p of instances.values()) {
    let list = byDay.get(p.day);
    if (!list) byDay.set(p.day, (list = []));
    list.push(p);
  }
  return Object.freeze({ id, timetable, createdAtSec, byDay, instances, alerts, reports });
}
