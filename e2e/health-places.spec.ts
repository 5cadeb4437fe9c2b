import { expect, test } from '@playwright/test';
import {
  acceptCookies,
  daysToOrdinaryWeekday,
  expectAccessible,
  inputDate,
  planJourney,
  snap,
  waitForResults,
} from './helpers.ts';

// Issue 31: on the health brand a traveller going to an appointment types the hospital or the
// surgery, as they know it, and finds it labelled as a hospital or a clinic.

const PORT = Number(process.env.E2E_PORT ?? 8092);
test.use({ baseURL: `http://health.localhost:${PORT}` });

test('a hospital or GP surgery is found by its name or by what it is, labelled so, and planned to', async ({
  page,
}) => {
  await page.goto('/');
  await acceptCookies(page);
  const to = page.getByRole('combobox', { name: 'To', exact: true });

  await to.fill('Raigmore');
  const raigmore = page.getByRole('option', { name: /Raigmore Hospital, Inverness/ });
  await expect(raigmore).toContainText('Inverness, hospital');

  await to.fill('Infirmary');
  await expect(page.getByRole('option', { name: /Aberdeen Royal Infirmary/ })).toBeVisible();

  await to.fill('GP');
  await expect(page.getByRole('option', { name: /Atholl Medical Centre, Pitlochry/ })).toContainText(
    'Pitlochry, clinic',
  );
  await snap(page, 'health-suggests-gp-surgery');
  await expectAccessible(page, 'health place suggestions');

  const day = daysToOrdinaryWeekday();
  await planJourney(page, {
    from: ['Aviemore', 'Aviemore'],
    to: ['Raigmore', 'Raigmore Hospital'],
    outTime: inputDate(day, '11:30'),
    arriveBy: true,
  });
  await waitForResults(page);
  await expect(page.locator('.results-header .route')).toContainText('Raigmore Hospital');
  await expect(page.locator('article.journey-card').first()).toBeVisible();
  await snap(page, 'health-results-to-raigmore');
});
