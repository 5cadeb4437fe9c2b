import { expect, test } from '@playwright/test';
import { openOption, planDayReturn } from './helpers.ts';

// Feature under test: where keyboard focus goes (WCAG 2.4.3, issue 31) — back to the control
// that opened a modal or a panel, never to <body>; the Edit journey panel keeps Tab inside it;
// the stage view is a step in the browser's history, crosses from outbound to return, and its
// Back returns to the step it came from.

test('focus returns to the opener of each modal and panel; Tab stays inside Edit journey', async ({
  page,
}) => {
  await planDayReturn(page);

  const edit = page.getByRole('button', { name: 'Edit journey' });
  await edit.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Edit journey' });
  await expect(panel).toBeVisible();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    expect(await panel.evaluate((el) => el.contains(document.activeElement)), `Tab ${i + 1}`).toBe(true);
  }
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await panel.evaluate((el) => el.contains(document.activeElement)), `Shift+Tab ${i + 1}`).toBe(
      true,
    );
  }
  await page.keyboard.press('Escape');
  await expect(edit).toBeFocused();

  await openOption(page, 'Journeys with train');
  for (const name of ['Pricing Breakdown', 'Accepted payment methods']) {
    const opener = page.getByRole('button', { name });
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name })).toHaveCount(0);
    await expect(opener, `after closing ${name}`).toBeFocused();
  }

  const trainStep = page
    .locator('li.step')
    .filter({ has: page.getByRole('img', { name: 'train' }) })
    .first();
  await trainStep.getByRole('button', { name: /Stage details/ }).click();
  const viewTimetable = page.getByRole('button', { name: 'View timetable' });
  await viewTimetable.focus();
  await page.keyboard.press('Enter');
  const timetable = page.getByRole('dialog', { name: /timetable/ });
  await expect(timetable).toBeVisible();
  await timetable.getByRole('button', { name: 'Close' }).click();
  await expect(viewTimetable).toBeFocused();
});

test('the stage view crosses to the return, Back returns to its step, and browser Back stays on the journey', async ({
  page,
}) => {
  await planDayReturn(page);
  await openOption(page, 'Journeys with train');
  const journeyUrl = page.url();

  const stageButtons = page.getByRole('button', { name: /Stage details/ });
  // The guide renders in a second pass (ui/Later.tsx): count its buttons once its return half is there.
  await expect(page.locator('.guide').getByRole('heading', { name: 'Return journey' })).toBeVisible();
  const last = (await stageButtons.count()) - 1;
  await stageButtons.first().click();
  await expect(page.getByRole('heading', { name: /Step 1 of \d+ \(outbound\)/ })).toBeVisible();
  // Next goes on from the last outbound step into the return.
  const next = page.getByRole('button', { name: 'Next step' });
  for (let i = 0; i < last; i++) await next.click();
  await expect(page.getByRole('heading', { name: /\(return\)/ })).toBeVisible();
  await expect(next).toBeDisabled();

  // Back to journey details lands on the step just shown, not at the top of the page.
  await page.getByRole('button', { name: 'Back to journey details' }).click();
  await expect(page.getByRole('heading', { name: 'Journey details', level: 1 })).toBeVisible();
  await expect(stageButtons.nth(last)).toBeFocused();
  await expect(stageButtons.nth(last)).toBeInViewport();

  // The browser's Back leaves the stage view, not the journey.
  await stageButtons.first().click();
  await expect(page.getByRole('heading', { name: /Step 1 of/ })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Journey details', level: 1 })).toBeVisible();
  expect(page.url()).toBe(journeyUrl);
  await expect(stageButtons.first()).toBeFocused();
});
