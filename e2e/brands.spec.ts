import { expect, test, type Page } from '@playwright/test';
import {
  acceptCookies,
  expectAccessible,
  inputDate,
  planJourney,
  snap,
  waitForResults,
  openReturnOption,
} from './helpers.ts';

// Feature under test: the demo brands (SPEC §1 brand variations), each served by the one e2e
// server and chosen by hostname (BRAND_BY_HOST; *.localhost is loopback in Chromium).

const PORT = Number(process.env.E2E_PORT ?? 8092);
const at = (host: string) => `http://${host}:${PORT}`;

/** The stored search behind the Results page, as the API serves it to this brand. */
async function storedSearch(page: Page) {
  const hash = /\/search\/([0-9a-f]+)\/results/.exec(page.url())![1]!;
  // Fetched by the page: Node's resolver does not know *.localhost, Chromium does.
  const body = await page.evaluate(
    async (h) => (await fetch(`/v1/journey-planner/search/${h}`)).json(),
    hash,
  );
  return (body as { data: { journeys: { id: string; depart: { stages: string[] } }[] } }).data;
}

const BLOCKED = ['taxi', 'own car', 'cycle'];

/** Plans Aviemore → Kingussie through the API as the server's default brand (no blocked types). */
async function stagesOnDefaultHost(page: Page): Promise<string[]> {
  const base = `http://127.0.0.1:${PORT}`;
  const d = new Date(Date.now() + 86_400_000);
  const day = `${d.getFullYear()}/${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}`;
  const created = await page.request.post(`${base}/v1/journey-planner/search`, {
    data: { origin: 'Aviemore', destination: 'Kingussie', out_time: `${day} 09:00:00` },
  });
  expect(created.ok()).toBe(true);
  const hash = (await created.json()).data.hash as string;
  let stages: string[] = [];
  await expect
    .poll(
      async () => {
        const body = (await (await page.request.get(`${base}/v1/journey-planner/search/${hash}`)).json())
          .data;
        stages = body.journeys.flatMap((j: { depart: { stages: string[] } }) => j.depart.stages);
        return body.query.status;
      },
      { timeout: 90_000 },
    )
    .toBe('done');
  return stages;
}

/** The open journey's return departure, read from the API the page uses. */
async function returnDeparture(page: Page): Promise<Date> {
  const [, hash, id] = /\/search\/([0-9a-f]+)\/results\/([^/?]+)/.exec(new URL(page.url()).pathname)!;
  const iso = await page.evaluate(
    async ([h, j]) =>
      (await (await fetch(`/v1/journey-planner/search/${h}/${j}`)).json()).data.return
        .departure_datetime as string,
    [hash!, id!] as const,
  );
  return new Date(iso);
}

/** `YYYY/MM/DD HH:mm:ss` in the region's time (the e2e browser runs in Europe/London too). */
function formatSearchTime(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}/${parts.month}/${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

test.describe('council brand', () => {
  test.use({ baseURL: at('council.localhost') });

  test('no accounts; waits 10 s with visible progress before results; toilet-data notice on the journey', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.goto('/');
    await expect(page).toHaveTitle(/Glentarrow/);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toHaveCount(0);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);

    await planJourney(page, { from: ['Aviemore', 'Aviemore'], to: ['Kingussie', 'Kingussie'] });
    const started = Date.now();
    const progress = page.getByRole('status').filter({ hasText: /we wait a few seconds/ });
    await expect(progress).toBeVisible();
    await expect(progress).toContainText(/\d+ s left/);
    await expect(page.locator('.progress')).toBeVisible();
    await snap(page, 'brand-council-waiting');
    await expect(page.locator('article.journey-card').first()).toBeVisible({ timeout: 60_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
    await waitForResults(page);

    await page.locator('article.journey-card').first().getByRole('link').first().click();
    await expect(
      page
        .getByText(
          /Toilet locations and opening hours come from OpenStreetMap contributors and council records/,
        )
        .first(),
    ).toBeVisible();
    await expectAccessible(page, 'council journey');
    await snap(page, 'brand-council-journey');

    // Without breadcrumbs, the journey still leads back to its options, and they show at once:
    // the wait was for the search just made, not for every time its results are opened.
    await page.getByRole('link', { name: 'Back to journey options' }).click();
    await expect(page.locator('article.journey-card').first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: /Select journey option/ })).toBeVisible();
    expect(await page.locator('.progress').count(), 'no second wait on reload').toBe(0);
    await expect(page.locator('article.journey-card').first()).toBeVisible();
  });
});

test.describe('multiple-filter brand with blocked types', () => {
  test.use({ baseURL: at('greenway.localhost') });

  test('stage checkboxes start all ticked and never list taxi, own car or cycle', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('/');
    await expect(page).toHaveTitle(/Greenway/);
    await planJourney(page, { from: ['Aviemore', 'Aviemore'], to: ['Kingussie', 'Kingussie'] });
    await waitForResults(page);
    const showing = page.getByRole('group', { name: 'Showing' });
    await expect(showing).toBeVisible();
    const boxes = showing.getByRole('checkbox');
    const labels = (await showing.locator('label').allInnerTexts()).map((t) => t.trim().toLowerCase());
    expect(labels.length).toBeGreaterThan(0);
    for (const blocked of BLOCKED) expect(labels).not.toContain(blocked);
    for (let i = 0; i < (await boxes.count()); i++) await expect(boxes.nth(i)).toBeChecked();
    expect([...labels].sort()).toEqual(labels);
    // This brand is not offered the blocked types at all, while the same trip on a brand without
    // blocks does include some: their absence is the brand's doing, not the trip's.
    const offered = new Set((await storedSearch(page)).journeys.flatMap((j) => j.depart.stages));
    expect([...offered].filter((s) => BLOCKED.includes(s))).toEqual([]);
    const elsewhere = await stagesOnDefaultHost(page);
    expect(elsewhere.filter((s) => BLOCKED.includes(s)).length).toBeGreaterThan(0);
    await expectAccessible(page, 'greenway results');
    await snap(page, 'brand-greenway-results');
  });
});

test.describe('health brand', () => {
  test.use({ baseURL: at('health.localhost') });

  test('appointment flow: departure from hospital, Attend Appointment, length Update and earlier/later returns, print rows', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.goto('/');
    await expect(page).toHaveTitle(/Strathbrae/);
    await acceptCookies(page);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toHaveCount(0);
    await expect(page.getByLabel('Plan to arrive by this time (for an appointment)')).toBeVisible();

    const first = await planJourney(page, {
      from: ['Aviemore', 'Aviemore'],
      to: ['Kingussie', 'Kingussie'],
      outTime: inputDate(1, '09:00'),
      returnTime: inputDate(1, '11:00'),
    });
    await waitForResults(page);
    await openReturnOption(page);
    await expect(page.getByText('Departure from hospital')).toBeVisible();
    const guide = page.locator('#step-by-step');
    await expect(guide.getByText('Attend Appointment')).toBeVisible();
    await expect(guide.getByText('1 hour')).toBeVisible();

    const length = page.getByLabel('Appointment length');
    await expect(length.locator('option')).toHaveText([
      '30 minutes',
      '60 minutes',
      '90 minutes',
      '120 minutes',
      '150 minutes',
      '180 minutes',
    ]);
    await expect(length).toHaveValue('60');
    await length.selectOption('30');
    await expect(guide.getByText('30 mins')).toBeVisible();
    await expectAccessible(page, 'health journey');
    await snap(page, 'brand-health-journey');

    const journeyUrl = page.url();
    const printUrl = journeyUrl.replace(/\/results\/([^/]+).*$/, '/results/$1/print');
    const updated = page.waitForRequest(
      (r) => r.url().endsWith('/update-return-time') && r.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Update' }).click();
    const body = (await updated).postDataJSON() as { return_time: string };
    expect(body.return_time).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
    await page.waitForURL((url) => /\/search\/[0-9a-f]+\/results$/.test(url.pathname) && url.href !== first);
    await waitForResults(page);

    await openReturnOption(page);
    // The journey of the new search keeps the length it was made for.
    await expect(page.getByLabel('Appointment length')).toHaveValue('30');
    await expect(guide.getByText('30 mins')).toBeVisible();
    // Later / Earlier re-plan the return 30 minutes after / before this journey's return departure.
    for (const [button, shiftMin] of [
      ['Later return option', 30],
      ['Earlier return option', -30],
    ] as const) {
      const before = page.url();
      const departure = await returnDeparture(page);
      const sent = page.waitForRequest((r) => r.url().endsWith('/update-return-time'));
      await page.getByRole('button', { name: button }).click();
      const returnTime = ((await sent).postDataJSON() as { return_time: string }).return_time;
      expect(returnTime).toBe(formatSearchTime(new Date(departure.getTime() + shiftMin * 60_000)));
      await page.waitForURL((url) => /\/results$/.test(url.pathname) && url.href !== before);
      await waitForResults(page);
      await openReturnOption(page);
      await expect(page.getByRole('button', { name: 'Earlier return option' })).toBeVisible();
    }

    await page.goto(printUrl);
    await expect(page.getByText('Attend appointment', { exact: false }).first()).toBeVisible();
    await expect(page.getByText('Return home', { exact: false }).first()).toBeVisible();
    await snap(page, 'brand-health-print');
  });
});
