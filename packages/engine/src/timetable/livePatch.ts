/**
 * Live running of trip instances, GTFS-free: what the realtime overlay (realtime/) hands a
 * TransitView. Times are in the frame of stored times (seconds from the instance's service-day
 * start in its feed's time zone), one per position of the trip's pattern, so a view shifts them
 * exactly as it shifts the timetable.
 */
export interface InstancePatch {
  /** Stored trip index; -1 for a trip the feed added. */
  trip: number;
  /** The instance's service day (days since 1970). */
  day: number;
  /** A cancelled instance does not run. */
  cancelled: boolean;
  /** Live times per pattern position (absent when cancelled). */
  arrivals?: Int32Array;
  departures?: Int32Array;
  /** POS_NO_PICKUP | POS_NO_DROP_OFF per position where the live trip does not stop (skipped stops). */
  skipFlags?: Uint8Array;
  /** Added trips: the stored pattern they run on, else their own stops (a new pattern). */
  pattern?: number;
  stops?: Int32Array;
  /** The times are bounds from where the vehicle was seen (VehiclePositions), not a trip update's. */
  fromVehicle?: boolean;
  /** Added trips: the line (timetable line index), feed and trip id they carry. */
  line?: number;
  feed?: number;
  id?: string;
}

/** The patches of one live version, by service day. */
export interface LivePatches {
  readonly id: string;
  readonly byDay: ReadonlyMap<number, readonly InstancePatch[]>;
}
