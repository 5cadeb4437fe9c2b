// Which fare source prices a ride: the one decision every pricing pass reads (issue 33).
import type { FareRule, FlexibleService, RegionConfig } from '../../region/regionConfig.ts';
import { flexibleServiceOf } from '../../region/regionConfig.ts';
import type { PlannedStep } from '../model.ts';
import type { GtfsFares } from './gtfsFares.ts';
import { priceWithGtfsFares } from './gtfsFares.ts';
import { findFareRule, priceWithRegionRule } from './regionFares.ts';
import type { AdultFare, RideForFare } from './rideFare.ts';

/** The child share of an adult fare where no region rule names one: the fare rules' own default. */
const DEFAULT_CHILD_PERCENT = 50;

/**
 * Where a ride's price comes from, with the adult fare it gives (undefined when the source has no
 * price for this ride):
 * - `flexible`: the DRT or community transport service's own fare;
 * - `gtfs`: a feed's GTFS fares, named by a region rule of kind 'gtfs' or the ride's own feed's
 *   fares (which win over a generic region rule when they price the ride);
 * - `region rule`: a flat, distance or zone rule of the region.
 */
export type FareSource =
  | { kind: 'flexible'; service: FlexibleService; fare: AdultFare }
  | {
      kind: 'gtfs';
      fares: GtfsFares;
      childPercent: number;
      concessionsFree: boolean;
      fare: AdultFare | undefined;
    }
  | { kind: 'region rule'; rule: FareRule; fare: AdultFare | undefined };

/** The ride of a timetabled or flexible step as fares see it. */
export function rideForFare(step: PlannedStep, region: RegionConfig): RideForFare {
  const ride = step.ride;
  return {
    mode: step.type,
    operatorId: operatorOf(step, region) ?? ride?.operatorId ?? null,
    feedId: ride?.feedId ?? null,
    agencyId: ride?.agencyId ?? null,
    routeId: ride?.routeId ?? null,
    boardStopId: ride?.stops[0]?.stopId ?? null,
    alightStopId: ride?.stops[ride.stops.length - 1]?.stopId ?? null,
    stopIds: ride?.stops.map((s) => s.stopId) ?? [],
    board: { lat: step.from.lat, lon: step.from.lon },
    alight: { lat: step.to.lat, lon: step.to.lon },
    distanceM: step.distanceM,
    startSec: step.startSec,
    endSec: step.endSec,
  };
}

/** The operator id of a step's ride: a flexible service's operator, else the timetabled ride's; null when unknown. */
export function operatorOf(step: PlannedStep, region: RegionConfig): string | null {
  if (step.flexibleServiceId) return flexibleServiceOf(region, step.flexibleServiceId)?.operatorId ?? null;
  return step.ride?.operatorId ?? null;
}

/** The fare source that prices a public-transport step; undefined when nothing does. */
export function fareSourceOf(
  step: PlannedStep,
  region: RegionConfig,
  gtfsFares: ReadonlyMap<string, GtfsFares>,
): FareSource | undefined {
  if (step.flexibleServiceId) {
    const service = flexibleServiceOf(region, step.flexibleServiceId);
    return service ? { kind: 'flexible', service, fare: flexibleFare(service) } : undefined;
  }
  const ride = rideForFare(step, region);
  const rule = findFareRule(region, ride);
  if (rule?.kind === 'gtfs') {
    const fares = gtfsFares.get(rule.feedId);
    if (!fares) return undefined;
    const { childPercent, concessionsFree } = rule;
    const fare = priceWithGtfsFares(fares, ride, childPercent, concessionsFree);
    return { kind: 'gtfs', fares, childPercent, concessionsFree, fare };
  }
  // A feed's own fares win over a generic region rule; a region rule fills feeds without fares.
  const feedFares = ride.feedId ? gtfsFares.get(ride.feedId) : undefined;
  if (feedFares) {
    const childPercent = rule?.childPercent ?? DEFAULT_CHILD_PERCENT;
    const concessionsFree = rule?.concessionsFree ?? false;
    const fare = priceWithGtfsFares(feedFares, ride, childPercent, concessionsFree);
    if (fare) return { kind: 'gtfs', fares: feedFares, childPercent, concessionsFree, fare };
  }
  return rule ? { kind: 'region rule', rule, fare: priceWithRegionRule(rule, ride) } : undefined;
}

/** The adult fare of a flexible service, as its region config sets it. */
function flexibleFare(service: FlexibleService): AdultFare {
  const f = service.fare;
  return {
    singlePence: f.adultSinglePence,
    returnPence: f.returnPence ?? null,
    childPence: f.childSinglePence,
    childPercent: DEFAULT_CHILD_PERCENT,
    concessionsFree: f.concessionsFree,
    source: service.name,
    returnKey: service.id,
  };
}
