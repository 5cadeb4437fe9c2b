import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { PASSWORD, createActiveAccount, uniqueEmail } from './accountsSupport.ts';
import { startCampaignServer, type CampaignServer } from './campaignServer.ts';
import { acceptCookies, planJourney, waitForResults } from './helpers.ts';

// Feature under test: the cookie policy lists exactly what the app stores (SPEC §2 Static pages,
// §4 cookie banner and user-token). A visitor walks every path that stores something — accept
// cookies, search, open a journey, sign in, save it, see a campaign, sign out — and what the
// browser holds at each step is compared with the policy page's table, the service worker's
// offline caches (issue #20) included. A campaign server of its
// own (cairngorms-explorer, accounts on) shows a campaign on Your Account.

const PORT = Number(process.env.E2E_PORT ?? 8092) + 41;
const TITLE = 'Storage walk campaign';
let server: CampaignServer;

test.use({ baseURL: `http://127.0.0.1:${PORT}` });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startCampaignServer(PORT, [
    [
      '--title',
      TITLE,
      '--text',
      'A message so that the walk stores a campaign impression.',
      '--appear-on',
      'account-register',
      '--end',
      new Date(Date.now() + 7 * 86_400_000).toISOString(),
      '--brand',
      'cairngorms-explorer',
    ],
  ]);
});

test.afterAll(async () => {
  await server?.stop();
});

type Seen = { kind: string; name: string; expires?: number };

/** Everything this origin stores in the browser now: cookies, web storage, IndexedDB, caches. */
async function storedNow(page: Page, context: BrowserContext): Promise<Seen[]> {
  const cookies = (await context.cookies()).map((c) => ({
    kind: 'cookie',
    name: c.name,
    expires: c.expires,
  }));
  const web = await page.evaluate(async () => ({
    localStorage: Object.keys(localStorage),
    sessionStorage: Object.keys(sessionStorage),
    indexedDB: (await indexedDB.databases()).map((d) => d.name ?? '(unnamed)'),
    cacheStorage: 'caches' in window ? await caches.keys() : [],
  }));
  return [
    ...cookies,
    ...Object.entries(web).flatMap(([kind, names]) => names.map((name) => ({ kind, name }))),
  ];
}

/** The policy page's rows: the name in the first cell, and the whole row's text. */
async function listedOnPolicy(page: Page): Promise<Map<string, string>> {
  await page.goto('/cookie-policy');
  const rows = page.locator('article table tbody tr');
  await expect(rows.first()).toBeVisible();
  const listed = new Map<string, string>();
  for (const row of await rows.all()) {
    const name = (await row.locator('td, th').first().innerText()).trim();
    listed.set(name, (await row.innerText()).replace(/\s+/g, ' '));
  }
  return listed;
}

const KIND_WORDS: Record<string, RegExp> = {
  cookie: /cookie/i,
  localStorage: /local storage/i,
  sessionStorage: /session storage/i,
  cacheStorage: /offline cache/i,
  indexedDB: /indexeddb/i,
};

test('the cookie policy lists every cookie and storage key the app sets, and nothing it never sets', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const seen = new Map<string, Seen>();
  const record = async (step: string) => {
    for (const item of await storedNow(page, context)) {
      if (!seen.has(item.name)) seen.set(item.name, item);
      expect(item.kind, `${step}: ${item.name}`).not.toBe('sessionStorage');
    }
  };

  await page.goto('/');
  await page.getByRole('contentinfo').waitFor();
  // The service worker keeps the planner's own files for offline use: nothing else before the visitor acts.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await record('first visit');
  const early = [...seen.values()].filter((item) => item.kind !== 'cacheStorage').map((item) => item.name);
  expect(early, 'nothing but the offline copy of the planner is stored before the visitor acts').toEqual([]);
  await acceptCookies(page);
  await record('accept cookies');

  const results = await planJourney(page, { from: ['Aviemore', 'Aviemore'], to: ['Kingussie', 'Kingussie'] });
  await waitForResults(page);
  await record('results');
  await page.locator('article.journey-card').first().getByRole('link').first().click();
  await expect(page.getByText('Total estimated cost')).toBeVisible();
  await record('journey');

  const email = uniqueEmail('storage');
  await createActiveAccount(page.request, server.baseURL, email, {}, server.dataDir);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Successfully logged in')).toBeVisible();
  await record('signed in');

  await page.goto(results);
  await waitForResults(page);
  await page.locator('article.journey-card').first().getByRole('link').first().click();
  await page.getByRole('button', { name: 'Save Journey' }).click();
  await expect(page.getByText('Journey saved', { exact: true })).toBeVisible();
  await record('journey saved');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  const popup = page.getByRole('dialog', { name: TITLE });
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Close' }).first().click();
  await record('campaign seen');

  await page
    .getByRole('button', { name: /Logout|Sign out/ })
    .first()
    .click();
  await expect(page.getByText('Successfully logged out')).toBeVisible();
  await record('signed out');

  const listed = await listedOnPolicy(page);
  const unlisted = [...seen.values()].filter((item) => !listed.has(item.name));
  expect(unlisted, 'stored but not on the cookie policy').toEqual([]);
  const neverSet = [...listed.keys()].filter((name) => !seen.has(name));
  expect(neverSet, 'on the cookie policy but never stored').toEqual([]);

  // Each row names where the item lives and how long it lasts, as the browser keeps it.
  for (const item of seen.values()) {
    const row = listed.get(item.name)!;
    expect(row, item.name).toMatch(KIND_WORDS[item.kind]!);
    if (item.kind !== 'cookie') continue;
    if (item.expires === -1) expect(row, item.name).toMatch(/end of (the )?session/i);
    else {
      const days = Math.round((item.expires! * 1000 - Date.now()) / 86_400_000);
      expect(row, item.name).toMatch(days >= 360 ? /1 year/ : new RegExp(`${days} days`));
    }
  }
});
