// The planning job: a first attempt plans and stores the journeys with their events; a retry of a
// search already planned (the worker died after storing it) plans nothing and republishes the same ids;
// queueing and planning a search take one and two statements.
import { QueryEvent, SearchCreated, SearchRequest } from '@cairn/contracts';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.ts';
import { JobQueue } from '../../src/jobs/jobQueue.ts';
import { planSearchHandler } from '../../src/planning/planSearchJob.ts';
import { listJourneyIds } from '../../src/journeys/journeyStore.ts';
import { createSearch, findSearch } from '../../src/search/searchStore.ts';
import { startTestServer, searchTime, type TestServer } from '../helpers/testServer.ts';

let server: TestServer;

beforeAll(async () => {
  // No worker: the test runs the job itself.
  server = await startTestServer({ worker: false });
});
afterAll(async () => {
  await server?.close();
});

const job = (hash: string) => ({
  id: '1',
  kind: 'plan-search',
  payload: { hash },
  attempts: 1,
  maxAttempts: 3,
});

describe('the planning job', () => {
  it('stores the journeys and announces each once; a retry after they were stored republishes the same ids without planning', async () => {
    const created = await server.call('POST', '/v1/journey-planner/search', {
      body: { origin: 'Aviemore', destination: 'Glenmore', out_time: searchTime(2), return_time: null },
    });
    expect(created.status).toBe(201);
    const { hash } = SearchCreated.parse(created.body).data;
    const { ctx } = server.runtime;
    const handler = planSearchHandler(ctx);
    const plannedBefore = server.planner.calls.length;

    await handler.run(job(hash));
    const ids = await listJourneyIds(ctx.database, hash);
    expect(ids).toHaveLength(server.planner.journeyCount);
    const announced = (await ctx.events.listAfter(hash, 0)).map((e) => QueryEvent.parse(e.event));
    expect(announced[0]).toMatchObject({ event: 'results.retrieved', data: { journey_count: ids.length } });
    expect(announced.slice(1).map((e) => e.event === 'journey.processed' && e.data.journeyID)).toEqual(ids);
    expect((await findSearch(ctx.database, hash))?.status).toBe('done');

    // The worker died after storing the journeys, before announcing them: the retry only announces.
    await ctx.database.db.deleteFrom('query_events').where('hash', '=', hash).execute();
    await ctx.database.db
      .updateTable('search_queries')
      .set({ status: 'planning' })
      .where('hash', '=', hash)
      .execute();
    await handler.run({ ...job(hash), attempts: 2 });
    expect(server.planner.calls.length).toBe(plannedBefore + 1);
    const again = (await ctx.events.listAfter(hash, 0)).map((e) => QueryEvent.parse(e.event));
    expect(again).toEqual(announced);
    expect(await listJourneyIds(ctx.database, hash)).toEqual(ids);
    expect((await findSearch(ctx.database, hash))?.status).toBe('done');
  });

  // Each statement is a round trip and a parse in PostgreSQL, paid by every search (issue 32):
  // counted through a Kysely plugin that sees every query the stores send.
  it('plans a search in two statements (read it, then store and publish the results) and queues one in one', async () => {
    const { ctx } = server.runtime;
    let statements = 0;
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => (statements++, node),
      transformResult: async ({ result }) => result,
    };
    const counted: AppContext = {
      ...ctx,
      database: { ...ctx.database, db: ctx.database.db.withPlugin(counting) },
    };
    const hash = await createSearch(counted.database, new JobQueue(counted.database, 120), {
      request: SearchRequest.parse({
        origin: 'Aviemore',
        destination: 'Glenmore',
        out_time: searchTime(2),
        return_time: null,
      }),
      profile: null,
      userId: null,
      brand: ctx.config.brand,
    });
    expect(statements).toBe(1);
    statements = 0;
    await planSearchHandler(counted).run(job(hash));
    expect(statements).toBe(2);
    const announced = (await ctx.events.listAfter(hash, 0)).map((e) => QueryEvent.parse(e.event));
    expect(announced[0]).toMatchObject({
      event: 'results.retrieved',
      data: { journey_count: server.planner.journeyCount },
    });
    expect(announced.slice(1).map((e) => e.event === 'journey.processed' && e.data.journeyID)).toEqual(
      await listJourneyIds(ctx.database, hash),
    );
    expect(await findSearch(ctx.database, hash)).toMatchObject({
      status: 'done',
      results_retrieved: server.planner.journeyCount,
    });
  });
});
