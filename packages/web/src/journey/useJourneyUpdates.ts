import { useEffect, useRef } from 'react';
import type { Journey } from '@cairn/contracts';
import { subscribeToQuery } from '../api/realtime.ts';
import { hasLive, showsLiveVersion } from './liveStatus.ts';

/**
 * Keeps an open journey current (issue #18): while it carries live running, listens on its
 * search's channel and fetches it again on each `journey.updated` for it. The channel replays its
 * stored events on opening, so an update sent before the page listened still arrives; one the
 * journey already shows is skipped. Journeys without live data open no channel.
 */
export function useJourneyUpdates(
  hash: string,
  journey: Journey | undefined,
  refresh: () => Promise<void>,
): void {
  const live = journey ? hasLive(journey) : false;
  const journeyId = journey?.id;
  // The handler reads the journey shown now, not the one the channel opened with.
  const latest = useRef({ journey, refresh });
  latest.current = { journey, refresh };
  useEffect(() => {
    if (!live || !journeyId) return;
    return subscribeToQuery(hash, (event) => {
      if (event.event !== 'journey.updated' || event.data.journeyID !== journeyId) return;
      const { journey: shown, refresh: fetchAgain } = latest.current;
      if (shown && showsLiveVersion(shown, event.data.live_version)) return;
      fetchAgain().catch((error) => console.warn('journey update not fetched', error));
    });
  }, [hash, journeyId, live]);
}
