import { useCallback, useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Journey } from '@cairn/contracts';
import { journeyPath } from '../api/endpoints.ts';
import { apiHeaders } from '../api/http.ts';
import { keepOffline } from '../offline/registerServiceWorker.ts';
import { findCachedJourney, updateCachedJourney } from '../search/resultsStore.ts';
import { journeyQuery } from './journeyQuery.ts';

/**
 * SPEC §4 "Journey fetch": a journey already loaded by Results is used as it is; otherwise (or
 * with the `show` flag) it is fetched by hash and id and becomes current. The route's loader has
 * started that fetch (prefetchJourney); this reads its answer. `offlineAsOf` is set when the
 * journey shown is the copy kept offline: the time its times were planned.
 */
export function useJourney(hash: string, journeyId: string, forceFetch: boolean) {
  const client = useQueryClient();
  const cached = forceFetch ? undefined : findCachedJourney(hash, journeyId);
  const query = useQuery({
    ...journeyQuery(hash, journeyId),
    initialData: cached && { journey: cached, offlineAsOf: null },
    // The loader has just tried (and retried): show its failure rather than asking again.
    retryOnMount: false,
  });
  // Opened online from the Results page's memory: have the worker keep it for offline use too.
  const fromMemory = cached !== undefined;
  useEffect(() => {
    if (fromMemory) keepOffline(journeyPath(hash, journeyId), apiHeaders());
  }, [fromMemory, hash, journeyId]);
  const replace = (journey: Journey) => {
    client.setQueryData(journeyQuery(hash, journeyId).queryKey, { journey, offlineAsOf: null });
    updateCachedJourney(hash, journey);
  };
  // Live running changed the stored journey: fetch it again, and let Results show the same.
  const { refetch } = query;
  const refresh = useCallback(async () => {
    const { data } = await refetch();
    if (data) updateCachedJourney(hash, data.journey);
  }, [refetch, hash]);
  return {
    ...query,
    data: query.data?.journey,
    replace,
    refresh,
    offlineAsOf: query.data?.offlineAsOf ?? null,
  };
}
