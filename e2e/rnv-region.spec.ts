import { expect, test } from '@playwright/test';
import { startExtraServer, type ExtraServer } from './campaignServer.ts';
import { planJourney, waitForResults } from './helpers.ts';
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
