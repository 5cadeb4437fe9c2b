import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const SHOTS = join(import.meta.dirname, 'screenshots');
mkdirSync(SHOTS, { recursive: true });

/** The screenshot sizes: desktop, and the 360 px phone of issue #16. */
export const SHOT_SIZES = [
  { width: 1280, height: 800, tag: 'desktop' },
  { width: 360, height: 800, tag: 'phone' },
] as const;

/** Where the screenshot `name` at size `tag` goes (e2e/screenshots/, git-ignored). */
export const shotPath = (name: string, tag: string): string => join(SHOTS, `${name}-${tag}.png`);

/** Zero serious or critical axe violations on the page as it is now. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const bad = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} → ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
  expect(bad, `axe on ${screen}`).toEqual([]);
}

/** Full-page screenshots at the SHOT_SIZES into e2e/screenshots/. */
export async function snap(page: Page, name: string, waitFor?: () => Promise<void>): Promise<void> {
  const original = page.viewportSize();
  for (const { width, height, tag } of SHOT_SIZES) {
    await page.setViewportSize({ width, height });
    if (waitFor) await waitFor();
    await page.waitForTimeout(150);
    await page.screenshot({ path: shotPath(name, tag), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** Accepts cookies so the banner does not cover the page in screenshots. */
export async function acceptCookies(page: Page): Promise<void> {
  // The app renders after /v1/config: wait for the frame before looking for the banner.
  await page.getByRole('contentinfo').waitFor();
  const button = page.getByRole('button', { name: 'Accept Cookies' });
  if (await button.isVisible()) await button.click();
}

/** A datetime-local value `days` ahead at hh:mm. */
export function inputDate(daysAhead: number, hhmm: string): string {
  const d = new Date(Date.now() + daysAhead * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${hhmm}`;
}

/**
 * Days from today to the next ordinary day among `weekdays` (0 Sunday … 6 Saturday; by default
 * Tuesday to Thursday), outside 24 December – 2 January: a search that needs a weekday timetable
 * (local buses; the demo's DRT runs Tuesdays and Fridays) must not land on a Sunday or a holiday
 * because of the day the suite runs.
 */
export function daysToOrdinaryWeekday(weekdays: readonly number[] = [2, 3, 4]): number {
  for (let ahead = 1; ; ahead++) {
    const d = new Date(Date.now() + ahead * 86_400_000);
    const holidays = (d.getMonth() === 11 && d.getDate() >= 24) || (d.getMonth() === 0 && d.getDate() <= 2);
    if (weekdays.includes(d.getDay()) && !holidays) return ahead;
  }
}

/** Types into an address box and picks the first suggestion that contains `pick`. */
export async function chooseAddress(
  page: Page,
  label: 'From' | 'To',
  text: string,
  pick: string,
): Promise<void> {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.fill(text);
  const option = page.getByRole('option', { name: new RegExp(pick, 'i') }).first();
  await option.waitFor();
  await option.click();
  await expect(input).toHaveValue(new RegExp(pick, 'i'));
}

type Plan = {
  from: [string, string];
  to: [string, string];
  outTime?: string;
  returnTime?: string;
  /** Ticks the appointment brand's arrive-by box: outTime is then the appointment time. */
  arriveBy?: boolean;
};

/** Fills the Home form and submits it; resolves on the Results page. */
export async function planJourney(page: Page, plan: Plan): Promise<string> {
  await page.goto('/');
  await acceptCookies(page);
  await chooseAddress(page, 'From', ...plan.from);
  await chooseAddress(page, 'To', ...plan.to);
  await page.locator('input[name="out_time"]').fill(plan.outTime ?? inputDate(1, '09:00'));
  if (plan.arriveBy) await page.getByLabel('Plan to arrive by this time (for an appointment)').check();
  if (plan.returnTime) {
    await page.getByRole('radio', { name: 'Return' }).check();
    await page.locator('input[name="return_time"]').fill(plan.returnTime);
  }
  await page.getByRole('checkbox', { name: /I accept the Terms and Conditions/ }).check();
  await page.getByRole('button', { name: 'Find Routes & Times' }).click();
  await page.waitForURL(/\/search\/[0-9a-f]+\/results$/);
  return page.url();
}

/** Plans the suite's usual day return (Aviemore → Kingussie tomorrow, 09:00 and back at 17:00) and waits for every result. */
export async function planDayReturn(page: Page): Promise<void> {
  await planJourney(page, {
    from: ['Aviemore', 'Aviemore'],
    to: ['Kingussie', 'Kingussie'],
    outTime: inputDate(1, '09:00'),
    returnTime: inputDate(1, '17:00'),
  });
  await waitForResults(page);
}

/** Opens a journey option of the Results page, first filtered to `filterLabel` when given. */
export async function openOption(page: Page, filterLabel: string | null, index = 0): Promise<void> {
  if (filterLabel) await page.getByLabel('Showing').selectOption({ label: filterLabel });
  await page.locator('.journey-card h2 a').nth(index).click();
  await page.waitForURL(/\/results\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Journey details', level: 1 })).toBeVisible();
}

/** Opens the first result that has a return (the health brand's appointment screens need one). */
export async function openReturnOption(page: Page): Promise<void> {
  await page
    .locator('article.journey-card')
    .filter({ hasText: 'Return' })
    .first()
    .getByRole('link')
    .first()
    .click();
}

/**
 * Waits until every announced journey is on the Results page. A journey card or an empty state
 * comes first, so a page that has not yet started gathering cannot pass for one that finished.
 */
export async function waitForResults(page: Page): Promise<void> {
  await expect(page.locator('article.journey-card, .no-results').first()).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('Gathering your results')).toHaveCount(0, { timeout: 90_000 });
}

/** Waits for the MapLibre map to have drawn (its `idle` event), scrolling to it: it loads near the screen. */
export async function waitForMapIdle(page: Page): Promise<void> {
  await page.locator('.map-box').first().waitFor();
  // Scrolled by the page itself: the box is replaced by the map as it comes into view.
  await page.evaluate(() => document.querySelector('.map-box')?.scrollIntoView({ block: 'center' }));
  await expect(page.locator('[data-testid="journey-map"][data-map-idle="true"]').first()).toBeVisible({
    timeout: 60_000,
  });
}

/**
 * Holds back the lazy page chunk whose file name starts with `chunk` until `release` is called;
 * `asked` resolves when the page asks for it. (Routing a URL also keeps it out of the browser's
 * cache, so the chunk is really fetched.)
 */
export async function holdPageCode(
  page: Page,
  chunk: string,
): Promise<{ asked: Promise<Request>; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const pattern = new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`);
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return { asked: page.waitForRequest(pattern), release };
}

/**
 * Loads `url` afresh with the lazy page chunk whose file name starts with `chunk` held back, and
 * expects the `count` GETs `requests` records to be made and answered meanwhile: by the route's
 * loader, since the page's code has not arrived (issue #20). Then lets the chunk through.
 */
export async function expectAskedBeforePageCode(
  page: Page,
  url: string,
  chunk: string,
  requests: Request[],
  count = 1,
): Promise<void> {
  const code = await holdPageCode(page, chunk);
  await page.goto(url, { waitUntil: 'commit' });
  await code.asked;
  await expect.poll(() => requests.length, { timeout: 15_000 }).toBe(count);
  // The answers arrive first: the page then finds them in the cache, not a request under way.
  await Promise.all(requests.map((request) => request.response()));
  code.release();
}

/** Records the GET requests for the API path `apiPath` (query string aside). */
export function recordGets(page: Page, apiPath: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && new URL(r.url()).pathname === apiPath) seen.push(r);
  });
  return seen;
}

/**
 * A phone page in a context of its own, nothing kept from earlier pages and no service worker: a
 * visitor opening a shared link or reloading. Close its context when done.
 */
export async function openColdPhonePage(
  browser: Browser,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    serviceWorkers: 'block',
    viewport: { width: 412, height: 823 },
  });
  return { context, page: await context.newPage() };
}
