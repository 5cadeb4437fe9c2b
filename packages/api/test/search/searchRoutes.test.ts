// Feature under test: a search is stored, planned by the worker, announced on its channel and read back.
import { JourneyResponse, QueryEvent, SearchCreated, SearchResults } from '@cairn/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../helpers/sseClient.ts';
import { searchTime, startTestServer, waitFor, type TestServer } from '../helpers/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const search = (overrides: Record<string, unknown> = {}) => ({
  origin: 'Aviemore',
  destination: 'Glenmore',
  out_time: searchTime(2, '09:00'),
  return_time: searchTime(2, '17:00'),
  arrive_by_buffer: 30,
  ...overrides,
});

async function waitForDone(hash: string) {
  return waitFor(
    async () => {
      const r = await server.call('GET', `/v1/journey-planner/search/${hash}`);
      return r.body.data.query.status === 'done' ? r : undefined;
    },
    15_000,
    'the search to finish',
  );
}

describe('search → realtime → results', () => {
  it('stores the search, publishes results.retrieved then journey.processed per journey, and serves them', async () => {
    const created = await server.call('POST', '/v1/journey-planner/search', { body: search() });
    expect(created.status).toBe(201);
    const { hash } = SearchCreated.parse(created.body).data;

    const stream = await openEventStream(`${server.url}/v1/realtime/query.${hash}`);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const events = await stream.waitForCount(4);
    stream.close();
    const parsed = events.map((e) => QueryEvent.parse(JSON.parse(e.data)));
    expect(parsed[0]).toEqual({ event: 'results.retrieved', data: { journey_count: 3 } });
    expect(events.map((e) => e.id)).toEqual(['1', '2', '3', '4']);
    expect(events.map((e) => e.event)).toEqual([
      'results.retrieved',
      'journey.processed',
      'journey.processed',
      'journey.processed',
    ]);

    for (const event of parsed.slice(1)) {
      if (event.event !== 'journey.processed') throw new Error('unexpected event');
      const one = await server.call('GET', `/v1/journey-planner/search/${hash}/${event.data.journeyID}`);
      expect(one.status).toBe(200);
      const journey = JourneyResponse.parse(one.body).data;
      expect(journey.id).toBe(event.data.journeyID);
      expect(journey.origin).toBe('Aviemore');
      expect(journey.user_status).toBeNull();
    }

    const results = SearchResults.parse((await waitForDone(hash)).body);
    expect(results.data.journeys).toHaveLength(3);
    expect(results.data.query).toMatchObject({
      hash,
      origin_address: 'Aviemore',
      destination_address: 'Glenmore',
      results_retrieved: 3,
      status: 'done',
      has_return: true,
      return_time: search().return_time,
    });
  });

  it('replays every event to a subscriber that arrives after planning finished', async () => {
    const { hash } = (await server.call('POST', '/v1/journey-planner/search', { body: search() })).body.data;
    await waitForDone(hash);
    const late = await openEventStream(`${server.url}/v1/realtime/query.${hash}`);
    const events = await late.waitForCount(4);
    late.close();
    expect(events.map((e) => e.event)).toEqual([
      'results.retrieved',
      'journey.processed',
      'journey.processed',
      'journey.processed',
    ]);
  });

  it('sends a reconnecting client only what it missed after Last-Event-ID (header or query)', async () => {
    const { hash } = (await server.call('POST', '/v1/journey-planner/search', { body: search() })).body.data;
    await waitForDone(hash);
    const resumed = await openEventStream(`${server.url}/v1/realtime/query.${hash}`, {
      'last-event-id': '2',
    });
    const events = await resumed.waitForCount(2);
    await new Promise((r) => setTimeout(r, 200));
    resumed.close();
    expect(events.map((e) => e.id)).toEqual(['3', '4']);
    expect(resumed.events).toHaveLength(2);

    const byQuery = await openEventStream(`${server.url}/v1/realtime/query.${hash}?last_event_id=3`);
    expect((await byQuery.waitForCount(1)).map((e) => e.id)).toEqual(['4']);
    byQuery.close();
  });

  it('announces search.failed when the planner keeps failing', async () => {
    server.planner.failing = true;
    try {
      const { hash } = (await server.call('POST', '/v1/journey-planner/search', { body: search() })).body
        .data;
      const stream = await openEventStream(`${server.url}/v1/realtime/query.${hash}`);
      // Three attempts with 2 s and 4 s back-off before giving up.
      const [event] = await stream.waitForCount(1, 20_000);
      stream.close();
      expect(QueryEvent.parse(JSON.parse(event!.data)).event).toBe('search.failed');
      const results = await server.call('GET', `/v1/journey-planner/search/${hash}`);
      expect(results.body.data.query.status).toBe('failed');
      expect(results.body.data.journeys).toEqual([]);
    } finally {
      server.planner.failing = false;
    }
  });

  it('update-return-time plans again under a new hash with the new return time', async () => {
    const { hash } = (await server.call('POST', '/v1/journey-planner/search', { body: search() })).body.data;
    await waitForDone(hash);
    const newReturn = searchTime(2, '18:30');
    const updated = await server.call('POST', `/v1/journey-planner/search/${hash}/update-return-time`, {
      body: { return_time: newReturn },
    });
    expect(updated.status).toBe(201);
    const newHash = SearchCreated.parse(updated.body).data.hash;
    expect(newHash).not.toBe(hash);
    const results = SearchResults.parse((await waitForDone(newHash)).body);
    expect(results.data.query.return_time).toBe(newReturn);
    expect(results.data.query.out_departure_at).toBe(search().out_time);
    expect(server.planner.calls.at(-1)!.request.return_time).toBe(newReturn);
  });

  it('gives a journey its hash and the engine option id, the same suffix when the search is planned again', async () => {
    const ids = async () => {
      const { hash } = SearchCreated.parse(
        (await server.call('POST', '/v1/journey-planner/search', { body: search() })).body,
      ).data;
      const done = await waitForDone(hash);
      return { hash, ids: SearchResults.parse(done.body).data.journeys.map((j) => j.id) };
    };
    const first = await ids();
    const again = await ids();
    expect(first.ids.length).toBe(3);
    // The test planner's option ids are test-0, test-1, test-2: not positions.
    expect(first.ids).toEqual(['test-0', 'test-1', 'test-2'].map((o) => `${first.hash}-${o}`));
    expect(again.ids.map((id) => id.slice(again.hash.length))).toEqual(
      first.ids.map((id) => id.slice(first.hash.length)),
    );
    for (const id of first.ids) {
      const one = await server.call('GET', `/v1/journey-planner/search/${first.hash}/${id}`);
      expect(one.status).toBe(200);
      expect(JourneyResponse.parse(one.body).data.id).toBe(id);
    }
    // A journey of one search is not found under another search's hash.
    expect(
      (await server.call('GET', `/v1/journey-planner/search/${again.hash}/${first.ids[0]}`)).status,
    ).toBe(404);
  });

  it('an unknown place: no planning, the message per end on the query and on results.retrieved (issue #14)', async () => {
    const calls = server.planner.calls.length;
    const created = await server.call('POST', '/v1/journey-planner/search', {
      body: search({ destination: 'Xyzzyqq' }),
    });
    expect(created.status).toBe(201);
    const { hash } = SearchCreated.parse(created.body).data;
    const results = SearchResults.parse((await waitForDone(hash)).body);
    expect(results.data.journeys).toEqual([]);
    expect(results.data.query.results_retrieved).toBe(0);
    expect(results.data.query.place_errors).toEqual({
      destination: ['We couldn\'t find "Xyzzyqq". Try a town, village, station or street in Test region.'],
    });
    expect(server.planner.calls.length).toBe(calls);
    const stream = await openEventStream(`${server.url}/v1/realtime/query.${hash}`);
    const [first] = await stream.waitForCount(1);
    stream.close();
    expect(QueryEvent.parse(JSON.parse(first!.data))).toEqual({
      event: 'results.retrieved',
      data: { journey_count: 0, place_errors: results.data.query.place_errors },
    });
  });

  it('a placed search carries no place_errors (the field is optional, old clients see the same shape)', async () => {
    const { hash } = (await server.call('POST', '/v1/journey-planner/search', { body: search() })).body.data;
    const done = await waitForDone(hash);
    expect(done.body.data.query).not.toHaveProperty('place_errors');
  });

  it('passes the brand to the planner', async () => {
    const { hash } = (await server.call('POST', '/v1/journey-planner/search', { body: search() })).body.data;
    await waitForDone(hash);
    expect(server.planner.calls.at(-1)!.brand).toBe('cairngorms-explorer');
    expect(server.planner.calls.at(-1)!.profile).toBeNull();
  });
});

describe('search validation', () => {
  const post = (body: unknown) => server.call('POST', '/v1/journey-planner/search', { body });

  it.each([
    ['origin missing', { origin: undefined }, 'origin'],
    ['origin blank', { origin: '  ' }, 'origin'],
    ['destination blank', { destination: '' }, 'destination'],
    ['out_time in the wrong format', { out_time: '2026-12-01T09:00' }, 'out_time'],
    [
      'out_time not a real date',
      {
        out_time: searchTime(2)
          .replace(/\/\d\d /, '/31 ')
          .replace(/\/\d\d\//, '/02/'),
      },
      'out_time',
    ],
    ['out_time in the past', { out_time: searchTime(-1) }, 'out_time'],
    ['out_time beyond 6 months', { out_time: searchTime(200), return_time: null }, 'out_time'],
    ['return before outbound', { return_time: searchTime(2, '08:00') }, 'return_time'],
    ['return beyond 6 months', { return_time: searchTime(200) }, 'return_time'],
    ['arrive_by_buffer out of range', { arrive_by_buffer: 500 }, 'arrive_by_buffer'],
    ['railcard unknown', { railcard_type: 'Gold Card' }, 'railcard_type'],
  ])('%s → 422 with a field error', async (_name, overrides, field) => {
    const response = await post(search(overrides));
    expect(response.status).toBe(422);
    expect(response.body.message).toBe('The given data was invalid.');
    expect(Object.keys(response.body.errors)).toContain(field);
    expect(response.body.errors[field][0]).toEqual(expect.any(String));
  });

  it('accepts a single journey (no return time)', async () => {
    const response = await post(search({ return_time: null }));
    expect(response.status).toBe(201);
  });

  it('rejects a body that is not JSON with 400, and an array body with 422', async () => {
    const bad = await server.call('POST', '/v1/journey-planner/search', { rawBody: '{"origin":' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'The request body is not valid JSON.' });
    const array = await post([1, 2]);
    expect(array.status).toBe(422);
  });

  it('rejects a body over the size limit with 413', async () => {
    const response = await post(search({ origin: 'x'.repeat(200_000) }));
    expect(response.status).toBe(413);
    expect(response.body.message).toBe('The request body is too large.');
  });

  it('answers 404 for unknown or malformed hashes and journey ids', async () => {
    expect(
      (await server.call('GET', '/v1/journey-planner/search/0123456789abcdef0123456789abcdef')).status,
    ).toBe(404);
    expect((await server.call('GET', '/v1/journey-planner/search/not-a-hash')).status).toBe(404);
    const { hash } = (await post(search())).body.data;
    await waitForDone(hash);
    expect((await server.call('GET', `/v1/journey-planner/search/${hash}/${hash}-99`)).status).toBe(404);
    expect((await server.call('GET', `/v1/journey-planner/search/${hash}/nonsense`)).status).toBe(404);
    expect((await server.call('GET', '/v1/realtime/query.0123456789abcdef0123456789abcdef')).status).toBe(
      404,
    );
    expect(
      (await server.call('GET', `/v1/realtime/query.${hash}`, { headers: { 'last-event-id': 'x' } })).status,
    ).toBe(400);
  });

  it('validates update-return-time', async () => {
    const { hash } = (await post(search())).body.data;
    const bad = await server.call('POST', `/v1/journey-planner/search/${hash}/update-return-time`, {
      body: { return_time: 'tomorrow' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['return_time']);
    const early = await server.call('POST', `/v1/journey-planner/search/${hash}/update-return-time`, {
      body: { return_time: searchTime(2, '07:00') },
    });
    expect(early.status).toBe(422);
    expect(early.body.errors.return_time).toEqual(['The return must be after the outbound journey.']);
    const missing = await server.call(
      'POST',
      '/v1/journey-planner/search/0123456789abcdef0123456789abcdef/update-return-time',
      { body: { return_time: searchTime(2, '18:00') } },
    );
    expect(missing.status).toBe(404);
  });
});

describe('shutdown', () => {
  it('ends open event streams when the server closes, so shutdown does not hang', async () => {
    const { hash } = (await server.call('POST', '/v1/journey-planner/search', { body: search() })).body.data;
    const stream = await openEventStream(`${server.url}/v1/realtime/query.${hash}`);
    await stream.waitForCount(4);
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    const dead = await fetch(`${server.url}/v1/health`).catch(() => null);
    expect(dead).toBeNull();
    stream.close();
  });
});
