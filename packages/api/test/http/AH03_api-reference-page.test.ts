// Feature under test: issue #20 — a readable API reference beside /v1/docs, self-hosted (the renderer from node_modules, compressed), open without an API key, under a CSP that keeps images on this origin (e2e/api-reference.spec.ts renders it in Chromium).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_PAGE_POLICY } from '../../src/http/contentSecurityPolicy.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';
import { wireCall } from '../helpers/wireCall.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { API_KEYS: 'explorer-key:cairngorms-explorer' } });
});
afterAll(async () => {
  await server?.close();
});

describe('the API reference page', () => {
  it('is an HTML page that loads the renderer from this server and reads /v1/docs, without a key', async () => {
    for (const path of ['/v1/docs/ui', '/v1/docs/ui/']) {
      const page = await wireCall(`${server.url}${path}`);
      expect(page.status, path).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-cache');
      const html = page.body.toString('utf8');
      expect(html).toContain('<redoc spec-url="/v1/docs"></redoc>');
      expect(html).toContain('<script src="/v1/docs/ui/redoc.standalone.js"></script>');
      expect(html).not.toMatch(/https?:\/\//);
    }
    // The JSON beside it stays keyless too, and other /v1 paths still need the key.
    expect((await wireCall(`${server.url}/v1/docs`)).status).toBe(200);
    expect((await wireCall(`${server.url}/v1/docs/other`)).status).toBe(401);
  });

  it('runs under its own CSP: script from this origin, no image from another host', async () => {
    const page = await wireCall(`${server.url}/v1/docs/ui`);
    expect(page.headers['content-security-policy']).toBe(DOCS_PAGE_POLICY);
    expect(DOCS_PAGE_POLICY).toContain("script-src 'self';");
    expect(DOCS_PAGE_POLICY).toContain("img-src 'self' data:;");
    // Every other answer keeps the brand's policy.
    const config = await wireCall(`${server.url}/v1/config`);
    expect(config.headers['content-security-policy']).not.toBe(DOCS_PAGE_POLICY);
    expect(config.headers['content-security-policy']).toContain('img-src');
  });

  it('serves the renderer compressed and revalidated, and nothing else of its folder', async () => {
    const script = await wireCall(`${server.url}/v1/docs/ui/redoc.standalone.js`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers['cache-control']).toBe('no-cache');
    expect(script.wire.length).toBeLessThan(script.body.length / 2);
    expect(script.body.toString('utf8')).toContain('Redoc');
    const again = await wireCall(`${server.url}/v1/docs/ui/redoc.standalone.js`, {
      headers: { 'if-none-match': script.headers.etag! },
    });
    expect(again.status).toBe(304);
    expect((await wireCall(`${server.url}/v1/docs/ui/redoc.standalone.js.map`)).status).toBe(404);
    expect((await wireCall(`${server.url}/v1/docs/ui/redoc.lib.js`)).status).toBe(404);
  });
});
