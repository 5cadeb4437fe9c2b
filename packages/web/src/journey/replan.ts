import type { Journey, LiveBreak, Profile, SearchQuery, SearchRequestInput } from '@cairn/contracts';
import { formatSearchDate } from '../lib/dates.ts';
import { toSearchRequest, valuesFromQuery, withProfile } from '../planner/plannerValues.ts';

/**
 * The search that re-plans a broken journey (issue #18): from where the traveller is expected to
 * be (`replan_from`, leaving then) to where that leg was going, with the options of the search it
 * came from as Edit journey would fill them in. A broken return leg goes back to the origin and is
 * planned as a single; an outbound one keeps the return while it still comes later. `now` is the
 * region's wall clock (useRegionNow).
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
  // Search dates sort as text (YYYY/MM/DD HH:mm:ss). A break read late re-plans from now: the API
  // refuses searches in the past.
  const nowText = formatSearchDate(now);
  const outTime = from.out_time > nowText ? from.out_time : nowText;
  const returnTime = request.return_time && request.return_time > outTime ? request.return_time : null;
  return { ...request, out_time: outTime, return_time: returnTime };
}
