// Feature under test: saving and viewing journeys, recent searches and saved lists — each user sees only their own.
import { SavedJourneyItem } from '@cairn/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneVisitorSearches } from '../../src/search/searchStore.ts';
import { registeredUser } from '../helpers/accounts.ts';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtpPeer.ts';
import { searchTime, startTestServer, waitFor, type TestServer } from '../helpers/testServer.ts';

let server: TestServer;
let smtp: SmtpPeer;
let alice: { token: string; email: string };
let bob: { token: string; email: string };

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer({ env: { SMTP_URL: smtp.url } });
  alice = await registeredUser(server, smtp);
  bob = await registeredUser(server, smtp);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

async function plannedSearch(
  token: string | undefined,
  origin = 'Aviemore',
  days = 2,
): Promise<{ hash: string; ids: string[] }> {
  const created = await server.call('POST', '/v1/journey-planner/search', {
    ...(token ? { token } : {}),
    body: {
      origin,
      destination: 'Glenmore',
      out_time: searchTime(days),
      return_time: searchTime(days, '18:00'),
    },
  });
  expect(created.status).toBe(201);
  const hash = created.body.data.hash as string;
  const done = await waitFor(async () => {
    const r = await server.call('GET', `/v1/journey-planner/search/${hash}`, token ? { token } : {});
    return r.body.data.query.status === 'done' ? r : undefined;
  });
  return { hash, ids: done.body.data.journeys.map((j: { id: string }) => j.id) };
}

describe('saving journeys', () => {
  it('saves a journey for the user, marks it saved for that user only, and lists it', async () => {
    const { hash, ids } = await plannedSearch(alice.token);
    const id = ids[1]!;
    const saved = await server.call('POST', `/v1/journey/save/${id}`, {
      token: alice.token,
      headers: { 'content-type': 'application/json' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Journey saved');
    const item = SavedJourneyItem.parse(saved.body.data);
    expect(item).toMatchObject({
      hash,
      journey_id: id,
      origin: 'Aviemore',
      destination_address: 'Glenmore',
      is_return: true,
      cost: '£6.40',
    });
    expect(item.stages.depart).toEqual(['walk', 'bus', 'walk']);
    // One bus each way: no change (issue #27: rides less one, as the engine counted them).
    expect(item.changes).toEqual({ depart: 0, return: 0 });

    // Saving twice is harmless.
    expect((await server.call('POST', `/v1/journey/save/${id}`, { token: alice.token })).status).toBe(200);

    const mine = await server.call('GET', `/v1/journey-planner/search/${hash}/${id}`, { token: alice.token });
    expect(mine.body.data.user_status).toBe('saved');
    // An account search reads only with its owner's token (issue 30, finding 12).
    const theirs = await server.call('GET', `/v1/journey-planner/search/${hash}/${id}`, { token: bob.token });
    expect(theirs.status).toBe(404);
    expect((await server.call('GET', `/v1/journey-planner/search/${hash}`)).status).toBe(404);

    const list = await server.call('GET', '/v1/journey/saved/user?per_page=10&page=1', {
      token: alice.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.meta).toEqual({ total: 1, page: 1, per_page: 10, last_page: 1 });
    expect(list.body.data.map((s: { journey_id: string }) => s.journey_id)).toEqual([id]);
  });

  it("keeps one user's saved journeys from another (empty list, 404 on removal)", async () => {
    const { ids } = await plannedSearch(alice.token);
    expect((await server.call('POST', `/v1/journey/save/${ids[0]}`, { token: alice.token })).status).toBe(
      200,
    );
    const bobs = await server.call('GET', '/v1/journey/saved/user', { token: bob.token });
    expect(bobs.body.data.map((s: { journey_id: string }) => s.journey_id)).not.toContain(ids[0]);
    const removeTheirs = await server.call('DELETE', `/v1/journey/saved/${ids[0]}`, { token: bob.token });
    expect(removeTheirs.status).toBe(404);
    // Still saved for Alice.
    const alices = await server.call('GET', '/v1/journey/saved/user?per_page=50', { token: alice.token });
    expect(alices.body.data.map((s: { journey_id: string }) => s.journey_id)).toContain(ids[0]);
    const removeMine = await server.call('DELETE', `/v1/journey/saved/${ids[0]}`, { token: alice.token });
    expect(removeMine.status).toBe(200);
  });

  it('needs a logged-in user and an existing journey', async () => {
    const { ids } = await plannedSearch(undefined);
    expect((await server.call('POST', `/v1/journey/save/${ids[0]}`)).status).toBe(401);
    expect(
      (
        await server.call('POST', '/v1/journey/save/0123456789abcdef0123456789abcdef-9', {
          token: alice.token,
        })
      ).status,
    ).toBe(404);
    expect((await server.call('POST', '/v1/journey/save/garbage', { token: alice.token })).status).toBe(404);
    expect((await server.call('GET', '/v1/journey/saved/user')).status).toBe(401);
  });
});

describe('retention', () => {
  it('deletes old visitor searches, keeping those with a saved journey and those of accounts', async () => {
    const kept = await plannedSearch(undefined, 'Saved From Visitor Search');
    expect(
      (await server.call('POST', `/v1/journey/save/${kept.ids[0]}`, { token: alice.token })).status,
    ).toBe(200);
    const dropped = await plannedSearch(undefined, 'Forgotten');
    const own = await plannedSearch(alice.token, 'Alice Again');
    const ctx = server.runtime.ctx;
    const later = new Date(Date.now() + 31 * 86_400_000);
    expect(await pruneVisitorSearches(ctx.database, 30, later)).toBeGreaterThanOrEqual(1);
    expect((await server.call('GET', `/v1/journey-planner/search/${dropped.hash}`)).status).toBe(404);
    expect((await server.call('GET', `/v1/journey-planner/search/${kept.hash}`)).status).toBe(200);
    expect(
      (await server.call('GET', `/v1/journey-planner/search/${own.hash}`, { token: alice.token })).status,
    ).toBe(200);
    expect(await pruneVisitorSearches(ctx.database, 30, ctx.now())).toBe(0);
  });
});

describe('viewed journeys', () => {
  it('counts views for visitors and users, 404 for unknown journeys', async () => {
    const { ids } = await plannedSearch(undefined);
    const first = await server.call('POST', `/v1/journey/viewed/${ids[0]}`, {
      headers: { 'content-type': 'application/json' },
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ journey_id: ids[0], view_count: 1 });
    const second = await server.call('POST', `/v1/journey/viewed/${ids[0]}`, { token: bob.token });
    expect(second.body.data.view_count).toBe(2);
    expect((await server.call('POST', '/v1/journey/viewed/nope')).status).toBe(404);
  });
});

describe('recent searches', () => {
  it("lists the user's own searches newest first, paginated with meta.total", async () => {
    const carol = await registeredUser(server, smtp);
    for (const origin of ['Aviemore', 'Kingussie', 'Newtonmore']) {
      const r = await server.call('POST', '/v1/journey-planner/search', {
        token: carol.token,
        body: { origin, destination: 'Glenmore', out_time: searchTime(4) },
      });
      expect(r.status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // Another user's and a visitor's searches never show up.
    await server.call('POST', '/v1/journey-planner/search', {
      token: bob.token,
      body: { origin: 'Bobtown', destination: 'Glenmore', out_time: searchTime(4) },
    });
    await server.call('POST', '/v1/journey-planner/search', {
      body: { origin: 'Visitorville', destination: 'Glenmore', out_time: searchTime(4) },
    });

    const page1 = await server.call('GET', '/v1/journey-planner/queries/user?per_page=2&page=1', {
      token: carol.token,
    });
    expect(page1.status).toBe(200);
    expect(page1.body.meta).toEqual({ total: 3, page: 1, per_page: 2, last_page: 2 });
    expect(page1.body.data.map((q: { origin_address: string }) => q.origin_address)).toEqual([
      'Newtonmore',
      'Kingussie',
    ]);
    const page2 = await server.call('GET', '/v1/journey-planner/queries/user?per_page=2&page=2', {
      token: carol.token,
    });
    expect(page2.body.data.map((q: { origin_address: string }) => q.origin_address)).toEqual(['Aviemore']);
    expect(page2.body.data[0]).toMatchObject({
      destination_address: 'Glenmore',
      out_departure_at: searchTime(4),
      return_departure_at: null,
    });
  });

  it('validates pagination and needs a token', async () => {
    expect((await server.call('GET', '/v1/journey-planner/queries/user')).status).toBe(401);
    const bad = await server.call('GET', '/v1/journey-planner/queries/user?per_page=0&page=x', {
      token: alice.token,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['page', 'per_page']);
  });
});
