import { expect, test, type Page } from '@playwright/test';
import {
  acceptCookies,
  inputDate,
  openOption,
  planDayReturn,
  planJourney,
  snap,
  waitForMapIdle,
  waitForResults,
} from './helpers.ts';

// Feature under test: offline use (issue #20) — a journey the traveller opened, with its map,
// opens again after the connection is lost, saying its times are as planned; the app shell opens
// offline; a search made offline says so at once instead of spinning.

/** Waits until the service worker controls the page and has kept what the page already loaded. */
async function waitForOfflineCopy(page: Page, journeyPath: RegExp): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  await expect
    .poll(
      () =>
        page.evaluate(async (source) => {
          const re = new RegExp(source);
          const cache = await caches.open('cairn-journeys');
          return (await cache.keys()).some((request) => re.test(new URL(request.url).pathname));
        }, journeyPath.source),
      { timeout: 30_000 },
    )
    .toBe(true);
}

test('an opened journey opens offline after a reload, with its map and the "times as planned" notice', async ({
  page,
  context,
}) => {
  await planDayReturn(page);
  await openOption(page, null);
  await waitForMapIdle(page);
  const [, hash, journeyId] = /\/search\/([^/]+)\/results\/([^/?]+)/.exec(page.url())!;
  await waitForOfflineCopy(page, new RegExp(`/v1/journey-planner/search/${hash}/${journeyId}$`));
  // The notice is only for copies: online, the journey is as planned now.
  await expect(page.locator('.offline-notice')).toHaveCount(0);
  const total = await page.getByText('Total estimated cost').first().innerText();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Journey details', level: 1 })).toBeVisible();
  const notice = page.getByRole('status').filter({ hasText: 'Offline — times as planned at' });
  await expect(notice).toBeVisible();
  await expect(notice).toHaveText(/Offline — times as planned at \d\d:\d\d/);
  await expect(page.getByText('Total estimated cost').first()).toHaveText(total);
  await expect(page).toHaveTitle(/Aviemore.* to .*Kingussie.* — Cairngorms Explorer/);
  // The map chunk and the tiles viewed were kept: the map draws again without a network.
  await waitForMapIdle(page);
  await snap(page, 'offline-journey');

  // The shell opens offline, and a search made now says it cannot run rather than spin.
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Find Routes & Times' })).toBeVisible();
  await page.getByRole('button', { name: 'Find Routes & Times' }).click();
  await expect(page.getByText('You are offline, and a new search needs a connection.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Searching…' })).toHaveCount(0);
  await snap(page, 'offline-search');
  await context.setOffline(false);
});

test('a search that loses the connection as it is sent says so instead of spinning', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await acceptCookies(page);
  await page.getByRole('combobox', { name: 'From', exact: true }).fill('Aviemore');
  await page
    .getByRole('option', { name: /Aviemore/ })
    .first()
    .click();
  await page.getByRole('combobox', { name: 'To', exact: true }).fill('Kingussie');
  await page
    .getByRole('option', { name: /Kingussie/ })
    .first()
    .click();
  await page.locator('input[name="out_time"]').fill(inputDate(1, '09:00'));
  await page.getByRole('checkbox', { name: /I accept the Terms and Conditions/ }).check();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Find Routes & Times' }).click();
  await expect(page.getByText('You are offline, and a new search needs a connection.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Find Routes & Times' })).toBeEnabled();
  await context.setOffline(false);
});

test('a screen whose code was never loaded says it is offline instead of reloading', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await acceptCookies(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  let loads = 0;
  page.on('load', () => (loads += 1));
  await context.setOffline(true);
  // In-app: the Terms page's code chunk was never fetched, so it is not on the device.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and conditions' }).click();
  await expect(page.getByRole('heading', { name: 'You are offline', level: 1 })).toBeVisible();
  await expect(page.getByText('This page was not kept on this device')).toBeVisible();
  expect(loads).toBe(0);
  // A full load of the same address: the shell opens, and says the same once.
  await page.goto('/about');
  await expect(page.getByRole('heading', { name: 'You are offline', level: 1 })).toBeVisible();
  expect(loads).toBe(1);
  await context.setOffline(false);
});

test('offline, a journey not kept on the device says so, by link and by full load; pages and address boxes say the app is offline', async ({
  page,
  context,
}) => {
  await planJourney(page, {
    from: ['Aviemore', 'Aviemore'],
    to: ['Kingussie', 'Kingussie'],
    outTime: inputDate(1, '09:00'),
  });
  await waitForResults(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  const [, hash] = /\/search\/([^/]+)\/results/.exec(page.url())!;
  const banner = page.getByRole('status').filter({ hasText: 'You are offline' });
  await expect(banner).toHaveCount(0);
  // The journey screen's code is on the device once one journey has been opened.
  await openOption(page, null);
  await page.goBack();
  await waitForResults(page);

  await context.setOffline(true);
  // Results say the app is offline as soon as the connection goes.
  await expect(banner).toBeVisible();
  await snap(page, 'offline-results');
  // An in-app link to a journey this device never fetched (not among these results).
  const unknown = `/search/${hash}/results/not-kept-here`;
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, unknown);
  await expect(page.getByRole('heading', { name: 'You are offline', level: 1 })).toBeVisible();
  await expect(page.getByText('This journey was not kept on this device')).toBeVisible();

  // A full load of it says the same, not "Journey not found".
  await page.goto(unknown);
  await expect(page.getByRole('heading', { name: 'You are offline', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Journey not found' })).toHaveCount(0);

  // Home says it too, and the address boxes say why they suggest nothing.
  await page.goto('/');
  await expect(banner).toBeVisible();
  await page.getByRole('combobox', { name: 'From', exact: true }).fill('Avie');
  await expect(page.getByText('Address suggestions need a connection')).toBeVisible();
  await snap(page, 'offline-home');

  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
});
