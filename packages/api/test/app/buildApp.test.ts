// Feature under test: the HTTP shell — health/ready, OpenAPI, brand config and pages, places, map tiles, headers, keys, limits.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VectorTile } from '@mapbox/vector-tile';
import { AppConfig, PlacesResponse, ReverseResponse, StaticPage } from '@cairn/contracts';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: {
      API_KEYS: 'explorer-key:cairngorms-explorer,health-key:strathbrae-health',
      PUBLIC_URL: 'https://explorer.localhost',
      BRAND_BY_HOST: '1',
    },
  });
});
afterAll(async () => {
  await server?.close();
});

const key = { 'x-api-key': 'explorer-key' };

describe('system', () => {
  it('health and ready answer without a key', async () => {
    expect((await server.call('GET', '/v1/health')).body).toEqual({ status: 'ok' });
    const ready = await server.call('GET', '/v1/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { database: 'ok', planner: 'ok' } });
  });

  it('documents the structured direction beside html_instructions in the OpenAPI document', async () => {
    const text = JSON.stringify((await server.call('GET', '/v1/docs')).body);
    expect(text).toContain('html_instructions is rendered from it');
    expect(text).toContain('walk-unmapped');
  });

  it('documents the step-free choice, labels and assistance in the OpenAPI document (issue #19)', async () => {
    const docs = (await server.call('GET', '/v1/docs')).body;
    const search = docs.paths['/v1/journey-planner/search'].post;
    expect(search.requestBody.content['application/json'].schema.properties.step_free.description).toMatch(
      /Plan step-free journeys/,
    );
    const text = JSON.stringify(docs);
    expect(text).toContain("Step-free or not, or 'unknown' when the data does not say");
    expect(text).toContain('Help the operator offers and how to book it');
    expect(text).toContain('wheelchair-accessible vehicles');
    expect(text).toContain('Plan step-free journeys by default');
  });

  it('serves an OpenAPI document generated from the contracts', async () => {
    const docs = await server.call('GET', '/v1/docs');
    expect(docs.status).toBe(200);
    expect(docs.body.openapi).toBe('3.1.0');
    const paths = Object.keys(docs.body.paths);
    for (const path of [
      '/v1/journey-planner/search',
      '/v1/journey-planner/search/{hash}',
      '/v1/journey-planner/search/{hash}/{journeyId}',
      '/v1/journey-planner/search/{hash}/update-return-time',
      '/v1/journey/save/{id}',
      '/v1/journey/viewed/{journeyId}',
      '/v1/users/register',
      '/v1/users/update',
      '/v1/users/activation/{code}',
      '/v1/users/password/reset',
      '/v1/users/password/reset/{code}',
      '/v1/users/show',
      '/v1/journey-planner/queries/user',
      '/v1/journey/saved/user',
      '/v1/auth/login',
      '/v1/auth/logout',
      '/v1/campaign',
      '/v1/campaign/{campaignId}/impression',
      '/v1/realtime/{channel}',
      '/v1/config',
      '/v1/places',
      '/v1/tiles/{z}/{x}/{y}.pbf',
      '/v1/tiles/fonts/{fontstack}/{range}.pbf',
    ]) {
      expect(paths).toContain(path);
    }
    const search = docs.body.paths['/v1/journey-planner/search'].post;
    expect(search.requestBody.content['application/json'].schema.properties.out_time.pattern).toBeDefined();
    expect(docs.body.paths['/v1/campaign'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['order_by', 'order', 'per_page', 'impression_ids']),
    );
  });
});

describe('the OpenAPI document for integrators (issue #20)', () => {
  it('names every operation once and writes shared answer schemas once, under components', async () => {
    const docs = (await server.call('GET', '/v1/docs')).body;
    const ids = Object.values(docs.paths).flatMap((ops) =>
      Object.values(ops as Record<string, { operationId: string }>).map((op) => op.operationId),
    );
    expect(ids.every((id) => /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const answer = (path: string) =>
      docs.paths[path].get.responses['200'].content['application/json'].schema.properties.data;
    expect(answer('/v1/journey-planner/search/{hash}/{journeyId}')).toEqual({
      $ref: '#/components/schemas/Journey',
    });
    expect(answer('/v1/journey-planner/search/{hash}').properties.journeys.items).toEqual({
      $ref: '#/components/schemas/Journey',
    });
    expect(docs.components.schemas.Journey.properties.depart.$ref).toBe('#/components/schemas/Leg');
    expect(JSON.stringify(docs)).not.toContain('"nullable"');
    expect(docs.servers).toEqual([{ url: '/', description: 'The server that sent this document' }]);
  });
});

describe('API keys and brands', () => {
  it('refuses /v1 calls without a known key when API_KEYS is set', async () => {
    const none = await server.call('GET', '/v1/places?q=avie');
    expect(none.status).toBe(401);
    expect(none.body.message).toMatch(/API key/);
    expect(
      (await server.call('GET', '/v1/places?q=avie', { headers: { 'x-api-key': 'wrong' } })).status,
    ).toBe(401);
    expect((await server.call('GET', '/v1/places?q=avie', { headers: key })).status).toBe(200);
  });

  it('answers the brand, region and public key in /v1/config, the brand chosen by the key', async () => {
    const config = AppConfig.parse((await server.call('GET', '/v1/config')).body);
    expect(config.data.brand.brand).toBe('cairngorms-explorer');
    expect(config.data.apiKey).toBe('explorer-key');
    expect(config.data.region.id).toBe('test-region');
    const health = AppConfig.parse(
      (await server.call('GET', '/v1/config', { headers: { 'x-api-key': 'health-key' } })).body,
    );
    expect(health.data.brand.brand).toBe('strathbrae-health');
    expect(health.data.brand.appointmentMode).toBe(true);
    // Merged over brands/default: a field only the default sets is present.
    expect(health.data.brand.footer.quickLinks.length).toBeGreaterThan(0);
  });

  it('picks the brand by hostname when BRAND_BY_HOST=1 and no key names one', async () => {
    const brandOf = (host: string) =>
      new Promise<string>((resolve, reject) => {
        const req = request(`${server.url}/v1/config`, { headers: { host } }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve(AppConfig.parse(JSON.parse(text)).data.brand.brand));
        });
        req.on('error', reject);
        req.end();
      });
    expect(await brandOf('council.localhost')).toBe('glentarrow-council');
    expect(await brandOf('health.localhost:8080')).toBe('strathbrae-health');
    expect(await brandOf('unknown.example')).toBe('cairngorms-explorer');
  });

  it('serves static pages of the brand, with a title, and 404 for unknown pages', async () => {
    const page = await server.call('GET', '/v1/pages/terms-and-conditions', { headers: key });
    expect(page.status).toBe(200);
    const parsed = StaticPage.parse(page.body.data);
    expect(parsed.markdown.length).toBeGreaterThan(100);
    expect(parsed.title).not.toBe('terms-and-conditions');
    expect((await server.call('GET', '/v1/pages/nonsense', { headers: key })).status).toBe(404);
    expect((await server.call('GET', '/v1/pages/..%2F..%2Fpackage', { headers: key })).status).toBe(404);
  });

  it('serves the brand logo and theme', async () => {
    const logo = await fetch(`${server.url}/v1/brand/logo.svg`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    expect(await logo.text()).toContain('<svg');
    expect((await fetch(`${server.url}/v1/brand/theme.css`)).headers.get('content-type')).toContain(
      'text/css',
    );
    expect((await fetch(`${server.url}/v1/brand/brand.json`)).status).toBe(404);
  });
});

describe('places', () => {
  it('suggests places and reverse-geocodes', async () => {
    const places = PlacesResponse.parse(
      (await server.call('GET', '/v1/places?q=aviem&limit=1', { headers: key })).body,
    );
    expect(places.data).toHaveLength(1);
    expect(places.data[0]!.label).toBe('Aviemore');
    const reverse = ReverseResponse.parse(
      (await server.call('GET', '/v1/places/reverse?lat=57.166&lng=-3.692', { headers: key })).body,
    );
    expect(reverse.data?.label).toBe('Glenmore');
    const nothing = ReverseResponse.parse(
      (await server.call('GET', '/v1/places/reverse?lat=51.5&lng=-0.1', { headers: key })).body,
    );
    expect(nothing.data).toBeNull();
  });

  it.each([
    ['/v1/places', 'q'],
    ['/v1/places?q=', 'q'],
    ['/v1/places?q=ab&limit=500', 'limit'],
    ['/v1/places/reverse?lat=95&lng=0', 'lat'],
    ['/v1/places/reverse?lat=57&lng=abc', 'lng'],
  ])('%s → 422 on %s', async (path, field) => {
    const response = await server.call('GET', path, { headers: key });
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toHaveLength(1);
  });
});

describe('map tiles', () => {
  it('serves a style coloured from the brand, pointing at our own tiles', async () => {
    const style = await server.call('GET', '/v1/tiles/style.json');
    expect(style.status).toBe(200);
    expect(style.body.version).toBe(8);
    expect(style.body.sources.cairn.tiles).toEqual(['https://explorer.localhost/v1/tiles/{z}/{x}/{y}.pbf']);
    const trunk = style.body.layers.find((l: { id: string }) => l.id === 'trunk-roads');
    expect(trunk.paint['line-color']).toBe('#2f6b3a');
  });

  it('serves vector tiles with the streets and places, cached, and 204 where the map is empty', async () => {
    // Aviemore at zoom 12: x = floor((lng + 180) / 360 * 2^12), y from the Mercator latitude.
    const z = 12;
    const lng = -3.8286;
    const lat = 57.1953;
    const x = Math.floor(((lng + 180) / 360) * 2 ** z);
    const y = Math.floor(
      ((1 - Math.log(Math.tan((lat * Math.PI) / 180) + 1 / Math.cos((lat * Math.PI) / 180)) / Math.PI) / 2) *
        2 ** z,
    );
    const response = await fetch(`${server.url}/v1/tiles/${z}/${x}/${y}.pbf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.mapbox-vector-tile');
    const tile = new VectorTile(new PbfReader(new Uint8Array(await response.arrayBuffer())));
    const streets = tile.layers.streets!;
    const names = Array.from({ length: streets.length }, (_, i) => streets.feature(i).properties.name);
    expect(names).toContain('Grampian Road');
    expect(tile.layers.places!.feature(0).properties.layer).toBe('station');

    const again = await fetch(`${server.url}/v1/tiles/${z}/${x}/${y}.pbf`);
    expect(Buffer.from(await again.arrayBuffer()).length).toBeGreaterThan(0);
    expect((await fetch(`${server.url}/v1/tiles/${z}/0/0.pbf`)).status).toBe(204);
  });

  it('rejects impossible tile coordinates', async () => {
    expect((await server.call('GET', '/v1/tiles/3/8/0.pbf')).status).toBe(400);
    expect((await server.call('GET', '/v1/tiles/a/0/0.pbf')).status).toBe(400);
    expect((await server.call('GET', '/v1/tiles/17/0/0.pbf')).status).toBe(404);
  });
});

describe('headers and limits', () => {
  it('sends security headers with a CSP that lets MapLibre run its blob worker', async () => {
    const response = await fetch(`${server.url}/v1/health`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("allows cross-origin calls only from the brands' hosts and PUBLIC_URL", async () => {
    const allowed = await fetch(`${server.url}/v1/health`, {
      headers: { origin: 'http://explorer.localhost' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://explorer.localhost');
    const denied = await fetch(`${server.url}/v1/health`, { headers: { origin: 'https://evil.example' } });
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await server.call('GET', '/v1/nothing-here', { headers: key });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Not found.' });
  });

  it('rejects a body that is not JSON as 415', async () => {
    const response = await server.call('POST', '/v1/journey-planner/search', {
      rawBody: 'a=b',
      headers: { ...key, 'content-type': 'text/plain' },
    });
    expect(response.status).toBe(415);
    expect(response.body.message).toBe('Send the request body as application/json.');
  });
});

describe('a second server: the built web app and rate limits', () => {
  it('serves the SPA with a history-mode fallback, its assets, and JSON 404s under /v1', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'cairn-web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Cairn</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    const web = await startTestServer({ env: { WEB_DIST: dist } });
    try {
      for (const path of ['/', '/search/abc/results', '/terms-and-conditions']) {
        const page = await fetch(`${web.url}${path}`);
        expect(page.status).toBe(200);
        expect(page.headers.get('content-type')).toContain('text/html');
        expect(await page.text()).toContain('<div id="root">');
      }
      const asset = await fetch(`${web.url}/assets/app-1234.js`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toContain('immutable');
      expect((await fetch(`${web.url}/assets/missing.js`)).status).toBe(404);
      expect((await web.call('GET', '/v1/missing')).body).toEqual({ message: 'Not found.' });
    } finally {
      await web.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('answers 429 with the SPEC error shape once a client passes the limit', async () => {
    const limited = await startTestServer({
      env: { RATE_LIMIT_PER_MINUTE: '5', AUTH_RATE_LIMIT_PER_MINUTE: '2' },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await limited.call('GET', '/v1/health')).status);
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      const over = await limited.call('GET', '/v1/health');
      expect(over.status).toBe(429);
      expect(over.body.message).toMatch(/Too many requests/);
      expect(over.headers.get('retry-after')).not.toBeNull();
    } finally {
      await limited.close();
    }
  });
});
