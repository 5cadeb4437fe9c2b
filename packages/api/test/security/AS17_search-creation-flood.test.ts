// Feature under test: issue #15 finding 11 — one client created 300 searches in 5.6 s and slowed everyone; search creation and account routes are now limited per client (429 + Retry-After), where the client is the socket's address (or what trusted proxies saw), so a forged X-Forwarded-For does not escape the limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFrom } from '../helpers/fromAddress.ts';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtpPeer.ts';
import { searchTime, startTestServer, type TestServer } from '../helpers/testServer.ts';
import { activeUser, expectErrorShape } from '../helpers/accounts.ts';

const SEARCH = { origin: 'Aviemore', destination: 'Glenmore', out_time: searchTime(1) };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { SEARCH_RATE_LIMIT_PER_MINUTE: '3' } });
});
afterAll(async () => {
  await server?.close();
});

const createFrom = (target: TestServer, localAddress: string, headers: Record<string, string> = {}) =>
  callFrom(`${target.url}/v1/journey-planner/search`, {
    method: 'POST',
    localAddress,
    headers,
    body: SEARCH,
  });

describe('a burst of searches from one client', () => {
  it('gets 429 with Retry-After past SEARCH_RATE_LIMIT_PER_MINUTE; other clients keep their own budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await createFrom(server, '127.0.0.2')).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
    const over = await createFrom(server, '127.0.0.2');
    expectErrorShape(over.body);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Someone else, meanwhile, searches as usual.
    expect((await createFrom(server, '127.0.0.3')).status).toBe(201);
  });

  it('gets 429 past SEARCH_RATE_LIMIT_BURST in 10 s, so a minute of budget cannot land at once', async () => {
    const bursty = await startTestServer({
      env: { SEARCH_RATE_LIMIT_PER_MINUTE: '100', SEARCH_RATE_LIMIT_BURST: '2' },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await createFrom(bursty, '127.0.0.2')).status);
      expect(statuses).toEqual([201, 201, 429]);
      const over = await createFrom(bursty, '127.0.0.2');
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(10);
    } finally {
      await bursty.close();
    }
  });

  it('re-planning (update-return-time) draws on the same budget, so it is no way around it', async () => {
    const first = await createFrom(server, '127.0.0.4');
    expect(first.status).toBe(201);
    const replan = () =>
      callFrom(`${server.url}/v1/journey-planner/search/${first.body.data.hash}/update-return-time`, {
        method: 'POST',
        localAddress: '127.0.0.4',
        body: { return_time: searchTime(1, '18:00') },
      });
    expect([(await replan()).status, (await replan()).status, (await replan()).status]).toEqual([
      201, 201, 429,
    ]);
  });
});

describe('a forged X-Forwarded-For', () => {
  it('does not escape the limit when no proxy is trusted (the default)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await createFrom(server, '127.0.0.5', { 'x-forwarded-for': `203.0.113.${i + 1}` })).status,
      );
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });

  it('does not escape it behind a trusted proxy either: only the hop the proxy appended counts', async () => {
    const proxied = await startTestServer({ env: { SEARCH_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '1' } });
    try {
      // The client forges the left of the header; the proxy (127.0.0.1 here) appends what it saw.
      const viaProxy = (forged: string, real: string) =>
        createFrom(proxied, '127.0.0.1', { 'x-forwarded-for': `${forged}, ${real}` });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await viaProxy(`203.0.113.${i + 1}`, '198.51.100.7')).status);
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
      // Another real client behind the same proxy has its own budget.
      expect((await viaProxy('203.0.113.1', '198.51.100.8')).status).toBe(201);
      // IPv6 clients are counted per /64: a fresh address in the same /64 is the same client.
      const v6: number[] = [];
      for (let i = 0; i < 4; i++) v6.push((await viaProxy('::1', `2001:db8:5:6::${i + 1}`)).status);
      expect(v6).toEqual([201, 201, 201, 429]);
      expect((await viaProxy('::1', '2001:db8:5:7::1')).status).toBe(201);
    } finally {
      await proxied.close();
    }
  });
});

describe('account routes', () => {
  it('are limited per client with Retry-After (register, login, activation, reset, update)', async () => {
    const smtp: SmtpPeer = await startSmtpPeer();
    const limited = await startTestServer({ env: { SMTP_URL: smtp.url, AUTH_RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      // The helper's own register, activation and login come from 127.0.0.1.
      const user = await activeUser(limited, smtp);
      const calls: Array<[string, string, unknown, string?]> = [
        ['POST', '/v1/users/register', { email: 'not an address' }],
        ['POST', '/v1/auth/login', { username: 'nobody@example.org', password: 'x' }],
        ['POST', `/v1/users/activation/${'a'.repeat(32)}`, undefined],
        ['POST', '/v1/users/password/reset', { email: 'nobody@example.org' }],
        ['POST', `/v1/users/password/reset/${'a'.repeat(32)}`, { password: 'x', password_confirmation: 'x' }],
        [
          'PUT',
          '/v1/users/update',
          {
            title: 'Mr',
            first_name: 'A',
            last_name: 'B',
            email: 'someone.else@example.org',
            dob: '1980-01-01',
          },
          user.token,
        ],
      ];
      for (const [method, path, body, token] of calls) {
        const statuses: number[] = [];
        let last;
        for (let i = 0; i < 3; i++) {
          last = await callFrom(`${limited.url}${path}`, {
            method,
            localAddress: '127.0.0.6',
            body,
            headers: token ? { authorization: `Bearer ${token}` } : {},
          });
          statuses.push(last.status);
        }
        expect(statuses.slice(0, 2), `${method} ${path}`).not.toContain(429);
        expect(statuses[2], `${method} ${path}`).toBe(429);
        expectErrorShape(last!.body);
        expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      await limited.close();
      await smtp.close();
    }
  });
});
