import { Journey, PlaceErrors, Profile, SearchRequest, type QueryEvent } from '@cairn/contracts';
import type { AppContext } from '../context.ts';
import type { Job } from '../jobs/jobQueue.ts';
import type { JobHandler } from '../jobs/worker.ts';
import type { StoredEvent } from '../realtime/eventLog.ts';
import { journeyIdFor } from '../search/searchStore.ts';

/**
 * Plans one stored search: calls the planner, stores the journeys in one transaction, then
 * publishes `results.retrieved` and one `journey.processed` per journey. A retry after a crash
 * finds the journeys already stored and only (re)publishes, so ids and events never change.
 */
export function planSearchHandler(ctx: AppContext): JobHandler {
  const { db } = ctx.database;
  return {
    async run(job: Job) {
      const hash = String(job.payload.hash);
      const query = await db
        .selectFrom('search_queries')
        .selectAll()
        .where('hash', '=', hash)
        .executeTakeFirst();
      if (!query) return;
      let ids = (
        await db.selectFrom('journeys').select('id').where('hash', '=', hash).orderBy('position').execute()
      ).map((r) => r.id);
      let placeErrors = query.place_errors ? PlaceErrors.parse(query.place_errors) : undefined;
      if (query.results_retrieved === null) {
        await db.updateTable('search_queries').set({ status: 'planning' }).where('hash', '=', hash).execute();
        const brand = ctx.brands.find(query.brand) ?? ctx.brands.find(ctx.config.brand);
        if (!brand) throw new Error(`Brand ${query.brand} is not configured`);
        const request = SearchRequest.parse(query.request);
        const profile = query.profile ? Profile.parse(query.profile) : null;
        const planner = ctx.planner.getPlanner();
        // An end that cannot be placed gets its message on the results, not an unexplained empty list.
        const problems = (await planner.checkPlaces?.(request)) ?? {};
        placeErrors = Object.keys(problems).length > 0 ? problems : undefined;
        const planned = placeErrors ? [] : await planner.plan(request, profile, brand.settings);
        const taken = new Set<string>();
        const journeys = planned.map((journey, position) => {
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
        await db.transaction().execute(async (trx) => {
          if (journeys.length > 0) {
            await trx
              .insertInto('journeys')
              .values(
                journeys.map((j, position) => ({ id: j.id, hash, position, document: JSON.stringify(j) })),
              )
              .onConflict((oc) => oc.column('id').doNothing())
              .execute();
          }
          await trx
            .updateTable('search_queries')
            .set({
              results_retrieved: journeys.length,
              place_errors: placeErrors ? JSON.stringify(placeErrors) : null,
            })
            .where('hash', '=', hash)
            .execute();
        });
      }
      const events: StoredEvent[] = [
        {
          seq: 1,
          event: {
            event: 'results.retrieved',
            data: { journey_count: ids.length, ...(placeErrors ? { place_errors: placeErrors } : {}) },
          },
        },
        ...ids.map((id, i): StoredEvent => ({
          seq: i + 2,
          event: { event: 'journey.processed', data: { journeyID: id } },
        })),
      ];
      await ctx.events.append(hash, events);
      await db
        .updateTable('search_queries')
        .set({ status: 'done', error: null })
        .where('hash', '=', hash)
        .execute();
    },

    async giveUp(job: Job, error: string) {
      const hash = String(job.payload.hash);
      await db
        .updateTable('search_queries')
        .set({ status: 'failed', error })
        .where('hash', '=', hash)
        .execute();
      const last = await db
        .selectFrom('query_events')
        .select(({ fn }) => fn.max('seq').as('seq'))
        .where('hash', '=', hash)
        .executeTakeFirst();
      const failed: QueryEvent = {
        event: 'search.failed',
        data: { message: 'Sorry, we could not plan this journey. Please try again.' },
      };
      await ctx.events.append(hash, [{ seq: (last?.seq ?? 0) + 1, event: failed }]);
    },
  };
}
