import { expect, test } from '@playwright/test';
import {
  daysToOrdinaryWeekday,
  expectAccessible,
  expectAskedBeforePageCode,
  inputDate,
  openOption,
  planDayReturn,
  planJourney,
  recordGets,
  snap,
  waitForMapIdle,
  waitForResults,
} from './helpers.ts';

// Feature under test: Journey details, its modals, the map, the stage view and print (SPEC §2).

test('Return journey: details, depart/return toggle, modals, map with tiles and route, print', async ({
  page,
}) => {
  const tiles: number[] = [];
  page.on('response', (r) => {
    if (/\/v1\/tiles\/\d+\/\d+\/\d+\.pbf/.test(r.url())) tiles.push(r.status());
  });
  const viewed: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/v1/journey/viewed/')) viewed.push(r.url());
  });
  await planDayReturn(page);
  await openOption(page, 'Journeys with train');
  await expect.poll(() => viewed.length).toBe(1);
  await expect(page.getByRole('link', { name: 'Select journey option' })).toBeVisible();

  // Summary with outbound and return, toggles.
  await expect(page.getByRole('region', { name: 'Outbound journey' })).toBeVisible();
  const returnBox = page.getByRole('region', { name: 'Return journey' });
  await expect(returnBox).toBeVisible();
  await expect(page.getByText('Estimated return time')).toBeVisible();
  await expect(page.getByText('Total estimated cost')).toBeVisible();
  await page.getByRole('button', { name: 'Hide return journey' }).click();
  await expect(returnBox).toHaveCount(0);
  await expect(page.getByText('Return Home')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show return journey' }).click();
  await expect(returnBox).toBeVisible();
  await expect(page.getByText('Return Home')).toBeVisible();
  await expect(page.getByText('Arrive at the destination')).toBeVisible();

  // Map: tiles and the route drawn, markers per step; then the return leg.
  await page.getByRole('link', { name: 'Map of journey' }).click();
  await waitForMapIdle(page);
  await expect.soft
    .poll(() => tiles.filter((s) => s === 200).length, {
      message: 'street tiles with content',
      timeout: 10_000,
    })
    .toBeGreaterThan(0);
  await expect(page.locator('.map-pin')).toHaveCount(2);
  expect(await page.locator('.map-marker').count()).toBeGreaterThan(0);
  await page.getByRole('radiogroup', { name: 'Map shows' }).getByRole('radio', { name: 'Return' }).check();
  await waitForMapIdle(page);
  const show = page.getByLabel('Show on map');
  await expect(show.locator('option').first()).toHaveText('None');
  await show.selectOption('all');
  await waitForMapIdle(page);
  const toilets = page.locator('.map-toilet');
  if ((await show.locator('option', { hasText: 'Toilets' }).count()) > 0) {
    await expect(toilets.first()).toBeAttached();
    await toilets.first().focus();
    await page.keyboard.press('Enter');
    const info = page.locator('.toilet-info');
    await expect(info).toBeVisible();
    await expect(info.getByRole('table')).toContainText('Monday');
    await expect(info.getByRole('table')).toContainText('Sunday');
  } else {
    await expect(toilets).toHaveCount(0);
  }
  await expectAccessible(page, 'journey details');
  await snap(page, 'journey-details', () => waitForMapIdle(page));

  // Modals.
  await page.getByRole('button', { name: 'Pricing Breakdown' }).click();
  const pricing = page.getByRole('dialog', { name: 'Pricing Breakdown' });
  await expect(
    pricing.getByText('The price displayed in your journey plan is an estimate only'),
  ).toBeVisible();
  await expect(pricing.getByText('Total Price')).toBeVisible();
  await expectAccessible(page, 'pricing modal');
  await snap(page, 'modal-pricing');
  await pricing.getByRole('button', { name: 'Close' }).click();
  await expect(pricing).toHaveCount(0);

  await page.getByRole('button', { name: 'Accepted payment methods' }).click();
  const payments = page.getByRole('dialog', { name: 'Accepted payment methods' });
  await expect(payments.getByRole('heading', { level: 3 }).first()).toBeVisible();
  await expectAccessible(page, 'payment methods modal');
  await page.keyboard.press('Escape');
  await expect(payments).toHaveCount(0);

  // Print.
  await page.getByRole('link', { name: 'Print' }).click();
  await page.waitForURL(/\/print$/);
  await expect(page.getByRole('heading', { name: /Your journey:/ })).toBeVisible();
  await expect(page.getByText('Arrive at the destination')).toBeVisible();
  await expect(page.getByText('Return home')).toBeVisible();
  await expect(page.getByText('108ft')).toHaveCount(0);
  await expect(page.getByText('Busy')).toHaveCount(0);
  await expectAccessible(page, 'print');
  await snap(page, 'print');
});

test('Stage view: timetable modal, useful-link guard, previous/next and back', async ({ page }) => {
  await planJourney(page, { from: ['Aviemore', 'Aviemore'], to: ['Kingussie', 'Kingussie'] });
  await waitForResults(page);
  await openOption(page, 'Journeys with train');
  const trainStep = page
    .locator('li.step')
    .filter({ has: page.getByRole('img', { name: 'train' }) })
    .first();
  await trainStep.getByRole('button', { name: /Stage details/ }).click();
  await expect(page.getByRole('heading', { name: /Step \d+ of \d+ \(outbound\): train/i })).toBeVisible();
  await waitForMapIdle(page);
  await expectAccessible(page, 'stage view');
  await snap(page, 'stage', () => waitForMapIdle(page));

  await page.getByRole('button', { name: 'View timetable' }).click();
  const timetable = page.getByRole('dialog', { name: /timetable/ });
  await expect(timetable.getByRole('table')).toBeVisible();
  const cells = await timetable.locator('tbody td').allTextContents();
  expect(cells.length).toBeGreaterThan(0);
  for (const cell of cells) expect(cell).toMatch(/^(\d{2}:\d{2}|-)$/);
  await expectAccessible(page, 'timetable modal');
  await snap(page, 'modal-timetable');
  await timetable.getByRole('button', { name: 'Close' }).click();

  // Every demo operator publishes a website (agency_url), so the train step links to it.
  await page.getByRole('button', { name: /Useful links/ }).click();
  const guard = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(
    guard.getByText(/You are about to leave .+ to visit .+, are you sure you want to do this\?/),
  ).toBeVisible();
  await expect(guard.getByRole('link', { name: "Yes, I'm sure" })).toHaveAttribute('target', '_blank');
  await guard.getByRole('button', { name: 'No, take me back' }).click();
  await expect(guard).toHaveCount(0);

  const previous = page.getByRole('button', { name: 'Previous step' });
  await previous.click();
  await expect(page.getByRole('heading', { name: /Step 1 of/ })).toBeVisible();
  await expect(previous).toBeDisabled();
  await page.getByRole('button', { name: 'Next step' }).click();
  await expect(page.getByRole('heading', { name: /Step 2 of/ })).toBeVisible();
  await page.getByRole('button', { name: 'Back to journey details' }).click();
  await expect(page.getByRole('heading', { name: 'Journey details', level: 1 })).toBeVisible();
});

test('Taxi journey: Local taxi operators modal with tel links', async ({ page }) => {
  await planJourney(page, { from: ['Aviemore', 'Aviemore'], to: ['Kingussie', 'Kingussie'] });
  await waitForResults(page);
  await page.getByLabel('Showing').selectOption({ label: 'Journeys with taxi' });
  const cards = page.locator('.journey-card');
  const count = await cards.count();
  let opened = false;
  for (let i = 0; i < count && !opened; i++) {
    const first = cards.nth(i).locator('.modes li').first();
    if ((await first.getByRole('img', { name: 'taxi' }).count()) === 0) continue;
    await cards.nth(i).locator('h2 a').click();
    opened = true;
  }
  expect(opened, 'a journey starting by taxi').toBe(true);
  await page.getByRole('button', { name: 'Local taxi operators' }).click();
  const modal = page.getByRole('dialog', { name: 'Local taxi operators' });
  await expect(modal.getByText(/estimate only/)).toBeVisible();
  const tel = modal.locator('a[href^="tel:"]');
  if ((await tel.count()) === 0)
    await expect(modal.getByText('There are no local taxi operators.')).toBeVisible();
  else await expect(tel.first()).toBeVisible();
  await expectAccessible(page, 'taxi modal');
  await snap(page, 'modal-taxi');
});

test('Demand-responsive transport: More information opens the booking website in a new window', async ({
  page,
}) => {
  await planJourney(page, {
    from: ['Braemar', 'Braemar'],
    to: ['Ballater', 'Ballater'],
    // The demo's DRT runs on Tuesdays and Fridays.
    outTime: inputDate(daysToOrdinaryWeekday([2, 5]), '10:00'),
  });
  await waitForResults(page);
  await openOption(page, 'Journeys with demand-responsive transport (DRT)');
  const more = page.getByRole('link', { name: /More information/ });
  await expect(more).toHaveAttribute('target', '_blank');
  await expect(more).toHaveAttribute('href', /^https?:\/\//);
  await expectAccessible(page, 'drt journey');
  await snap(page, 'journey-drt', () => waitForMapIdle(page));
});

test('Journey route: journeyType return (with ?show) opens on the return leg, fetched by hash and id', async ({
  page,
}) => {
  await planDayReturn(page);
  const href = await page.locator('.journey-card h2 a').first().getAttribute('href');
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (
      r.method() === 'GET' &&
      r.url().endsWith(href!.replace('/results/', '/').replace(/^\/search/, '/v1/journey-planner/search'))
    )
      fetched.push(r.url());
  });
  await page.goto(`${href}/return?show`);
  const shown = page.getByRole('radiogroup', { name: 'Journey shown' });
  await expect(shown.getByRole('radio', { name: 'Return' })).toBeChecked();
  await expect(
    page.getByRole('radiogroup', { name: 'Map shows' }).getByRole('radio', { name: 'Return' }),
  ).toBeChecked();
  await expect.poll(() => fetched.length).toBeGreaterThan(0);
  await expectAccessible(page, 'journey return leg');
});

test.describe('cold load', () => {
  // The page's chunk is held back with page.route, which a service worker's own fetches would bypass.
  test.use({ serviceWorkers: 'block' });

  test('Journey route: a cold load asks for the journey while the page code is still loading (issue #20); one held by Results is not asked for', async ({
    page,
  }) => {
    await planJourney(page, { from: ['Aviemore', 'Aviemore'], to: ['Kingussie', 'Kingussie'] });
    await waitForResults(page);
    const href = (await page.locator('.journey-card h2 a').first().getAttribute('href'))!;
    const apiPath = href.replace(/^\/search\/([^/]+)\/results\//, '/v1/journey-planner/search/$1/');
    const fetched = recordGets(page, apiPath);
    // Opened from Results first: the journey Results holds is used as it is, not asked for again.
    await openOption(page, null);
    expect(fetched).toHaveLength(0);
    await expectAskedBeforePageCode(page, href, 'JourneyPage', fetched);
    await expect(page.getByRole('region', { name: 'Outbound journey' })).toBeVisible();
    // The page read the answer of the request under way instead of asking again.
    expect(fetched).toHaveLength(1);
  });

  test('Journey route: a journey that does not exist says so after the one try and retry the loader made', async ({
    page,
  }) => {
    const url = await planJourney(page, { from: ['Aviemore', 'Aviemore'], to: ['Kingussie', 'Kingussie'] });
    const hash = new URL(url).pathname.split('/')[2]!;
    const fetched = recordGets(page, `/v1/journey-planner/search/${hash}/no-such-journey`);
    // The loader's try and its retry both fail before the page's code arrives.
    await expectAskedBeforePageCode(
      page,
      `/search/${hash}/results/no-such-journey`,
      'JourneyPage',
      fetched,
      2,
    );
    await expect(page.getByRole('heading', { name: 'Journey not found' })).toBeVisible();
    // The page shows that failure rather than trying twice more itself.
    expect(fetched).toHaveLength(2);
  });
});

test('Home, results and journey details run under the CSP with no violation reported (eval probes included)', async ({
  page,
}) => {
  // A refused probe is reported even when the script catches it, and Lighthouse counts it.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const violations = () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  await planJourney(page, {
    from: ['Aviemore', 'Aviemore'],
    to: ['Kingussie', 'Kingussie'],
    outTime: inputDate(1, '09:00'),
  });
  await waitForResults(page);
  expect(await violations()).toEqual([]);
  await page.reload();
  await waitForResults(page);
  expect(await violations()).toEqual([]);
  await openOption(page, null);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Journey details', level: 1 })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('a journey that starts with a car-club drive names the club once, its logo clear of the buttons above', async ({
  page,
}) => {
  // A day there and back: a car-club car is then booked for the day (one way, it is not offered).
  await planJourney(page, {
    from: ['Aviemore', 'Aviemore'],
    to: ['Braemar', 'Braemar'],
    outTime: inputDate(1, '08:30'),
    returnTime: inputDate(1, '16:30'),
  });
  await waitForResults(page);
  await openOption(page, 'Journeys with car club');
  // The demo's club is "Demo Spey Car Club": not "… Car Club car club".
  const promo = page.getByRole('link', { name: /^Join .+ \(offer for new members\)$/ });
  await expect(promo).toBeVisible();
  expect(await promo.textContent()).not.toMatch(/car club car club/i);
  const buttons = await page.locator('.take-along').boundingBox();
  const logo = await page.locator('.carclub-logo').boundingBox();
  expect(logo!.y - (buttons!.y + buttons!.height), 'space above the logo').toBeGreaterThanOrEqual(8);
});
