import type { DateInt } from '../time/serviceDay.ts';
import type { TransitMode } from './routeTypes.ts';
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
  /** zone_id: the fare zone of fares v1 ('' when none). */
  zoneId: string;
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
  /** network_id: the fares v2 network ('' when none; route_networks.txt may name it instead). */
  networkId: string;
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
  fares: GtfsFareTables;
}

/** One row of fare_attributes.txt (Fares v1) with a fare_id and a price. */
export interface FareAttributeV1 {
  fareId: string;
  pricePence: number;
  /** currency_type: ISO 4217 code, upper case ('' when the row leaves it out). */
  currency: string;
  agencyId: string;
  /** Changes allowed on one ticket; null = unlimited (an empty `transfers` field). */
  transfers: number | null;
  /** Seconds from the first boarding during which changes are allowed; null = no limit. */
  transferDurationSec: number | null;
}

/** One row of fare_rules.txt (Fares v1) with a fare_id. */
export interface FareRuleV1 {
  fareId: string;
  routeId: string;
  originId: string;
  destinationId: string;
  containsId: string;
}

/** One row of fare_leg_rules.txt (Fares v2) with a fare_product_id. */
export interface FareLegRuleV2 {
  /** fare_leg_rules.leg_group_id: what fare_transfer_rules refer to ('' = in no group). */
  legGroupId: string;
  networkId: string;
  fromAreaId: string;
  toAreaId: string;
  productId: string;
  priority: number;
}

/** One row of fare_products.txt (Fares v2) with a fare_product_id and an amount. */
export interface FareProductV2 {
  productId: string;
  name: string;
  /** May be negative: a transfer product can be a discount. Leg prices use only non-negative rows. */
  amountPence: number;
  /** currency: ISO 4217 code, upper case ('' when the row leaves it out). */
  currency: string;
  riderCategoryId: string;
}

/** One row of fare_transfer_rules.txt (Fares v2). */
export interface FareTransferRuleV2 {
  /** '' = every leg group not named in any rule's from_leg_group_id. */
  fromLegGroupId: string;
  /** '' = every leg group not named in any rule's to_leg_group_id. */
  toLegGroupId: string;
  /** Transfers of one sub-journey this rule may span; -1 = no limit; null when the groups differ (forbidden there). */
  transferCount: number | null;
  durationLimitSec: number | null;
  /** 0 departure→arrival, 1 departure→departure, 2 arrival→departure, 3 arrival→arrival (current leg → next leg). */
  durationLimitType: 0 | 1 | 2 | 3 | null;
  /** 0 = A + AB, 1 = A + AB + B, 2 = AB. */
  fareTransferType: 0 | 1 | 2;
  /** The transfer fee product; '' = the transfer costs nothing. */
  productId: string;
}

/** One row of rider_categories.txt (Fares v2). */
export interface GtfsRiderCategory {
  id: string;
  name: string;
  isDefault: boolean;
}

/** The fare files of a feed as read (empty lists when a file is absent); journeys/fares prices with them. */
export interface GtfsFareTables {
  attributes: FareAttributeV1[];
  rules: FareRuleV1[];
  products: FareProductV2[];
  legRules: FareLegRuleV2[];
  transferRules: FareTransferRuleV2[];
  riderCategories: GtfsRiderCategory[];
  /** stop_areas.txt rows. */
  stopAreas: Array<{ areaId: string; stopId: string }>;
  /** route_networks.txt rows. */
  routeNetworks: Array<{ routeId: string; networkId: string }>;
}

/** What the fare code reads of a feed: its fare files, and the zones and networks its stops and routes name. */
export type GtfsFareFeed = Pick<GtfsFeed, 'id' | 'stops' | 'routes' | 'fares'>;

export type ReadFeedResult =
  | { ok: true; feed: GtfsFeed; warnings: FeedWarning[]; warningCounts: Map<string, number> }
  | { ok: false; warnings: FeedWarning[] };
