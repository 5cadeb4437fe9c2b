// Feature under test: the API key header of SPEC §7 — per-brand keys, checked only for brands that have keys (issue #16, ADR 010).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchApiKey } from '../../src/brands/apiKeys.ts';
import { parseApiKeys } from '../../src/config.ts';
import { callFrom } from '../helpers/fromAddress.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';
import { expectErrorShape } from '../helpers/accounts.ts';

let keyed: TestServer;
let open: TestServer;
beforeAll(async () => {
  // Explorer and Health have keys; Council and Greenway have none and stay open.
  keyed = await startTestServer({
    env: {
      API_KEYS:
        'explorer-key:cairngorms-explorer,explorer-key-2:cairngorms-explorer,health-key:strathbrae-health',
      BRAND: 'cairngorms-explorer',
      BRAND_BY_HOST: '1',
    },
  });
  open = await startTestServer({ env: { BRAND: 'cairngorms-explorer' } });
});
afterAll(async () => {
  await keyed?.close();
  await open?.close();
});

const PLACES = '/v1/places?q=avie';

/** A call as a browser on `host` makes it (the brand by hostname), with an optional key. */
const onHost = (server: TestServer, host: string, key?: string, path = PLACES) =>
  callFrom(`${server.url}${path}`, { headers: { host, ...(key ? { 'x-api-key': key } : {}) } });

describe('a brand with keys', () => {
  it('refuses a call without a key: 401 in the SPEC error shape', async () => {
    const answer = await keyed.call('GET', PLACES);
    expect(answer.status).toBe(401);
    expectErrorShape(answer.body);
    expect(answer.body).toEqual({ message: 'A valid API key is required (X-API-Key header).' });
  });

  it('refuses a wrong key (also one that is a prefix or extension of a right one): 401', async () => {
    for (const key of ['wrong', 'explorer-ke', 'explorer-key-22', 'EXPLORER-KEY'])
      expect((await keyed.call('GET', PLACES, { headers: { 'x-api-key': key } })).status, key).toBe(401);
  });

  it('answers with any of its own keys', async () => {
    for (const key of ['explorer-key', 'explorer-key-2'])
      expect((await keyed.call('GET', PLACES, { headers: { 'x-api-key': key } })).status).toBe(200);
  });

  it("refuses another brand's key on its host: 403", async () => {
    const answer = await onHost(keyed, 'explorer.localhost', 'health-key');
    expect(answer.status).toBe(403);
    expectErrorShape(answer.body);
    expect(answer.body.message).toBe('This API key is not for this site.');
    expect((await onHost(keyed, 'explorer.localhost', 'explorer-key')).status).toBe(200);
    expect((await onHost(keyed, 'explorer.localhost')).status).toBe(401);
  });

  it('lets a key choose its brand where the host names none', async () => {
    const config = await keyed.call('GET', '/v1/config', { headers: { 'x-api-key': 'health-key' } });
    expect(config.body.data.brand.brand).toBe('strathbrae-health');
  });

  it('tells the web app its key through /v1/config, which needs none (the bootstrap)', async () => {
    const config = await onHost(keyed, 'health.localhost', undefined, '/v1/config');
    expect(config.status).toBe(200);
    expect(config.body.data.apiKey).toBe('health-key');
    expect((await onHost(keyed, 'health.localhost', config.body.data.apiKey)).status).toBe(200);
  });
});

describe('a brand without keys on the same server', () => {
  it('stays open, and is not given a key', async () => {
    expect((await onHost(keyed, 'council.localhost')).status).toBe(200);
    const config = await onHost(keyed, 'council.localhost', undefined, '/v1/config');
    expect(config.body.data.brand.brand).toBe('glentarrow-council');
    expect(config.body.data.apiKey).toBeNull();
  });

  it("refuses another brand's key even so: 403", async () => {
    expect((await onHost(keyed, 'council.localhost', 'explorer-key')).status).toBe(403);
  });
});

describe('no keys configured (the default)', () => {
  it('is open to calls with no key or any key, and gives the web app no key', async () => {
    expect((await open.call('GET', PLACES)).status).toBe(200);
    expect((await open.call('GET', PLACES, { headers: { 'x-api-key': 'anything' } })).status).toBe(200);
    expect((await open.call('GET', '/v1/config')).body.data.apiKey).toBeNull();
  });
});

describe('OpenAPI', () => {
  it('declares the X-API-Key scheme, on keyed calls and not on the bootstrap', async () => {
    const docs = (await open.call('GET', '/v1/docs')).body;
    expect(docs.components.securitySchemes.apiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-API-Key',
    });
    expect(docs.components.securitySchemes.apiKey.description).toMatch(/401.*403/s);
    expect(docs.paths['/v1/places'].get.security).toEqual([{ apiKey: [] }, {}]);
    expect(docs.paths['/v1/config'].get.security).toEqual([]);
  });
});

describe('configuration', () => {
  it('refuses to start with a key of a brand that does not exist', async () => {
    await expect(startTestServer({ env: { API_KEYS: 'k:no-such-brand' } })).rejects.toThrow(
      'Brand "no-such-brand" is not configured',
    );
  });
});

describe('matchApiKey', () => {
  const keys = parseApiKeys('k1:brand-a,k2,longer-key:brand-b');
  it('finds a key and its brand (null: every brand), and nothing for near misses', () => {
    expect(matchApiKey(keys, 'k1')).toEqual({ brand: 'brand-a' });
    expect(matchApiKey(keys, 'k2')).toEqual({ brand: null });
    expect(matchApiKey(keys, 'longer-key')).toEqual({ brand: 'brand-b' });
    for (const miss of ['', 'k', 'k11', 'K1', 'longer-ke', 'longer-key '])
      expect(matchApiKey(keys, miss)).toBeUndefined();
  });
});
