import { Journey, NoJourney, PlaceErrors, Profile, SearchRequest, type QueryEvent } from '@cairn/contracts';
import type { NoJourneyReason, PlanResult } from '@cairn/engine';
import type { AppContext } from '../context.ts';
import type { Job } from '../jobs/jobQueue.ts';
import type { JobHandler } from '../jobs/worker.ts';
import { listJourneyIds } from '../journeys/journeyStore.ts';
import type { StoredEvent } from '../events/eventLog.ts';
import {
  failSearch,
  journeyIdFor,
  markSearchDone,
  recordResults,
  startPlanning,
} from '../search/searchStore.ts';

/**
 * Plans one stored search: calls the planner, then stores the journeys and publishes
 * `results.retrieved` and one `journey.processed` per journey in one statement (searchStore's
 * recordResults). A retry finds a planned search's journeys stored and only (re)publishes, so ids
 * and events never change.
 */
export function planSearchHandler(ctx: AppContext): JobHandler {
  return {
    async run(job: Job) {
      const hash = String(job.payload.hash);
      const query = await startPlanning(ctx.database, hash);
      if (!query) return;
      if (query.results_retrieved !== null) {
        // Planned and stored before (by a worker whose claim lapsed after storing, or an older
        // worker that stored journeys and events apart): publish again what is stored; the events'
        // fixed positions make it idempotent.
        const ids = await listJourneyIds(ctx.database, hash);
        await ctx.events.append(
          hash,
          searchEvents(ids, {
            placeErrors: query.place_errors ? PlaceErrors.parse(query.place_errors) : undefined,
            noJourney: query.no_journey ? NoJourney.parse(query.no_journey) : undefined,
            noPublicTransport: query.no_public_transport
              ? NoJourney.parse(query.no_public_transport)
              : undefined,
          }),
        );
        await markSearchDone(ctx.database, hash);
        return;
      }
      const brand = ctx.brands.find(query.brand) ?? ctx.brands.find(ctx.config.brand);
      if (!brand) throw new Error(`Brand ${query.brand} is not configured`);
      const request = SearchRequest.parse(query.request);
      const profile = query.profile ? Profile.parse(query.profile) : null;
      // One live version for the whole search (undefined: the timetable).
      const live = ctx.live?.current();
      const result = await ctx.planner.getPlanner().plan(request, profile, brand.settings, live);
      // An end that cannot be placed gets its message on the results, not an unexplained empty list.
      const outcome = {
        placeErrors: placeErrorsOf(result),
        noJourney: result.found ? undefined : noJourneyOf(result.why),
        noPublicTransport:
          result.found && result.noPublicTransport ? noJourneyOf(result.noPublicTransport) : undefined,
      };
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
      const events = searchEvents(
        journeys.map((j) => j.id),
        outcome,
      );
      await recordResults(ctx.database, hash, { journeys, ...outcome, events });
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

/** A planned search's events: `results.retrieved` (seq 1), then one `journey.processed` per journey in rank order. */
function searchEvents(
  ids: readonly string[],
  outcome: { placeErrors?: PlaceErrors; noJourney?: NoJourney; noPublicTransport?: NoJourney },
): StoredEvent[] {
  const { placeErrors, noJourney, noPublicTransport } = outcome;
  return [
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
