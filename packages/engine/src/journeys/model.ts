import type { Assistance, DirectionParts, JourneyNotice, StepFree, TravelType } from '@cairn/contracts';
import type { GeoPoint } from '../geo/geometry.ts';
import { changesOfRides } from '../format/changes.ts';

/*
 * The engine's own shape of an option before it becomes a Journey document: times in epoch
 * seconds, distances in metres, geometry as [lat, lon] pairs. Option building fills it; fares,
 * CO2, extras and assembly read it.
 */

export interface PlacePoint extends GeoPoint {
  name: string;
  /**
   * Set on timetable stops: feeds often name a station after its town ("Aviemore"), and labels
   * need it to tell the station from the town of the same name (format/placeNames.ts).
   */
  stopKind?: 'station' | 'stop';
}

/** One stop call on a timetabled ride. */
export interface RideStop extends GeoPoint {
  stopId: string;
  name: string;
  /** Departure (or arrival at the last stop), epoch seconds. */
  timeSec: number;
}

/** What a timetabled step rode: enough to price it, show its operator and build its timetable. */
export interface TransitRide {
  feedId: string;
  agencyId: string;
  agencyName: string;
  agencyUrl: string | null;
  routeId: string;
  routeShortName: string;
  routeLongName: string;
  tripId: string;
  headsign: string;
  /** Boarding stop first, alighting stop last. */
  stops: RideStop[];
  /** Region operator (`operators[].id`) running it, when region.json names one. */
  operatorId: string | null;
  /** GTFS wheelchair values (0 unknown, 1 yes, 2 no) of the boarding and alighting stops and the trip. */
  wheelchair?: { board: number; alight: number; trip: number };
  /** Service day of the trip instance (days since 1970); set when the search routed on a live version. */
  serviceDay?: number;
}

export interface PlannedStep {
  type: TravelType;
  startSec: number;
  endSec: number;
  distanceM: number;
  from: PlacePoint;
  to: PlacePoint;
  /** [lat, lon] pairs along the step. */
  coords: Array<[number, number]>;
  /** Turn-by-turn directions as structured data; text and HTML are rendered at the edge. */
  directions: DirectionParts[];
  /** Heights along a street step (null when unknown); ascent and descent are metres climbed and dropped. */
  elevation: { highestM: number; lowestM: number; ascentM?: number; descentM?: number } | null;
  description: string;
  ride?: TransitRide;
  /** `flexibleServices[].id` for DRT and community transport. */
  flexibleServiceId?: string;
  /** `carClub.providers[].id` for a car-club drive. */
  carClubProviderId?: string;
  /** Bike-hire pricing plan used. */
  bikeHirePlanId?: string;
  /** Where a private vehicle is left at the end of this step (bike & ride, park & ride). */
  leavesVehicleAt?: PlacePoint;
  /** A walk in a straight line where no mapped path serves an end (streets/straightWalk.ts). */
  straightLine?: boolean;
  /** Step-free or not, or not known, with why: set on step-free searches (stepFree/labels.ts). */
  stepFree?: StepFree;
  /** How to book the operator's help for this ride, on step-free searches. */
  assistance?: Assistance;
}

export interface PlannedLeg {
  steps: PlannedStep[];
}

/** An option: the outbound leg and, for return searches, its matching return leg. */
export interface PlannedOption {
  /** Short name of how the option was built, for diversity and debugging ('walk', 'transit:walk/taxi'). */
  kind: string;
  depart: PlannedLeg;
  ret: PlannedLeg | null;
  /** Set by the planner: what the traveller must know about it (within buffer, estimate beyond the region). */
  notices?: JourneyNotice[];
}

/** Start of a leg (first step), epoch seconds. */
export function legStartSec(leg: PlannedLeg): number {
  return leg.steps[0]?.startSec ?? 0;
}

/** End of a leg (last step), epoch seconds. */
export function legEndSec(leg: PlannedLeg): number {
  return leg.steps[leg.steps.length - 1]?.endSec ?? 0;
}

/** Consecutive step types without repeats: the leg's stages. */
export function legStages(leg: PlannedLeg): TravelType[] {
  const out: TravelType[] = [];
  for (const s of leg.steps) if (out[out.length - 1] !== s.type) out.push(s.type);
  return out;
}

/** Rides of a leg: its public transport steps, timetabled or booked (DRT, community transport). */
function legRideCount(leg: PlannedLeg): number {
  return leg.steps.filter((s) => s.ride !== undefined || s.flexibleServiceId !== undefined).length;
}

/** Changes of vehicle on a leg (format/changes.ts changesOfRides). */
export function legChanges(leg: PlannedLeg): number {
  return changesOfRides(legRideCount(leg));
}

/** Seconds spent waiting between steps (for a vehicle, or for a connection). */
export function legWaitSec(leg: PlannedLeg): number {
  let wait = 0;
  for (let i = 1; i < leg.steps.length; i++)
    wait += Math.max(0, (leg.steps[i]?.startSec ?? 0) - (leg.steps[i - 1]?.endSec ?? 0));
  return wait;
}

/** Metres walked on a leg. */
export function legWalkM(leg: PlannedLeg): number {
  return leg.steps.filter((s) => s.type === 'walk').reduce((sum, s) => sum + s.distanceM, 0);
}
