import type { TravelType } from './modes.ts';
import type { Profile } from './user.ts';
import { RAILCARDS, type Railcard } from './values.ts';

/*
 * The one home of the entitlement rule (ADR 009): what a traveller holds for one search, merged
 * from the search form, the saved profile and the defaults. The engine prices and plans with it,
 * the API stores it with a logged-in search, and the web starts its form from it.
 */

/** The entitlements and circumstances one search is planned and priced for. */
export interface Entitlements {
  age: number | null;
  carAccess: boolean;
  concessionaryPass: boolean;
  youngScot: boolean;
  /** A Young Scot National Entitlement Card issued on or after NEW_YOUNG_SCOT_CUTOFF. */
  newYoungScot: boolean;
  railcard: Railcard | null;
  /** Plan step-free journeys (issue #19): no steps, walks a wheelchair can take, accessible stops and vehicles. */
  stepFree: boolean;
  /** Ids of the region's own concession schemes held (region.json fares.concessions.schemes; issue 28). */
  schemes: readonly string[];
}

/** An anonymous traveller who answered nothing: an adult of unknown age without cards or a car. */
export const NO_ENTITLEMENTS: Readonly<Entitlements> = Object.freeze({
  age: null,
  carAccess: false,
  concessionaryPass: false,
  youngScot: false,
  newYoungScot: false,
  railcard: null,
  stepFree: false,
  schemes: [],
});

/** The search fields the logged-in form sends from the profile (SPEC §3). */
export const PROFILE_ENTITLEMENT_FIELDS = [
  'has_car_access',
  'railcard',
  'has_concessionary_pass',
  'has_young_scot_card',
  'has_new_young_scot_card',
  'user_age',
  'step_free',
  'concession_schemes',
] as const;

/** Every search field that carries an entitlement: the profile's and the form's own questions. */
export const ENTITLEMENT_FIELDS = [
  ...PROFILE_ENTITLEMENT_FIELDS,
  'has_access_to_car',
  'has_railcard',
  'railcard_type',
] as const;

type NotGiven = null | undefined | '';

/** The entitlement answers of a search form; each may be not given. */
export type EntitlementAnswers = {
  has_access_to_car?: boolean | NotGiven;
  has_car_access?: boolean | NotGiven;
  has_railcard?: boolean | NotGiven;
  railcard_type?: Railcard | NotGiven;
  railcard?: Railcard | NotGiven;
  has_concessionary_pass?: boolean | NotGiven;
  has_young_scot_card?: boolean | NotGiven;
  has_new_young_scot_card?: boolean | NotGiven;
  user_age?: number | NotGiven;
  step_free?: boolean | NotGiven;
  concession_schemes?: readonly string[] | NotGiven;
};

/** A saved profile, or part of one; a field may be not given. */
export type ProfileAnswers = { [K in keyof Profile]?: Profile[K] | NotGiven };

/** An answered value: absent, null, '' and [] say nothing (as optionalField reads a form). */
export function isGiven<T>(v: T | NotGiven): v is T {
  return v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
}

/** The first answered value, else undefined. */
function firstGiven<T>(...values: Array<T | NotGiven>): T | undefined {
  return values.find((v): v is T => isGiven(v));
}

const isRailcard = (v: unknown): v is Railcard =>
  typeof v === 'string' && (RAILCARDS as readonly string[]).includes(v);

/**
 * Merges the entitlements of one search, field by field, with this precedence:
 *
 * 1. the form: the search's own questions (`has_access_to_car`, `has_railcard` + `railcard_type`),
 *    then the profile fields a logged-in form sends (`has_car_access`, `railcard`, the cards,
 *    `user_age`, `step_free`);
 * 2. the saved profile;
 * 3. the defaults: none, unless the caller knows better (the API gives the age from the account's
 *    date of birth). Brands set no entitlements; their blocked travel types restrict what the
 *    merged traveller may use (`allowsTravelType`), they never grant.
 *
 * A layer that does not give a field (absent, null or '') falls through to the next. An explicit
 * `false` is an answer and wins: the web form starts from the profile and sends what the traveller
 * sees, so `has_access_to_car: false` is this search's choice, never a default wiping the profile.
 * Two answers bind the fields below them (SPEC §4): `has_railcard: false` means no railcard for
 * this search whatever the profile holds, and a Young Scot card answered No has no new-card flag.
 * A list of concession schemes, even empty, is an answer too (the form shows every scheme ticked or
 * not); only an absent one falls through.
 */
export function mergeEntitlements(
  form: EntitlementAnswers,
  profile: ProfileAnswers | null,
  defaults: Entitlements = NO_ENTITLEMENTS,
): Entitlements {
  const youngScot = firstGiven(form.has_young_scot_card, profile?.has_young_scot_card) ?? defaults.youngScot;
  const newYoungScot =
    firstGiven(form.has_new_young_scot_card, profile?.has_new_young_scot_card) ?? defaults.newYoungScot;
  const card = firstGiven(form.railcard_type, form.railcard, profile?.railcard) ?? defaults.railcard;
  return {
    age: firstGiven(form.user_age, profile?.user_age) ?? defaults.age,
    carAccess:
      firstGiven(form.has_access_to_car, form.has_car_access, profile?.has_car_access) ?? defaults.carAccess,
    concessionaryPass:
      firstGiven(form.has_concessionary_pass, profile?.has_concessionary_pass) ?? defaults.concessionaryPass,
    youngScot,
    newYoungScot: youngScot && newYoungScot,
    railcard: form.has_railcard === false || !isRailcard(card) ? null : card,
    stepFree: firstGiven(form.step_free, profile?.step_free) ?? defaults.stepFree,
    schemes: [form.concession_schemes, profile?.concession_schemes].find(Array.isArray) ?? defaults.schemes,
  };
}

/** The merged entitlements as the profile a search is stored with (the API's `searches.profile`). */
export function entitlementsProfile(entitlements: Entitlements): Profile {
  return {
    has_car_access: entitlements.carAccess,
    has_concessionary_pass: entitlements.concessionaryPass,
    has_young_scot_card: entitlements.youngScot,
    has_new_young_scot_card: entitlements.newYoungScot,
    railcard: entitlements.railcard,
    user_age: entitlements.age,
    // Only when asked, so stored profiles of searches without it stay as they were.
    ...(entitlements.stepFree ? { step_free: true } : {}),
    ...(entitlements.schemes.length > 0 ? { concession_schemes: [...entitlements.schemes] } : {}),
  };
}

/**
 * Whether a search may use a travel type: never one the brand blocks, and driving your own car
 * only with car access.
 */
export function allowsTravelType(
  blockedTravelTypes: readonly TravelType[],
  entitlements: Pick<Entitlements, 'carAccess'>,
  type: TravelType,
): boolean {
  return !blockedTravelTypes.includes(type) && (type !== 'own car' || entitlements.carAccess);
}
