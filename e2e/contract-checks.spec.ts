import { expect, test, type Page } from '@playwright/test';
import { inputDate, openOption, planJourney, waitForResults } from './helpers.ts';

// Feature under test: the browser checks every API answer against the contract with JSON Schema
// made from the contracts at build time, and ships no zod (docs/adr/015, issue #20).

/** The address of every script the page loads from now on. */
function collectScripts(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(request.url());
  });
  return scripts;
}

test('home, results and journey details run without zod and without any eval the CSP refuses', async ({
  page,
}) => {
  const scripts = collectScripts(page);
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto('/');
  await planJourney(page, {
    from: ['Aviemore', 'Aviemore'],
    to: ['Kingussie', 'Kingussie'],
    outTime: inputDate(1, '09:00'),
  });
  await waitForResults(page);
  await openOption(page, null);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  expect(scripts.size).toBeGreaterThan(1);
  // The scripts are hashed, immutable files: read again, since a page drops its bodies as it navigates.
  for (const url of scripts)
    expect(await (await page.request.get(url)).text(), url).not.toMatch(/\$?ZodType|ZodObject/);
  expect(refused).toEqual([]);
});

test('an answer that breaks the contract is refused, not shown', async ({ page }) => {
  await page.route('**/v1/config', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { data: { brand: { title: unknown } } };
    body.data.brand.title = 42;
    await route.fulfill({ response: answer, json: body });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'The journey planner is not available' })).toBeVisible();
});

test('fields a newer server adds are ignored', async ({ page }) => {
  await page.route('**/v1/config', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { data: { brand: Record<string, unknown> } };
    body.data.brand.addedLater = { anything: true };
    await route.fulfill({ response: answer, json: body });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The journey planner is not available' })).toHaveCount(0);
});
