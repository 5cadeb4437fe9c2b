import { Journey, NoJourney, PlaceErrors, Profile, SearchRequest, type QueryEvent } from '@cairn/contracts';
import type { NoJourneyReason, PlanResult } from '@cairn/engine';
import type { AppContext } from '../context.ts';
import type { Job } from '../jobs/jobQueue.ts';
import type { JobHandler } from '../jobs/worker.ts';
import { listJourneyIds } from '../journeys/journeyStore.ts';
import type { StoredEvent } from '../events/eventLog.ts';
import {
  failSearch,
  findSearch,
  journeyIdFor,
  recordResults,
  setSearchStatus,
} from '../search/searchStore.ts';

/**
 * Plans one stored search: calls the planner, stores the journeys in one transaction, then
 * publishes `results.retrieved` and one `journey.processed` per journey. A retry after a crash
 * finds the journeys already stored and only (re)publishes, so ids and events never change.
 */
export function planSearchHandler(ctx: AppContext): JobHandler {
  return {
    async run(job: Job) {
      const hash = String(job.payload.hash);
      const query = await findSearch(ctx.database, hash);
      if (!query) return;
      // Journeys are stored with results_retrieved in one transaction: a search not yet planned has
      // none to read back (the first attempt, nearly always), so only a retry asks for their ids.
      let ids = query.results_retrieved === null ? [] : await listJourneyIds(ctx.database, hash);
      let placeErrors = query.place_errors ? PlaceErrors.parse(query.place_errors) : undefined;
      let noJourney = query.no_journey ? NoJourney.parse(query.no_journey) : undefined;
      let noPublicTransport = query.no_public_transport
        ? NoJourney.parse(query.no_public_transport)
        : undefined;
      if (query.results_retrieved === null) {
        await setSearchStatus(ctx.database, hash, 'planning');
        const brand = ctx.brands.find(query.brand) ?? ctx.brands.find(ctx.config.brand);
        if (!brand) throw new Error(`Brand ${query.brand} is not configured`);
        const request = SearchRequest.parse(query.request);
        const profile = query.profile ? Profile.parse(query.profile) : null;
        // One live version for the whole search (undefined: the timetable).
        const live = ctx.live?.current();
        const result = await ctx.planner.getPlanner().plan(request, profile, brand.settings, live);
        // An end that cannot be placed gets its message on the results, not an unexplained empty list.
        placeErrors = placeErrorsOf(result);
        noJourney = result.found ? undefined : noJourneyOf(result.why);
        noPublicTransport =
          result.found && result.noPublicTransport ? noJourneyOf(result.noPublicTransport) : undefined;
        if (!result.found) ctx.logger.info({ hash, why: result.why }, 'search found no journey');
        const taken = new Set<string>();
        const journeys = result.journeys.map((journey, position) => {
          const checked = Journey.safeParse(journey);
          if (!checked.success) {
            throw new Error(
              `The planner returned an invalid journey ${position}: ${checked.error.issues
                .slice(0, 3)
                .map((i) => `${i.path.join('.')}: ${i.message}`)
                .join('; ')}`,
            );
          }
          // The engine's content id makes the journey id stable when the search is planned again.
          const id = journeyIdFor(hash, position, checked.data.id, taken);
          taken.add(id);
          return { ...checked.data, id, user_status: null };
        });
        ids = journeys.map((j) => j.id);
        await recordResults(ctx.database, hash, journeys, placeErrors, noJourney, noPublicTransport);
      }
      const events: StoredEvent[] = [
        {
          seq: 1,
          event: {
            event: 'results.retrieved',
            data: {
              journey_count: ids.length,
              ...(placeErrors ? { place_errors: placeErrors } : {}),
              ...(noJourney ? { no_journey: noJourney } : {}),
              ...(noPublicTransport ? { no_public_transport: noPublicTransport } : {}),
            },
          },
        },
        ...ids.map((id, i): StoredEvent => ({
          seq: i + 2,
          event: { event: 'journey.processed', data: { journeyID: id } },
        })),
      ];
      await ctx.events.append(hash, events);
      await setSearchStatus(ctx.database, hash, 'done');
    },

    async giveUp(job: Job, error: string) {
      const hash = String(job.payload.hash);
      await failSearch(ctx.database, hash, error);
      const failed: QueryEvent = {
        event: 'search.failed',
        data: { message: 'Sorry, we could not plan this journey. Please try again.' },
      };
      await ctx.events.append(hash, [{ seq: (await ctx.events.lastSeq(hash)) + 1, event: failed }]);
    },
  };
}

/** The field errors (SPEC §5 shape) of a search whose ends could not be placed; undefined otherwise. */
function placeErrorsOf(result: PlanResult): PlaceErrors | undefined {
  if (result.found || result.why.reason !== 'unplaced') return undefined;
  const errors: PlaceErrors = {};
  for (const e of result.why.ends) errors[e.end] = [e.message];
  return errors;
}

/**
 * The engine's reason, for the traveller (contracts NoJourney): why a search whose ends were
 * placed found nothing, or why its options include no public transport; undefined for ends that
 * could not be placed (placeErrorsOf says that).
 */
function noJourneyOf(why: NoJourneyReason): NoJourney | undefined {
  if (why.reason === 'unplaced') return undefined;
  return {
    reason: why.reason,
    ...(why.reason === 'no stop near' ? { ends: why.ends } : {}),
    ...(why.reason === 'no service'
      ? { date: why.date, ...(why.next !== undefined ? { next_departure: why.next } : {}) }
      : {}),
    ...(why.reason === 'no return' && why.arrival ? { first_arrival: why.arrival } : {}),
  };
}
