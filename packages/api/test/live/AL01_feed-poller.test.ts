// Feature under test: issue #18 — the live feed poller over real HTTP: conditional requests (304 keeps), the source's headers, timeouts, backoff after 5xx, refused endless bodies, refused connections.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PolledSource } from '@cairn/engine';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FeedPoller,
  type PollerOptions,
  type PollReport,
  type PollResult,
} from '../../src/live/feedPoller.ts';
import { waitFor } from '../helpers/testServer.ts';

const servers: Server[] = [];
const pollers: FeedPoller[] = [];
afterEach(async () => {
  for (const p of pollers.splice(0)) p.stop();
  await Promise.all(
    servers.splice(0).map((s) => {
      s.closeAllConnections();
      return new Promise((r) => s.close(r));
    }),
  );
});

/** A loopback feed server answering with `handler`; resolves to its base URL. */
async function feedServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const OPTIONS: PollerOptions = { timeoutMs: 2_000, maxBytes: 1024, maxBackoffSec: 60 };

function poller(url: string, options: Partial<PollerOptions> = {}, source: Partial<PolledSource> = {}) {
  const p = new FeedPoller(
    {
      source: url,
      feedId: 'bus',
      kind: 'trip-updates',
      maxAgeSec: 300,
      url,
      pollSec: 10,
      headers: {},
      ...source,
    },
    { ...OPTIONS, ...options },
  );
  pollers.push(p);
  return p;
}

describe('L01 the feed poller', () => {
  it('asks for GTFS-realtime protobuf or SIRI XML, and hands either body over as fetched', async () => {
    let accept: string | undefined;
    const siri = '<Siri xmlns="http://www.siri.org.uk/siri"><ServiceDelivery/></Siri>';
    const url = await feedServer((req, res) => {
      accept = req.headers.accept;
      res.writeHead(200, { 'content-type': 'application/xml' }).end(siri);
    });
    const got = await poller(url).pollOnce();
    expect(accept).toMatch(/application\/x-protobuf.*application\/xml/);
    expect(got).toMatchObject({ outcome: 'fetched', body: new TextEncoder().encode(siri) });
  });

  it('sends the ETag and Last-Modified of the last answer back, keeps on 304, and sends the source headers', async () => {
    const seen: Record<string, string | undefined>[] = [];
    const url = await feedServer((req, res) => {
      seen.push({
        etag: req.headers['if-none-match'],
        since: req.headers['if-modified-since'],
        key: req.headers['x-api-key'] as string | undefined,
      });
      if (req.headers['if-none-match'] === '"v1"') return void res.writeHead(304).end();
      res
        .writeHead(200, { etag: '"v1"', 'last-modified': 'Wed, 25 Nov 2026 10:00:00 GMT' })
        .end(Buffer.from([1, 2, 3]));
    });
    const p = poller(url, {}, { headers: { 'x-api-key': 'secret' } });
    const first = await p.pollOnce();
    expect(first).toEqual({
      outcome: 'fetched',
      body: new Uint8Array([1, 2, 3]),
      etag: '"v1"',
      lastModified: 'Wed, 25 Nov 2026 10:00:00 GMT',
    });
    expect(await p.pollOnce()).toEqual({ outcome: 'unchanged' });
    expect(seen).toEqual([
      { etag: undefined, since: undefined, key: 'secret' },
      { etag: '"v1"', since: 'Wed, 25 Nov 2026 10:00:00 GMT', key: 'secret' },
    ]);
    expect(p.nextDelaySec()).toBe(10);
  });

  it('starts conditional with the validators stored by an earlier leader', async () => {
    const url = await feedServer((req, res) => {
      res.writeHead(req.headers['if-none-match'] === '"stored"' ? 304 : 200).end('x');
    });
    expect(await poller(url, { etag: '"stored"' }).pollOnce()).toEqual({ outcome: 'unchanged' });
  });

  it('doubles the wait after each 5xx up to the cap, and is back to the interval after a success', async () => {
    let failing = true;
    const url = await feedServer((_req, res) => {
      if (failing) res.writeHead(503).end('down');
      else res.writeHead(200).end('ok');
    });
    const p = poller(url);
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      expect(await p.pollOnce()).toEqual({ outcome: 'failed', error: 'HTTP 503', status: 503 });
      delays.push(p.nextDelaySec());
    }
    expect(delays).toEqual([20, 40, 60, 60]);
    failing = false;
    expect((await p.pollOnce()).outcome).toBe('fetched');
    expect(p.nextDelaySec()).toBe(10);
  });

  it('gives up on a server that does not answer within the timeout', async () => {
    const url = await feedServer(() => undefined);
    const started = Date.now();
    const result = await poller(url, { timeoutMs: 300 }).pollOnce();
    expect(result).toEqual({ outcome: 'failed', error: 'no answer within 300 ms' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('gives up on a body that stalls halfway within the timeout', async () => {
    const url = await feedServer((_req, res) => {
      res.writeHead(200);
      res.write('partial');
    });
    expect(await poller(url, { timeoutMs: 300 }).pollOnce()).toMatchObject({ outcome: 'failed' });
  });

  it('refuses a body over the limit, declared or streamed without end', async () => {
    const declared = await feedServer((_req, res) => {
      res.writeHead(200, { 'content-length': '4096' }).end(Buffer.alloc(4096));
    });
    expect(await poller(declared).pollOnce()).toEqual({
      outcome: 'failed',
      error: 'body larger than 1024 bytes',
    });
    let written = 0;
    const endless = await feedServer((_req, res) => {
      res.writeHead(200);
      const more = () => {
        while (written < 10_000_000 && res.write(Buffer.alloc(512))) written += 512;
        if (!res.destroyed) res.once('drain', more);
      };
      more();
    });
    expect(await poller(endless).pollOnce()).toEqual({
      outcome: 'failed',
      error: 'body larger than 1024 bytes',
    });
    // The rest of the endless body was not read.
    expect(written).toBeLessThan(10_000_000);
  });

  it('reports a refused connection instead of throwing, and polls on after it', async () => {
    const url = await feedServer((_req, res) => res.end());
    servers[0]!.close();
    servers[0]!.closeAllConnections();
    await new Promise((r) => setTimeout(r, 50));
    const p = poller(url, {}, { pollSec: 0.05 });
    const results: [PollResult, PollReport][] = [];
    p.start(async (result, report) => {
      results.push([result, report]);
      throw new Error('a failing handler does not stop polling');
    });
    await waitFor(async () => results.length >= 2, 5_000, 'two polls');
    p.stop();
    expect(results[0]![0]).toEqual({ outcome: 'failed', error: 'ECONNREFUSED' });
    expect(results[0]![1]).toMatchObject({
      source: url,
      outcome: 'failed',
      error: 'ECONNREFUSED',
      nextInSec: 0.1,
    });
  });
});
