import type { InstancePatch } from '../timetable/livePatch.ts';
import type { Timetable } from '../timetable/timetable.ts';
import type { RtFeed, RtTripUpdate, RtVehicle } from './decodeFeed.ts';
import { patchesFromTripUpdates } from './tripUpdates.ts';
import type { TripUpdatesReport } from './tripUpdates.ts';

/*
 * VehiclePositions for producers that publish no TripUpdates (many small rural operators): where
 * and when a vehicle was seen says how late it is at least. A vehicle STOPPED_AT a stop at time T
 * leaves it no earlier than T; one IN_TRANSIT_TO or INCOMING_AT a stop gets there no earlier than
 * T. That bound becomes a stop time update, matched, carried forward and kept possible exactly as
 * a producer's (tripUpdates.ts). A vehicle ahead of its timetable changes nothing: buses wait at
 * timing points, and a traveller told "early" might set off to meet a bus that waits anyway.
 * The time since the vehicle left the stop before is not compared with that stop's departure:
 * a bus on time between two stops would read as late by its running time.
 */

/** What a VehiclePositions message gave the version. */
export interface VehicleDelaysReport {
  /** Vehicles without a trip, a stop, a timestamp, or seen longer ago than the source's maximum age. */
  unusable: number;
  /** How the usable vehicles' trips were matched (as for trip updates). */
  trips: TripUpdatesReport;
}

/** Patches of the trips `feed`'s vehicles run, each marked `fromVehicle`. */
export function patchesFromVehicles(
  tt: Timetable,
  feedId: string,
  feed: RtFeed,
  maxAgeSec: number,
): { patches: InstancePatch[]; report: VehicleDelaysReport } {
  const updates: RtTripUpdate[] = [];
  for (const v of feed.vehicles) {
    const update = boundOf(v, feed.timestampSec - maxAgeSec);
    if (update) updates.push(update);
  }
  const { patches, report } = patchesFromTripUpdates(tt, feedId, updates, feed.timestampSec);
  return {
    patches: patches.map((p) => ({ ...p, fromVehicle: true })),
    report: { unusable: feed.vehicles.length - updates.length, trips: report },
  };
}

/** The stop time update a vehicle's position stands for, or undefined when it says too little. */
function boundOf(v: RtVehicle, oldestSec: number): RtTripUpdate | undefined {
  const trip = v.trip;
  if (!trip || trip.relationship !== 'SCHEDULED') return undefined;
  if (v.timeSec === undefined || v.timeSec < oldestSec) return undefined;
  if (v.stopId === undefined && v.stopSequence === undefined) return undefined;
  const bound = { notBeforeSec: v.timeSec };
  return {
    entityId: v.entityId,
    trip,
    stopTimeUpdates: [
      {
        ...(v.stopId === undefined ? {} : { stopId: v.stopId }),
        ...(v.stopSequence === undefined ? {} : { stopSequence: v.stopSequence }),
        relationship: 'SCHEDULED',
        ...(v.status === 'STOPPED_AT' ? { departure: bound } : { arrival: bound }),
      },
    ],
  };
}
