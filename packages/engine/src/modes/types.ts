import type { RegionConfig, RegionMode } from '../region/regionConfig.ts';
import type { StreetRoute } from '../streets/directions.ts';
import type { StreetNetwork } from '../streets/streetNetwork.ts';
import type { SnapPoint } from '../streets/search.ts';
import type { CarPark, PlaceCatalogue } from '../places/types.ts';

/** A named position (origin, destination, bay, dock, stop). */
export interface NamedPoint {
  name: string;
  lat: number;
  lon: number;
}

/** What the modes need to know about the person travelling (SPEC user profile). */
export interface Traveller {
  hasCarAccess: boolean;
  hasConcessionaryPass: boolean;
  ageYears: number | null;
}

export interface TripRequest {
  from: NamedPoint;
  to: NamedPoint;
  /** Departure, epoch seconds. */
  departSec: number;
  traveller: Traveller;
  /** When the search is made (epoch seconds), for advance-booking notice; defaults to now. */
  nowSec?: number;
}

/** One step of a mode's door-to-door trip, e.g. "walk to the bay" then "drive". */
export interface ModeStep {
  type: RegionMode;
  from: NamedPoint;
  to: NamedPoint;
  /** Wait before the step starts (taxi pick-up, DRT booking window), seconds. */
  waitSec: number;
  durationSec: number;
  distanceM: number;
  /** Street geometry and directions; null only when no street route applies. */
  route: StreetRoute | null;
  description: string;
  flexibleServiceId?: string;
  carClubProviderId?: string;
  bikeHirePlanId?: string;
  /** Where a private vehicle is left at the end of this step (parking, bike & ride). */
  leavesVehicleAt?: NamedPoint;
}

/** A price estimate; pence null means unknown. Lines explain it (SPEC pricing breakdown). */
export interface CostEstimate {
  pence: number | null;
  estimate: boolean;
  lines: Array<{ description: string; pence: number | null }>;
}

export interface ModeOption {
  mode: RegionMode;
  steps: ModeStep[];
  durationSec: number;
  distanceM: number;
  cost: CostEstimate;
  /** Local taxi operators serving the pick-up (taxi mode; may be empty: "There are no local taxi operators."). */
  taxis?: Array<{ name: string; phone: string }>;
  /** Booking for DRT and community transport. */
  booking?: {
    serviceName: string;
    website: string;
    phone: string;
    advanceBookingMin: number;
    eligibility: string | null;
  };
  /** Car-club provider shown with its logo and promo link. */
  carClub?: { providerId: string; name: string; promoLink: string; logo: string; bayName: string };
}

/** Either an option, or why the mode cannot serve this trip. */
export type ModeAnswer = { ok: true; option: ModeOption } | { ok: false; reason: string };

/** Everything a mode needs besides the request: streets, region services and places. */
export interface ModeContext {
  net: StreetNetwork;
  region: RegionConfig;
  places: PlaceCatalogue;
  /** Region points snapped once for each mode that reaches them. */
  carClubBays: Array<{
    bay: RegionConfig['carClub']['bays'][number];
    foot: SnapPoint | undefined;
    car: SnapPoint | undefined;
  }>;
  bikeDocks: Array<{
    station: NonNullable<RegionConfig['bikeHire']>['stations'][number];
    foot: SnapPoint | undefined;
    bicycle: SnapPoint | undefined;
  }>;
  carParks: Array<{ carPark: CarPark; foot: SnapPoint | undefined; car: SnapPoint | undefined }>;
}

/** A door-to-door mode: decides whether it can serve a trip and plans it. */
export interface TravelMode {
  mode: RegionMode;
  plan(ctx: ModeContext, req: TripRequest): ModeAnswer;
}
