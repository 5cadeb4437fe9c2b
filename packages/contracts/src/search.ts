import { z } from 'zod';
import { ConcessionSchemeIds, LatLng, optionalField } from './common.ts';
import { Journey } from './journey.ts';
import { RAILCARDS, SEARCH_DATE_PATTERN } from './values.ts';

const searchDate = z.string().regex(SEARCH_DATE_PATTERN, 'Use the format YYYY/MM/DD HH:mm:ss.');

/**
 * The search form as sent by the web app (SPEC §3). Shape only: the API checks the date window
 * (now … 6 months) and return ≥ outbound, which need the clock. Entitlements: for a logged-in
 * traveller each field applies only when present and not empty (absent, null and '' leave the
 * profile's value); an explicit false is the traveller's answer for this search (ADR 009).
 * Every optional field takes '' and null as "not given" (optionalField), as the seed client sends them.
 */
export const SearchRequest = z.object({
  origin: z.string().trim().min(1, 'Enter where you are travelling from.').max(200),
  destination: z.string().trim().min(1, 'Enter where you are travelling to.').max(200),
  /** Coordinates chosen from the place suggestions; the server geocodes the text when absent. */
  origin_location: optionalField(LatLng),
  destination_location: optionalField(LatLng),
  out_time: searchDate,
  return_time: optionalField(searchDate),
  /** When true, out_time is the time to arrive by (an appointment), less arrive_by_buffer minutes. */
  arrive_by: optionalField(z.boolean()),
  arrive_by_buffer: optionalField(z.number().int().min(0).max(180).default(30)),
  has_access_to_car: optionalField(z.boolean()),
  has_railcard: optionalField(z.boolean()),
  /** Needed when has_railcard is true: a new search without it gets a field error on railcard_type. */
  railcard_type: optionalField(z.enum(RAILCARDS, { message: 'Choose a railcard from the list.' })),
  /** Sent when logged in: the profile's entitlements (SPEC §3). */
  has_car_access: optionalField(z.boolean()),
  railcard: optionalField(z.enum(RAILCARDS, { message: 'Choose a railcard from the list.' })),
  has_concessionary_pass: optionalField(z.boolean()),
  has_young_scot_card: optionalField(z.boolean()),
  has_new_young_scot_card: optionalField(z.boolean()),
  user_age: optionalField(z.number().int().min(0).max(130)),
  /**
   * Step-free journeys (an addition to SPEC §3, issue #19): true asks for them, false turns off the
   * profile's choice for this search; not given takes the profile's, else off.
   */
  step_free: optionalField(z.boolean()).describe(
    "Plan step-free journeys (an addition to SPEC §3): true asks, false overrides the profile's step_free, absent takes the profile's (else off)",
  ),
  /**
   * The region's own concession schemes held for this search (issue 28): a list, even empty, is
   * this search's answer; absent takes the profile's (else none).
   */
  concession_schemes: optionalField(ConcessionSchemeIds).describe(
    "Ids of the region's own concession schemes (GET /v1/config region.concession_schemes) held for this search; a list, even empty, overrides the profile's; absent takes the profile's (an addition to SPEC §3)",
  ),
});
export type SearchRequest = z.infer<typeof SearchRequest>;
export type SearchRequestInput = z.input<typeof SearchRequest>;

/**
 * Why an end of a search could not be placed (our addition; SPEC shows no message for it): the
 * text matched no place of the region, or the place lies outside the area the planner covers.
 * Same shape as the field errors of SPEC §5, one message per end, e.g.
 * `{ origin: ['We couldn\'t find "Xyzzyqq". Try a town, station or street in Cairngorms.'] }`.
 */
export const PlaceErrors = z.object({
  origin: z.array(z.string()).optional(),
  destination: z.array(z.string()).optional(),
});
export type PlaceErrors = z.infer<typeof PlaceErrors>;

/**
 * Why a search whose ends were placed found no journey (an addition to SPEC §3, issue #27): the
 * engine's reason (planner/port.ts NoJourneyReason), so the results page says why and offers the
 * next action. `ends`: the ends with no stop within a walk ('no stop near'); `date`: the region's
 * YYYY-MM-DD with nothing running ('no service'); `next_departure`: with it, when public transport next
 * leaves the stops near the start (absent from older servers); `first_arrival`: 'no return' because
 * every way there arrives after the return time, the first of those arrivals (absent from older servers).
 */
export const NoJourney = z
  .object({
    reason: z.enum(['same place', 'bad time', 'no stop near', 'no service', 'no return', 'no option']),
    ends: z.array(z.enum(['origin', 'destination'])).optional(),
    date: z.string().optional(),
    next_departure: z
      .object({
        stop: z.string().describe('the stop it leaves from'),
        line: z.string().describe("the line's short name, else its long name"),
        towards: z.string().describe("the trip's headsign, else its last stop"),
        departure: z.string().describe('local time with offset, ISO 8601'),
        reaches_destination: z
          .boolean()
          .optional()
          .describe(
            'the run later sets down near the destination; false when no departure of the 7 days does and this, the first of any, does not (absent from older servers)',
          ),
      })
      .nullable()
      .optional()
      .describe(
        "'no service': the first departure from the stops within a walk of the start in the next 7 days whose run reaches the destination, else the first of any; null when none runs in them",
      ),
    first_arrival: z
      .string()
      .optional()
      .describe(
        "'no return': every way there arrives after the return time; the first of them arrives then (local time with offset, ISO 8601)",
      ),
  })
  .describe('Why a search found no journey');
export type NoJourney = z.infer<typeof NoJourney>;

/** A stored search (SPEC §3). */
export const SearchQuery = z.object({
  hash: z.string(),
  origin_address: z.string(),
  destination_address: z.string(),
  out_departure_at: z.string(),
  return_departure_at: z.string().nullable(),
  arrive_at_time: z.string().nullable(),
  return_time: z.string().nullable(),
  /** The expected number of results; null until planning has finished. */
  results_retrieved: z.number().int().nonnegative().nullable(),
  /** 'pending' | 'planning' | 'done' | 'failed' — lets a client that missed events catch up. */
  status: z.enum(['pending', 'planning', 'done', 'failed']),
  has_return: z.boolean(),
  /** True when the search was planned step-free (an addition to SPEC §3, issue #19); absent otherwise. */
  step_free: z
    .literal(true)
    .optional()
    .describe(
      'True when the search was planned step-free, from its own choice or the profile; absent otherwise',
    ),
  /** Optional: present when the origin or destination could not be placed (then there are no journeys). */
  place_errors: PlaceErrors.optional(),
  /** Optional: why a search whose ends were placed found no journey (issue #27). */
  no_journey: NoJourney.optional(),
  /**
   * Optional (an addition to SPEC §3): options were found, none by public transport, and none
   * could be reached on foot: why ('no stop near' or 'no service', as in `no_journey`). Absent
   * from older servers and whenever an option rides public transport.
   */
  no_public_transport: NoJourney.optional().describe(
    "Options were found, none by public transport nor any reachable on foot: why, 'no stop near' (ends) or 'no service' (date, next_departure)",
  ),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

export const SearchCreated = z.object({ data: z.object({ hash: z.string() }) });
export type SearchCreated = z.infer<typeof SearchCreated>;

export const SearchResults = z.object({ data: z.object({ journeys: z.array(Journey), query: SearchQuery }) });
export type SearchResults = z.infer<typeof SearchResults>;

export const JourneyResponse = z.object({ data: Journey });
export type JourneyResponse = z.infer<typeof JourneyResponse>;

/**
 * Body of POST /v1/journey-planner/search/{hash}/update-return-time. The answer is a new search
 * that belongs to the caller: their account and profile when logged in, nobody's otherwise. A
 * search of someone else's account is re-planned without the entitlements its owner sent
 * (profile fields, car access, railcard), and the new search is not in the owner's recent list.
 */
export const UpdateReturnTimeRequest = z.object({ return_time: searchDate });
export type UpdateReturnTimeRequest = z.infer<typeof UpdateReturnTimeRequest>;

export const RecentSearchItem = z.object({
  hash: z.string(),
  origin_address: z.string(),
  destination_address: z.string(),
  out_departure_at: z.string(),
  return_departure_at: z.string().nullable(),
  created_at: z.string(),
});
export type RecentSearchItem = z.infer<typeof RecentSearchItem>;

export const SavedJourneyItem = z.object({
  hash: z.string(),
  journey_id: z.string(),
  origin: z.string(),
  destination_address: z.string(),
  is_return: z.boolean(),
  cost: z.string(),
  out_date: z.string(),
  out_time: z.string(),
  out_arrive_time: z.string(),
  return_date: z.string().nullable(),
  return_time: z.string().nullable(),
  return_arrive_time: z.string().nullable(),
  duration_depart: z.object({ text: z.string() }),
  duration_return: z.object({ text: z.string() }).nullable(),
  stages: z.object({ depart: z.array(z.string()), return: z.array(z.string()).nullable() }),
  /** Changes of each leg (`Leg.changes`: rides less one; an addition to SPEC §3, issue #27). */
  changes: z
    .object({ depart: z.number().int().nonnegative(), return: z.number().int().nonnegative().nullable() })
    .optional(),
});
export type SavedJourneyItem = z.infer<typeof SavedJourneyItem>;
