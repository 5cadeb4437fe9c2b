import { z } from 'zod';
import { PlaceErrors } from './search.ts';

/** Live events on channel `query.{hash}` (SPEC §3, §7). `search.failed` is our addition. */
export const ResultsRetrievedEvent = z.object({
  event: z.literal('results.retrieved'),
  data: z.object({
    journey_count: z.number().int().nonnegative(),
    /** Optional: why there are no journeys when an end could not be placed (see PlaceErrors). */
    place_errors: PlaceErrors.optional(),
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
export const QueryEvent = z.discriminatedUnion('event', [
  ResultsRetrievedEvent,
  JourneyProcessedEvent,
  SearchFailedEvent,
]);
export type QueryEvent = z.infer<typeof QueryEvent>;

export function channelForQuery(hash: string): string {
  return `query.${hash}`;
}
