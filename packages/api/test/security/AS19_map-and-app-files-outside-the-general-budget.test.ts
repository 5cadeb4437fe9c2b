// Feature under test: issue #20 — travellers sharing one address (hotel or ferry wifi, carrier NAT)
// pan maps and open the app without a 429: map tiles, glyphs and the web app's own files (hashed
// assets, the page, the service worker) do not draw on the general per-client budget, while API
// calls still do.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const BUDGET = 20;
const OVER_BUDGET = BUDGET * 3;

let dist: string;
let server: TestServer;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'cairn-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Cairn</title><div id="root"></div>');
  writeFileSync(join(dist, 'sw.js'), 'self.skipWaiting();');
  writeFileSync(join(dist, 'assets', 'index-3f2a1b9c.js'), 'render();');
  server = await startTestServer({ env: { WEB_DIST: dist, RATE_LIMIT_PER_MINUTE: String(BUDGET) } });
});
afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The answers other than 200 or 204 (an empty tile) to `count` GETs of each path, from this one address. */
async function failures(paths: string[], count: number): Promise<string[]> {
  const failed: string[] = [];
  for (let i = 0; i < count; i++)
    for (const path of paths) {
      const { status } = await fetch(`${server.url}${path}`);
      if (status !== 200 && status !== 204) failed.push(`${status} ${path}`);
    }
  return failed;
}

const MAP_AND_APP = [
  '/v1/tiles/12/2017/1267.pbf',
  '/v1/tiles/fonts/Noto%20Sans%20Regular/0-255.pbf',
  '/assets/index-3f2a1b9c.js',
  '/sw.js',
  '/index.html',
  '/search/abc/results',
  '/',
];

describe('one address over the general budget', () => {
  it('gets every map tile, glyph range and web app file, before and after its API calls are refused', async () => {
    // Panning uses none of the budget: all of it is left for API calls afterwards.
    expect(await failures(MAP_AND_APP, OVER_BUDGET)).toEqual([]);
    const answers = [];
    for (let i = 0; i <= BUDGET; i++) answers.push(await server.call('GET', '/v1/places?q=Avie'));
    expect(answers.slice(0, BUDGET).map((a) => a.status)).toEqual(Array(BUDGET).fill(200));
    const over = answers[BUDGET]!;
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/Too many requests/);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Over the budget, the map and the app still load.
    expect(await failures(MAP_AND_APP, OVER_BUDGET)).toEqual([]);
    expect((await server.call('GET', '/v1/config')).status).toBe(429);
  });
});
