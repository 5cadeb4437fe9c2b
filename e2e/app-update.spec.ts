import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { precompressDir } from '../scripts/precompress.ts';
import { startExtraServer, type ExtraServer } from './campaignServer.ts';

// Feature under test: app updates are picked up (issue #20). A visitor has the app open under its
// service worker; a new version is deployed (a new index.html and the worker that lists it); the
// new worker takes over, and the page loads the new version on its next navigation rather than
// keeping the old one. A server of its own serves a copy of the build, which the test then changes.

const PORT = Number(process.env.E2E_PORT ?? 8092) + 42;
const BUILD = resolve(import.meta.dirname, '../packages/web/dist');
let server: ExtraServer;
let dist: string;

test.use({ baseURL: `http://127.0.0.1:${PORT}` });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dist = join(mkdtempSync(join(tmpdir(), 'cairn-e2e-update-')), 'dist');
  cpSync(BUILD, dist, { recursive: true });
  server = await startExtraServer(PORT, { WEB_DIST: dist });
});

test.afterAll(async () => {
  await server?.stop();
});

/**
 * Deploys "version 2": index.html gains a marker, and the worker's precache list its new revision.
 * Like a real build, the compressed copies the server prefers are written again.
 */
function deployNewVersion(): void {
  const index = join(dist, 'index.html');
  writeFileSync(
    index,
    readFileSync(index, 'utf8').replace('<head>', '<head><meta name="cairn-version" content="2">'),
  );
  const worker = join(dist, 'sw.js');
  const text = readFileSync(worker, 'utf8');
  const revised = text.replace(/("revision":")([0-9a-f]+)(","url":"index\.html")/, '$1$2f$3');
  expect(revised, 'the worker lists index.html with a revision').not.toBe(text);
  writeFileSync(worker, revised);
  precompressDir(dist);
}

test('a new version takes over and the open page loads it on its next navigation', async ({ page }) => {
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.evaluate(() => ((window as unknown as { oldPage: boolean }).oldPage = true));

  deployNewVersion();
  const changed = page.evaluate(
    () =>
      new Promise<void>((done) => navigator.serviceWorker.addEventListener('controllerchange', () => done())),
  );
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
  await changed;
  // Nothing is reloaded under the visitor's hands: the page stays until they move on.
  expect(await page.evaluate(() => (window as unknown as { oldPage?: boolean }).oldPage)).toBe(true);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Site map' }).click();
  await expect(page).toHaveURL(/\/site-map$/);
  await expect(page.locator('meta[name="cairn-version"]')).toHaveAttribute('content', '2');
  expect(await page.evaluate(() => (window as unknown as { oldPage?: boolean }).oldPage)).toBeUndefined();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Offline, the kept shell is the new version.
  const kept = await page.evaluate(async () => {
    const cache = await caches.open('cairn-app-shell');
    const key = (await cache.keys()).find((request) => request.url.includes('index.html'))!;
    return (await (await cache.match(key))!.text()).includes('cairn-version');
  });
  expect(kept).toBe(true);
});
