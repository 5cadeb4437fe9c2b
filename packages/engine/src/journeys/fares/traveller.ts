import type { Entitlements, Profile, SearchRequest } from '@cairn/contracts';
import { mergeEntitlements } from '@cairn/contracts';

/** The entitlements and circumstances one search is priced for. */
export type Traveller = Entitlements;

export { isGiven } from '@cairn/contracts';

/** Who travels on this search: the request over the logged-in profile (`mergeEntitlements`, ADR 009). */
export function travellerFrom(request: SearchRequest, profile: Profile | null): Traveller {
  return mergeEntitlements(request, profile);
}
