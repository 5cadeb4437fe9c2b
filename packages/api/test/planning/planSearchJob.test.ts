// The planning job: a first attempt plans and stores the journeys with their events; a retry of a
// search already planned (the worker died after storing it) plans nothing and republishes the same ids.
import { QueryEvent, SearchCreated } from '@cairn/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planSearchHandler } from '../../src/planning/planSearchJob.ts';
import { listJourneyIds } from '../../src/journeys/journeyStore.ts';
import { findSearch } from '../../src/search/searchStore.ts';
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
});
