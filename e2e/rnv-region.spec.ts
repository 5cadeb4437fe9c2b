import { expect, test } from '@playwright/test';
import { startExtraServer, type ExtraServer } from './campaignServer.ts';
import { acceptCookies, chooseAddress, planJourney, waitForResults } from './helpers.ts';
import { hasRnv, shiftedTuesday, writeRnvRegion } from './rnvRegion.ts';

// Feature under test: a real region of one's own (RNV, Mannheim and Heidelberg) served on the
// neutral brand: place search finds its stops and a tram journey is planned in the browser.

test.describe.configure({ mode: 'serial' });

const PORT = Number(process.env.E2E_PORT ?? 8092) + 33;
let server: ExtraServer;

test.use({ baseURL: `http://127.0.0.1:${PORT}` });

test.beforeAll(async () => {
  test.skip(!hasRnv(), 'the shared RNV data is not beside the checkout');
  test.setTimeout(300_000);
  const region = writeRnvRegion();
  server = await startExtraServer(PORT, { REGION_DIR: region, BRAND: 'default' });
});

test.afterAll(async () => {
  await server?.stop();
});

test('plans Paradeplatz to Kunsthalle by tram on the RNV timetable', async ({ page }) => {
  test.setTimeout(180_000);
  const { date } = shiftedTuesday();
  const day = date.toISOString().slice(0, 10);
  await planJourney(page, {
    from: ['Paradeplatz', 'Paradeplatz'],
    to: ['Kunsthalle', 'Kunsthalle'],
    outTime: `${day}T09:00`,
  });
  await waitForResults(page);
  // The neutral brand: no demo park's name on the page.
  await expect(page.getByText('Cairngorms Explorer')).toHaveCount(0);
  const cards = page.locator('article.journey-card');
  await expect(cards.first()).toBeVisible();
  await expect(cards.filter({ hasText: /tram/i }).first()).toBeVisible();
});

test('prices in euros, finds "Mannheim Hauptbahnhof" as the feed\'s "MA Hauptbahnhof", and rides free with the region\'s own scheme', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const day = shiftedTuesday().date.toISOString().slice(0, 10);
  await page.goto('/');
  await acceptCookies(page);
  await chooseAddress(page, 'From', 'Mannheim Hauptbahnhof', 'MA Hauptbahnhof');
  await chooseAddress(page, 'To', 'Bismarckplatz', 'Bismarckplatz');
  await page.locator('input[name="out_time"]').fill(`${day}T08:00`);
  await page.getByText('Travel options').click();
  const scheme = page.getByRole('checkbox', { name: /I have a Deutschlandticket/ });
  await expect(page.getByText('(Anyone with the monthly subscription)')).toBeVisible();
  await page.getByRole('checkbox', { name: /I accept the Terms and Conditions/ }).check();
  await page.getByRole('button', { name: 'Find Routes & Times' }).click();
  await page.waitForURL(/\/search\/[0-9a-f]+\/results$/);
  await waitForResults(page);
  // The Cost figure of the first tram card.
  const tramCost = () =>
    page
      .locator('article.journey-card')
      .filter({ hasText: /tram/i })
      .first()
      .locator('dt:text-is("Cost") + dd');
  await expect(tramCost()).toHaveText('€2.50');
  await expect(page.getByText('£')).toHaveCount(0);

  await page.goto('/');
  await chooseAddress(page, 'From', 'Mannheim Hauptbahnhof', 'MA Hauptbahnhof');
  await chooseAddress(page, 'To', 'Bismarckplatz', 'Bismarckplatz');
  await page.locator('input[name="out_time"]').fill(`${day}T08:00`);
  await page.getByText('Travel options').click();
  await scheme.check();
  await page.getByRole('checkbox', { name: /I accept the Terms and Conditions/ }).check();
  await page.getByRole('button', { name: 'Find Routes & Times' }).click();
  await page.waitForURL(/\/search\/[0-9a-f]+\/results$/);
  await waitForResults(page);
  await expect(tramCost()).toHaveText('Free');
});
