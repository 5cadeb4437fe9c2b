import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Journey } from '@cairn/contracts';
import { fetchJourney } from '../api/endpoints.ts';
import { findCachedJourney } from '../search/resultsStore.ts';

/** A fetched journey, with when it was planned when the answer is the copy kept offline. */
export type LoadedJourney = { journey: Journey; offlineAsOf: Date | null };

/**
 * One journey's query, shared by the Journey page and the route's loader that starts it before
 * the page's code has arrived (issue #20): both read the same cache entry.
 */
export function journeyQuery(hash: string, journeyId: string) {
  return queryOptions({
    queryKey: ['journey', hash, journeyId],
    queryFn: async (): Promise<LoadedJourney> => {
      let offlineAsOf: Date | null = null;
      const journey = await fetchJourney(hash, journeyId, (plannedAt) => {
        offlineAsOf = plannedAt;
      });
      return { journey, offlineAsOf };
    },
    staleTime: Infinity,
    // Offline, still ask: the service worker may hold a copy. Without one, fail at once (the page
    // says it is offline) instead of waiting, paused, for a connection that may not come.
    networkMode: 'offlineFirst',
    retry: (failures) => navigator.onLine && failures < 1,
  });
}

/**
 * Starts fetching a journey on navigation, unless Results already holds it (SPEC §4: used as it
 * is). With the `show` flag it is always fetched again, and that answer becomes current.
 */
export function prefetchJourney(client: QueryClient, hash: string, journeyId: string, show: boolean): void {
  if (!show && findCachedJourney(hash, journeyId)) return;
  void client.prefetchQuery({ ...journeyQuery(hash, journeyId), ...(show ? { staleTime: 0 } : {}) });
}
