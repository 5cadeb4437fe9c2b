// Feature under test: issue #20 — hashed assets (scripts, styles, images under assets/) go without
// the headers that only protect a document, which every one of them would otherwise carry again on a
// weak signal; the page, the service worker, a worker script and API answers keep the full set.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const PAGE_ONLY = [
  'content-security-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'x-frame-options',
  'origin-agent-cluster',
  'x-xss-protection',
];

let dist: string;
let server: TestServer;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'cairn-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Cairn</title><div id="root"></div>');
  writeFileSync(join(dist, 'sw.js'), 'self.skipWaiting();');
  writeFileSync(join(dist, 'assets', 'index-3f2a1b9c.js'), 'render();');
  writeFileSync(join(dist, 'assets', 'index-9c8d7e6f.css'), '.card{margin:0}');
  writeFileSync(join(dist, 'assets', 'maplibre-gl-worker-1a2b3c4d.mjs'), 'self.onmessage = () => {};');
  server = await startTestServer({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

const headersOf = async (path: string, init?: RequestInit) =>
  (await fetch(`${server.url}${path}`, init)).headers;

describe('hashed assets', () => {
  it('carry no page-only header, but keep nosniff, their resource policy and immutable caching', async () => {
    for (const path of ['/assets/index-3f2a1b9c.js', '/assets/index-9c8d7e6f.css']) {
      const headers = await headersOf(path, { headers: { 'accept-encoding': 'br' } });
      for (const name of PAGE_ONLY) expect(headers.get(name), `${path} ${name}`).toBeNull();
      expect(headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(headers.get('cross-origin-resource-policy'), path).toBe('same-site');
      expect(headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(headers.get('cache-control'), path).toContain('immutable');
    }
  });
});

describe('documents, workers and API answers', () => {
  it('keep the CSP and the other page headers', async () => {
    const paths = [
      '/',
      '/index.html',
      '/search/abc/results',
      '/sw.js',
      '/assets/maplibre-gl-worker-1a2b3c4d.mjs',
    ];
    for (const path of [...paths, '/v1/config', '/v1/tiles/12/2017/1267.pbf']) {
      const headers = await headersOf(path);
      for (const name of PAGE_ONLY) expect(headers.get(name), `${path} ${name}`).not.toBeNull();
      expect(headers.get('content-security-policy'), path).toContain("script-src 'self'");
    }
  });
});
