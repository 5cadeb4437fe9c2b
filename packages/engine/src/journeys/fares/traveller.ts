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

/**
 * Merges the search form with the logged-in profile. The form's own answers (car access, railcard)
 * win because the visitor sets them for this search; profile-only entitlements come from the
 * request's logged-in fields, else the profile.
 */
export function travellerFrom(request: SearchRequest, profile: Profile | null): Traveller {
  const carAccess = request.has_access_to_car ?? request.has_car_access ?? profile?.has_car_access ?? false;
  let railcard: Railcard | null = null;
  if (request.has_railcard === false) railcard = null;
  else if (isRailcard(request.railcard_type)) railcard = request.railcard_type;
  else if (isRailcard(request.railcard)) railcard = request.railcard;
  else if (request.has_railcard === undefined && isRailcard(profile?.railcard)) railcard = profile.railcard;
  const youngScot = request.has_young_scot_card ?? profile?.has_young_scot_card ?? false;
  return {
    age: request.user_age ?? profile?.user_age ?? null,
    carAccess,
    concessionaryPass: request.has_concessionary_pass ?? profile?.has_concessionary_pass ?? false,
    youngScot,
    // SPEC §4: with YoungScot answered No the new-card flag is false.
    newYoungScot: youngScot && (request.has_new_young_scot_card ?? profile?.has_new_young_scot_card ?? false),
    railcard,
  };
}
