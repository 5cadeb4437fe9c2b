import type { TravelType } from '@cairn/contracts';
import type { GeoPoint } from '../../geo/geometry.ts';

/** A timetabled or flexible ride as fares see it. */
export interface RideForFare {
  mode: TravelType;
  operatorId: string | null;
  feedId: string | null;
  agencyId: string | null;
  routeId: string | null;
  boardStopId: string | null;
  alightStopId: string | null;
  /** Stop ids from boarding to alighting inclusive (for GTFS contains_id zones). */
  stopIds: string[];
  board: GeoPoint;
  alight: GeoPoint;
  distanceM: number;
  startSec: number;
  endSec: number;
}

/** An adult price for one ride (or a return pair), before entitlements. */
export interface AdultFare {
  /** Adult single price in pence. */
  singlePence: number;
  /** Adult return price when the source has one. */
  returnPence: number | null;
  childPence?: number;
  childPercent: number;
  concessionsFree: boolean;
  /** Where the price came from, for the breakdown ('Demo bus fares, 5–10 km band'). */
  source: string;
  /**
   * The fare the same in both directions, where `source` may name it in travel order ('Aberdeen –
   * Upper Deeside' out, 'Upper Deeside – Aberdeen' back): a return ticket pairs an outbound ride
   * with a ride back of the same key. Absent when the source sells no return.
   */
  returnKey?: string;
}
