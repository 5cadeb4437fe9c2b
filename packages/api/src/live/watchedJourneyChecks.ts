import type { Planner, LiveVersion } from '@cairn/engine';
import type { AppContext } from '../context.ts';
import type { StoredEvent } from '../realtime/eventLog.ts';
import { listStoredJourneys, replaceStoredJourney } from '../journeys/journeyStore.ts';
import { journeyLiveUpdate } from './journeyLiveUpdate.ts';
import { watchedSearches } from './journeyWatches.ts';

/** Searches checked per new version at most: the work of one version stays bounded. */
const MAX_WATCHED_SEARCHES = 500;

/**
 * Checks the journeys of watched searches against a new live version (the leader does this once
 * per version): a journey that changed or broke is stored again and its search's channel gets a
 * `journey.updated` event. Answers how many journeys were updated.
 */
export async function checkWatchedJourneys(
  ctx: AppContext,
  planner: Planner,
  version: LiveVersion,
): Promise<number> {
  if (!planner.checkJourney) return 0;
  let updated = 0;
  for (const hash of await watchedSearches(ctx, MAX_WATCHED_SEARCHES)) {
    const rows = await listStoredJourneys(ctx, hash);
    const events: StoredEvent[] = [];
    let seq = await ctx.events.lastSeq(hash);
    for (const row of rows) {
      const update = journeyLiveUpdate(
        row.document,
        planner.checkJourney(row.document, version),
        planner.region.timeZone,
      );
      if (!update) continue;
      await replaceStoredJourney(ctx, update.document);
      events.push({
        seq: ++seq,
        event: {
          event: 'journey.updated',
          data: {
            journeyID: row.id,
            live_version: version.id,
            status: update.status,
            ...(update.liveBreak ? { live_break: update.liveBreak } : {}),
          },
        },
      });
    }
    await ctx.events.append(hash, events);
    updated += events.length;
  }
  return updated;
}
