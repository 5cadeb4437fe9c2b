// Feature under test: the CSP is the brand's own — a brand's ad frame and tag-manager container open
// frame-src and script-src to just their origin, on that brand's answers only (SPEC §7 external services).
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const REAL_BRANDS = resolve(import.meta.dirname, '../../../../brands');
let brandsDir: string;
let server: TestServer;

beforeAll(async () => {
  brandsDir = mkdtempSync(join(tmpdir(), 'cairn-csp-brands-'));
  cpSync(join(REAL_BRANDS, 'default'), join(brandsDir, 'default'), { recursive: true });
  const brand = (id: string, host: string, extra: Record<string, unknown>) => {
    mkdirSync(join(brandsDir, id));
    writeFileSync(
      join(brandsDir, id, 'brand.json'),
      JSON.stringify({
        brand: id,
        title: id,
        shortTitle: id,
        contactEmail: 'a@b.org',
        hosts: [host],
        ...extra,
      }),
    );
  };
  brand('plain', 'plain.example', {});
  brand('with-ads', 'ads.example', {
    adBannerUrl: 'https://ads.example.net/slot/results?size=728x90',
    tagManagerUrl: 'https://tags.example.com/gtm.js?id=GTM-ABC123',
  });
  server = await startTestServer({
    env: { BRANDS_DIR: brandsDir, BRAND: 'plain', BRAND_BY_HOST: '1' },
  });
});
afterAll(async () => {
  await server?.close();
  rmSync(brandsDir, { recursive: true, force: true });
});

async function policyFor(host: string, url = '/v1/config'): Promise<Map<string, string[]>> {
  const response = await server.runtime.app!.inject({ method: 'GET', url, headers: { host } });
  const csp = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k!, v]),
  );
}

describe('content security policy per brand', () => {
  it('frames and scripts just the origins of the brand’s ad and tag manager', async () => {
    const csp = await policyFor('ads.example');
    expect(csp.get('frame-src')).toEqual(['https://ads.example.net']);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://tags.example.com']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('stays strict for a brand without them, even when another brand has them', async () => {
    for (const host of ['plain.example', 'unknown.example']) {
      const csp = await policyFor(host);
      expect(csp.get('frame-src'), host).toEqual(["'none'"]);
      expect(csp.get('script-src'), host).toEqual(["'self'"]);
    }
  });

  it('is on every kind of answer of the brand, not only the API', async () => {
    const notFound = await policyFor('ads.example', '/v1/nothing');
    expect(notFound.get('frame-src')).toEqual(['https://ads.example.net']);
  });
});
