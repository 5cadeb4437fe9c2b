import { expect, test, type Page } from '@playwright/test';
import {
  daysToOrdinaryWeekday,
  inputDate,
  openOption,
  planJourney,
  shotPath,
  snap,
  waitForMapIdle,
  waitForResults,
} from './helpers.ts';
import { createActiveAccount, signIn, uniqueEmail } from './accountsSupport.ts';
import { defineTourTests } from './tour.ts';

// Feature under test: every screen and modal state fits a 360 px wide phone (issue #16): the page
// never scrolls sideways and no element sticks out of the viewport, except inside a box that
// scrolls or clips on its own (the section bar, a wide table).

const PORT = Number(process.env.E2E_PORT ?? 8092);

/** What sticks out of the viewport sideways, each by a selector path; empty when all fits. */
function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const found: string[] = [];
    if (root.scrollWidth > width) found.push(`the page scrolls sideways (${root.scrollWidth} > ${width} px)`);
    const label = (el: Element) =>
      el.tagName.toLowerCase() + (el.id ? `#${el.id}` : '') + [...el.classList].map((c) => `.${c}`).join('');
    const path = (el: Element) => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && e !== document.body && parts.length < 4; e = e.parentElement)
        parts.unshift(label(e));
      return parts.join(' > ');
    };
    // Inside a box that scrolls or clips, only that box has to fit (it is checked on its own).
    const inClippingBox = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      return false;
    };
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right <= width + 0.5 && box.width <= width + 0.5) continue;
      if (inClippingBox(el)) continue;
      found.push(`${path(el)} (${Math.round(box.left)} to ${Math.round(box.right)} px)`);
    }
    return found.slice(0, 25);
  });
}

/**
 * The controls of every sticky or fixed bar and of every open modal that lie outside the
 * viewport sideways, or are clipped by a box of their own bar or modal: each must be reachable
 * without scrolling the bar (issue 31).
 */
function controlsOutOfReach(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const CONTROLS = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="tab"]';
    const holders = [...document.body.querySelectorAll('*')].filter((el) => {
      const { position } = getComputedStyle(el);
      return position === 'sticky' || position === 'fixed' || (el instanceof HTMLDialogElement && el.open);
    });
    const found: string[] = [];
    for (const holder of holders)
      for (const control of holder.querySelectorAll<HTMLElement>(CONTROLS)) {
        const box = control.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        let clippedBy: Element | null = null;
        for (let a = control.parentElement; a && a !== holder.parentElement; a = a.parentElement) {
          if (getComputedStyle(a).overflowX === 'visible') continue;
          const clip = a.getBoundingClientRect();
          if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) clippedBy = a;
        }
        if (box.left < -0.5 || box.right > width + 0.5 || clippedBy) {
          const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40);
          found.push(
            `${holder.tagName.toLowerCase()}.${[...holder.classList].join('.')}: "${name}" (${Math.round(box.left)} to ${Math.round(box.right)} px)`,
          );
        }
      }
    return found;
  });
}

defineTourTests({
  campaignPort: PORT + 21,
  viewport: { width: 360, height: 800 },
  onStop: async (page, name) => {
    expect.soft(await sidewaysOverflow(page), `sideways overflow on ${name} at 360 px`).toEqual([]);
    expect
      .soft(await controlsOutOfReach(page), `bar or modal controls out of reach on ${name} at 360 px`)
      .toEqual([]);
  },
});

test('the journey section bar shows all four of its controls on a phone, and marks the current section', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await planJourney(page, { from: ['Aviemore', 'Aviemore'], to: ['Kingussie', 'Kingussie'] });
  await waitForResults(page);
  await openOption(page, null);
  const bar = page.getByRole('navigation', { name: 'Journey sections' });
  for (const name of ['Journey Details', 'Map of journey', 'Step by step guide', 'Print'])
    await expect(bar.getByRole('link', { name }), name).toBeInViewport({ ratio: 1 });
  expect(await controlsOutOfReach(page)).toEqual([]);
  await page.screenshot({ path: shotPath('journey-section-bar', 'phone') });

  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(bar.getByRole('link', { name: 'Step by step guide' })).toHaveAttribute('aria-current', 'true');
  expect(await sidewaysOverflow(page)).toEqual([]);
});

test("on a phone, the timetable shows the traveller's trip first, beside the stop names", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await planJourney(page, {
    from: ['Aviemore', 'Aviemore'],
    to: ['Kingussie', 'Kingussie'],
    // A weekday: on a Sunday the 13:04 train does not run, and the 16:06 goes beside the 14:17 M91.
    outTime: inputDate(daysToOrdinaryWeekday(), '13:00'),
  });
  await waitForResults(page);
  await openOption(page, 'Journeys with train');
  await page
    .locator('li.step')
    .filter({ has: page.getByRole('img', { name: 'train' }) })
    .first()
    .getByRole('button', { name: /Stage details/ })
    .click();
  await page.getByRole('button', { name: 'View timetable' }).click();
  const timetable = page.getByRole('dialog', { name: /timetable/ });
  const region = timetable.getByRole('region', { name: /scrollable/ });
  await expect(region).toBeVisible();
  const headers = timetable.getByRole('columnheader');
  await expect(headers.nth(1)).toContainText('(your trip)');
  // The stop names and the traveller's times both show without scrolling the table.
  const box = (await region.boundingBox())!;
  for (const cell of [
    timetable.getByRole('rowheader').first(),
    timetable.locator('tbody td.timetable-own').first(),
  ]) {
    const b = (await cell.boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(box.x - 0.5);
    expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
  }
  await snap(page, 'modal-timetable-phone-width');
});

test('on a phone, the cookie table keeps its words whole', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/cookie-policy');
  const table = page.getByRole('table', { name: /Cookies and storage/ });
  await expect(table).toBeVisible();
  // A header broken mid-word ("Nam e") is two lines high; whole words keep each one line.
  for (const header of await table.getByRole('columnheader').all()) {
    const word = (await header.innerText()).trim();
    const lines = await header.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines, `"${word}" on one line`).toBe(1);
  }
});

test('on a phone, results opened from a link do not shift as the search and its journeys arrive', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const resultsUrl = await planJourney(page, {
    from: ['Aviemore', 'Aviemore'],
    to: ['Kingussie', 'Kingussie'],
  });
  await waitForResults(page);
  // Opened afresh (a shared link, a reload): the route and the journeys come after the first paint.
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { shifts: string[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; sources: { node?: Node }[] }[])
        shifts.push(`${entry.value.toFixed(3)} ${entry.sources.map((s) => s.node?.nodeName).join(',')}`);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // A slow signal: the search's answer comes well after the page has painted.
  await page.route(/\/v1\/journey-planner\/search\/[0-9a-f]+$/, async (route) => {
    await new Promise((done) => setTimeout(done, 1500));
    await route.continue();
  });
  await page.goto(resultsUrl);
  await waitForResults(page);
  await expect(page.locator('.results-header .route')).toHaveText(/Aviemore.* to Kingussie/);
  expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
});

test('on a phone, figures sit two to a row with room around them, POI counts line up and the stage buttons, card and map keep apart', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await planJourney(page, { from: ['Aviemore', 'Aviemore'], to: ['Kingussie', 'Kingussie'] });
  await waitForResults(page);
  const top = (selector: string) =>
    page.locator(selector).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
  const [first, second] = await top('.journey-card >> nth=0 >> dl > div');
  expect(second, 'Duration and Cost of a journey card share a row').toBe(first);

  await openOption(page, null);
  const [depart, arrive] = await top('.leg-box >> nth=0 >> dl > div');
  expect(arrive, 'Depart and Arrive share a row').toBe(depart);
  const boxes = await page.locator('.summary-grid').boundingBox();
  const figures = await page.locator('.summary-grid + dl').boundingBox();
  expect(
    figures!.y - (boxes!.y + boxes!.height),
    'space between the leg boxes and the figures',
  ).toBeGreaterThanOrEqual(8);
  const modes = await page.locator('.summary > .modes').boundingBox();
  expect(
    boxes!.y - (modes!.y + modes!.height),
    'space between the mode icons and the leg boxes',
  ).toBeGreaterThanOrEqual(8);
  const badges = await page
    .locator('.poi-card .badge')
    .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().right)));
  expect(badges.length).toBeGreaterThan(1);
  expect(new Set(badges).size, 'every count at the right edge of its card').toBe(1);
  // A long name beside it does not squash the icon.
  const icons = await page
    .locator('.poi-card svg')
    .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().width)));
  for (const width of icons) expect(width, 'a POI icon keeps its 24 px').toBe(24);

  await page
    .getByRole('button', { name: /Stage details/ })
    .first()
    .click();
  const nav = await page.locator('.stage-nav').boundingBox();
  const card = await page.locator('.stage-view > .section').boundingBox();
  expect(
    card!.y - (nav!.y + nav!.height),
    'space between the step buttons and the card',
  ).toBeGreaterThanOrEqual(8);
  await waitForMapIdle(page);
  const map = await page.locator('.stage-view .map-box').boundingBox();
  const after = await page.locator('.stage-view > .section > section').first().boundingBox();
  expect(
    after!.y - (map!.y + map!.height),
    'space between the map and the part under it',
  ).toBeGreaterThanOrEqual(8);
});

test('on a phone, the signed-in top bar keeps the logo whole and its links on one row', async ({
  page,
  request,
  baseURL,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const email = uniqueEmail('phone-topbar');
  await createActiveAccount(request, baseURL!, email);
  await signIn(page, email);
  const [shown, natural] = await page
    .locator('.topbar-logo img')
    .evaluate((img: HTMLImageElement) => [
      img.getBoundingClientRect().width / img.getBoundingClientRect().height,
      img.naturalWidth / img.naturalHeight,
    ]);
  expect(shown, 'the logo keeps its proportions').toBeCloseTo(natural!, 1);
  const tops = await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().top)));
  expect(tops.length).toBe(3);
  expect(new Set(tops).size, 'Planner, My Trips and Account on one row').toBe(1);
});
