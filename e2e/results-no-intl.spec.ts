import { expect, test } from '@playwright/test';
import { openColdPhonePage, planJourney, waitForResults } from './helpers.ts';

// Feature under test: a cold load of Results builds no Intl date formatter and compares no strings
// by locale (issue 31, point 9). The first of either loads ICU's data, a task of 11 to 21 ms of a
// phone's main thread (four times that on Lighthouse's phone). Results' first view writes its days
// by hand and sorts its stage names by code unit; the region's clock, which needs Intl, is read only
// when the Edit journey panel opens.

test.use({ serviceWorkers: 'block', viewport: { width: 412, height: 823 } });

test('Results: a cold load loads no ICU data (no Intl date, no localeCompare) until Edit journey opens', async ({
  page,
  browser,
  baseURL,
}) => {
  await planJourney(page, { from: ['Aviemore', 'Aviemore'], to: ['Braemar', 'Braemar'] });
  await waitForResults(page);
  const url = new URL(page.url()).pathname;

  // A visitor opening the results again (a reload, a shared link): nothing kept in the page.
  const { context: fresh, page: cold } = await openColdPhonePage(browser, baseURL!);
  await cold.addInitScript(() => {
    const counts = { icuCalls: 0 };
    (window as unknown as { intlCounts: typeof counts }).intlCounts = counts;
    const Own = Intl.DateTimeFormat;
    function counted(this: unknown, ...args: ConstructorParameters<typeof Own>) {
      counts.icuCalls++;
      return new Own(...args);
    }
    counted.prototype = Own.prototype;
    counted.supportedLocalesOf = Own.supportedLocalesOf.bind(Own);
    Intl.DateTimeFormat = counted as unknown as typeof Own;
    const ownCompare = String.prototype.localeCompare;
    String.prototype.localeCompare = function (this: string, ...args: Parameters<typeof ownCompare>) {
      counts.icuCalls++;
      return ownCompare.apply(this, args);
    } as typeof ownCompare;
    for (const name of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'] as const) {
      const own = Date.prototype[name];
      Date.prototype[name] = function (this: Date, ...args: Parameters<typeof own>) {
        counts.icuCalls++;
        return own.apply(this, args);
      } as typeof own;
    }
  });
  await cold.goto(url);
  await waitForResults(cold);
  await cold.waitForLoadState('networkidle');
  const formats = () =>
    cold.evaluate(() => (window as unknown as { intlCounts: { icuCalls: number } }).intlCounts.icuCalls);
  // What the visitor sees is unchanged: the day the search travels, written by hand.
  await expect(cold.locator('.route-when')).toHaveText(/^\w{3}, \d{1,2} \w{3,4} \d{4}, leaving \d{2}:\d{2}/);
  expect(await formats()).toBe(0);

  // Editing starts from the region's clock: the formatter is built then, and the form is filled.
  await cold.getByRole('button', { name: 'Edit journey' }).click();
  const panel = cold.getByRole('dialog', { name: 'Edit journey' });
  await expect(panel.getByRole('button', { name: 'Update routes' })).toBeVisible();
  expect(await formats()).toBeGreaterThan(0);
  await fresh.close();
});
