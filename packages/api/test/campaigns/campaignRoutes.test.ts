// Feature under test: the campaign popup calls — running campaigns not yet seen, and view/clickthrough impressions.
import { Campaign, Impression } from '@cairn/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCampaign, endCampaign } from '../../src/campaigns/campaignStore.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

let server: TestServer;
const hours = (h: number) => new Date(Date.now() + h * 3_600_000);
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  const database = server.runtime.ctx.database;
  const add = async (name: string, extra: Partial<Parameters<typeof addCampaign>[1]>) => {
    ids[name] = (
      await addCampaign(database, {
        title: `${name} campaign`,
        text: 'Leave the car at home this weekend.',
        url: 'https://example.org/offer',
        url_button_text: 'Find out more',
        cover_url: '/v1/brand/logo.svg',
        appear_on: ['journey-planner', 'journey-results'],
        start_at: hours(-1),
        end_at: hours(48),
        ...extra,
      })
    ).id;
  };
  await add('soon', { end_at: hours(5) });
  await add('later', { end_at: hours(24), appear_on: ['account-register'] });
  await add('future', { start_at: hours(2), end_at: hours(10) });
  await add('past', { start_at: hours(-10), end_at: hours(-2) });
  await add('other-brand', { end_at: hours(1), brand: 'strathbrae-health' });
});
afterAll(async () => {
  await server?.close();
});

const list = (query: string) => server.call('GET', `/v1/campaign?${query}`);

describe('GET /v1/campaign', () => {
  it('answers the running campaign of this brand that ends first (order_by=end_at, order=asc, per_page=1)', async () => {
    const response = await list('order_by=end_at&order=asc&per_page=1');
    expect(response.status).toBe(200);
    const campaigns = response.body.data.map((c: unknown) => Campaign.parse(c));
    expect(campaigns.map((c: Campaign) => c.id)).toEqual([ids.soon]);
    expect(campaigns[0]).toMatchObject({
      title: 'soon campaign',
      url_button_text: 'Find out more',
      thumbnail: { cover_url: '/v1/brand/logo.svg' },
    });
    expect(response.body.meta.total).toBe(2);
  });

  it('orders descending and pages', async () => {
    const response = await list('order_by=end_at&order=desc&per_page=5');
    expect(response.body.data.map((c: Campaign) => c.id)).toEqual([ids.later, ids.soon]);
  });

  it('filters by appear_on', async () => {
    const response = await list('appear_on=account-register&per_page=5');
    expect(response.body.data.map((c: Campaign) => c.id)).toEqual([ids.later]);
  });

  it('leaves out campaigns the visitor has impressions of (impression_ids, comma list or repeated)', async () => {
    const view = await server.call('POST', `/v1/campaign/${ids.soon}/impression`, {
      body: { campaign_id: ids.soon, action: 'view', impression_id: null },
    });
    const impressionId = view.body.data.id;
    const comma = await list(`per_page=1&impression_ids=${impressionId},not-an-id`);
    expect(comma.body.data.map((c: Campaign) => c.id)).toEqual([ids.later]);
    const repeated = await list(
      `per_page=5&impression_ids=${impressionId}&impression_ids=00000000-0000-0000-0000-000000000000`,
    );
    expect(repeated.body.data.map((c: Campaign) => c.id)).toEqual([ids.later]);
  });

  it.each([
    ['order_by=title', 'order_by'],
    ['order=sideways', 'order'],
    ['per_page=0', 'per_page'],
    ['per_page=100', 'per_page'],
    ['appear_on=home', 'appear_on'],
  ])('rejects %s with 422', async (query, field) => {
    const response = await list(query);
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toHaveLength(1);
  });
});

describe('POST /v1/campaign/{id}/impression', () => {
  it('records a view, then a clickthrough of that view; both expire when the campaign ends', async () => {
    const view = await server.call('POST', `/v1/campaign/${ids.later}/impression`, {
      body: { campaign_id: ids.later, action: 'view', impression_id: null },
    });
    expect(view.status).toBe(201);
    const viewed = Impression.parse(view.body.data);
    expect(Math.abs(new Date(viewed.expires_at).getTime() - hours(24).getTime())).toBeLessThan(60_000);

    const click = await server.call('POST', `/v1/campaign/${ids.later}/impression`, {
      body: { campaign_id: ids.later, action: 'clickthrough', impression_id: viewed.id },
    });
    expect(click.status).toBe(201);
    const clicked = Impression.parse(click.body.data);
    expect(clicked.id).not.toBe(viewed.id);
    expect(clicked.expires_at).toBe(viewed.expires_at);
  });

  it('validates the body', async () => {
    const post = (id: string, body: unknown) =>
      server.call('POST', `/v1/campaign/${id}/impression`, { body });
    const noAction = await post(ids.soon!, { campaign_id: ids.soon, impression_id: null });
    expect(noAction.status).toBe(422);
    expect(noAction.body.errors.action).toHaveLength(1);
    const mismatch = await post(ids.soon!, { campaign_id: ids.later, action: 'view', impression_id: null });
    expect(mismatch.body.errors.campaign_id).toHaveLength(1);
    const clickWithout = await post(ids.soon!, {
      campaign_id: ids.soon,
      action: 'clickthrough',
      impression_id: null,
    });
    expect(clickWithout.status).toBe(422);
    expect(clickWithout.body.errors.impression_id).toHaveLength(1);
    const viewOfOther = (
      await post(ids.later!, { campaign_id: ids.later, action: 'view', impression_id: null })
    ).body.data.id;
    const clickOfOther = await post(ids.soon!, {
      campaign_id: ids.soon,
      action: 'clickthrough',
      impression_id: viewOfOther,
    });
    expect(clickOfOther.status).toBe(422);
  });

  it('answers 404 for unknown campaigns and 410 for ended ones', async () => {
    const unknown = '00000000-0000-0000-0000-000000000000';
    expect(
      (
        await server.call('POST', `/v1/campaign/${unknown}/impression`, {
          body: { campaign_id: unknown, action: 'view', impression_id: null },
        })
      ).status,
    ).toBe(404);
    const past = await server.call('POST', `/v1/campaign/${ids.past}/impression`, {
      body: { campaign_id: ids.past, action: 'view', impression_id: null },
    });
    expect(past.status).toBe(410);
  });

  it('stops offering a campaign the operator ends', async () => {
    expect(await endCampaign(server.runtime.ctx.database, ids.soon!, new Date())).toBe(true);
    expect(await endCampaign(server.runtime.ctx.database, ids.soon!, new Date())).toBe(false);
    const response = await list('per_page=5');
    expect(response.body.data.map((c: Campaign) => c.id)).toEqual([ids.later]);
  });
});
