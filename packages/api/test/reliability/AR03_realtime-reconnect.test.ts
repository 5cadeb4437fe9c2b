// Feature under test: a realtime client that disconnects and reconnects with Last-Event-ID misses no journey and sees none twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTime, startTestServer, type TestServer } from '../helpers/testServer.ts';
import { allJourneysIn, followChannel, gaplessIds, type ReceivedEvent } from './faultKit.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  server.planner.journeyCount = 12;
});
afterAll(async () => {
  await server?.close();
});

async function newSearch(origin = 'Aviemore'): Promise<string> {
  const res = await server.call('POST', '/v1/journey-planner/search', {
    body: { origin, destination: 'Glenmore', out_time: searchTime(1) },
  });
  expect(res.status).toBe(201);
  return res.body.data.hash;
}

/** Reads one connection until `take` events have been seen, then drops it (the client saw only those). */
async function readThenDrop(
  url: string,
  take: number,
  headers: Record<string, string> = {},
): Promise<ReceivedEvent[]> {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const seen: ReceivedEvent[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let i: number;
      while (seen.length < take && (i = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        const id = /^id: (\d+)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (id && data) {
          const parsed = JSON.parse(data);
          seen.push({ id: Number(id), event: parsed.event, data: parsed.data });
        }
      }
      if (seen.length >= take) break;
    }
  } finally {
    controller.abort();
  }
  return seen;
}

describe('reconnecting with Last-Event-ID', () => {
  it('a client dropped after 3 events gets exactly the other 10 on reconnect', async () => {
    const hash = await newSearch();
    const url = `${server.url}/v1/realtime/query.${hash}`;
    const first = await readThenDrop(url, 3);
    expect(first.map((e) => e.id)).toEqual([1, 2, 3]);
    const rest = await readThenDrop(url, 10, { 'last-event-id': '3' });
    const all = [...first, ...rest];
    expect(gaplessIds(all)).toBe(true);
    expect(allJourneysIn(all)).toBe(true);
    const ids = all.filter((e) => e.event === 'journey.processed').map((e) => e.data.journeyID);
    expect(new Set(ids).size).toBe(12);
    // The same through the query parameter, for clients that cannot set headers.
    const viaQuery = await readThenDrop(`${url}?last_event_id=11`, 2);
    expect(viaQuery.map((e) => e.id)).toEqual([12, 13]);
  });

  it('a client that drops before planning ends and comes back later gets everything once', async () => {
    server.planner.delayMs = 1500;
    try {
      const hash = await newSearch('Boat of Garten');
      const follower = followChannel(`${server.url}/v1/realtime/query.${hash}`, allJourneysIn, 20_000);
      // Cut the connection twice while the search is being planned.
      await new Promise((r) => setTimeout(r, 300));
      follower.drop();
      await new Promise((r) => setTimeout(r, 500));
      follower.drop();
      const events = await follower.finished;
      expect(follower.connections).toBeGreaterThanOrEqual(3);
      expect(allJourneysIn(events)).toBe(true);
      expect(gaplessIds(events)).toBe(true);
      expect(events).toHaveLength(13);
    } finally {
      server.planner.delayMs = 0;
    }
  });

  it('20 clients with random drops all end with the full, gapless stream', async () => {
    server.planner.delayMs = 400;
    try {
      const hashes = await Promise.all(Array.from({ length: 5 }, (_, i) => newSearch(`Origin ${i}`)));
      const followers = Array.from({ length: 20 }, (_, i) =>
        followChannel(`${server.url}/v1/realtime/query.${hashes[i % 5]}`, allJourneysIn, 30_000),
      );
      for (let k = 0; k < 6; k++) {
        await new Promise((r) => setTimeout(r, 150));
        followers[(k * 7) % followers.length]!.drop();
      }
      for (const f of followers) {
        const events = await f.finished;
        expect(allJourneysIn(events)).toBe(true);
        expect(gaplessIds(events)).toBe(true);
      }
    } finally {
      server.planner.delayMs = 0;
    }
  });

  it('a Last-Event-ID at the end of a finished channel answers 204 (EventSource stops); a malformed one is a 400 in the SPEC shape', async () => {
    const hash = await newSearch();
    const url = `${server.url}/v1/realtime/query.${hash}`;
    await followChannel(url, allJourneysIn, 10_000).finished;
    const res = await fetch(url, { headers: { 'last-event-id': '13' } });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    const bad = await server.call('GET', `/v1/realtime/query.${hash}`, {
      headers: { 'last-event-id': 'abc' },
    });
    expect(bad.status).toBe(400);
    expect(typeof bad.body.message).toBe('string');
  });
});
