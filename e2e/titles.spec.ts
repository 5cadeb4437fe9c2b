import { expect, test, type Page } from '@playwright/test';
import { inputDate, openOption, planJourney, waitForResults } from './helpers.ts';

// Feature under test: titles (issue #20) — each page's title and meta description name the brand
// and what the page shows ("Aviemore to Kingussie — Cairngorms Explorer").

const BRAND = 'Cairngorms Explorer (demo brand)';
const description = (page: Page) => page.locator('meta[name="description"]').getAttribute('content');

test('home, results, journey details and static pages carry their own title and description', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle(`Plan your journey — ${BRAND}`);
  expect(await description(page)).toContain(BRAND);

  await planJourney(page, {
    from: ['Aviemore', 'Aviemore'],
    to: ['Kingussie', 'Kingussie'],
    outTime: inputDate(1, '09:00'),
  });
  await waitForResults(page);
  await expect(page).toHaveTitle(
    new RegExp(`^Aviemore.* to .*Kingussie.*: journey options — ${escape(BRAND)}$`),
  );
  expect(await description(page)).toMatch(/^Journey options from .*Aviemore.* to .*Kingussie/);

  await openOption(page, null);
  await expect(page).toHaveTitle(new RegExp(`^.*Aviemore.* to .*Kingussie.* — ${escape(BRAND)}$`));
  expect(await description(page)).toMatch(
    /^Journey details: .*Aviemore.* to .*Kingussie.*, leaving \d{4}-\d\d-\d\d at \d\d:\d\d/,
  );

  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const heading = await page.getByRole('heading', { level: 1 }).innerText();
  await expect(page).toHaveTitle(`${heading} — ${BRAND}`);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
