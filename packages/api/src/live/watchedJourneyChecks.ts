import type { Planner, LiveVersion } from '@cairn/engine';
import type { AppContext } from '../context.ts';
import type { StoredEvent } from '../events/eventLog.ts';
import { listStoredJourneys, replaceStoredJourney } from '../journeys/journeyStore.ts';
import { journeyLiveUpdate } from './journeyLiveUpdate.ts';
import { watchedSearches } from './journeyWatches.ts';

/**
 * Checks the journeys of watched searches against a new live version (the leader does this once
 * per version): a journey that changed or broke is stored again and its search's channel gets a
 * `journey.updated` event. Answers how many journeys were updated. Every watched search is
 * checked (watches are only open streams, which the stream caps bound), one search per slice of
 * the event loop, so other requests are answered between them (issue 30, finding 7: a cap of 500
 * let an attacker's watches crowd travellers' searches out, and one long run stalled everyone).
 */
export async function checkWatchedJourneys(
  ctx: AppContext,
  planner: Planner,
  version: LiveVersion,
): Promise<number> {
  if (!planner.checkJourney) return 0;
  let updated = 0;
  for (const hash of await watchedSearches(ctx)) {
    await new Promise((next) => setImmediate(next));
    const rows = await listStoredJourneys(ctx.database, hash);
    const events: StoredEvent[] = [];
    let seq = await ctx.events.lastSeq(hash);
    for (const row of rows) {
      const update = journeyLiveUpdate(
        row.document,
        planner.checkJourney(row.document, version),
        planner.region.timeZone,
      );
      if (!update) continue;
      await replaceStoredJourney(ctx.database, update.document);
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
