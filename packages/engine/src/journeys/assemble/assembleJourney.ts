import polyline from '@mapbox/polyline';
import { toLatLng } from '../../geo/geometry.ts';
import type {
  Journey,
  Leg,
  Poi,
  Step,
  StepLive,
  Taxi,
  Timetable,
  ToiletMarker,
  TravelType,
} from '@cairn/contracts';
import { TIMETABLED_TYPES } from '@cairn/contracts';
import type { RegionConfig } from '../../region/regionConfig.ts';
import { flexibleServiceOf } from '../../region/regionConfig.ts';
import { stepCo2Kg } from '../co2/factors.ts';
import { distanceTextValue, formatDistance } from '../../format/distance.ts';
import { directionHtml } from '../../format/directions.ts';
import { endNames } from '../../format/placeNames.ts';
import { clockDurationTextValue, durationTextValue } from '../../format/duration.ts';
import { formatLocalDate, formatLocalIso, formatLocalTime } from '../../format/localTime.ts';
import type { OptionPrice } from '../fares/priceOption.ts';
import type { PlacePoint, PlannedLeg, PlannedOption, PlannedStep, TransitRide } from '../model.ts';
import { legChanges, legStages, legWaitSec, legWalkM } from '../model.ts';
import { computeSortKeys, sortInputsOf } from '../ranking/sortKeys.ts';
import { optionId } from '../ranking/optionId.ts';
import { summariseStepFree } from '../../stepFree/labels.ts';
import { listTightLastConnections } from './tightConnections.ts';

/** Extras looked up per place or ride; supplied by the planner from its loaded data. */
export interface ExtrasLookup {
  poisNear(lat: number, lon: number, placeName: string): Poi[];
  /** Toilets near a place, opening times for the week of the visit (epoch seconds). */
  toiletsNear(lat: number, lon: number, visitSec: number): ToiletMarker[];
  taxisAt(lat: number, lon: number): Taxi[];
  /** Stops × nearby trips of the ride's route, or undefined when the timetable cannot say. */
  timetableFor(step: PlannedStep): Timetable | undefined;
  /** No later run leaves the ride's boarding stop for its alighting stop that day (absent: never said). */
  lastRunOfDay?(step: PlannedStep): boolean;
}

export interface AssembleContext {
  region: RegionConfig;
  origin: PlacePoint;
  destination: PlacePoint;
  extras: ExtrasLookup;
  /** Whether car-club promo links may be shown (brand setting). */
  carClubPromo: boolean;
  /** Live running of a ride, when the search routed on a live version. */
  liveStep?: (ride: TransitRide) => StepLive | undefined;
}

function elevationRange(steps: PlannedStep[]): { high: number | null; low: number | null } {
  const withElevation = steps.filter((s) => s.elevation !== null);
  if (withElevation.length === 0) return { high: null, low: null };
  return {
    high: Math.max(...withElevation.map((s) => s.elevation?.highestM ?? -Infinity)),
    low: Math.min(...withElevation.map((s) => s.elevation?.lowestM ?? Infinity)),
  };
}

/** Step types whose climb is the traveller's own effort (they carry ascent_m / descent_m). */
const HUMAN_POWERED: ReadonlySet<TravelType> = new Set<TravelType>(['walk', 'cycle', 'bike hire']);

function buildStep(step: PlannedStep, cost: string, ctx: AssembleContext): Step {
  const tz = ctx.region.timeZone;
  // A walk from Kingussie station into Kingussie names its ends apart, never "Kingussie → Kingussie".
  const names = endNames(step.from, step.to);
  const out: Step = {
    type: step.type,
    description: step.description,
    departure_time: formatLocalTime(tz, step.startSec),
    arrival_time: formatLocalTime(tz, step.endSec),
    duration: clockDurationTextValue(step.startSec, step.endSec),
    distance: { text: formatDistance(step.distanceM), value: Math.round(step.distanceM) },
    cost,
    elevationHighest: step.elevation?.highestM ?? null,
    elevationLowest: step.elevation?.lowestM ?? null,
    start_location: toLatLng(step.from),
    end_location: toLatLng(step.to),
    start_address: names.from,
    end_address: names.to,
    polyline: polyline.encode(step.coords),
    directions: step.directions.map((d) => ({
      html_instructions: directionHtml(d),
      distance: { text: formatDistance(d.distance_m) },
      instruction: d,
    })),
    carbon_emission: stepCo2Kg(step.type, step.distanceM),
  };
  if (step.straightLine) out.straight_line = true;
  if (step.stepFree) out.step_free = step.stepFree;
  if (step.assistance) out.assistance = step.assistance;
  // The climb is the effort of the steps the traveller powers; for vehicles it says nothing.
  if (HUMAN_POWERED.has(step.type) && step.elevation?.ascentM !== undefined) {
    out.ascent_m = step.elevation.ascentM;
    out.descent_m = step.elevation.descentM ?? 0;
  }
  const ride = step.ride;
  if (ride) {
    const operator = ride.operatorId ? ctx.region.operators.find((o) => o.id === ride.operatorId) : undefined;
    out.agency = { name: operator?.name ?? ride.agencyName, url: operator?.website ?? ride.agencyUrl };
    if (ride.routeShortName || ride.routeLongName)
      out.service_number = ride.routeShortName || ride.routeLongName;
    if (ride.headsign) out.headsign = ride.headsign;
    out.how_to_guide = {
      service: {
        name: operator?.name ?? ride.agencyName,
        website: operator?.website ?? ride.agencyUrl,
        statements: (operator?.guideStatements ?? []).map((body) => ({ body })),
      },
    };
    out.stops = ride.stops.map((s) => ({
      name: s.name,
      time: formatLocalTime(tz, s.timeSec),
      location: toLatLng(s),
    }));
    const timetable = ctx.extras.timetableFor(step);
    if (timetable) out.timetable = timetable;
    const live = ctx.liveStep?.(ride);
    if (live) out.live = live;
  }
  if (step.flexibleServiceId) {
    const svc = flexibleServiceOf(ctx.region, step.flexibleServiceId);
    if (svc) {
      const operator = ctx.region.operators.find((o) => o.id === svc.operatorId);
      out.agency = { name: operator?.name ?? svc.name, url: operator?.website ?? svc.booking.website };
      out.booking_website = svc.booking.website;
      out.booking_phone = svc.booking.phone;
      const statements = [
        `Book at least ${svc.booking.advanceBookingMin} minutes ahead on ${svc.booking.website} or ${svc.booking.phone}.`,
        ...(svc.booking.eligibility ? [svc.booking.eligibility] : []),
        ...(operator?.guideStatements ?? []),
      ];
      out.how_to_guide = {
        service: {
          name: svc.name,
          website: svc.booking.website,
          statements: statements.map((body) => ({ body })),
        },
      };
    }
  }
  if (step.carClubProviderId) {
    const provider = ctx.region.carClub.providers.find((p) => p.id === step.carClubProviderId);
    if (provider) {
      out.provider = provider.name;
      if (ctx.carClubPromo) out.promo_link = provider.promoLink;
      out.how_to_guide = { service: { name: provider.name, website: provider.website, statements: [] } };
    }
  }
  if (step.type === 'bike hire' && ctx.region.bikeHire) {
    const sys = ctx.region.bikeHire.system_information;
    out.provider = sys.name;
    out.how_to_guide = { service: { name: sys.name, website: sys.url ?? null, statements: [] } };
  }
  return out;
}

function buildLeg(
  leg: PlannedLeg,
  costs: string[],
  from: PlacePoint,
  to: PlacePoint,
  ctx: AssembleContext,
): Leg {
  const tz = ctx.region.timeZone;
  const start = leg.steps[0]?.startSec ?? 0;
  const end = leg.steps[leg.steps.length - 1]?.endSec ?? start;
  const coords = leg.steps.flatMap((s) => s.coords);
  const { high, low } = elevationRange(leg.steps);
  const toilets = ctx.extras.toiletsNear(to.lat, to.lon, end);
  return {
    departure_date: formatLocalDate(tz, start),
    departure_at: formatLocalTime(tz, start),
    arrival_at: formatLocalTime(tz, end),
    departure_datetime: formatLocalIso(tz, start),
    arrival_datetime: formatLocalIso(tz, end),
    duration: clockDurationTextValue(start, end),
    wait_time: durationTextValue(legWaitSec(leg)),
    walking_distance: distanceTextValue(legWalkM(leg)),
    distance: distanceTextValue(leg.steps.reduce((s, x) => s + x.distanceM, 0)),
    elevationHighest: high,
    elevationLowest: low,
    overview_polyline: { points: polyline.encode(coords) },
    stages: legStages(leg),
    changes: legChanges(leg),
    steps: leg.steps.map((s, i) => buildStep(s, costs[i] ?? 'unknown', ctx)),
    taxis: ctx.extras.taxisAt(from.lat, from.lon),
    pois: ctx.extras.poisNear(to.lat, to.lon, to.name),
    destination_toilets: { count: toilets.length, markers: toilets },
  };
}

/** Turns a priced option into the Journey document of SPEC §3. */
export function assembleJourney(option: PlannedOption, price: OptionPrice, ctx: AssembleContext): Journey {
  const depart = buildLeg(option.depart, price.stepCosts.depart, ctx.origin, ctx.destination, ctx);
  const ret = option.ret ? buildLeg(option.ret, price.stepCosts.ret, ctx.destination, ctx.origin, ctx) : null;
  const allSteps = [...option.depart.steps, ...(option.ret?.steps ?? [])];
  const inputs = sortInputsOf(option, price.totalPence);
  const carbon = inputs.carbonKg;
  const timetabled = allSteps.some((s) => TIMETABLED_TYPES.includes(s.type));
  const mainStreetMode =
    [...option.depart.steps].sort((a, b) => b.distanceM - a.distanceM)[0]?.type ?? 'walk';
  const flexible = allSteps.find((s) => s.flexibleServiceId);
  const svc = flexibleServiceOf(ctx.region, flexible?.flexibleServiceId);
  return {
    id: optionId(option),
    cost: price.text,
    cost_pence: price.totalPence,
    cost_currency: ctx.region.currency,
    carbon_emission: carbon,
    total_wait_time: durationTextValue(inputs.waitSec),
    total_walking_distance: distanceTextValue(inputs.walkM),
    origin: ctx.origin.name,
    destination: ctx.destination.name,
    origin_location: toLatLng(ctx.origin),
    destination_location: toLatLng(ctx.destination),
    transport_mode: timetabled ? 'transit' : mainStreetMode,
    user_status: null,
    drt_operator: svc ? { name: svc.name, booking_website: svc.booking.website } : null,
    pricing_breakdown: price.lines,
    payment_methods_breakdown: price.paymentMethods,
    depart,
    return: ret,
    sort: computeSortKeys(inputs),
    cost_is_estimate: price.isEstimate,
    ...stepFreeSummary(allSteps),
    ...noticesOf(option, depart, ret, ctx),
  };
}

/** The planner's notices and every tight connection onto a last departure, when there are any. */
function noticesOf(
  option: PlannedOption,
  depart: Leg,
  ret: Leg | null,
  ctx: AssembleContext,
): Pick<Journey, 'notices'> {
  const tight = { tightSec: ctx.region.connections.tightLastDepartureSec, isLast: ctx.extras.lastRunOfDay };
  const notices = [
    ...(option.notices ?? []),
    ...listTightLastConnections(option.depart, depart.steps, tight),
    ...(option.ret && ret ? listTightLastConnections(option.ret, ret.steps, tight) : []),
  ];
  return notices.length ? { notices } : {};
}

/** The card's step-free summary, on journeys whose steps are labelled (step-free searches). */
function stepFreeSummary(steps: readonly PlannedStep[]): Pick<Journey, 'step_free'> {
  const summary = summariseStepFree(steps.map((s) => s.stepFree));
  return summary ? { step_free: summary } : {};
}
