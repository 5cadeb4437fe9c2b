import { expect, test, type Page } from '@playwright/test';
import { planJourney, waitForMapIdle, waitForResults } from './helpers.ts';

// Feature under test: the map of Journey details — labels drawn from the server's own glyphs, and
// info windows that stay inside the map on a phone.

// The style is rewritten with page.route, which a service worker's own fetches would bypass;
// offline.spec.ts covers the map under the worker.
test.use({ serviceWorkers: 'block' });

async function openJourneyDetails(page: Page): Promise<void> {
  await planJourney(page, { from: ['Aviemore', 'Aviemore'], to: ['Kingussie', 'Kingussie'] });
  await waitForResults(page);
  await page.getByLabel('Showing').selectOption({ label: 'Journeys with train' });
  await page.locator('.journey-card h2 a').first().click();
  await page.waitForURL(/\/results\/[^/]+$/);
  await waitForMapIdle(page);
}

/**
 * Pixels of the map canvas in the near-black greys of the label text (markers and controls hidden).
 * Nothing else the style draws is that dark and grey: streets, water and routes are light or coloured,
 * and the darkest circles (stops, #555) are lighter.
 */
async function labelPixels(page: Page): Promise<number> {
  await page
    .locator('.maplibregl-marker, .maplibregl-control-container')
    .evaluateAll((els) => els.forEach((el) => ((el as HTMLElement).style.visibility = 'hidden')));
  const png = await page.locator('.maplibregl-canvas').screenshot();
  return page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const d = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) {
      const hi = Math.max(d[i]!, d[i + 1]!, d[i + 2]!);
      const lo = Math.min(d[i]!, d[i + 1]!, d[i + 2]!);
      if (hi < 80 && hi - lo < 16) n++;
    }
    return n;
  }, png.toString('base64'));
}

test('the journey map writes place, street and water names with glyphs from our server', async ({ page }) => {
  const glyphs: Array<{ status: number; type: string | undefined }> = [];
  page.on('response', (r) => {
    if (r.url().includes('/v1/tiles/fonts/'))
      glyphs.push({ status: r.status(), type: r.headers()['content-type'] });
  });
  // First the same map with its labels taken out of the style: the measure must see (almost) none.
  await page.route('**/v1/tiles/style.json', async (route) => {
    const style = await (await route.fetch()).json();
    style.layers = style.layers.filter((l: { type: string }) => l.type !== 'symbol');
    await route.fulfill({ json: style });
  });
  await openJourneyDetails(page);
  const without = await labelPixels(page);
  expect(glyphs).toEqual([]);

  await page.unroute('**/v1/tiles/style.json');
  await page.reload();
  await waitForMapIdle(page);
  const withLabels = await labelPixels(page);
  expect(glyphs.length).toBeGreaterThan(0);
  for (const g of glyphs) expect(g).toEqual({ status: 200, type: 'application/x-protobuf' });
  expect(without).toBeLessThan(50);
  expect(withLabels).toBeGreaterThan(without + 300);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('toilet info windows stay inside the map', async ({ page }) => {
    await openJourneyDetails(page);
    await page.getByLabel('Show on map').selectOption({ label: 'Toilets' });
    await waitForMapIdle(page);
    const toilets = page.locator('.map-toilet');
    const count = await toilets.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < Math.min(count, 6); i++) {
      await toilets.nth(i).focus();
      await page.keyboard.press('Enter');
      const popup = page.locator('.maplibregl-popup');
      await expect(popup.locator('.toilet-info')).toBeVisible();
      // Focusing a marker may scroll the page: both boxes are read after.
      const map = (await page.getByTestId('journey-map').boundingBox())!;
      const box = (await popup.boundingBox())!;
      const where = `toilet ${i}: popup ${JSON.stringify(box)} map ${JSON.stringify(map)}`;
      expect(box.x, where).toBeGreaterThanOrEqual(map.x);
      expect(box.y, where).toBeGreaterThanOrEqual(map.y);
      expect(box.x + box.width, where).toBeLessThanOrEqual(map.x + map.width);
      expect(box.y + box.height, where).toBeLessThanOrEqual(map.y + map.height);
      // The window covers the zoom buttons while open; its close button answers the keyboard too.
      await popup.getByRole('button', { name: 'Close popup' }).press('Enter');
      await expect(popup).toHaveCount(0);
    }
  });
});
