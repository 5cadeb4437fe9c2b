// Feature under test: issue 30 finding 14 — one campaign view allowed any number of clickthroughs (inflated figures), and `/v1/ready` answered the database's error text (hosts, users, database names) to anyone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

describe('campaign clickthroughs', () => {
  let server: TestServer;
  let campaignId: string;
  beforeAll(async () => {
    server = await startTestServer();
    campaignId = crypto.randomUUID();
    const now = Date.now();
    await server.runtime.ctx.database.db
      .insertInto('campaigns')
      .values({
        id: campaignId,
        title: 'Winter timetable',
        text: 'New times from December.',
        appear_on: JSON.stringify(['journey-planner']),
        start_at: new Date(now - 3600_000),
        end_at: new Date(now + 86_400_000),
      } as never)
      .execute();
  });
  afterAll(() => server?.close());

  it('count once per view: repeats answer the first clickthrough', async () => {
    const impression = (body: Record<string, unknown>) =>
      server.call('POST', `/v1/campaign/${campaignId}/impression`, {
        body: { campaign_id: campaignId, ...body },
      });
    const view = (await impression({ action: 'view', impression_id: null })).body.data.id as string;
    const clicks = await Promise.all(
      Array.from({ length: 10 }, () => impression({ action: 'clickthrough', impression_id: view })),
    );
    expect(clicks.map((c) => c.status)).toEqual(Array(10).fill(201));
    expect(new Set(clicks.map((c) => c.body.data.id)).size).toBe(1);
    const stored = await server.runtime.ctx.database.db
      .selectFrom('campaign_impressions')
      .select('id')
      .where('parent_id', '=', view)
      .execute();
    expect(stored).toHaveLength(1);
  });
});

describe('GET /v1/ready with the database gone', () => {
  it("answers 503 with 'unreachable', never the database's error text", async () => {
    const server = await startTestServer();
    try {
      await server.runtime.ctx.database.close();
      const ready = await server.call('GET', '/v1/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'not-ready', checks: { database: 'unreachable', planner: 'ok' } });
    } finally {
      await server.close().catch(() => undefined);
    }
  });
});
