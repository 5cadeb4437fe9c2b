import { expect, test } from '@playwright/test';
import { holdPageCode, planJourney, waitForResults } from './helpers.ts';

// Feature under test: opening a journey from Results while the journey page's code is still on its
// way (a phone on a weak signal). The journey page is drawn only once its code is in (issue 31), so
// Results stays on screen meanwhile; the frame says the next page is loading, rather than leaving a
// traveller who tapped an option looking at a Results page that seems not to have noticed.

test.use({ serviceWorkers: 'block' });

test("Results → Journey details: while the page's code comes, Results stays and the frame says Loading; then the journey shows", async ({
  page,
}) => {
  await planJourney(page, { from: ['Aviemore', 'Aviemore'], to: ['Braemar', 'Braemar'] });
  await waitForResults(page);
  const loading = page.getByRole('status').getByText('Loading', { exact: true });
  await expect(loading).toHaveCount(0);

  const code = await holdPageCode(page, 'JourneyPage');
  await page.locator('.journey-card h2 a').first().click();
  await code.asked;
  await expect(loading).toBeVisible();
  // The options tapped from are still there, not a blank page.
  await expect(page.locator('article.journey-card').first()).toBeVisible();

  code.release();
  await expect(page.getByRole('heading', { name: 'Journey details', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Outbound journey' })).toBeVisible();
  await expect(loading).toHaveCount(0);
});

test("Results → Journey details offline, the page's code never fetched: says so instead of Loading; online again, the option opens", async ({
  page,
  context,
}) => {
  await planJourney(page, { from: ['Aviemore', 'Aviemore'], to: ['Braemar', 'Braemar'] });
  await waitForResults(page);
  const loading = page.getByRole('status').getByText('Loading', { exact: true });

  await context.setOffline(true);
  await page.locator('.journey-card h2 a').first().click();
  await expect(page.getByRole('heading', { name: 'You are offline', level: 1 })).toBeVisible();
  await expect(page.getByText('This page was not kept on this device')).toBeVisible();
  await expect(loading).toHaveCount(0);

  // The failed fetch is not kept as the answer: back online, the same tap opens the journey.
  await context.setOffline(false);
  await page.goBack();
  await waitForResults(page);
  await page.locator('.journey-card h2 a').first().click();
  await expect(page.getByRole('region', { name: 'Outbound journey' })).toBeVisible();
});
