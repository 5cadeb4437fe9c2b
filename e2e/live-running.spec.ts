import { expect, test, type Page } from '@playwright/test';
import type { Journey, Step } from '@cairn/contracts';
import { startExtraServer, type ExtraServer } from './campaignServer.ts';
import { expectAccessible, inputDate, openOption, planJourney, shotPath, waitForResults } from './helpers.ts';
import {
  cancelled,
  delayed,
  routeAlert,
  startLiveFeedServer,
  type LiveFeedServer,
} from './liveFeedServer.ts';

// Feature under test: live running on the web (issue #18). A GTFS-realtime producer of the spec's
// own feeds an API server of the spec's own; a journey page shows its bus late with the route's
// alert, follows a bigger delay and then a cancellation without a reload, and re-plans from there.

const FEED_PORT = Number(process.env.E2E_LIVE_FEED_PORT ?? 8322);
const API_PORT = Number(process.env.E2E_LIVE_API_PORT ?? 8323);
const FEED_ID = 'bus';
const ALERT = {
  header: 'Roadworks on the Ski Road',
  description: 'Buses call at the temporary stop opposite the visitor centre until Friday.',
  url: 'https://strathspey-buses.demo.example/roadworks',
};

let feeds: LiveFeedServer;
let api: ExtraServer;

test.use({ baseURL: `http://127.0.0.1:${API_PORT}` });

test.beforeAll(async () => {
  feeds = await startLiveFeedServer(FEED_PORT);
  const source = (kind: 'trip-updates' | 'service-alerts') => ({
    feedId: FEED_ID,
    kind,
    url: feeds.url(FEED_ID, kind),
    pollSec: 1,
    maxAgeSec: 600,
  });
  api = await startExtraServer(API_PORT, {
    LIVE_FEEDS: 'region',
    LIVE_FEEDS_JSON: JSON.stringify([source('trip-updates'), source('service-alerts')]),
    LIVE_POLL_SEC: '1',
  });
});

test.afterAll(async () => {
  await api?.stop();
  await feeds?.stop();
});

/** The stored journey as the API serves it now. */
async function storedJourney(page: Page, hash: string, journeyId: string): Promise<Journey> {
  const answer = await page.request.get(`/v1/journey-planner/search/${hash}/${journeyId}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: Journey }).data;
}

/** "09:52" plus 5 minutes is "09:57". */
function plusMinutes(hhmm: string, minutes: number): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const total = (h * 60 + m + minutes) % (24 * 60);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** Screenshots at a desktop and a small phone width (e2e/screenshots/, git-ignored). */
async function shoot(page: Page, name: string): Promise<void> {
  for (const [width, tag] of [
    [1280, 'desktop'],
    [375, 'phone375'],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: shotPath(name, tag), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a journey page shows its bus late with the alert, follows updates without a reload, and re-plans around a cancellation', async ({
  page,
}) => {
  const resultsUrl = await planJourney(page, {
    from: ['Aviemore', 'Aviemore'],
    to: ['Glenmore', 'Glenmore'],
    outTime: inputDate(1, '09:00'),
  });
  const hash = /\/search\/([0-9a-f]+)\/results/.exec(resultsUrl)![1]!;
  await waitForResults(page);
  await openOption(page, 'Journeys with bus');
  const journeyId = page.url().split('/').pop()!;
  const planned = await storedJourney(page, hash, journeyId);
  const busIndex = planned.depart.steps.findIndex((s) => s.type === 'bus' && s.live);
  expect(busIndex, 'a bus ride planned with live data').toBeGreaterThanOrEqual(0);
  const bus = planned.depart.steps[busIndex] as Step & { live: NonNullable<Step['live']> };
  const trip = bus.live.trip;
  const guideStep = page.locator('#step-by-step li.step').nth(busIndex);

  // A delay of its trip and an alert on its route: the open page says so.
  feeds.publish('service-alerts', [routeAlert(trip, ALERT.header, ALERT.description, ALERT.url)]);
  feeds.publish('trip-updates', [delayed(trip, 5 * 60)]);
  await expect(guideStep.getByText('5 min late')).toBeVisible({ timeout: 60_000 });
  await expect(guideStep.getByText(ALERT.header, { exact: true })).toBeVisible();
  await expect(guideStep.getByText(ALERT.description)).toBeVisible();
  const link = guideStep.getByRole('link', { name: /More about this alert/ });
  await expect(link).toHaveAttribute('href', ALERT.url);
  await expect(link).toHaveAttribute('rel', /noopener/);
  // The step's time: the timetable's struck through, then the live one.
  await expect(guideStep.locator('.step-time')).toHaveText(
    `timetabled ${bus.live.scheduled_departure_time} now ${plusMinutes(bus.live.scheduled_departure_time, 5)}`,
  );
  await expectAccessible(page, 'journey with live running');
  await shoot(page, 'live-journey');

  // The results page shows the same at a glance.
  await page.goBack();
  const card = page.locator('article.journey-card').filter({ hasText: '5 min late' }).first();
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText(ALERT.header, { exact: true })).toBeVisible();
  await expectAccessible(page, 'results with live running');
  await shoot(page, 'live-results');
  await page.goForward();
  await expect(guideStep.getByText('5 min late')).toBeVisible();

  // From here on the page must change by itself: no navigation, no reload.
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  await page.evaluate(() => ((window as unknown as { liveMarker: number }).liveMarker = 1));

  feeds.publish('trip-updates', [delayed(trip, 12 * 60)]);
  await expect(guideStep.getByText('12 min late')).toBeVisible({ timeout: 60_000 });

  feeds.publish('trip-updates', [cancelled(trip)]);
  const banner = page.locator('.live-break');
  await expect(banner.getByRole('heading', { name: /is cancelled$/ })).toBeVisible({ timeout: 60_000 });
  await expect(guideStep.getByText('Cancelled')).toBeVisible();
  expect(navigations).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(1);
  await shoot(page, 'live-journey-cancelled');

  const broken = await storedJourney(page, hash, journeyId);
  expect(broken.live_break?.reason).toBe('cancelled');
  const from = broken.live_break!.replan_from.name;
  await banner.getByRole('button', { name: `Plan again from ${from}` }).click();
  await page.waitForURL(
    (url) => /\/search\/[0-9a-f]+\/results$/.test(url.pathname) && !url.pathname.includes(hash),
  );
  await waitForResults(page);
  await expect(page.locator('article.journey-card').first()).toBeVisible();

  // The new search starts where the traveller will be and rides no cancelled trip.
  const replanHash = /\/search\/([0-9a-f]+)\/results/.exec(page.url())![1]!;
  const replanned = (await (await page.request.get(`/v1/journey-planner/search/${replanHash}`)).json()) as {
    data: { journeys: Journey[]; query: { origin_address: string } };
  };
  expect(replanned.data.query.origin_address).toBe(from);
  expect(replanned.data.journeys.length).toBeGreaterThan(0);
  const rides = replanned.data.journeys.flatMap((j) => j.depart.steps.filter((s) => s.live));
  expect(
    rides.filter(
      (s) => s.live!.trip.trip_id === trip.trip_id && s.live!.trip.service_date === trip.service_date,
    ),
  ).toEqual([]);
  await expect(page.locator('article.journey-card').filter({ hasText: 'Cancelled' })).toHaveCount(0);
});
