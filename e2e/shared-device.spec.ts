import { expect, test, type Page } from '@playwright/test';
import { createActiveAccount, signIn, uniqueEmail } from './accountsSupport.ts';
import { inputDate, openOption, planJourney, waitForResults } from './helpers.ts';

// Feature under test: issue 30 finding 5 — on a shared device the service worker kept a signed-in
// traveller's searches (priced with their railcard and concession card, planned for their
// step-free need) for 14 days after logout. Answers fetched with a token are never kept, and
// logging out empties the journeys kept offline.

/** The paths of the journeys kept offline (the service worker's journeys cache). */
const keptPaths = (page: Page) =>
  page.evaluate(async () => {
    const cache = await caches.open('cairn-journeys');
    return (await cache.keys()).map((request) => {
      const url = new URL(request.url);
      return url.pathname + url.search;
    });
  });

test("a signed-in traveller's journeys are not kept offline, and logout empties what was kept", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // A visitor's journey is kept, as the offline feature means it to be.
  await planJourney(page, {
    from: ['Aviemore', 'Aviemore'],
    to: ['Kingussie', 'Kingussie'],
    outTime: inputDate(1, '09:00'),
  });
  await waitForResults(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  await page.reload();
  await waitForResults(page);
  const [, visitorHash] = /\/search\/([^/]+)\/results/.exec(page.url())!;
  await expect.poll(() => keptPaths(page)).toContain(`/v1/journey-planner/search/${visitorHash}`);

  const email = uniqueEmail('shared-device');
  await createActiveAccount(page.request, baseURL!, email, {
    railcard: 'Senior Railcard',
    has_concessionary_pass: true,
  });
  await signIn(page, email);
  await planJourney(page, {
    from: ['Kingussie', 'Kingussie'],
    to: ['Aviemore', 'Aviemore'],
    outTime: inputDate(2, '10:00'),
  });
  await waitForResults(page);
  await openOption(page, null);
  const [, hash, journeyId] = /\/search\/([^/]+)\/results\/([^/?]+)/.exec(page.url())!;
  // A later answer fetched without a token is kept: by then the signed-in ones would have been.
  // (The visitor's search: a signed-in traveller's search answers only with its owner's token.)
  await page.evaluate(
    (path) => fetch(path).then((r) => r.arrayBuffer()),
    `/v1/journey-planner/search/${visitorHash}?marker=1`,
  );
  await expect.poll(() => keptPaths(page)).toContain(`/v1/journey-planner/search/${visitorHash}?marker=1`);
  const kept = await keptPaths(page);
  expect(kept).not.toContain(`/v1/journey-planner/search/${hash}`);
  expect(kept).not.toContain(`/v1/journey-planner/search/${hash}/${journeyId}`);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Successfully logged out')).toBeVisible();
  await expect.poll(() => keptPaths(page)).toEqual([]);
});
