import { useEffect, useRef, useState } from 'react';
import type { Journey } from '@cairn/contracts';
import { followQuery } from '../api/realtime.ts';
import { hasLive, showsLiveVersion } from '../search/liveVersion.ts';

/**
 * Keeps an open journey current (issue #18): while it carries live running, listens on its
 * search's channel and fetches it again on each `journey.updated` for it. The channel replays its
 * stored events on opening, so an update sent before the page listened still arrives; one the
 * journey already shows is skipped. Journeys without live data open no channel. The channel is
 * never dropped silently (issue 31): returns true while updates are paused, and once they flow
 * again the journey is fetched again, in case an update was missed meanwhile.
 */
export function useJourneyUpdates(
  hash: string,
  journey: Journey | undefined,
  refresh: () => Promise<void>,
): boolean {
  const live = journey ? hasLive(journey) : false;
  const journeyId = journey?.id;
  const [paused, setPaused] = useState(false);
  // The handler reads the journey shown now, not the one the channel opened with.
  const latest = useRef({ journey, refresh });
  latest.current = { journey, refresh };
  useEffect(() => {
    if (!live || !journeyId) return;
    const fetchAgain = () =>
      latest.current.refresh().catch((error) => console.warn('journey update not fetched', error));
    const stop = followQuery(
      hash,
      (event) => {
        if (event.event !== 'journey.updated' || event.data.journeyID !== journeyId) return;
        const shown = latest.current.journey;
        if (shown && showsLiveVersion(shown, event.data.live_version)) return;
        void fetchAgain();
      },
      (state) => {
        setPaused(state === 'paused');
        if (state === 'live') void fetchAgain();
      },
    );
    return () => {
      stop();
      setPaused(false);
    };
  }, [hash, journeyId, live]);
  return live && paused;
}
