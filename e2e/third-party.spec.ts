import { expect, test } from '@playwright/test';
import { cpSync, mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startExtraServer, type ExtraServer } from './campaignServer.ts';
import { expectAccessible, planJourney, waitForResults } from './helpers.ts';
import { startLoopbackHost, type LoopbackHost } from './loopbackHost.ts';

// Feature under test: the brand's third-party services (SPEC §6 Results ad banner, §7 external
// services): an ad frame on Results and a tag-manager container that loads only after Accept
// Cookies, with the CSP opened to just their origin. A loopback server stands in for both hosts,
// and a brand of the test's own (BRANDS_DIR) points at it.

test.describe.configure({ mode: 'serial' });

const PORT = Number(process.env.E2E_PORT ?? 8092) + 40;
const ROOT = resolve(import.meta.dirname, '..');
const AD_TEXT = 'Visit the Glen Tarrow tea room';
const AD = `<!doctype html><html lang="en"><head><title>Demo advertisement</title></head><body style="margin:0;font:16px sans-serif">${AD_TEXT}</body></html>`;
// The container marks the page, which shows that the CSP let it run.
const CONTAINER = "document.documentElement.dataset.tagManager = 'loaded';";

let host: LoopbackHost;
let server: ExtraServer;

test.use({ baseURL: `http://127.0.0.1:${PORT}` });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  host = await startLoopbackHost({
    // An ad server that tries to keep a cookie of its own.
    '/ad.html': {
      type: 'text/html; charset=utf-8',
      body: AD,
      headers: { 'set-cookie': 'ad-visitor=1; Path=/' },
    },
    '/gtm.js': { type: 'text/javascript', body: CONTAINER },
  });
  const brands = mkdtempSync(join(tmpdir(), 'cairn-e2e-brands-'));
  cpSync(join(ROOT, 'brands/default'), join(brands, 'default'), { recursive: true });
  mkdirSync(join(brands, 'third-party-demo'));
  writeFileSync(
    join(brands, 'third-party-demo/brand.json'),
    JSON.stringify({
      brand: 'third-party-demo',
      title: 'Third-party demo planner',
      shortTitle: 'Demo',
      contactEmail: 'demo@cairn.example',
      adBannerUrl: `${host.origin}/ad.html`,
      tagManagerUrl: `${host.origin}/gtm.js?id=GTM-DEMO`,
    }),
  );
  server = await startExtraServer(PORT, { BRANDS_DIR: brands, BRAND: 'third-party-demo' });
});

test.afterAll(async () => {
  await server?.stop();
  await host?.close();
});

const containerRequests = () => host.requests.filter((p) => p === '/gtm.js').length;

test('the tag-manager container loads only after Accept Cookies, and on later visits', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Accept Cookies' })).toBeVisible();
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(containerRequests(), 'no container request before consent').toBe(0);
  await expect(page.locator('script[src*="gtm.js"]')).toHaveCount(0);

  await page.getByRole('button', { name: 'Accept Cookies' }).click();
  await expect.poll(containerRequests).toBe(1);
  await expect(page.locator('html')).toHaveAttribute('data-tag-manager', 'loaded');
  await expect(page.locator('script[src*="gtm.js"]')).toHaveCount(1);

  await page.reload();
  await expect.poll(containerRequests).toBe(2);
  await expect(page.locator('html')).toHaveAttribute('data-tag-manager', 'loaded');
});

test('a visitor who never accepts never loads the container', async ({ page }) => {
  const before = containerRequests();
  for (const path of ['/', '/cookie-policy', '/site-map']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Accept Cookies' })).toBeVisible();
  }
  await page.waitForLoadState('networkidle');
  expect(containerRequests()).toBe(before);
  await expect(page.locator('html')).not.toHaveAttribute('data-tag-manager', 'loaded');
});

test('the CSP admits just the brand’s ad and container origins; the default brand’s stays strict', async ({
  request,
}) => {
  const csp = directives((await request.get('/')).headers()['content-security-policy']);
  expect(csp.get('frame-src')).toEqual([host.origin]);
  expect(csp.get('script-src')).toEqual(["'self'", host.origin]);
  const strict = directives(
    (await request.get(`http://127.0.0.1:${process.env.E2E_PORT ?? 8092}/`)).headers()[
      'content-security-policy'
    ],
  );
  expect(strict.get('frame-src')).toEqual(["'none'"]);
  expect(strict.get('script-src')).toEqual(["'self'"]);
});

test('Results shows the ad in a reserved, sandboxed, titled, lazy frame that does not move the page', async ({
  page,
}) => {
  await planJourney(page, { from: ['Aviemore', 'Aviemore'], to: ['Kingussie', 'Kingussie'] });

  const slot = page.getByRole('region', { name: 'Advertisement' });
  await expect(slot).toBeVisible();
  const frame = slot.locator('iframe');
  await expect(frame).toHaveAttribute('title', 'Advertisement');
  await expect(frame).toHaveAttribute('loading', 'lazy');
  await expect(frame).toHaveAttribute('src', `${host.origin}/ad.html`);
  const sandbox = (await frame.getAttribute('sandbox')) ?? '';
  expect(sandbox.split(/\s+/)).toContain('allow-scripts');
  // Without allow-same-origin the ad runs as an opaque origin: no cookies or storage of its own.
  expect(sandbox).not.toContain('allow-same-origin');
  const reserved = await slot.boundingBox();
  expect(reserved!.height).toBeGreaterThan(0);

  await waitForResults(page);
  await slot.scrollIntoViewIfNeeded();
  await expect(page.frameLocator('iframe[title="Advertisement"]').getByText(AD_TEXT)).toBeVisible();
  expect(host.requests).toContain('/ad.html');
  // Credentialless: the ad server's cookie stays in the frame's throwaway partition, never among
  // the cookies of the page (the same host, 127.0.0.1, as the stand-in ad server).
  expect(await page.evaluate(() => document.cookie)).not.toContain('ad-visitor');
  await page.reload();
  await expect(slot.locator('iframe')).toBeAttached();
  expect(await page.evaluate(() => document.cookie)).not.toContain('ad-visitor');
  const loaded = await slot.boundingBox();
  expect({ width: loaded!.width, height: loaded!.height }).toEqual({
    width: reserved!.width,
    height: reserved!.height,
  });
  await expectAccessible(page, 'results with ad banner');
});

test('the cookie policy names the tag manager and the ad frame of this brand', async ({ page }) => {
  await page.goto('/cookie-policy');
  const article = page.locator('article');
  await expect(article.getByText(new RegExp(`tag manager.*${escape(host.origin)}`, 'i'))).toBeVisible();
  await expect(article.getByText(new RegExp(`advert.*${escape(host.origin)}`, 'i'))).toBeVisible();
});

function directives(csp: string | undefined): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k!, v]),
  );
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
