// Feature under test: the HTTP boundary — security headers and CSP on every kind of answer, CORS only for brand hosts, rate limits per IP, per API key and on login.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTime, startTestServer, type TestServer } from '../helpers/testServer.ts';
import { expectErrorShape } from '../helpers/accounts.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** The headers every answer carries, whatever its status or content type. */
function expectSecurityHeaders(headers: Headers, what: string): void {
  const csp = headers.get('content-security-policy') ?? '';
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k!, v]),
  );
  expect(directives.get('default-src'), what).toEqual(["'self'"]);
  expect(directives.get('script-src'), what).toEqual(["'self'"]);
  expect(directives.get('object-src'), what).toEqual(["'none'"]);
  expect(directives.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(directives.get('base-uri'), what).toEqual(["'self'"]);
  expect(directives.get('connect-src'), what).toEqual(["'self'"]);
  // No inline or eval'd script anywhere in the policy.
  expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('x-frame-options'), what).toBe('SAMEORIGIN');
  expect(headers.get('referrer-policy'), what).toBe('no-referrer');
  // HSTS only over HTTPS (issue #15 finding 13; S13_hardening tests it behind a TLS proxy).
  expect(headers.get('strict-transport-security'), what).toBeNull();
  expect(headers.get('permissions-policy') ?? '', what).toMatch(/camera=\(\)/);
  expect(headers.get('cross-origin-opener-policy'), what).toBe('same-origin');
  expect(headers.get('x-powered-by'), what).toBeNull();
}

describe('security headers', () => {
  it('are on success, client errors, not-found, SSE and binary answers alike', async () => {
    const created = await server.call('POST', '/v1/journey-planner/search', {
      body: { origin: 'Aviemore', destination: 'Glenmore', out_time: searchTime(1) },
    });
    const hash = created.body.data.hash;
    const cases: Array<[string, () => Promise<Headers>]> = [
      ['201 search', async () => created.headers],
      ['200 config', async () => (await server.call('GET', '/v1/config')).headers],
      [
        '422 validation',
        async () => (await server.call('POST', '/v1/journey-planner/search', { body: {} })).headers,
      ],
      [
        '400 bad JSON',
        async () => (await server.call('POST', '/v1/journey-planner/search', { rawBody: '{' })).headers,
      ],
      ['401 auth', async () => (await server.call('GET', '/v1/users/show')).headers],
      ['404 api', async () => (await server.call('GET', '/v1/nothing')).headers],
      ['tile', async () => (await fetch(`${server.url}/v1/tiles/12/2017/1267.pbf`)).headers],
      [
        'SSE',
        async () => {
          const controller = new AbortController();
          const res = await fetch(`${server.url}/v1/realtime/query.${hash}`, { signal: controller.signal });
          controller.abort();
          return res.headers;
        },
      ],
    ];
    for (const [what, get] of cases) expectSecurityHeaders(await get(), what);
  });

  it('error answers never leak a stack trace or SQL', async () => {
    const bad = await server.call('POST', '/v1/journey-planner/search', {
      rawBody: '{"origin": "x", "out_time": ',
    });
    expect(bad.status).toBe(400);
    expectErrorShape(bad.body);
    expect(JSON.stringify(bad.body)).not.toMatch(/at \w+ \(|node_modules|SyntaxError|select |insert /i);
  });
});

describe('CORS', () => {
  it('preflights from a brand host are allowed; from anywhere else they get no allow headers', async () => {
    const preflight = (origin: string) =>
      fetch(`${server.url}/v1/journey-planner/search`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-api-key',
        },
      });
    const ok = await preflight('https://explorer.localhost');
    expect(ok.status).toBeLessThan(300);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://explorer.localhost');
    expect(ok.headers.get('access-control-allow-credentials')).toBeNull();
    for (const origin of [
      'https://evil.example',
      'https://explorer.localhost.evil.example',
      'null',
      'http://127.0.0.1:1',
    ]) {
      const denied = await preflight(origin);
      expect(denied.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
    const wildcard = await fetch(`${server.url}/v1/config`, { headers: { origin: 'https://evil.example' } });
    expect(wildcard.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('rate limits', () => {
  it('count per client IP (behind a trusted proxy), per API key, and tighter on login', async () => {
    const previous = process.env.TRUST_PROXY;
    process.env.TRUST_PROXY = '1';
    const limited = await startTestServer({
      env: {
        RATE_LIMIT_PER_MINUTE: '4',
        AUTH_RATE_LIMIT_PER_MINUTE: '2',
        API_KEYS: 'key-a,key-b',
        TRUST_PROXY: '1',
      },
    });
    if (previous === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = previous;
    try {
      const hit = async (ip: string, key: string, path = '/v1/places?q=Avie') =>
        (await limited.call('GET', path, { headers: { 'x-forwarded-for': ip, 'x-api-key': key } })).status;
      const run = async (n: number, ip: string, key: string, path?: string) => {
        const out: number[] = [];
        for (let i = 0; i < n; i++) out.push(await hit(ip, key, path));
        return out;
      };
      expect(await run(5, '203.0.113.1', 'key-a')).toEqual([200, 200, 200, 200, 429]);
      // Another IP with the same key has its own budget; so has the same IP with another key.
      expect(await run(4, '203.0.113.2', 'key-a')).toEqual([200, 200, 200, 200]);
      expect(await run(4, '203.0.113.1', 'key-b')).toEqual([200, 200, 200, 200]);
      // A 429 is in the SPEC shape and says when to come back.
      const over = await limited.call('GET', '/v1/places?q=Avie', {
        headers: { 'x-forwarded-for': '203.0.113.1', 'x-api-key': 'key-a' },
      });
      expect(over.status).toBe(429);
      expectErrorShape(over.body);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      // An unknown key does not buy a fresh budget: it is refused outright.
      expect(await hit('203.0.113.1', 'key-zzz')).toBe(401);

      // Login has its own, tighter limit (2 a minute here), whatever the credentials.
      const login = async () =>
        (
          await limited.call('POST', '/v1/auth/login', {
            body: { username: 'nobody@example.org', password: 'x' },
            headers: { 'x-forwarded-for': '198.51.100.9', 'x-api-key': 'key-a' },
          })
        ).status;
      expect([await login(), await login(), await login()]).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
