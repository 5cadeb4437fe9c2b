import { expect, test } from '@playwright/test';

// Feature under test: installable per brand (issue #20) — each brand's pages link a web app
// manifest with the brand's own name, short name, logo icon and theme colour, and register the
// service worker, which the server serves as JavaScript.

const PORT = Number(process.env.E2E_PORT ?? 8092);
const BRANDS = [
  { host: '127.0.0.1', title: /Cairngorms Explorer/ },
  { host: 'council.localhost', title: /Glentarrow/ },
  { host: 'greenway.localhost', title: /Greenway/ },
  { host: 'health.localhost', title: /Strathbrae/ },
];

for (const brand of BRANDS) {
  test(`${brand.host}: the brand's manifest and the service worker are served and used`, async ({ page }) => {
    const origin = `http://${brand.host}:${PORT}`;
    await page.goto(`${origin}/`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    // Fetched by the page: Node's resolver does not know *.localhost, Chromium does.
    const manifest = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return { type: response.headers.get('content-type'), body: await response.json() };
    }, href!);
    expect(manifest.type).toContain('application/manifest+json');
    expect(manifest.body.name).toMatch(brand.title);
    expect(manifest.body.short_name.length).toBeGreaterThan(0);
    expect(manifest.body.theme_color).toMatch(/^#[0-9a-f]{3,8}$/i);
    expect(manifest.body.start_url).toBe('/');
    const icon = manifest.body.icons[0];
    const iconType = await page.evaluate(
      async (src) => (await fetch(src)).headers.get('content-type'),
      icon.src,
    );
    expect(iconType).toContain(icon.type);

    const worker = await page.evaluate(async () => {
      const response = await fetch('/sw.js');
      return { status: response.status, type: response.headers.get('content-type') };
    });
    expect(worker).toEqual({ status: 200, type: expect.stringContaining('javascript') });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${origin}/`);
  });
}
