import { expect, test, type Request } from '@playwright/test';
import { startExtraServer, type ExtraServer } from './campaignServer.ts';
import { planJourney, waitForResults } from './helpers.ts';

// Feature under test: a brand with an API key configured (SPEC §7, ADR 010): the web app learns
// its key from /v1/config and sends it on every call, so it works as without a key, while a call
// without the key is refused.

test.describe.configure({ mode: 'serial' });

const PORT = Number(process.env.E2E_PORT ?? 8092) + 21;
const KEY = 'e2e-explorer-key';
let server: ExtraServer;

test.use({ baseURL: `http://127.0.0.1:${PORT}` });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startExtraServer(PORT, { API_KEYS: `${KEY}:cairngorms-explorer` });
});

test.afterAll(async () => {
  await server?.stop();
});

test('the web app plans a journey with its key on every call; a call without it gets 401', async ({
  page,
  request,
}) => {
  const refused = await request.get('/v1/places?q=aviemore');
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ message: 'A valid API key is required (X-API-Key header).' });

  const calls: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/v1/') && r.resourceType() === 'fetch') calls.push(r);
  });
  const refusals: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 401 || r.status() === 403) refusals.push(r.url());
  });

  await planJourney(page, { from: ['Aviemore', 'Aviemore'], to: ['Kingussie', 'Kingussie'] });
  await waitForResults(page);
  await expect(page.locator('article.journey-card').first()).toBeVisible();

  expect(refusals).toEqual([]);
  const keyed = calls.filter((r) => new URL(r.url()).pathname !== '/v1/config');
  expect(keyed.map((r) => new URL(r.url()).pathname)).toEqual(
    expect.arrayContaining(['/v1/places', '/v1/journey-planner/search']),
  );
  for (const call of keyed) expect(await call.headerValue('x-api-key'), call.url()).toBe(KEY);
});
