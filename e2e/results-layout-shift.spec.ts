import { expect, test, type Page } from '@playwright/test';
import { daysToOrdinaryWeekday, inputDate, planJourney, waitForResults } from './helpers.ts';

// Issue 31 (point 9): the Results page must not move under the traveller's eyes while its answer
// arrives. Lighthouse saw a cumulative layout shift of 0.26 on a phone when the page drew its
// loading state before the search's stored answer came: the "No public transport back" note was
// put above the placeholders, pushing them and the options off the screen, and the date line grew.

/** Layout shifts the page has had so far (an observer set up before its first script). */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    const record = (entries: PerformanceEntryList) => {
      for (const entry of entries as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node | null }[];
      }[])
        if (!entry.hadRecentInput)
          shifts.push({
            value: entry.value,
            sources: entry.sources.map((s) =>
              s.node instanceof Element ? s.node.className : String(s.node),
            ),
          });
    };
    const observer = new PerformanceObserver((list) => record(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    Object.assign(window, { layoutShifts: () => (record(observer.takeRecords()), shifts) });
  });
}

/** The page's cumulative layout shift, once two frames have been drawn after what was read. */
async function layoutShifts(page: Page): Promise<{ value: number; sources: string[] }[]> {
  return page.evaluate(async () => {
    for (let i = 0; i < 2; i++) await new Promise((done) => requestAnimationFrame(done));
    return (
      window as unknown as { layoutShifts: () => { value: number; sources: string[] }[] }
    ).layoutShifts();
  });
}

test('a phone opening finished results draws the loading state, then the answer, without moving what it drew', async ({
  browser,
  page,
}) => {
  // A late return that no bus or train serves, so the page adds its note when the answer comes.
  const day = daysToOrdinaryWeekday();
  const url = await planJourney(page, {
    from: ['Aviemore', 'Aviemore'],
    to: ['Kingussie', 'Kingussie'],
    outTime: inputDate(day, '09:00'),
    returnTime: inputDate(day, '22:30'),
  });
  await waitForResults(page);
  const options = await page.locator('article.journey-card').count();
  expect(options).toBeGreaterThan(0);

  const phone = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    serviceWorkers: 'block',
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  });
  const reader = await phone.newPage();
  await watchLayoutShifts(reader);
  // The stored answer is held until the page has drawn its loading state, as on a slow phone.
  let release = (): void => undefined;
  const held = new Promise<void>((done) => (release = done));
  await reader.route(/\/v1\/journey-planner\/search\/[0-9a-f]+$/, async (route) => {
    await held;
    await route.continue();
  });
  await reader.goto(url);
  await expect(reader.getByText('Gathering your results')).toBeVisible();
  await expect(reader.locator('.skeleton').first()).toBeInViewport();
  release();

  await expect(reader.getByRole('heading', { name: 'No public transport back at 22:30' })).toBeVisible();
  await expect(reader.locator('article.journey-card')).toHaveCount(options);
  await expect(reader.getByRole('list', { name: 'Journey options' })).toHaveAttribute('aria-busy', 'false');
  await expect(reader.locator('.route-when')).toContainText('returning 22:30');
  const shifts = await layoutShifts(reader);
  const total = shifts.reduce((sum, s) => sum + s.value, 0);
  expect(total, JSON.stringify(shifts)).toBeLessThan(0.1);
  await phone.close();
});
