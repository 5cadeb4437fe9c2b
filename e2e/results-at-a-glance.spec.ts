import { expect, test, type Page } from '@playwright/test';
import { daysToOrdinaryWeekday, inputDate, planJourney, snap, waitForResults } from './helpers.ts';

// Issue 31: what a results card and the results page tell a traveller without opening an option —
// each ride's line number, a duration that is the difference of the times shown, and why a late
// return has only taxis and cars.

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** "1 hr 5 mins" → 65. */
function durationMinutes(text: string): number {
  const h = /(\d+) hrs?/.exec(text)?.[1] ?? '0';
  const m = /(\d+) mins?/.exec(text)?.[1] ?? '0';
  return Number(h) * 60 + Number(m);
}

/** Each card's heading times and its Duration, as a traveller reads them. */
async function cardTimes(page: Page): Promise<Array<{ from: string; to: string; duration: string }>> {
  const cards = page.locator('article.journey-card');
  const out = [];
  for (let i = 0; i < (await cards.count()); i++) {
    const heading = (await cards.nth(i).locator('h2').textContent()) ?? '';
    const [, from, to] = /Option \d+: (?:.*?)(\d\d:\d\d) – (?:timetabled \d\d:\d\d now )?(\d\d:\d\d)/.exec(
      heading,
    )!;
    const duration =
      (await cards.nth(i).locator('dt', { hasText: 'Duration' }).locator('+ dd').textContent()) ?? '';
    out.push({ from: from!, to: to!, duration });
  }
  return out;
}

test('a return search shows line numbers and honest durations, and says when a late return loses public transport', async ({
  page,
}) => {
  const day = daysToOrdinaryWeekday();
  await planJourney(page, {
    from: ['Aviemore', 'Aviemore'],
    to: ['Kingussie', 'Kingussie'],
    outTime: inputDate(day, '09:00'),
    returnTime: inputDate(day, '17:00'),
  });
  await waitForResults(page);

  // Line numbers beside the mode icons, and in the option's accessible name.
  const first = page.getByRole('list', { name: 'Journey options' });
  await expect(first.locator('.modes .line-number').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /intercity bus M91/ }).first()).toBeVisible();
  for (const card of await cardTimes(page))
    expect(durationMinutes(card.duration), `${card.from}–${card.to}`).toBe(
      minutes(card.to) - minutes(card.from),
    );
  await expect(page.getByText(/No public transport back/)).toHaveCount(0);
  await snap(page, 'results-line-numbers');

  // Late evening: every option now comes back by taxi or car; the page says why and how to change it.
  await page.getByRole('button', { name: 'Edit journey' }).click();
  const panel = page.getByRole('dialog', { name: 'Edit journey' });
  await panel.locator('input[name="return_time"]').fill(inputDate(day, '22:30'));
  await panel.getByRole('button', { name: 'Update routes' }).click();
  await waitForResults(page);
  const notice = page.getByRole('heading', { name: 'No public transport back at 22:30' });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await snap(page, 'results-no-public-transport-back');
  await page.getByRole('button', { name: 'Change the return time' }).click();
  await expect(panel.locator('input[name="return_time"]')).toBeVisible();
});
