import type { DateInt } from '../time/service-day.ts';
import type { TransitMode } from './route-types.ts';
import type { FeedWarning } from './warnings.ts';

/** GTFS rows after parsing and checking, with references already resolved to array indices. */

export interface GtfsAgency {
  id: string;
  name: string;
  url: string;
  timezone: string;
  phone: string;
}

export interface GtfsStop {
  id: string;
  code: string;
  name: string;
  lat: number;
  lon: number;
  /** 0 stop/platform, 1 station, 2 entrance, 3 generic node, 4 boarding area. */
  locationType: number;
  /** Index of the parent station in `stops`, -1 when none. */
  parentIdx: number;
  /** 0 unknown, 1 accessible, 2 not accessible (inherited from the parent station when 0). */
  wheelchair: number;
  platformCode: string;
}

export interface GtfsRoute {
  id: string;
  agencyIdx: number;
  shortName: string;
  longName: string;
  routeType: number;
  mode: TransitMode;
  color: string;
  textColor: string;
  url: string;
}

export interface GtfsTrip {
  id: string;
  routeIdx: number;
  serviceIdx: number;
  headsign: string;
  shortName: string;
  directionId: number;
  /** Index into `shapes`, -1 when none. */
  shapeIdx: number;
  /** 0 unknown, 1 accessible, 2 not accessible. */
  wheelchair: number;
  /** False when the trip's stop times were unusable (reported in warnings). */
  valid: boolean;
}

export interface GtfsService {
  id: string;
  /** Bit 0 = Monday … bit 6 = Sunday, from calendar.txt (0 when the service has only calendar_dates). */
  weekdays: number;
  startDate: DateInt;
  endDate: DateInt;
  added: DateInt[];
  removed: DateInt[];
}

/** stop_times in trip order: trip t owns rows tripOffsets[t] … tripOffsets[t+1]-1, sorted by stop_sequence. */
export interface GtfsStopTimes {
  tripOffsets: Int32Array;
  stopIdx: Int32Array;
  arrivalSec: Int32Array;
  departureSec: Int32Array;
  /** 0 regular, 1 none, 2 phone agency, 3 coordinate with driver. */
  pickupType: Uint8Array;
  dropOffType: Uint8Array;
}

export interface GtfsFrequency {
  tripIdx: number;
  startSec: number;
  endSec: number;
  headwaySec: number;
  /** exact_times=1: departures are exactly every headway; 0: headway-based (times approximate). */
  exactTimes: boolean;
}

export interface GtfsTransfer {
  fromStopIdx: number;
  toStopIdx: number;
  /** 0 recommended, 1 timed, 2 minimum time, 3 not possible. */
  type: number;
  /** -1 when not given. */
  minTransferSec: number;
}

export interface GtfsShape {
  id: string;
  /** lat, lon pairs in sequence order. */
  coords: Float64Array;
}

export interface GtfsFeedInfo {
  publisherName: string;
  version: string;
  startDate: DateInt | 0;
  endDate: DateInt | 0;
}

export interface GtfsFeed {
  id: string;
  /** The feed's time zone (agency_timezone of its agencies). */
  timezone: string;
  agencies: GtfsAgency[];
  stops: GtfsStop[];
  routes: GtfsRoute[];
  trips: GtfsTrip[];
  services: GtfsService[];
  stopTimes: GtfsStopTimes;
  frequencies: GtfsFrequency[];
  transfers: GtfsTransfer[];
  hasTransfersFile: boolean;
  shapes: GtfsShape[];
  feedInfo: GtfsFeedInfo | undefined;
}

export type ReadFeedResult =
  | { ok: true; feed: GtfsFeed; warnings: FeedWarning[]; warningCounts: Map<string, number> }
  | { ok: false; warnings: FeedWarning[] };
