import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, inputDate, planJourney, waitForResults, openReturnOption } from './helpers.ts';

// Feature under test: issue #16 screens: the stage timetable, the Refine panel read from the
// URL, points of interest linking to their own places, and the health brand's appointment Update.

const PORT = Number(process.env.E2E_PORT ?? 8092);
const at = (host: string) => `http://${host}:${PORT}`;

/** The journey behind the open Journey page, as the API serves it to this page. */
async function openJourney(page: Page) {
  const [, hash, id] = /\/search\/([0-9a-f]+)\/results\/([^/?]+)/.exec(new URL(page.url()).pathname)!;
  return page.evaluate(
    async ([h, j]) => (await (await fetch(`/v1/journey-planner/search/${h}/${j}`)).json()).data,
    [hash!, id!] as const,
  ) as Promise<{
    depart: { pois: { type: string; link: string; markers: { location: { lat: number; lng: number } }[] }[] };
  }>;
}

/** The stored search behind the Results page. */
async function storedSearch(page: Page) {
  const hash = /\/search\/([0-9a-f]+)\/results/.exec(page.url())![1]!;
  const body = await page.evaluate(
    async (h) => (await fetch(`/v1/journey-planner/search/${h}`)).json(),
    hash,
  );
  return (
    body as {
      data: {
        journeys: { depart: { stages: string[] }; return: { departure_datetime: string } | null }[];
        query: { status: string };
      };
    }
  ).data;
}

/** The Refine panel's stage filter and sort as the traveller sees them. */
function refine(page: Page) {
  const panel = page.getByRole('region', { name: 'Refine' });
  return { panel, sort: panel.getByLabel('Sort by') };
}

test('Stage timetable: the journey trip first, marked and timed as the step, then one column per other trip in departure order', async ({
  page,
}) => {
  await planJourney(page, {
    from: ['Edinburgh Airport', 'Edinburgh Airport'],
    to: ['Port of Leith', 'Port of Leith'],
    outTime: inputDate(1, '12:40'),
  });
  await waitForResults(page);
  await page.getByLabel('Showing').selectOption({ label: 'Journeys with tram' });
  await page.locator('.journey-card h2 a').first().click();
  const tramStep = page
    .locator('li.step')
    .filter({ has: page.getByRole('img', { name: 'tram' }) })
    .first();
  await tramStep.getByRole('button', { name: /Stage details/ }).click();
  const times = await page.getByText(/^\d{2}:\d{2} – \d{2}:\d{2} ·/).textContent();
  const [, departs, arrives] = /^(\d{2}:\d{2}) – (\d{2}:\d{2})/.exec(times!)!;

  await page.getByRole('button', { name: 'View timetable' }).click();
  const timetable = page.getByRole('dialog', { name: /timetable/ });
  const rows = timetable.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const columns: string[][] = [];
  const rowCount = await rows.count();
  for (let r = 0; r < rowCount; r++) {
    const cells = await rows.nth(r).locator('td').allTextContents();
    cells.forEach((cell, c) => (columns[c] ??= []).push(cell));
  }
  expect(columns.length).toBeGreaterThan(1);
  expect(new Set(columns.map((c) => c.join(' '))).size, 'each trip once').toBe(columns.length);
  const headers = timetable.locator('thead th');
  const own = timetable.getByRole('columnheader', { name: /your trip/ });
  await expect(own).toHaveCount(1);
  const ownIndex = (await headers.allTextContents()).findIndex((t) => t.includes('your trip')) - 1;
  // The traveller's trip comes first, beside the stop names, so a phone shows it (issue 31).
  expect(ownIndex, 'the journey trip first').toBe(0);
  const others = columns.slice(1).map((c) => c[0]!);
  expect(others, 'the other trips in departure order').toEqual([...others].sort());
  expect(columns[ownIndex]![0], 'boards as the step says').toBe(departs);
  expect(columns[ownIndex]![rowCount - 1], 'alights as the step says').toBe(arrives);
  await expect(timetable.locator('td.timetable-own')).toHaveCount(rowCount);
  await expectAccessible(page, 'timetable modal with the journey trip marked');
});

test('Refine shows the filter and sort the URL asks for (single stage filter)', async ({ page }) => {
  const results = await planJourney(page, { from: ['Aviemore', 'Aviemore'], to: ['Kingussie', 'Kingussie'] });
  await waitForResults(page);
  // A fresh load of the link, as when it is shared or bookmarked.
  await page.goto(`${results}?filters=train&sort=cost`);
  const { panel, sort } = refine(page);
  const showing = panel.getByLabel('Showing');
  await expect(showing).toHaveValue('train');
  await waitForResults(page);
  await expect(showing).toHaveValue('train');
  await expect(showing.locator('option:checked')).toHaveText('Journeys with train');
  await expect(sort).toHaveValue('cost');
  for (const card of await page.locator('article.journey-card').all())
    await expect(card.getByRole('img', { name: 'train' }).first()).toBeVisible();
  // A stage the results do not have is still what the panel says is shown.
  await page.goto(`${results}?filters=ferry`);
  await waitForResults(page);
  await expect(panel.getByLabel('Showing')).toHaveValue('ferry');
  await expect(page.getByRole('heading', { name: 'No search results' })).toBeVisible();
});

test.describe('multiple stage filter', () => {
  test.use({ baseURL: at('greenway.localhost') });

  test('Refine ticks the stages the URL asks for, and all stages without one', async ({ page }) => {
    const results = await planJourney(page, {
      from: ['Aviemore', 'Aviemore'],
      to: ['Kingussie', 'Kingussie'],
    });
    await waitForResults(page);
    const showing = page.getByRole('group', { name: 'Showing' });
    const boxes = showing.getByRole('checkbox');
    const stages = await boxes.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(stages).toEqual(expect.arrayContaining(['train', 'walk']));
    for (const box of await boxes.all()) await expect(box).toBeChecked();

    await page.goto(`${results}?filters=train,walk&sort=travel-time`);
    await waitForResults(page);
    for (const stage of stages) {
      const box = showing.locator(`input[type="checkbox"][value="${stage}"]`);
      if (stage === 'train' || stage === 'walk') await expect(box).toBeChecked();
      else await expect(box).not.toBeChecked();
    }
    await expect(page.getByLabel('Sort by')).toHaveValue('travel-time');
    const offered = (await storedSearch(page)).journeys.filter((j) =>
      j.depart.stages.every((s) => s === 'train' || s === 'walk'),
    ).length;
    await expect(page.locator('article.journey-card')).toHaveCount(offered);

    // A stage no result uses is still listed, ticked, when the URL selects it.
    await page.goto(`${results}?filters=ferry,train`);
    await waitForResults(page);
    await expect(showing.locator('input[type="checkbox"][value="ferry"]')).toBeChecked();
    await expect(showing.locator('input[type="checkbox"][value="train"]')).toBeChecked();
    await expect(showing.locator('input[type="checkbox"][value="walk"]')).not.toBeChecked();
  });
});

test('Points of interest: each card links to its own place', async ({ page }) => {
  await planJourney(page, { from: ['Aviemore', 'Aviemore'], to: ['Kingussie', 'Kingussie'] });
  await waitForResults(page);
  await page.locator('.journey-card h2 a').first().click();
  const cards = page
    .getByRole('region', { name: 'Points of interest near your destination' })
    .getByRole('link');
  await expect(cards.first()).toBeVisible();
  const hrefs = await cards.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(1);
  expect(new Set(hrefs).size, 'a link of its own per card').toBe(hrefs.length);
  const { pois } = (await openJourney(page)).depart;
  const website = hrefs.filter((h) => !h.startsWith('https://www.openstreetmap.org/'));
  const map = hrefs.filter((h) => h.startsWith('https://www.openstreetmap.org/'));
  // The demo's businesses publish a page each; its parks and cash machines are found on the map.
  expect(website.length).toBeGreaterThan(0);
  expect(map.length).toBeGreaterThan(0);
  for (const href of website) expect(href).toMatch(/^https:\/\/kingussie\.demo\.example\/[a-z0-9-]+$/);
  for (const poi of pois.filter((p) => map.includes(p.link))) {
    const { lat, lng } = poi.markers[0]!.location;
    expect(poi.markers, `${poi.type} is one place`).toHaveLength(1);
    expect(poi.link).toBe(
      `https://www.openstreetmap.org/?mlat=${lat.toFixed(5)}&mlon=${lng.toFixed(5)}#map=18/${lat.toFixed(5)}/${lng.toFixed(5)}`,
    );
  }
});

test.describe('health brand', () => {
  test.use({ baseURL: at('health.localhost') });

  test('appointment Update: the return leaves after appointment time + length, not arrival + length', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const appointment = inputDate(1, '10:00');
    await planJourney(page, {
      from: ['Aviemore', 'Aviemore'],
      to: ['Kingussie', 'Kingussie'],
      outTime: appointment,
      returnTime: inputDate(1, '12:00'),
      arriveBy: true,
    });
    await waitForResults(page);
    await openReturnOption(page);
    await page.getByLabel('Appointment length').selectOption('30');
    const updated = page.waitForRequest(
      (r) => r.url().endsWith('/update-return-time') && r.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Update' }).click();
    const sent = ((await updated).postDataJSON() as { return_time: string }).return_time;
    const ends = `${appointment.slice(0, 10).replaceAll('-', '/')} 10:30:00`;
    expect(sent, 'appointment 10:00 + 30 minutes').toBe(ends);

    await page.waitForURL(/\/search\/[0-9a-f]+\/results$/);
    await waitForResults(page);
    const { journeys } = await storedSearch(page);
    // The appointment's end in the browser's (the region's) time zone.
    const endsAt = await page.evaluate(
      (local) => new Date(local).getTime(),
      `${appointment.slice(0, 10)}T10:30:00`,
    );
    const returns = journeys.flatMap((j) => (j.return ? [Date.parse(j.return.departure_datetime)] : []));
    expect(returns.length).toBeGreaterThan(0);
    for (const leaves of returns)
      expect(leaves, 'returns leave once the appointment is over').toBeGreaterThanOrEqual(endsAt);
  });
});
