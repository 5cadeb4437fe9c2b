// Feature under test: the web app's routes answer 200 with the SPA; any other path answers 404 with the same SPA, which shows its not-found page (issue #16).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const SHELL = '<!doctype html><title>Cairn</title><div id="root"></div>';
let dist: string;
let withAccounts: TestServer;
let withoutAccounts: TestServer;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'cairn-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), SHELL);
  writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  withAccounts = await startTestServer({ env: { WEB_DIST: dist, BRAND: 'cairngorms-explorer' } });
  withoutAccounts = await startTestServer({ env: { WEB_DIST: dist, BRAND: 'glentarrow-council' } });
});
afterAll(async () => {
  await withAccounts?.close();
  await withoutAccounts?.close();
  rmSync(dist, { recursive: true, force: true });
});

const ROUTES = [
  '/',
  '/plan/Aviemore',
  '/plan/Aviemore/Braemar',
  '/search/0123abcd/results',
  '/search/0123abcd/results/0123abcd-2',
  '/search/0123abcd/results/0123abcd-2/return',
  '/search/0123abcd/results/0123abcd-2/print',
  '/search/0123abcd/results/0123abcd-2?show=1',
  '/about',
  '/privacy-policy',
  '/hear-more',
  '/terms-and-conditions',
  '/contact-us',
  '/cookie-policy',
  '/site-map',
  '/statement',
  '/about/',
  '/search/with%20space/results',
];

const ACCOUNT_ROUTES = [
  '/register',
  '/login',
  '/account',
  '/edit-account',
  '/reset-password',
  '/auth/activation?code=abc',
  '/auth/password-reset?code=abc',
  '/auth/unlock?code=abc',
  '/auth/email-change?code=abc',
  '/searches',
];

const UNKNOWN = [
  '/nothing-here',
  '/search',
  '/search/0123abcd',
  '/search/0123abcd/results/0123abcd-2/return/more',
  '/about/more',
  '/plan',
  '/auth',
  '/index',
];

async function page(server: TestServer, path: string) {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
}

describe('the web app and its routes', () => {
  it.each([...ROUTES, ...ACCOUNT_ROUTES])('%s → 200 with the SPA', async (path) => {
    const answer = await page(withAccounts, path);
    expect(answer.status).toBe(200);
    expect(answer.type).toContain('text/html');
    expect(answer.body).toBe(SHELL);
  });

  it.each(UNKNOWN)('%s → 404 with the SPA, which shows its not-found page', async (path) => {
    const answer = await page(withAccounts, path);
    expect(answer.status).toBe(404);
    expect(answer.type).toContain('text/html');
    expect(answer.body).toBe(SHELL);
  });

  it.each(ACCOUNT_ROUTES)('%s → 404 on a brand without accounts', async (path) => {
    const answer = await page(withoutAccounts, path);
    expect(answer.status).toBe(404);
    expect(answer.body).toBe(SHELL);
  });

  it('keeps JSON 404s for the API and plain 404s for missing files', async () => {
    const api = await withAccounts.call('GET', '/v1/nothing');
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ message: 'Not found.' });
    expect((await fetch(`${withAccounts.url}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${withAccounts.url}/assets/app-1234.js`)).status).toBe(200);
  });
});
