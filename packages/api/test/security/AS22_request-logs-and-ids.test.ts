// Feature under test: issue 30 findings 3 and 9 — single-use codes reached the request log through the page links in mails (`/auth/password-reset?code=`…); the client's X-Request-Id was echoed and logged as sent; one client could grow the log without bound (long URLs; tiles, glyphs and app files outside every limit). Logged URLs keep only their shape, ids are made by the server, and map and app files have a budget of their own.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logUrl } from '../../src/http/logUrl.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const lines: string[] = [];
let server: TestServer;
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  server = await startTestServer({
    logger: pino({ level: 'info' }, sink),
    env: { MAP_RATE_LIMIT_PER_MINUTE: '30' },
  });
});
afterAll(() => server?.close());

const loggedUrls = () =>
  lines
    .map((line) => JSON.parse(line) as { req?: { url: string } })
    .flatMap((l) => (l.req ? [l.req.url] : []));

describe('request logs', () => {
  it('never hold the code of a page link from a mail, nor a place query', async () => {
    const code = randomBytes(32).toString('base64url');
    for (const page of ['password-reset', 'activation', 'unlock', 'email-change'])
      await fetch(`${server.url}/auth/${page}?code=${code}`);
    await fetch(`${server.url}/auth/password-reset?lang=en&code=${code}#top`);
    await fetch(`${server.url}/v1/places?q=Kingussie%20High%20Street%2012`);
    expect(loggedUrls()).toContain('/auth/password-reset?code=…');
    expect(lines.filter((l) => l.includes(code) || l.includes('Kingussie'))).toEqual([]);
  });

  it('cut search hashes and long addresses short', async () => {
    const hash = randomBytes(16).toString('hex');
    await fetch(`${server.url}/v1/journey-planner/search/${hash}`);
    await fetch(`${server.url}/v1/health?${'padding='.repeat(900)}`);
    expect(lines.filter((l) => l.includes(hash))).toEqual([]);
    expect(loggedUrls()).toContain(`/v1/journey-planner/search/${hash.slice(0, 6)}…`);
    for (const url of loggedUrls()) expect(url.length).toBeLessThanOrEqual(201);
    expect(logUrl('/v1/journey-planner/search/abc/update-return-time')).toBe(
      '/v1/journey-planner/search/abc/update-return-time',
    );
  });
});

describe('request ids', () => {
  it("are made by the server: a client's X-Request-Id is neither echoed nor logged", async () => {
    const forged = `forged-${randomBytes(6).toString('hex')}`;
    const response = await fetch(`${server.url}/v1/health`, { headers: { 'x-request-id': forged } });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.filter((l) => l.includes(forged))).toEqual([]);
  });
});

describe('map tiles, glyphs and app files', () => {
  it('have a budget of their own per client (MAP_RATE_LIMIT_PER_MINUTE), with 429 and Retry-After past it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push(
        (await fetch(`${server.url}/v1/tiles/fonts/Noto%20Sans%20Regular/${i % 2 ? '0-255' : '256-511'}.pbf`))
          .status,
      );
    expect(statuses.slice(0, 30).every((s) => s === 200 || s === 204 || s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    const tile = await fetch(`${server.url}/v1/tiles/12/2017/1267.pbf`);
    expect(tile.status).toBe(429);
    expect(Number(tile.headers.get('retry-after'))).toBeGreaterThan(0);
    // API calls keep their own budget.
    expect((await server.call('GET', '/v1/config')).status).toBe(200);
  });
});

describe('every brand privacy page', () => {
  it('says what the logs hold: the IP address and shortened addresses, no place search (issue 30, finding 14)', () => {
    const brands = join(import.meta.dirname, '../../../../brands');
    for (const brand of readdirSync(brands, { withFileTypes: true }).filter((d) => d.isDirectory())) {
      const page = readFileSync(join(brands, brand.name, 'pages/privacy-policy.md'), 'utf8');
      expect(page, brand.name).toMatch(/internet \(IP\) address/);
      expect(page, brand.name).toMatch(/first six characters of its code/);
      expect(page, brand.name).toMatch(/nothing typed into a place search/);
    }
  });
});
