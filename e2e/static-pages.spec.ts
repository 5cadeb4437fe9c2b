import { expect, test } from '@playwright/test';
import { acceptCookies, expectAccessible, snap } from './helpers.ts';

// Feature under test: the static pages, site map, footer blocks and the layout frame (SPEC §2).

const PAGES = [
  { path: '/about', heading: /About/ },
  { path: '/privacy-policy', heading: 'Privacy policy', text: /consent/i },
  { path: '/hear-more', heading: /Hear more/ },
  { path: '/terms-and-conditions', heading: 'Terms and conditions', text: /Scots law/ },
  { path: '/contact-us', heading: 'Contact us' },
  { path: '/cookie-policy', heading: 'Cookie policy', text: /Cookies and storage this site sets/ },
  { path: '/statement', heading: 'Accessibility statement' },
];

for (const page of PAGES) {
  test(`static page ${page.path}`, async ({ page: p }) => {
    await p.goto(page.path);
    await acceptCookies(p);
    await expect(p.getByRole('heading', { level: 1, name: page.heading })).toBeVisible();
    if (page.text) await expect(p.getByText(page.text).first()).toBeVisible();
    await expect(p.getByRole('link', { name: /home/i }).first()).toHaveAttribute('href', '/');
    await expectAccessible(p, page.path);
    await snap(p, `page${page.path.replace(/\//g, '-')}`);
  });
}

test('terms state clauses 13–15 and the age limit; cookie policy lists the cookies the app sets', async ({
  page,
}) => {
  await page.goto('/terms-and-conditions');
  for (const text of [
    /higher of the price you paid or the price quoted in your Journey Plan/,
    /no liability to you for any business use/,
    /indemnify the company/,
    /We may transfer this contract/,
    /at least 12 years old/,
    /mainly four council areas/,
  ]) {
    await expect(page.getByText(text)).toBeVisible();
  }
  await page.goto('/cookie-policy');
  // Only what the app stores (storage.spec.ts compares it with the browser): the API sets no
  // session or anti-forgery cookie, and this brand runs no analytics container (ADR 012).
  const table = page.getByRole('table', { name: 'Cookies and storage this site sets in your browser' });
  await expect(
    table.getByRole('row', { name: /user-token Cookie .*signed in.*End of session/ }),
  ).toBeVisible();
  await expect(
    table.getByRole('row', { name: /cookies-accepted Cookie .*Accept Cookies.*1 year/ }),
  ).toBeVisible();
  await expect(table.getByRole('row', { name: /cairn\.campaign-impressions Local storage/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Analytics' })).toHaveCount(0);
});

test('site map lists Home, Privacy Policy, Terms & Conditions, Cookie Policy', async ({ page }) => {
  await page.goto('/site-map');
  const main = page.getByRole('main');
  for (const name of ['Home', 'Privacy Policy', 'Terms & Conditions', 'Cookie Policy']) {
    await expect(main.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expectAccessible(page, 'site map');
  await snap(page, 'page-site-map');
});

test('layout: skip link, footer blocks by brand setting, scroll to top after navigation', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Your Journey' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main-content$/);
  // cairngorms-explorer: updates footer and need-help block on.
  await expect(page.getByText(/COVID-19 updates/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Need support or advice?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Send an enquiry' })).toBeVisible();
  for (const name of [
    'News',
    'Media enquiries',
    'Filming',
    'Careers',
    'Website feedback',
    'Terms and conditions',
    'Site map',
    'Cookie policy',
    'Privacy policy',
  ]) {
    await expect(page.getByRole('contentinfo').getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByText('Supported by')).toBeVisible();
  // No Download App link on a desktop browser.
  await expect(page.getByRole('link', { name: 'Download App' })).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cookie policy' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('Download App appears on a phone and points at its store', async ({ browser }) => {
  const context = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto('/');
  const config = await (await page.request.get('/v1/config')).json();
  await expect(page.getByRole('link', { name: 'Download App' })).toHaveAttribute(
    'href',
    config.data.brand.appStoreLinks.android,
  );
  await context.close();
});

test('unknown paths show a not-found page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
