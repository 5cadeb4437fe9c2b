import { expect, test } from '@playwright/test';
import { daysToOrdinaryWeekday, inputDate, planJourney, waitForResults } from './helpers.ts';

// The lead's reading of main: Dufftown → Nethy Bridge on a Tuesday offered a lift alone, and never
// said that no bus runs (bus 366 leaves Dufftown on Wednesdays and Fridays only). The results page
// now says so beside the lift, with the next bus from Dufftown, and offers to change the date.

test('a lift alone on a day without a bus says there is no public transport, and names the next bus', async ({
  page,
}) => {
  const tuesday = daysToOrdinaryWeekday([2]);
  await planJourney(page, {
    from: ['Dufftown', 'Dufftown'],
    to: ['Nethy Bridge', 'Nethy Bridge'],
    outTime: inputDate(tuesday, '09:00'),
  });
  await waitForResults(page);
  const heading = page.getByRole('heading', { name: 'No public transport for this trip' });
  await expect(heading).toBeVisible();
  const note = page.locator('section', { has: heading });
  await expect(note).toContainText(
    'No bus, train or other public transport runs between the stops near these places',
  );
  await expect(note).toContainText('366 towards Keith from Dufftown, Balvenie Street');
  // The lift is still offered beside it.
  await expect(page.locator('article.journey-card')).toHaveCount(1);
  await note.getByRole('button', { name: 'Change the date or time' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit journey' })).toBeVisible();
});
