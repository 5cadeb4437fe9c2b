import { z } from 'zod';
import { LiveBreak } from './journey.ts';
import { NoJourney, PlaceErrors } from './search.ts';

/** Live events on channel `query.{hash}` (SPEC §3, §7). `search.failed` and `journey.updated` are our additions. */
export const ResultsRetrievedEvent = z.object({
  event: z.literal('results.retrieved'),
  data: z.object({
    journey_count: z.number().int().nonnegative(),
    /** Optional: why there are no journeys when an end could not be placed (see PlaceErrors). */
    place_errors: PlaceErrors.optional(),
    /** Optional: why there are no journeys when both ends were placed (see NoJourney, issue #27). */
    no_journey: NoJourney.optional(),
    /** Optional: journeys were found, none by public transport nor reachable on foot: why (SearchQuery no_public_transport). */
    no_public_transport: NoJourney.optional(),
  }),
});
export const JourneyProcessedEvent = z.object({
  event: z.literal('journey.processed'),
  data: z.object({ journeyID: z.string() }),
});
export const SearchFailedEvent = z.object({
  event: z.literal('search.failed'),
  data: z.object({ message: z.string() }),
});
/**
 * Live running (issue #18, our addition): a newer live version changed the times, status or alerts
 * of a journey of this search, or broke it. The stored journey (GET /v1/journeys/{id}) already
 * carries the new `live` of its steps and, when broken, `live_break`; clients fetch it again.
 */
export const JourneyUpdatedEvent = z.object({
  event: z.literal('journey.updated'),
  data: z.object({
    journeyID: z.string(),
    live_version: z.string(),
    status: z.enum(['changed', 'broken']),
    live_break: LiveBreak.optional(),
  }),
});
export const QueryEvent = z.discriminatedUnion('event', [
  ResultsRetrievedEvent,
  JourneyProcessedEvent,
  SearchFailedEvent,
  JourneyUpdatedEvent,
]);
export type QueryEvent = z.infer<typeof QueryEvent>;
