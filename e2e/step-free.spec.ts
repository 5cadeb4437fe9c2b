import { expect, test, type Page } from '@playwright/test';
import {
  acceptCookies,
  chooseAddress,
  expectAccessible,
  inputDate,
  openOption,
  snap,
  waitForResults,
} from './helpers.ts';
import { createActiveAccount, signIn, uniqueEmail } from './accountsSupport.ts';

// Feature under test: step-free journeys in the web app (issue #19): the choice on the form and in
// the profile, the label on each step and the summary on each card, with axe on the new parts.

/** Opens Travel options on Home with both ends chosen (Aviemore to Kingussie, tomorrow 09:00). */
async function fillForm(page: Page): Promise<void> {
  await page.goto('/');
  await acceptCookies(page);
  await chooseAddress(page, 'From', 'Aviemore', 'Aviemore');
  await chooseAddress(page, 'To', 'Kingussie', 'Kingussie');
  await page.locator('input[name="out_time"]').fill(inputDate(1, '09:00'));
  await page.getByText('Travel options').click();
}

test('anonymous: ticks Step-free journeys, sees a label on every card and step, Passenger Assist on the train', async ({
  page,
}) => {
  await fillForm(page);
  const box = page.getByRole('checkbox', { name: 'Step-free journeys' });
  await expect(box).not.toBeChecked();
  await box.check();
  await expect(page.locator('.travel-options summary')).toContainText('step-free');
  await expectAccessible(page, 'planner form with step-free');
  await snap(page, 'step-free-form');

  const sent = page.waitForRequest(
    (r) => r.url().endsWith('/v1/journey-planner/search') && r.method() === 'POST',
  );
  await page.getByRole('checkbox', { name: /I accept the Terms and Conditions/ }).check();
  await page.getByRole('button', { name: 'Find Routes & Times' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ step_free: true });
  await page.waitForURL(/\/search\/[0-9a-f]+\/results$/);
  await waitForResults(page);

  const cards = page.locator('article.journey-card');
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  // Every card says step-free, not step-free or not known, in words.
  await expect(cards.locator('.step-free')).toHaveCount(count);
  for (const text of await cards.locator('.step-free').allTextContents())
    expect(text).toMatch(/^(✓|✕|\?) (Step-free|Not step-free|Step-free not known): .+/);
  await expectAccessible(page, 'results with step-free summaries');
  await snap(page, 'step-free-results');

  // A journey by train: each step labelled, the rail operator's Passenger Assist shown.
  await openOption(page, 'Journeys with train');
  const steps = page.locator('.guide li.step:not(.step-end)');
  await expect(steps.first()).toBeVisible();
  await expect(steps.locator('.step-free')).toHaveCount(await steps.count());
  await expect(steps.locator('.step-free').first()).toContainText(
    /Step-free|Not step-free|Step-free not known/,
  );
  await expect(steps.locator('.assistance').first()).toContainText('Passenger Assist: Book at least 2 hours');
  await expectAccessible(page, 'journey with step-free labels');
  await snap(page, 'step-free-journey');
});

test('taxi list marks the operators with wheelchair-accessible vehicles', async ({ page }) => {
  await fillForm(page);
  await page.getByRole('checkbox', { name: 'Step-free journeys' }).check();
  await page.getByRole('checkbox', { name: /I accept the Terms and Conditions/ }).check();
  await page.getByRole('button', { name: 'Find Routes & Times' }).click();
  await waitForResults(page);
  await openOption(page, 'Journeys with taxi');
  await page.getByRole('button', { name: 'Local taxi operators' }).click();
  const dialog = page.getByRole('dialog', { name: 'Local taxi operators' });
  await expect(dialog.getByText('Wheelchair-accessible vehicles').first()).toBeVisible();
  await expectAccessible(page, 'taxi list with wheelchair taxis');
});

test('profile: step-free by default on the form, changed in Edit Account', async ({
  page,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('step-free');
  await createActiveAccount(request, baseURL!, email, { step_free: true });
  await signIn(page, email);
  await fillForm(page);
  await expect(page.getByRole('checkbox', { name: 'Step-free journeys' })).toBeChecked();
  await expect(page.locator('.travel-options summary')).toContainText('step-free');

  await page.goto('/edit-account');
  const question = page.getByRole('group', { name: 'Do you need step-free journeys?' });
  await expect(question.getByLabel('Yes', { exact: true })).toBeChecked();
  await expectAccessible(page, 'edit account with step-free');
  await snap(page, 'step-free-edit-account');
  await question.getByLabel('No', { exact: true }).check();
  await page.getByRole('button', { name: 'Update Details' }).click();
  await expect(page.getByText('Account successfully updated')).toBeVisible();

  await fillForm(page);
  await expect(page.getByRole('checkbox', { name: 'Step-free journeys' })).not.toBeChecked();
});
