import { expect, test } from '@playwright/test';

// Feature under test: an address the web app has no page for shows the not-found page, and the
// server answers it with HTTP 404 (issue #16); a known route still answers 200.

for (const path of ['/no-such-page', '/search/0123abcd', '/about/more']) {
  test(`${path} shows the not-found page with status 404`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Plan a journey' })).toHaveAttribute('href', '/');
  });
}

test('a known route answers 200 and shows its page', async ({ page }) => {
  const response = await page.goto('/site-map');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toHaveCount(0);
});
