import type { Profile, Railcard, SearchRequest } from '@cairn/contracts';
import { RAILCARDS } from '@cairn/contracts';

/** The entitlements and circumstances one search is priced for. */
export interface Traveller {
  age: number | null;
  carAccess: boolean;
  concessionaryPass: boolean;
  youngScot: boolean;
  /** A Young Scot National Entitlement Card issued on or after NEW_YOUNG_SCOT_CUTOFF. */
  newYoungScot: boolean;
  railcard: Railcard | null;
}

const isRailcard = (v: unknown): v is Railcard =>
  typeof v === 'string' && (RAILCARDS as readonly string[]).includes(v);

/** A request field the traveller answered: absent, null, '' and [] say nothing and never override. */
export function isGiven<T>(v: T | null | undefined | ''): v is T {
  return v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
}

/** The first answered value, else undefined. */
function firstGiven<T>(...values: Array<T | null | undefined | ''>): T | undefined {
  return values.find((v): v is T => isGiven(v));
}

/**
 * Merges the search request with the logged-in profile, field by field: a field the request
 * carries (present and not empty) applies; any other comes from the profile. An explicit `false`
 * is an answer: the web client starts a logged-in form from the profile and sends what the
 * traveller sees, so `has_railcard: false` or `has_access_to_car: false` is the traveller's
 * choice for this search, never a default that wipes the profile.
 */
export function travellerFrom(request: SearchRequest, profile: Profile | null): Traveller {
  const youngScot = firstGiven(request.has_young_scot_card, profile?.has_young_scot_card) ?? false;
  return {
    age: firstGiven(request.user_age, profile?.user_age) ?? null,
    carAccess:
      firstGiven(request.has_access_to_car, request.has_car_access, profile?.has_car_access) ?? false,
    concessionaryPass: firstGiven(request.has_concessionary_pass, profile?.has_concessionary_pass) ?? false,
    youngScot,
    // SPEC §4: with YoungScot answered No the new-card flag is false.
    newYoungScot:
      youngScot && (firstGiven(request.has_new_young_scot_card, profile?.has_new_young_scot_card) ?? false),
    railcard: railcardFrom(request, profile),
  };
}

/**
 * The railcard: `has_railcard: false` is "No" for this search (SPEC §4, railcard No sets it empty);
 * otherwise the form's type, else the logged-in field, else the profile's card.
 */
function railcardFrom(request: SearchRequest, profile: Profile | null): Railcard | null {
  if (request.has_railcard === false) return null;
  const card = firstGiven(request.railcard_type, request.railcard, profile?.railcard);
  return isRailcard(card) ? card : null;
}
