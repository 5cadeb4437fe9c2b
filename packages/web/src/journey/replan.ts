import type { Journey, LiveBreak, Profile, SearchQuery, SearchRequestInput } from '@cairn/contracts';
import { toSearchRequest, valuesFromQuery, withProfile } from '../planner/plannerForm.ts';

/**
 * The search that re-plans a broken journey (issue #18): from where the traveller is expected to
 * be (`replan_from`, leaving then) to where that leg was going, with the options of the search it
 * came from as Edit journey would fill them in. A broken return leg goes back to the origin and is
 * planned as a single; an outbound one keeps the return while it still comes later.
 */
export function replanRequest(
  query: SearchQuery,
  journey: Journey,
  liveBreak: LiveBreak,
  profile: Profile | null,
  now: Date,
): SearchRequestInput {
  const values = withProfile(valuesFromQuery(query, now), profile);
  const onReturn = liveBreak.leg === 'return';
  const from = liveBreak.replan_from;
  const request = toSearchRequest(
    {
      ...values,
      origin: from.name,
      originLocation: from.location,
      destination: onReturn ? query.origin_address : query.destination_address,
      destinationLocation: onReturn ? journey.origin_location : journey.destination_location,
      arriveBy: false,
      isReturn: !onReturn && values.isReturn,
    },
    profile,
  );
  // Search dates sort as text (YYYY/MM/DD HH:mm:ss).
  const returnTime = request.return_time && request.return_time > from.out_time ? request.return_time : null;
  return { ...request, out_time: from.out_time, return_time: returnTime };
}
