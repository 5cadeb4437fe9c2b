import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { acceptCookies, openOption, planJourney, shotPath, waitForResults } from './helpers.ts';

// Feature under test: every screen whose code comes on demand recovers after that code failed to come
// (a traveller on a mountain road who taps while the signal drops). The screen says what happened and
// offers Try again, which works once the signal is back, by keyboard, without reloading the app.
// Journey details, the first to do so, is tested in journey-opened-from-results.spec.ts.
//
// Each page is fresh in a context of its own (no service worker, an empty HTTP cache), so the
// screen's code has really never been fetched when the signal drops.

test.use({ serviceWorkers: 'block' });

const offlineHeading = (page: Page) => page.getByRole('heading', { name: 'You are offline', level: 1 });
const tryAgain = (page: Page) => page.getByRole('button', { name: 'Try again' });

/** The screenshot widths of this spec: desktop and a 390 px phone. */
const WIDTHS = [
  { width: 1280, height: 800, tag: 'desktop' },
  { width: 390, height: 844, tag: 'phone' },
] as const;

/**
 * Screenshots of the page as it is now at both WIDTHS, once `ready` shows at each: the whole page,
 * or (`around`) the screen with `ready` in it, for a part far down a long page.
 */
async function shoot(page: Page, name: string, ready: Locator, around = false): Promise<void> {
  for (const { width, height, tag } of WIDTHS) {
    await page.setViewportSize({ width, height });
    await expect(ready).toBeVisible();
    if (around) await ready.evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: shotPath(name, tag), fullPage: !around });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * Opens a screen with `open` while offline and expects the offline page; a try while still offline
 * says it failed again; back online, Try again by keyboard draws `shown`, with focus on the page.
 */
async function expectRecovers(
  page: Page,
  context: BrowserContext,
  open: () => Promise<void>,
  shown: Locator,
  shots?: string,
): Promise<void> {
  await context.setOffline(true);
  await open();
  await expect(offlineHeading(page)).toBeVisible();
  await expect(page.getByText('This page was not kept on this device')).toBeVisible();
  await tryAgain(page).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'It could not be loaded this time either.' }),
  ).toBeVisible();
  await expect(offlineHeading(page)).toBeVisible();
  if (shots) await shoot(page, `${shots}-offline`, tryAgain(page));

  await context.setOffline(false);
  await tryAgain(page).focus();
  await page.keyboard.press('Enter');
  await expect(shown).toBeVisible();
  await expect(offlineHeading(page)).toHaveCount(0);
  await expect(page.locator('#main-content')).toBeFocused();
  if (shots) await shoot(page, `${shots}-recovered`, shown);
}

/** A fresh page (desktop unless `viewport`) in a context of its own. Close the context when done. */
async function freshPage(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block', viewport });
  return { context, page: await context.newPage() };
}

test.describe('screens opened from Home', () => {
  const screens = [
    {
      name: 'a static page (About, from the footer)',
      open: (page: Page) => page.getByRole('contentinfo').getByRole('link', { name: 'News' }).click(),
      shown: (page: Page) => page.getByRole('heading', { name: 'About Cairngorms Explorer', level: 1 }),
    },
    {
      name: 'the site map',
      open: (page: Page) => page.getByRole('contentinfo').getByRole('link', { name: 'Site map' }).click(),
      shown: (page: Page) => page.getByRole('heading', { name: 'Site map', level: 1 }),
    },
    {
      name: 'an account page (Login)',
      open: (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Login' }).click(),
      shown: (page: Page) => page.getByRole('heading', { name: 'Sign in', level: 1 }),
    },
    {
      name: 'page not found (an address the app does not have)',
      // No link of the app leads there: the address is changed as a link would, through history.
      open: (page: Page) =>
        page.evaluate(() => {
          window.history.pushState(null, '', '/no-such-page');
          window.dispatchEvent(new PopStateEvent('popstate'));
        }),
      shown: (page: Page) => page.getByRole('heading', { name: 'Page not found', level: 1 }),
    },
  ];
  for (const screen of screens) {
    test(`${screen.name}: offline, says so; online again, Try again shows it`, async ({
      browser,
      baseURL,
    }) => {
      const { context, page } = await freshPage(browser, baseURL!);
      await page.goto('/');
      await acceptCookies(page);
      await expectRecovers(page, context, () => screen.open(page), screen.shown(page));
      await context.close();
    });
  }
});

test.describe('screens opened from a journey page loaded afresh', () => {
  let journeyUrl = '';
  test.beforeAll(async ({ browser, baseURL }) => {
    const { context, page } = await freshPage(browser, baseURL!);
    await planJourney(page, { from: ['Aviemore', 'Aviemore'], to: ['Braemar', 'Braemar'] });
    await waitForResults(page);
    await openOption(page, null);
    journeyUrl = page.url();
    await context.close();
  });

  /** The journey page at `journeyUrl`, fresh, with the cookies accepted. */
  async function openJourney(browser: Browser, baseURL: string) {
    const fresh = await freshPage(browser, baseURL);
    await fresh.page.goto(journeyUrl);
    await acceptCookies(fresh.page);
    await expect(fresh.page.getByRole('region', { name: 'Outbound journey' })).toBeVisible();
    return fresh;
  }

  test('Results (the breadcrumb back to the options): offline, says so; online again, Try again shows them', async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await openJourney(browser, baseURL!);
    await expectRecovers(
      page,
      context,
      () =>
        page
          .getByRole('navigation', { name: 'Breadcrumb' })
          .getByRole('link', { name: 'Select journey option' })
          .click(),
      page.locator('article.journey-card').first(),
      'lazy-results',
    );
    await waitForResults(page);
    // The search itself, read offline on the tap, is read again: the header says which trip.
    await expect(page.getByRole('heading', { name: /Aviemore to Braemar/, level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit journey' })).toBeEnabled();
    await context.close();
  });

  test('Print: offline, says so; online again, Try again shows it', async ({ browser, baseURL }) => {
    const { context, page } = await openJourney(browser, baseURL!);
    await expectRecovers(
      page,
      context,
      () => page.getByRole('link', { name: 'Print', exact: true }).click(),
      page.getByRole('heading', { name: /Your journey:/ }),
    );
    await context.close();
  });

  test('the map: offline, its box says so and the journey stays; online again, Try again draws it', async ({
    browser,
    baseURL,
  }) => {
    // On a phone the map is screens below the journey's first view: its code is not asked for yet.
    const mapCode: string[] = [];
    const { context, page } = await freshPage(browser, baseURL!, { width: 390, height: 844 });
    page.on('request', (r) => {
      if (/\/assets\/JourneyMap-[\w-]+\.js$/.test(r.url())) mapCode.push(r.url());
    });
    await page.goto(journeyUrl);
    await acceptCookies(page);
    await expect(page.getByRole('region', { name: 'Outbound journey' })).toBeVisible();
    await expect(page.getByText('Loading map')).toBeVisible();
    expect(mapCode).toEqual([]);
    await context.setOffline(true);
    await page.locator('.map-box').first().waitFor();
    // Scrolled by the page itself: the box is replaced as it comes into view (as in waitForMapIdle).
    await page.evaluate(() => document.querySelector('.map-box')?.scrollIntoView({ block: 'center' }));
    const notLoaded = page.getByText('The map needs a connection: you are offline.');
    await expect(notLoaded).toBeVisible();
    await expect(page.getByRole('region', { name: 'Outbound journey' })).toBeVisible();
    await expect(offlineHeading(page)).toHaveCount(0);
    await tryAgain(page).click();
    await expect(notLoaded).toBeVisible();
    await shoot(page, 'lazy-map-offline', notLoaded, true);

    await context.setOffline(false);
    await tryAgain(page).focus();
    await page.keyboard.press('Enter');
    const map = page.locator('[data-testid="journey-map"][data-map-idle="true"]').first();
    await expect(map).toBeVisible({ timeout: 60_000 });
    await expect(notLoaded).toHaveCount(0);
    await shoot(page, 'lazy-map-recovered', map, true);
    await context.close();
  });
});

test.describe('a screen whose code fails to come while the device says it is online', () => {
  // A captive portal or dead mobile data: the device says online, yet nothing comes. That is no new
  // version, and a reload would drop the page for the browser's own error page. A chunk that the
  // server no longer has (a 404, or a page where code was expected) is a new version: load it.
  const SITE_MAP_CODE = '**/assets/SiteMap-*.js';
  const siteMapLink = (page: Page) => page.getByRole('contentinfo').getByRole('link', { name: 'Site map' });
  const siteMapHeading = (page: Page) => page.getByRole('heading', { name: 'Site map', level: 1 });

  /** Home, fresh, with a mark on this page's window that a reload would clear, and a count of loads. */
  async function markedHome(browser: Browser, baseURL: string) {
    const fresh = await freshPage(browser, baseURL);
    await fresh.page.goto('/');
    await acceptCookies(fresh.page);
    await fresh.page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    const loads = { count: 0 };
    fresh.page.on('load', () => (loads.count += 1));
    const samePage = () =>
      fresh.page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage === true);
    return { ...fresh, loads, samePage };
  }

  test('no answer at all (no signal): no reload; the screen offers Try again, which works once the signal is back', async ({
    browser,
    baseURL,
  }) => {
    const { context, page, loads, samePage } = await markedHome(browser, baseURL!);
    await page.route(SITE_MAP_CODE, (route) => route.abort('internetdisconnected'));
    await siteMapLink(page).click();
    await expect(page.getByRole('heading', { name: 'This page could not be shown', level: 1 })).toBeVisible();
    // Says why, in words that fit a signal that dropped rather than a fault of the app.
    await expect(page.getByText('It did not arrive: the connection may have dropped')).toBeVisible();
    await expect(tryAgain(page)).toBeVisible();
    await shoot(page, 'lazy-no-signal', tryAgain(page));
    expect(loads.count).toBe(0);
    expect(await samePage()).toBe(true);

    await page.unroute(SITE_MAP_CODE);
    await tryAgain(page).click();
    await expect(siteMapHeading(page)).toBeVisible();
    expect(loads.count).toBe(0);
    expect(await samePage()).toBe(true);
    await context.close();
  });

  const gone = [
    {
      name: 'a 404',
      answer: { status: 404, contentType: 'application/json', body: '{"message":"Not found."}' },
    },
    {
      name: 'a page where code was expected (a host that answers every address with the app)',
      answer: { status: 200, contentType: 'text/html', body: '<!doctype html><title>Cairn</title>' },
    },
  ];
  for (const { name, answer } of gone) {
    test(`the code is gone (${name}): a new version, so the page loads again and shows the screen`, async ({
      browser,
      baseURL,
    }) => {
      const { context, page, loads, samePage } = await markedHome(browser, baseURL!);
      // The old version's chunk is gone for this page; a page loaded afresh is the new version, whose
      // own chunks the server has (here the same, let through). The page's request says it was loaded.
      let deployed = false;
      page.on('request', (r) => {
        if (r.isNavigationRequest() && r.frame() === page.mainFrame()) deployed = true;
      });
      await page.route(SITE_MAP_CODE, (route) => (deployed ? route.continue() : route.fulfill(answer)));
      await siteMapLink(page).click();
      await expect(siteMapHeading(page)).toBeVisible();
      expect(loads.count).toBe(1);
      expect(await samePage()).toBe(false);
      await expect(page).toHaveURL(/\/site-map$/);
      await context.close();
    });
  }
});
