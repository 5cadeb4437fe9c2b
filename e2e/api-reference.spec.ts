import { expect, test } from '@playwright/test';

// Feature under test: issue #20 — the readable API reference beside /v1/docs renders in a real
// browser from the server alone (no CDN), under a CSP that lets nothing leave for another host:
// the renderer's "by Redocly" logo, its only outside call, is blocked before it goes out.

const VENDOR_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';

test('the API reference page renders every operation, with nothing loaded from another host', async ({
  page,
  baseURL,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes(VENDOR_LOGO)) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  const outside: string[] = [];
  page.on('requestfailed', (request) => {
    if (new URL(request.url()).origin !== new URL(baseURL!).origin)
      outside.push(`${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('requestfinished', (request) => {
    if (!/^(data|blob):/.test(request.url()) && new URL(request.url()).origin !== new URL(baseURL!).origin)
      outside.push(`${request.url()} loaded`);
  });

  const response = await page.goto('/v1/docs/ui');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("img-src 'self' data:;");
  await expect(page).toHaveTitle('Cairn journey planner API reference');
  await expect(page.getByRole('heading', { name: /Cairn journey planner API/, level: 1 })).toBeVisible();
  // Redoc heads each operation with its summary.
  await expect(
    page.getByRole('heading', { name: 'Database reachable and planner loaded (503 otherwise)', level: 2 }),
  ).toBeVisible();
  // One section per operation of the document the page renders.
  const doc = (await (await page.request.get('/v1/docs')).json()) as { paths: Record<string, object> };
  const operations = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
  await expect(page.locator('[data-section-id^="operation/"]')).toHaveCount(operations);
  expect(problems).toEqual([]);
  expect(outside).toEqual([`${VENDOR_LOGO} csp`]);
});
