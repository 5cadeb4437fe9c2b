// `npm run bench` (or `node packages/web/scripts/routeBytes.ts`): the bytes that cross the network
// for home, results and journey details on a first visit (empty browser) and a repeat visit (same
// browser, its HTTP cache and service worker warm), measured in the system's Chromium through the
// DevTools protocol against the built app served by the real API. Targets on a first visit: home
// ≤ 150 KB, journey details ≤ 450 KB (issue #20). The service worker's own downloads (its
// precache, files it keeps for offline use) are counted in a column of their own. On a phone the
// journey's map loads only when scrolled to, so a last row counts the journey with its map.
import type { BrowserContext, Page } from '@playwright/test';
import { measureOnDemo, type DemoRoutes } from './demoApp.ts';

const APP_PORT = Number(process.env.ROUTE_BYTES_APP_PORT ?? 8182);
const TARGET_KB: Partial<Record<keyof DemoRoutes, number>> = { home: 150, journey: 450 };

type Visit = { pageBytes: number; workerBytes: number; requests: number };

/** Loads `url` in `page` and adds up what came over the network until the page is quiet. */
async function measureVisit(
  context: BrowserContext,
  page: Page,
  url: string,
  withMap: boolean,
): Promise<Visit> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const fromNetwork = new Set<string>();
  let pageBytes = 0;
  let requests = 0;
  cdp.on('Network.responseReceived', (event) => {
    const { response, requestId } = event;
    // Answers the worker or a browser cache gave cost nothing on the wire here.
    if (!response.fromServiceWorker && !response.fromDiskCache && !response.fromPrefetchCache)
      fromNetwork.add(requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (!fromNetwork.has(event.requestId)) return;
    pageBytes += event.encodedDataLength;
    requests += 1;
  });
  let workerBytes = 0;
  const onWorkerRequest = async (request: import('@playwright/test').Request) => {
    if (!request.serviceWorker()) return;
    try {
      const sizes = await request.sizes();
      // A body of 0 (or -1) came from the browser's cache, not over the network.
      if (sizes.responseBodySize > 0) workerBytes += sizes.responseBodySize + sizes.responseHeadersSize;
    } catch {
      // a request that failed or was cancelled carried no body
    }
  };
  context.on('requestfinished', onWorkerRequest);
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('main h1').first().waitFor({ timeout: 60_000 });
  if (withMap) {
    // The map loads when the traveller scrolls to it: this row counts it too.
    await page.evaluate(() => document.querySelector('.map-box')?.scrollIntoView());
    await page.locator('[data-map-idle="true"]').first().waitFor({ timeout: 60_000 });
  }
  await page.waitForLoadState('networkidle');
  // Give the worker time to install and keep what it keeps on a first visit.
  await page.waitForTimeout(3000);
  context.off('requestfinished', onWorkerRequest);
  await cdp.detach();
  return { pageBytes, workerBytes, requests };
}

await measureOnDemo(APP_PORT, [], async (browser, routes) => {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log('| route | first visit page KB | + worker KB | repeat visit page KB | + worker KB | target |');
  console.log('|---|---|---|---|---|---|');
  const rows: [string, string, boolean][] = [
    ...Object.entries(routes).map(([route, url]): [string, string, boolean] => [route, url, false]),
    ['journey, scrolled to the map', routes.journey, true],
  ];
  for (const [route, url, withMap] of rows) {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    const first = await measureVisit(context, page, url, withMap);
    const repeat = await measureVisit(context, page, url, withMap);
    await context.close();
    const target = TARGET_KB[route as keyof DemoRoutes];
    const verdict =
      target === undefined ? '' : `≤ ${target} KB ${first.pageBytes / 1024 <= target ? 'met' : 'NOT met'}`;
    console.log(
      `| ${route} | ${kb(first.pageBytes)} (${first.requests} req) | ${kb(first.workerBytes)} | ${kb(repeat.pageBytes)} (${repeat.requests} req) | ${kb(repeat.workerBytes)} | ${verdict} |`,
    );
  }
});
