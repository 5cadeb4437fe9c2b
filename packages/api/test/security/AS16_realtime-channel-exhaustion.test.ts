// Feature under test: issue #15 finding 10 — the realtime channel was unbounded: uncapped SSE connections per client, and `Last-Event-ID: 99999999999` gave an endless stream and an "out of range" database error. Streams are now capped per client and in total, Last-Event-ID is validated, and idle streams are closed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFrom, openFrom, type OpenResponse } from '../helpers/fromAddress.ts';
import { searchTime, startTestServer, waitFor, type TestServer } from '../helpers/testServer.ts';
import { expectErrorShape } from '../helpers/accounts.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { REALTIME_MAX_STREAMS_PER_CLIENT: '3', REALTIME_MAX_STREAMS: '5' },
  });
});
afterAll(async () => {
  await server?.close();
});

/** A search planned to the end: its channel holds results.retrieved and 3 journeys (ids 1–4). */
async function plannedSearch(target: TestServer): Promise<string> {
  const created = await target.call('POST', '/v1/journey-planner/search', {
    body: { origin: 'Aviemore', destination: 'Glenmore', out_time: searchTime(1) },
  });
  const hash = created.body.data.hash as string;
  await waitFor(
    async () =>
      (await target.call('GET', `/v1/journey-planner/search/${hash}`)).body.data?.query.status === 'done',
    20_000,
    'planned',
  );
  return hash;
}

describe('Last-Event-ID', () => {
  it('99999999999 answers 400 in the SPEC shape, not an endless stream over a database error', async () => {
    const hash = await plannedSearch(server);
    const channel = `${server.url}/v1/realtime/query.${hash}`;
    for (const bad of ['99999999999', '2147483648', '1e3', '0x10', '-1', '1.5', ' 7', '5']) {
      const viaHeader = await callFrom(channel, { headers: { 'last-event-id': bad } });
      expect(viaHeader.status, `Last-Event-ID: ${bad}`).toBe(400);
      expectErrorShape(viaHeader.body);
      const viaQuery = await callFrom(`${channel}?last_event_id=${encodeURIComponent(bad)}`);
      expect(viaQuery.status, `?last_event_id=${bad}`).toBe(400);
    }
  });

  it('the last id of a finished channel answers 204, which tells EventSource to stop reconnecting', async () => {
    const hash = await plannedSearch(server);
    const res = await callFrom(`${server.url}/v1/realtime/query.${hash}`, {
      headers: { 'last-event-id': '4' },
    });
    expect(res.status).toBe(204);
    const replay = await openFrom(`${server.url}/v1/realtime/query.${hash}`, {
      headers: { 'last-event-id': '2' },
    });
    expect(replay.status).toBe(200);
    replay.close();
  });
});

/** A search the planner takes 20 s over: its channel stays open (a finished one ends its streams). */
async function planningSearch(target: TestServer): Promise<string> {
  target.planner.delayMs = 20_000;
  const created = await target.call('POST', '/v1/journey-planner/search', {
    body: { origin: 'Aviemore', destination: 'Glenmore', out_time: searchTime(1) },
  });
  return created.body.data.hash as string;
}

describe('connections', () => {
  it('are capped per client (429 + Retry-After) and in total (503 + Retry-After); closing one frees a slot', async () => {
    const hash = await planningSearch(server);
    const channel = `${server.url}/v1/realtime/query.${hash}`;
    const open: OpenResponse[] = [];
    try {
      for (let i = 0; i < 3; i++) open.push(await openFrom(channel, { localAddress: '127.0.0.2' }));
      expect(open.map((s) => s.status)).toEqual([200, 200, 200]);
      const fourth = await callFrom(channel, { localAddress: '127.0.0.2' });
      expect(fourth.status).toBe(429);
      expectErrorShape(fourth.body);
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
      // A forged X-Forwarded-For is not another client (no TRUST_PROXY here).
      const forged = await callFrom(channel, {
        localAddress: '127.0.0.2',
        headers: { 'x-forwarded-for': '198.51.100.77' },
      });
      expect(forged.status).toBe(429);

      // Another client has its own allowance, up to the total of 5.
      for (let i = 0; i < 2; i++) open.push(await openFrom(channel, { localAddress: '127.0.0.3' }));
      expect(open.slice(3).map((s) => s.status)).toEqual([200, 200]);
      const sixth = await callFrom(channel, { localAddress: '127.0.0.4' });
      expect(sixth.status).toBe(503);
      expectErrorShape(sixth.body);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);

      open.shift()!.close();
      const again = await waitFor(
        async () => {
          const s = await openFrom(channel, { localAddress: '127.0.0.2' });
          if (s.status === 200) return s;
          s.close();
          return undefined;
        },
        5_000,
        'a freed slot',
      );
      open.push(again);
    } finally {
      for (const s of open) s.close();
      server.planner.delayMs = 0;
    }
  });
});

describe('idle streams', () => {
  it('are closed after REALTIME_IDLE_TIMEOUT_SEC without an event; the reconnect then gets 204', async () => {
    const idle = await startTestServer({ env: { REALTIME_IDLE_TIMEOUT_SEC: '1' } });
    try {
      const hash = await plannedSearch(idle);
      const stream = await openFrom(`${idle.url}/v1/realtime/query.${hash}`);
      expect(stream.status).toBe(200);
      const started = Date.now();
      const text = await Promise.race([
        stream.ended,
        new Promise<null>((r) => setTimeout(() => r(null), 6_000)),
      ]);
      stream.close();
      expect(text, 'the server ended the idle stream').not.toBeNull();
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(text).toMatch(/^id: 4$/m);
      const back = await callFrom(`${idle.url}/v1/realtime/query.${hash}`, {
        headers: { 'last-event-id': '4' },
      });
      expect(back.status).toBe(204);
    } finally {
      await idle.close();
    }
  });
});
