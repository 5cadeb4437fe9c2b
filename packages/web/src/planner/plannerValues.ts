import type { LatLng, Profile, Railcard, SearchQuery, SearchRequestInput } from '@cairn/contracts';
import { mergeEntitlements } from '@cairn/contracts';
import {
  formatSearchDate,
  fromInputValue,
  parseSearchDate,
  roundUpToStep,
  toInputValue,
} from '../lib/dates.ts';

/** The planner form as the person fills it in (SPEC §3 "Search form"). */
export type PlannerValues = {
  origin: string;
  originLocation: LatLng | null;
  destination: string;
  destinationLocation: LatLng | null;
  isReturn: boolean;
  /** datetime-local values `YYYY-MM-DDTHH:mm`. */
  outTime: string;
  returnTime: string | null;
  /** Appointment brands: out_time is the time to arrive by. */
  arriveBy: boolean;
  /*
   * Entitlements for this search. Anonymous visitors start with none; a logged-in traveller's
   * form starts from the profile (withProfile) and what the form shows is what it sends.
   */
  hasAccessToCar: boolean;
  hasRailcard: boolean;
  railcardType: Railcard | null;
  /** Logged in only (SPEC §3): the National Entitlement Card and Young Scot card of the profile. */
  concessionaryPass: boolean;
  youngScot: boolean;
  newYoungScot: boolean;
  /** Step-free journeys (issue #19): from the profile, changeable per search. */
  stepFree: boolean;
  /** Ids of the region's own concession schemes held (GET /v1/config region.concession_schemes; issue 28). */
  schemes: string[];
  acceptTerms: boolean;
};

export const TERMS_MESSAGE = 'Please accept the Terms and Conditions';
/** SPEC §3/§9: arrive_by_buffer is 30 minutes. */
export const ARRIVE_BY_BUFFER_MIN = 30;
const DEFAULT_RETURN_AFTER_H = 3;

/** A fresh form: leave now (next 5-minute step), single journey; entitlements from the profile when logged in. */
export function initialPlannerValues(
  now: Date,
  prefill: { origin?: string | null; destination?: string | null } = {},
  profile: Profile | null = null,
): PlannerValues {
  return withProfile(
    {
      origin: prefill.origin ?? '',
      originLocation: null,
      destination: prefill.destination ?? '',
      destinationLocation: null,
      isReturn: false,
      outTime: toInputValue(roundUpToStep(now)),
      returnTime: null,
      arriveBy: false,
      hasAccessToCar: false,
      hasRailcard: false,
      railcardType: null,
      concessionaryPass: false,
      youngScot: false,
      newYoungScot: false,
      stepFree: false,
      schemes: [],
      acceptTerms: false,
    },
    profile,
  );
}

/**
 * The form's entitlements set from a profile: railcard, car access and cards as the traveller
 * keeps them (SPEC §2 "the profile is applied to searches"); none without a profile. The form's
 * own answers win once touched (PlannerForm), as in `mergeEntitlements` (ADR 009).
 */
export function withProfile(values: PlannerValues, profile: Profile | null): PlannerValues {
  const held = mergeEntitlements({}, profile);
  return {
    ...values,
    hasAccessToCar: held.carAccess,
    hasRailcard: held.railcard !== null,
    railcardType: held.railcard,
    concessionaryPass: held.concessionaryPass,
    youngScot: held.youngScot,
    newYoungScot: held.newYoungScot,
    // Without a profile the form keeps its own choice (a step-free search being edited).
    stepFree: profile ? held.stepFree : values.stepFree,
    schemes: profile ? [...held.schemes] : values.schemes,
  };
}

/** The entitlements a form applies, for the Travel options summary: "16-25 Railcard · car access · Deutschlandticket". */
export function describeEntitlements(
  values: PlannerValues,
  loggedIn: boolean,
  schemes: ReadonlyArray<{ id: string; label: string }> = [],
): string {
  const parts: string[] = [];
  if (values.hasRailcard) parts.push(values.railcardType ?? 'railcard');
  if (values.hasAccessToCar) parts.push('car access');
  if (loggedIn && values.concessionaryPass) parts.push('concessionary pass');
  if (loggedIn && values.youngScot) parts.push('Young Scot card');
  for (const s of schemes) if (values.schemes.includes(s.id)) parts.push(s.label);
  if (values.stepFree) parts.push('step-free');
  return parts.length > 0 ? parts.join(' · ') : 'none';
}

/** The form of a stored query (Edit journey): a loaded return time switches the toggle to Return. */
export function valuesFromQuery(query: SearchQuery, now: Date): PlannerValues {
  const base = initialPlannerValues(now, {
    origin: query.origin_address,
    destination: query.destination_address,
  });
  const out = parseSearchDate(query.out_departure_at) ?? parseSearchDate(query.arrive_at_time ?? '');
  const ret = query.return_departure_at ? parseSearchDate(query.return_departure_at) : undefined;
  return {
    ...base,
    outTime: out ? toInputValue(out) : base.outTime,
    arriveBy: query.arrive_at_time !== null && query.arrive_at_time !== '',
    isReturn: ret !== undefined,
    returnTime: ret ? toInputValue(ret) : null,
    stepFree: query.step_free === true,
  };
}

/** Single clears return_time; Return proposes a time a few hours after the outbound. */
export function withReturnToggle(values: PlannerValues, isReturn: boolean): PlannerValues {
  if (!isReturn) return { ...values, isReturn: false, returnTime: null };
  if (values.returnTime) return { ...values, isReturn: true };
  const out = fromInputValue(values.outTime);
  const ret = out ? new Date(out.getTime() + DEFAULT_RETURN_AFTER_H * 3600_000) : null;
  return { ...values, isReturn: true, returnTime: ret ? toInputValue(ret) : null };
}

/** Swaps From and To with their chosen coordinates. */
export function swapEnds(values: PlannerValues): PlannerValues {
  return {
    ...values,
    origin: values.destination,
    originLocation: values.destinationLocation,
    destination: values.origin,
    destinationLocation: values.originLocation,
  };
}

/** Told when From and To name the same place: a search between them has nothing to offer. */
export const SAME_PLACE_MESSAGE = 'From and To are the same place. Enter where you are travelling to.';

/** True when From and To are the same words, or the same suggestion's coordinates. */
function samePlace(values: PlannerValues): boolean {
  const a = values.originLocation;
  const b = values.destinationLocation;
  if (a && b) return a.lat === b.lat && a.lng === b.lng;
  return values.origin.trim().toLowerCase() === values.destination.trim().toLowerCase();
}

/**
 * Checks the browser makes before sending, all at once (SPEC §5); the server checks every field
 * again. The From and To messages are the contract's own.
 */
export function validatePlanner(values: PlannerValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.origin.trim()) errors.origin = 'Enter where you are travelling from.';
  if (!values.destination.trim()) errors.destination = 'Enter where you are travelling to.';
  else if (values.origin.trim() && samePlace(values)) errors.destination = SAME_PLACE_MESSAGE;
  if (!values.acceptTerms) errors.terms = TERMS_MESSAGE;
  if (values.hasRailcard && !values.railcardType) errors.railcard_type = 'Choose your railcard.';
  return errors;
}

/**
 * The body of POST /v1/journey-planner/search: exactly what the form shows. Signed in, the SPEC §3
 * profile fields carry the same answers (the form started from the profile), so the traveller's
 * choice for this search is what the fares use; the age, not on the form, comes from the profile.
 */
export function toSearchRequest(values: PlannerValues, profile: Profile | null): SearchRequestInput {
  const out = fromInputValue(values.outTime);
  const ret = values.isReturn && values.returnTime ? fromInputValue(values.returnTime) : undefined;
  const request: SearchRequestInput = {
    origin: values.origin.trim(),
    destination: values.destination.trim(),
    out_time: out ? formatSearchDate(out) : values.outTime,
    return_time: ret ? formatSearchDate(ret) : null,
    arrive_by_buffer: ARRIVE_BY_BUFFER_MIN,
    has_access_to_car: values.hasAccessToCar,
    has_railcard: values.hasRailcard,
    railcard_type: values.hasRailcard ? values.railcardType : null,
  };
  if (values.arriveBy) request.arrive_by = true;
  // Sent when asked, or to turn off the profile's choice for this search (mergeEntitlements).
  if (values.stepFree || profile?.step_free) request.step_free = values.stepFree;
  // Sent when held, or to turn off the profile's schemes for this search (a list, even empty, is an answer).
  if (values.schemes.length > 0 || profile?.concession_schemes?.length)
    request.concession_schemes = values.schemes;
  if (values.originLocation) request.origin_location = values.originLocation;
  if (values.destinationLocation) request.destination_location = values.destinationLocation;
  if (profile) {
    request.has_car_access = values.hasAccessToCar;
    if (values.hasRailcard && values.railcardType) request.railcard = values.railcardType;
    request.has_concessionary_pass = values.concessionaryPass;
    request.has_young_scot_card = values.youngScot;
    request.has_new_young_scot_card = values.youngScot && values.newYoungScot;
    if (profile.user_age !== null) request.user_age = profile.user_age;
  }
  return request;
}

/** Server field errors to show: the first message of each field (SPEC §5). */
export function firstMessages(errors: Record<string, string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const first = messages[0];
    if (first) out[field] = first;
  }
  return out;
}

/** A list of ids with one ticked on or off (a scheme checkbox), in the order they were ticked. */
export function withToggled(ids: readonly string[], id: string, on: boolean): string[] {
  const rest = ids.filter((x) => x !== id);
  return on ? [...rest, id] : rest;
}
