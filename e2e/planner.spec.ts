import { expect, test } from '@playwright/test';
import {
  acceptCookies,
  chooseAddress,
  expectAccessible,
  expectAskedBeforePageCode,
  inputDate,
  planJourney,
  recordGets,
  snap,
  waitForResults,
} from './helpers.ts';

// Feature under test: the Home planner and the Results screen (SPEC §2 Home, Results; §4; §5).

// Results streaming is checked by holding back requests with page.route, which a service worker's
// own fetches would bypass; offline.spec.ts covers the app under the worker.
test.use({ serviceWorkers: 'block' });

test('Home: Your Journey form, accessible on desktop and phone', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Your Journey' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeAttached();
  await expect(
    page.getByText('Demo data: timetables, fares and places are generated for demonstration'),
  ).toBeVisible();
  await expectAccessible(page, 'home with cookie banner');
  await acceptCookies(page);
  await expect(page.getByRole('button', { name: 'Accept Cookies' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your Journey' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept Cookies' })).toHaveCount(0);
  await snap(page, 'home');
});

test('Home: "Use my current location" sits on a line of its own, clear of the Single/Return toggle', async ({
  page,
}) => {
  await page.goto('/');
  await acceptCookies(page);
  // At desktop width the link once ran on into the toggle, its last word touching the toggle's edge.
  const locate = await page.getByRole('button', { name: 'Use my current location as From' }).boundingBox();
  const toggle = await page.getByRole('radiogroup', { name: 'Journey type' }).boundingBox();
  expect(toggle!.y, 'the toggle starts below the link').toBeGreaterThanOrEqual(locate!.y + locate!.height);
});

test('Home: the terms checkbox is required, and its message clears when it changes', async ({ page }) => {
  await page.goto('/');
  await acceptCookies(page);
  await chooseAddress(page, 'From', 'Aviemore', 'Aviemore');
  await page.getByRole('button', { name: 'Swap From and To' }).click();
  await expect(page.getByRole('combobox', { name: 'To', exact: true })).toHaveValue(/Aviemore/);
  await page.getByRole('button', { name: 'Find Routes & Times' }).click();
  await expect(page.getByText('Please accept the Terms and Conditions').first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expectAccessible(page, 'home with terms error');
  await snap(page, 'home-terms-error');
  await page.getByRole('checkbox', { name: /I accept the Terms and Conditions/ }).check();
  await expect(page.getByText('Please accept the Terms and Conditions')).toHaveCount(0);
});

test('Home: Single/Return toggle shows the return picker and Single clears it', async ({ page }) => {
  await page.goto('/');
  const ret = page.locator('input[name="return_time"]');
  await expect(ret).toHaveCount(0);
  await page.getByRole('radio', { name: 'Return' }).check();
  await expect(ret).toBeVisible();
  expect(await ret.getAttribute('min')).toBe(await page.locator('input[name="out_time"]').inputValue());
  expect(await page.locator('input[name="out_time"]').getAttribute('step')).toBe('300');
  await page.getByRole('radio', { name: 'Single' }).check();
  await expect(ret).toHaveCount(0);
});

test('Home: server field errors are shown per field and listed, and clear on focus', async ({ page }) => {
  await page.goto('/');
  await acceptCookies(page);
  await chooseAddress(page, 'From', 'Aviemore', 'Aviemore');
  await chooseAddress(page, 'To', 'Kingussie', 'Kingussie');
  await page.locator('input[name="out_time"]').fill('2020-01-01T09:00');
  await page.getByRole('checkbox', { name: /I accept the Terms and Conditions/ }).check();
  await page.getByRole('button', { name: 'Find Routes & Times' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Please correct the following errors' });
  await expect(summary).toBeVisible();
  await expect(summary).toContainText('Outbound');
  const fieldError = page.locator('input[name="out_time"] ~ .field-error');
  await expect(fieldError).toBeVisible();
  await expectAccessible(page, 'home with server errors');
  await snap(page, 'home-server-errors');
  await page.locator('input[name="out_time"]').focus();
  await expect(fieldError).toHaveCount(0);
});

test('Results: journeys stream in, then filter by stage and sort, kept in the query string', async ({
  page,
}) => {
  // Hold back the stored-results snapshot so every journey has to come through the channel.
  await page.route(/\/v1\/journey-planner\/search\/[0-9a-f]+$/, async (route) => {
    await new Promise((r) => setTimeout(r, 5_000));
    await route.continue();
  });
  const seen: number[] = [];
  page.on('response', (r) => {
    if (/\/v1\/journey-planner\/search\/[0-9a-f]+\/[^/]+$/.test(r.url())) seen.push(r.status());
  });
  await planJourney(page, {
    from: ['Aviemore', 'Aviemore'],
    to: ['Kingussie', 'Kingussie'],
    outTime: inputDate(1, '09:00'),
  });
  await expect(page.getByRole('heading', { name: /Select journey option/ })).toBeVisible();
  await waitForResults(page);
  const hash = /search\/([0-9a-f]+)\//.exec(page.url())![1]!;
  const stored = await (await page.request.get(`/v1/journey-planner/search/${hash}`)).json();
  const expected = stored.data.query.results_retrieved as number;
  expect(expected).toBeGreaterThan(0);
  const cards = page.locator('.journey-card');
  await expect(cards).toHaveCount(expected);
  expect(
    seen.filter((s) => s === 200).length,
    'journeys fetched one by one as journey.processed arrived',
  ).toBe(expected);
  await expect(page.locator('.skeleton')).toHaveCount(0);
  await expect(page.locator('.results-header')).toContainText('Aviemore');
  await expect(page.locator('.results-header')).toContainText('Kingussie');
  await expect(page.getByRole('link', { name: 'Plan your journey' })).toBeVisible();
  await expectAccessible(page, 'results');
  await snap(page, 'results');

  // Filter by stage: the options are sorted by name.
  const filter = page.getByLabel('Showing');
  const options = (await filter.locator('option').allTextContents()).slice(1);
  expect(options).toEqual([...options].sort());
  await filter.selectOption({ label: 'Journeys with walk' });
  await expect(page).toHaveURL(/filters=walk/);
  // Wait for the filtered list itself: the URL changes a render before the cards do.
  const withWalk = (
    stored.data.journeys as { depart: { stages: string[] }; return: { stages: string[] } | null }[]
  ).filter((j) => [...j.depart.stages, ...(j.return?.stages ?? [])].includes('walk')).length;
  expect(withWalk).toBeGreaterThan(0);
  await expect(cards).toHaveCount(withWalk);
  for (const card of await cards.all())
    await expect(card.getByRole('img', { name: 'walk' }).first()).toBeVisible();
  await filter.selectOption('all');
  await expect(cards).toHaveCount(expected);

  // Sort by cost: 'free' first, unknown last, otherwise ascending.
  await page.getByLabel('Sort by').selectOption('cost');
  await expect(page).toHaveURL(/sort=cost/);
  const costs = await page.locator('.journey-card dt:text-is("Cost") + dd').allTextContents();
  const value = (t: string) =>
    /free/i.test(t) ? 0 : /unknown/i.test(t) ? Infinity : Number(t.replace(/[^\d.]/g, ''));
  const numbers = costs.map(value);
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  await page.reload();
  await expect(page.getByLabel('Sort by')).toHaveValue('cost');
  await expect(cards).toHaveCount(expected);
});

test('Results: a cold load asks for the search while the page code is still loading (issue #20)', async ({
  page,
}) => {
  const url = await planJourney(page, { from: ['Aviemore', 'Aviemore'], to: ['Kingussie', 'Kingussie'] });
  await waitForResults(page);
  const { pathname } = new URL(url);
  const hash = pathname.split('/')[2]!;
  const fetched = recordGets(page, `/v1/journey-planner/search/${hash}`);
  await expectAskedBeforePageCode(page, pathname, 'ResultsPage', fetched);
  await waitForResults(page);
  await expect(page.locator('article.journey-card').first()).toBeVisible();
  // The page took over the read under way instead of starting its own.
  expect(fetched).toHaveLength(1);
});

test('Results: Edit journey panel re-plans with Update routes', async ({ page }) => {
  await planJourney(page, { from: ['Aviemore', 'Aviemore'], to: ['Kingussie', 'Kingussie'] });
  await waitForResults(page);
  const first = page.url();
  await page.getByRole('button', { name: 'Edit journey' }).click();
  const panel = page.getByRole('dialog', { name: 'Edit journey' });
  await expect(panel.getByRole('heading', { name: 'Your Journey' })).toBeVisible();
  await expect(panel.getByRole('combobox', { name: 'From', exact: true })).toHaveValue(/Aviemore/);
  await expectAccessible(page, 'results edit panel');
  await snap(page, 'results-edit-panel');
  await panel.getByRole('combobox', { name: 'To', exact: true }).fill('Newtonmore');
  await panel.getByRole('button', { name: 'Update routes' }).click();
  await page.waitForURL((url) => url.href !== first && /\/results$/.test(url.pathname));
  await expect(page.locator('.results-header')).toContainText('Newtonmore');
});

test('Results: a place that cannot be found says so, with a way to change it', async ({ page }) => {
  await page.goto('/');
  await acceptCookies(page);
  await page.getByRole('combobox', { name: 'From', exact: true }).fill('Qwxzzy Nowhere');
  await page.getByRole('combobox', { name: 'To', exact: true }).fill('Kingussie');
  await page.getByRole('checkbox', { name: /I accept the Terms and Conditions/ }).check();
  await page.getByRole('button', { name: 'Find Routes & Times' }).click();
  await page.waitForURL(/\/results$/);
  await expect(page.getByRole('heading', { name: "We couldn't plan this journey" })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText('We couldn\'t find "Qwxzzy Nowhere"')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change origin or destination' })).toBeVisible();
  await expectAccessible(page, 'no results');
  await snap(page, 'results-empty');
});

test('Results: a search the server no longer has says so, with a way to plan again and no filters over nothing', async ({
  page,
}) => {
  await page.goto(`/search/${'0'.repeat(32)}/results`);
  await acceptCookies(page);
  const failed = page.getByRole('alert').filter({ hasText: 'The search did not finish' });
  await expect(failed).toContainText('This search no longer exists.');
  await failed.getByRole('link', { name: 'Plan a new journey' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Your Journey' })).toBeVisible();
  await page.goBack();
  await expect(failed).toBeVisible();
  await expect(page.getByLabel('Showing')).toHaveCount(0);
  await expect(page.getByLabel('Sort by')).toHaveCount(0);
});

test('Home: current location fills From with the reverse-geocoded place', async ({ browser }) => {
  const context = await browser.newContext({
    geolocation: { latitude: 57.1955, longitude: -3.8259 },
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Use my current location as From' }).click();
  await expect(page.getByRole('combobox', { name: 'From', exact: true })).toHaveValue(/Aviemore/i);
  await context.close();
});

test("Home: a visitor whose browser is in another zone starts from the region's now", async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: 'Pacific/Auckland' });
  const page = await context.newPage();
  await page.goto('/');
  const region = await (await page.request.get('/v1/config')).json();
  const shown = await page.locator('input[name="out_time"]').inputValue();
  // The region's wall clock now, rounded up to the form's 5-minute step, as the form shows it.
  const clock = new Intl.DateTimeFormat('sv-SE', {
    timeZone: region.data.region.time_zone,
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(Date.now() + 5 * 60_000));
  const [date, time] = clock.split(' ');
  expect(shown.slice(0, 10)).toBe(date);
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  expect(Math.abs(minutes(shown.slice(11)) - minutes(time!))).toBeLessThanOrEqual(10);
  await context.close();
});

test('Home: current location refused shows "Cannot get the current location"', async ({ browser }) => {
  const context = await browser.newContext({ permissions: [] });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Use my current location as From' }).click();
  await expect(page.getByText('Cannot get the current location').first()).toBeVisible();
  await context.close();
});

test('Home: address suggestions work from the keyboard', async ({ page }) => {
  await page.goto('/');
  const to = page.getByRole('combobox', { name: 'To', exact: true });
  await to.fill('Kingus');
  await expect(page.getByRole('listbox', { name: 'To suggestions' })).toBeVisible();
  await expect(to).toHaveAttribute('aria-expanded', 'true');
  await to.press('ArrowDown');
  await expect(to).toHaveAttribute('aria-activedescendant', /.+/);
  await to.press('Enter');
  await expect(to).toHaveValue(/Kingussie/);
  await expect(to).toHaveAttribute('aria-expanded', 'false');
});
