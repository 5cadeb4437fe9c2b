// Feature under test: issue 30 finding 6 — the server-wide pool of event streams could be filled (50 addresses × 20 streams) and the results page then waited forever. Finished channels now end their streams, and streams are capped per address block (IPv4 /24) as well as per address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFrom, openFrom, type OpenResponse } from '../helpers/fromAddress.ts';
import { expectErrorShape } from '../helpers/accounts.ts';
import { searchTime, startTestServer, waitFor, type TestServer } from '../helpers/testServer.ts';

const search = { origin: 'Aviemore', destination: 'Glenmore', out_time: searchTime(1) };

describe('a finished channel', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it(
    'ends its stream after the last event, so it holds no slot until the idle timeout',
    { timeout: 30_000 },
    async () => {
      const hash = (await server.call('POST', '/v1/journey-planner/search', { body: search })).body.data.hash;
      await waitFor(
        async () =>
          (await server.call('GET', `/v1/journey-planner/search/${hash}`)).body.data?.query.status === 'done',
        20_000,
        'planned',
      );
      const stream = await openFrom(`${server.url}/v1/realtime/query.${hash}`, { localAddress: '127.0.0.2' });
      expect(stream.status).toBe(200);
      const text = await stream.ended;
      expect(text.match(/^event: journey\.processed$/gm)).toHaveLength(3);
      expect(text).toMatch(/^id: 4$/m);
      // EventSource reconnects with the last id and is told to stop.
      const again = await callFrom(`${server.url}/v1/realtime/query.${hash}`, {
        headers: { 'last-event-id': '4' },
      });
      expect(again.status).toBe(204);
    },
  );
});

describe('streams from one address block', () => {
  let server: TestServer;
  beforeAll(async () => {
    // No worker: searches stay queued, so their channels stay open.
    server = await startTestServer({
      worker: false,
      env: { REALTIME_MAX_STREAMS_PER_CLIENT: '2', REALTIME_MAX_STREAMS_PER_BLOCK: '4' },
    });
  });
  afterAll(() => server?.close());

  it('are capped per /24 too (429 + Retry-After); another block keeps its own allowance', async () => {
    const hash = (await server.call('POST', '/v1/journey-planner/search', { body: search })).body.data.hash;
    const channel = `${server.url}/v1/realtime/query.${hash}`;
    const open: OpenResponse[] = [];
    try {
      for (const address of ['127.0.0.2', '127.0.0.2', '127.0.0.3', '127.0.0.3'])
        open.push(await openFrom(channel, { localAddress: address }));
      expect(open.map((s) => s.status)).toEqual([200, 200, 200, 200]);
      const sameBlock = await callFrom(channel, { localAddress: '127.0.0.4' });
      expect(sameBlock.status).toBe(429);
      expectErrorShape(sameBlock.body);
      expect(Number(sameBlock.headers['retry-after'])).toBeGreaterThan(0);
      const otherBlock = await openFrom(channel, { localAddress: '127.0.1.2' });
      open.push(otherBlock);
      expect(otherBlock.status).toBe(200);
      // Closing one frees a slot of its block.
      open[0]!.close();
      await waitFor(
        async () => {
          const next = await openFrom(channel, { localAddress: '127.0.0.4' });
          open.push(next);
          return next.status === 200;
        },
        10_000,
        'a freed slot',
      );
    } finally {
      for (const stream of open) stream.close();
    }
  });
});
