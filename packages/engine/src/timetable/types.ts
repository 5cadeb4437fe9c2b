import { FOOTPATH_WALK_MPS, WALK_DETOUR_FACTOR } from '../figures/planningFigures.ts';

/**
 * The compact timetable: column arrays indexed by integer ids, built once per region and stored in a
 * binary snapshot. GTFS-free: `gtfs/toTimetableInput.ts` turns feeds into a `TimetableInput`.
 *
 * Memory layout (S stops, P patterns, T trips, N = Σ stops per pattern, M = Σ stops × trips):
 *
 *   stops     stopLat/stopLon f64[S]  stopParent i32[S]  stopWheelchair u8[S]  stopFeed u16[S]
 *   patterns  patternStopOffsets i32[P+1] ─▶ patternStops i32[N], patternPosFlags u8[N]
 *             patternTripOffsets i32[P+1] ─▶ trips of pattern r are the contiguous range
 *                                            [patternTripOffsets[r], patternTripOffsets[r+1]),
 *                                            sorted so that no trip overtakes another at any stop
 *             patternLine i32[P]  patternFeed u16[P]
 *   trips     tripTimeOffsets i32[T] ─▶ arrivals/departures i32[M]: trip t at position p is at
 *                                        tripTimeOffsets[t] + p (seconds from its service-day start)
 *             tripPattern i32[T]  tripService i32[T]  tripInfo i32[T]  tripWheelchair u8[T]
 *             tripHeadwaySec i32[T] (0 = exact time; >0 = one run of a headway-based frequency)
 *   stop→pattern CSR  stopPatternOffsets i32[S+1] ─▶ stopPatterns i32[], stopPatternPos i32[]
 *   transfers CSR     transferOffsets i32[S+1] ─▶ transferTo i32[], transferSec i32[], transferIsWalk u8[]
 *                     (and the same edges by destination: transferInOffsets ─▶ transferInFrom, …)
 *   services  serviceWeekdays u8[V]  serviceStartDay/serviceEndDay i32[V] (days since 1970)
 *             serviceExcOffsets i32[V+1] ─▶ serviceExcDay i32[], serviceExcAdd u8[]
 *   shapes    shapeOffsets i32[H+1] (in points) ─▶ shapeCoords f64[2·points] (lat, lon)
 */

export interface TimetableArrays {
  stopLat: Float64Array;
  stopLon: Float64Array;
  stopParent: Int32Array;
  stopWheelchair: Uint8Array;
  stopFeed: Uint16Array;
  patternStopOffsets: Int32Array;
  patternStops: Int32Array;
  patternPosFlags: Uint8Array;
  patternTripOffsets: Int32Array;
  patternLine: Int32Array;
  patternFeed: Uint16Array;
  tripTimeOffsets: Int32Array;
  tripPattern: Int32Array;
  tripService: Int32Array;
  tripInfo: Int32Array;
  tripWheelchair: Uint8Array;
  tripHeadwaySec: Int32Array;
  arrivals: Int32Array;
  departures: Int32Array;
  stopPatternOffsets: Int32Array;
  stopPatterns: Int32Array;
  stopPatternPos: Int32Array;
  transferOffsets: Int32Array;
  transferTo: Int32Array;
  transferSec: Int32Array;
  transferIsWalk: Uint8Array;
  transferInOffsets: Int32Array;
  transferInFrom: Int32Array;
  transferInSec: Int32Array;
  transferInIsWalk: Uint8Array;
  /** Transfers fixed by the feed (transfers.txt), kept so footpaths can be regenerated. */
  explicitFrom: Int32Array;
  explicitTo: Int32Array;
  explicitSec: Int32Array;
  explicitForbidden: Uint8Array;
  serviceWeekdays: Uint8Array;
  serviceStartDay: Int32Array;
  serviceEndDay: Int32Array;
  serviceExcOffsets: Int32Array;
  serviceExcDay: Int32Array;
  serviceExcAdd: Uint8Array;
  shapeOffsets: Int32Array;
  shapeCoords: Float64Array;
  tripInfoShape: Int32Array;
  tripInfoLine: Int32Array;
}

export interface FeedMeta {
  id: string;
  timezone: string;
  /** False when the feed has transfers.txt: its own stops then change only where that file says. */
  generateFootpaths: boolean;
  publisher: string;
  version: string;
}

export interface AgencyMeta {
  feed: number;
  id: string;
  name: string;
  url: string;
  phone: string;
}

export interface LineMeta {
  feed: number;
  /** Namespaced id "feed:route_id". */
  id: string;
  agency: number;
  shortName: string;
  longName: string;
  mode: string;
  routeType: number;
  color: string;
  textColor: string;
  url: string;
}

/** Strings and small tables, stored as JSON in the snapshot header. */
export interface TimetableMeta {
  feeds: FeedMeta[];
  agencies: AgencyMeta[];
  lines: LineMeta[];
  /** Namespaced "feed:stop_id". */
  stopIds: string[];
  stopNames: string[];
  stopCodes: string[];
  stopPlatforms: string[];
  /** Namespaced "feed:trip_id". */
  tripInfoIds: string[];
  tripInfoHeadsigns: string[];
  tripInfoShortNames: string[];
  serviceIds: string[];
  /** Longest time in any trip, in seconds from its service-day start (how many past days can still run). */
  maxTimeSec: number;
  /** Settings the transfers were built with. */
  transferSettings: TransferSettings;
  /**
   * What the walking transfers were computed from: STRAIGHT_LINE_FOOTPATHS, or a label naming the
   * street data (so a snapshot built with an OSM extract is reused only with that extract).
   */
  footpathSource?: string;
}

export interface TransferSettings {
  /** Minimum time to change at the same stop when the feed says nothing. */
  sameStopTransferSec: number;
  /** Generated footpaths reach this far (straight line). */
  footpathRadiusM: number;
  walkSpeedMps: number;
  /** Straight line × this factor estimates the walked distance. */
  detourFactor: number;
}

export const DEFAULT_TRANSFER_SETTINGS: TransferSettings = {
  sameStopTransferSec: 60,
  footpathRadiusM: 400,
  walkSpeedMps: FOOTPATH_WALK_MPS,
  detourFactor: WALK_DETOUR_FACTOR,
};

/** GTFS-free input to the timetable builder; indices refer into the arrays of this object. */
export interface TimetableInput {
  feeds: FeedMeta[];
  agencies: AgencyMeta[];
  lines: LineMeta[];
  stops: {
    feed: number;
    id: string;
    code: string;
    name: string;
    lat: number;
    lon: number;
    parent: number;
    wheelchair: number;
    platformCode: string;
  }[];
  services: {
    feed: number;
    id: string;
    weekdays: number;
    startDay: number;
    endDay: number;
    addedDays: number[];
    removedDays: number[];
  }[];
  shapes: Float64Array[];
  trips: TripInput[];
  /** Transfers fixed by the feeds between stops (not stations). */
  transfers: { from: number; to: number; durationSec: number; forbidden: boolean }[];
}

export interface TripInput {
  id: string;
  line: number;
  service: number;
  headsign: string;
  shortName: string;
  shape: number;
  wheelchair: number;
  stops: Int32Array;
  arrivals: Int32Array;
  departures: Int32Array;
  pickupType: Uint8Array;
  dropOffType: Uint8Array;
  /** Start-time shifts of each run for frequency-based trips (the template runs once when absent). */
  runShiftsSec?: number[];
  /** Headway of a non-exact frequency (exact_times=0); 0 otherwise. */
  headwaySec: number;
}
