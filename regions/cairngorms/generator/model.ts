import type { Point } from './geo.ts';

/** The demo network before it is written out as GTFS and OSM. */

export const FEED_IDS = ['rail', 'bus', 'city', 'ferry', 'flex'] as const;
export type FeedId = (typeof FEED_IDS)[number];

export type StopKind = 'rail' | 'bus' | 'coach' | 'tram' | 'subway' | 'ferry' | 'funicular';

export interface DemoStop extends Point {
  id: string;
  feed: FeedId;
  name: string;
  code: string;
  kind: StopKind;
  placeId: string | undefined;
  /** GTFS fares v1 zone, when the feed prices by zone. */
  zoneId?: string;
  /** GTFS wheelchair_boarding: 0 no information, 1 step-free, 2 not (generator/accessibility.ts). */
  wheelchair: 0 | 1 | 2;
  /** A platform of a station written as a parent (location_type 1) with its platforms. */
  parentId?: string;
  locationType?: 0 | 1;
  platformCode?: string;
}

export interface DemoAgency {
  id: string;
  feed: FeedId;
  name: string;
  url: string;
  phone: string;
}

export interface DemoRoute {
  id: string;
  feed: FeedId;
  agencyId: string;
  shortName: string;
  longName: string;
  type: number;
  color: string;
  textColor: string;
  desc: string;
}

export interface DemoStopTime {
  stopId: string;
  arrSec: number;
  depSec: number;
  /** GTFS pickup_type / drop_off_type: 0 regular, 2 phone the agency, 3 ask the driver. */
  pickupType: 0 | 2 | 3;
  dropOffType: 0 | 2 | 3;
}

export interface DemoTrip {
  id: string;
  routeId: string;
  serviceId: string;
  headsign: string;
  directionId: 0 | 1;
  shapeId: string;
  stopTimes: DemoStopTime[];
  /** GTFS wheelchair_accessible: 0 no information, 1 low-floor or ramp, 2 not (generator/accessibility.ts). */
  wheelchair?: 0 | 1 | 2;
}

export interface DemoShape {
  id: string;
  feed: FeedId;
  points: Point[];
}

export interface DemoService {
  id: string;
  days: readonly [number, number, number, number, number, number, number];
  start: number;
  end: number;
  /** Dates (UTC midnight ms) added (1) or removed (2). */
  exceptions: { day: number; type: 1 | 2 }[];
}
