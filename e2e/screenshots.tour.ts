import { test } from '@playwright/test';
import { SHOT_SIZES, shotPath } from './helpers.ts';
import { defineTourTests } from './tour.ts';

// Every stop of the tour, shot full-page at each size (run by e2e/screenshots.config.ts). Each
// size walks the tour in a browser of that size from the start, as a phone would load the pages
// (a resized page keeps, for example, the map view it fitted at the first size).

const PORT = Number(process.env.E2E_PORT ?? 8092);

SHOT_SIZES.forEach(({ width, height, tag }, i) => {
  test.describe(tag, () => {
    defineTourTests({
      campaignPort: PORT + 22 + i,
      viewport: { width, height },
      onStop: async (page, name) => {
        await page.screenshot({ path: shotPath(name, tag), fullPage: true });
      },
    });
  });
});
