import type { BrandSettings, Profile, SearchRequest, TravelType } from '@cairn/contracts';
import { allowsTravelType } from '@cairn/contracts';
import type { Traveller } from '../journeys/fares/traveller.ts';
import { travellerFrom } from '../journeys/fares/traveller.ts';
import { haversineM } from '../geo/geometry.ts';
import { startsWithoutOwnBike } from '../modes/cycle.ts';
import type { PlacePoint } from '../journeys/model.ts';
import type { At } from '../modes/streetStep.ts';
import type { McRaptor } from '../raptor/mcRaptor.ts';
import type { AccessLeg, RaptorJourney } from '../raptor/types.ts';
import type { VehicleReach } from '../modes/accessEgress.ts';
import type { Raptor } from '../raptor/raptor.ts';
import type { DateInt } from '../time/serviceDay.ts';
import type { TransitView } from '../timetable/transitView.ts';
import type { RegionData } from '../loader/regionData.ts';
import type { LiveVersion } from '../realtime/liveVersion.ts';
import type { Beyond } from './beyond.ts';

export interface PlanInput {
  request: SearchRequest;
  profile: Profile | null;
  brand: BrandSettings;
  origin: PlacePoint;
  destination: PlacePoint;
  /** The time of the search (epoch seconds): services booked ahead must be bookable by then. */
  nowSec: number;
  /** The live version the search routes on (its raptorFor gives views of it); absent: the timetable. */
  live?: LiveVersion;
  /** Keep every candidate and the rule that removed it (`cairn plan --explain`). */
  explain?: boolean;
  /** An end outside the region: the other end's plan reaches its gateway and the rest is estimated (beyond.ts). */
  beyond?: Beyond;
}

/** The routers of one service day (cached by the loaded planner). */
export type RoutersFor = (date: DateInt) => { view: TransitView; raptor: Raptor; mcRaptor: McRaptor };

/** Everything the families of one search read: region data, who travels, from where to where, when. */
export interface SearchContext {
  data: RegionData;
  traveller: Traveller;
  /** Travel types the brand allows and the traveller can use (own car needs car access). */
  allowed: (t: TravelType) => boolean;
  raptorFor: RoutersFor;
  origin: PlacePoint;
  destination: PlacePoint;
  /** Straight-line distance between origin and destination, metres. */
  crowM: number;
  /** Leave at `startSec`, or arrive by `endSec` (epoch seconds). */
  at: At;
  /** A return search: car club (round trips only) is offered. */
  hasReturn: boolean;
  /**
   * Set on step-free searches (issue #19): rides avoid stops and trips marked inaccessible when
   * `blocks` (the search), and not in the labelled fallback.
   */
  stepFree?: { blocks: boolean };
  /** The way back of a return search (returns.ts): its transit legs are picked to match the way out. */
  isReturn?: boolean;
  /**
   * How far from the asked time a transit leg may leave (arrive-by: arrive), when not
   * transit/search.ts MAX_SHIFT_SEC: the search for the next public transport (nextTransit.ts)
   * takes the rest of the day.
   */
  maxShiftSec?: number;
  /** Range searches already run for this search, by their query (transit/search.ts). */
  routes: Map<string, { view: TransitView; journeys: RaptorJourney[] }>;
  /**
   * First- and last-mile stops already found for this search, by end, mode and purpose
   * (transit/miles.ts): they do not depend on the time, so the search at other times shares them.
   */
  stopsReached: Map<string, AccessLeg[]>;
  /** The street searches behind the vehicle miles' stops, shared by the miles of one street mode (transit/miles.ts). */
  vehiclesReached: Map<string, VehicleReach[]>;
}

/** The context of one leg's search: the search's own, or its return (ends swapped, leaving at `startSec`). */
export function searchContext(
  data: RegionData,
  input: PlanInput,
  raptorFor: RoutersFor,
  at: At,
  hasReturn: boolean,
  stepFree?: { blocks: boolean },
): SearchContext {
  const traveller = travellerFrom(input.request, input.profile);
  const { origin, destination } = input;
  // Nobody steps off a plane with their own bike (region.json cycling.noOwnBikeAt).
  const noOwnBike = startsWithoutOwnBike(data.region.cycling, origin);
  return {
    data,
    traveller,
    // A step-free journey is not ridden on a bicycle.
    allowed: (t) =>
      allowsTravelType(input.brand.blockedTravelTypes, traveller, t) &&
      !(stepFree && (t === 'cycle' || t === 'bike hire')) &&
      !(noOwnBike && t === 'cycle'),
    ...(stepFree ? { stepFree } : {}),
    raptorFor,
    origin,
    destination,
    crowM: haversineM(origin.lat, origin.lon, destination.lat, destination.lon),
    at,
    hasReturn,
    routes: new Map(),
    stopsReached: new Map(),
    vehiclesReached: new Map(),
  };
}

/**
 * The same search at another time (the buffer's own deadline, withinBuffer.ts; the next public
 * transport, nextTransit.ts): it reuses the first- and last-mile stops found, which the time does
 * not change, and runs its own range searches.
 */
export function searchAt(ctx: SearchContext, at: At): SearchContext {
  return { ...ctx, at, routes: new Map() };
}

/** The same search the other way: from the destination back to the origin, leaving at `startSec`. */
export function returnContext(ctx: SearchContext, startSec: number): SearchContext {
  return {
    ...ctx,
    origin: ctx.destination,
    destination: ctx.origin,
    at: { startSec },
    hasReturn: true,
    isReturn: true,
  };
}
