import { expect, test } from '@playwright/test';
import {
  expectAskedBeforePageCode,
  openColdPhonePage,
  planJourney,
  recordGets,
  waitForResults,
} from './helpers.ts';

// Feature under test: a cold load of Journey details draws the journey once (issue 31, point 9).
// The route's loading fallback, shown while the page's code came, held the finished page back for
// React's reveal throttle (300 ms), and every update meanwhile made React build the page again:
// 5 to 90 times before it showed, work a phone does for nothing while its first screen waits. Its
// code is now fetched before the first render (its route's `lazy`, app/routes.tsx). Every icon
// React builds sets its markup once, so the icons built while the page loads, against the icons it
// shows, count the passes thrown away (32 to 716 for 14 before).

test.use({ serviceWorkers: 'block', viewport: { width: 412, height: 823 } });

test('Journey details: a cold load builds the page once, no pass thrown away', async ({
  page,
  browser,
  baseURL,
}) => {
  await planJourney(page, { from: ['Aviemore', 'Aviemore'], to: ['Braemar', 'Braemar'] });
  await waitForResults(page);
  const href = (await page.locator('.journey-card h2 a').first().getAttribute('href'))!;

  // A visitor with nothing kept from the search: the journey is fetched, as on a shared link.
  const { context: fresh, page: cold } = await openColdPhonePage(browser, baseURL!);
  await cold.addInitScript(() => {
    const own = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML')!;
    const counts = { svgMarkupSet: 0 };
    (window as unknown as { drawCounts: typeof counts }).drawCounts = counts;
    Object.defineProperty(Element.prototype, 'innerHTML', {
      ...own,
      set(this: Element, markup: string) {
        if (this.namespaceURI === 'http://www.w3.org/2000/svg') counts.svgMarkupSet++;
        own.set!.call(this, markup);
      },
    });
  });
  // The page's code is held until the journey's answer has come, as on a phone where the route's
  // loader (which asks for the journey while the code loads) wins the race.
  const apiPath = href.replace(/^\/search\/([^/]+)\/results\//, '/v1/journey-planner/search/$1/');
  await expectAskedBeforePageCode(cold, href, 'JourneyPage', recordGets(cold, apiPath));
  // The whole page, its later passes included: the step guide's first step and the map's stand-in.
  await expect(cold.getByRole('region', { name: 'Outbound journey' })).toBeVisible();
  await expect(cold.locator('#step-by-step li').first()).toBeVisible();
  await expect(cold.locator('#journey-map .map-box')).toBeAttached();
  await cold.waitForLoadState('networkidle');
  const shown = await cold.locator('svg.icon').count();
  const built = await cold.evaluate(
    () => (window as unknown as { drawCounts: { svgMarkupSet: number } }).drawCounts.svgMarkupSet,
  );
  await fresh.close();
  // A later pass React starts again (input, an answer arriving) may build some icons twice, never
  // the page over and over.
  expect(shown).toBeGreaterThan(0);
  expect(built).toBeLessThan(2 * shown);
});
