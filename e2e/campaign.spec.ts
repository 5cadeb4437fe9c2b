import { expect, test, type Page, type Response } from '@playwright/test';
import { acceptCookies, expectAccessible, snap } from './helpers.ts';
import { startCampaignServer, type CampaignServer } from './campaignServer.ts';
import { PASSWORD, createActiveAccount, uniqueEmail } from './accountsSupport.ts';

// Feature under test: the campaign popup (SPEC §4 Campaign popup, §7 campaign calls), with a
// campaign added by the operator's CLI and shown on Register/Account only.

test.describe.configure({ mode: 'serial' });

const PORT = Number(process.env.E2E_PORT ?? 8092) + 20;
const TITLE = 'Winter timetable changes';
let server: CampaignServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const end = new Date(Date.now() + 7 * 86_400_000).toISOString();
  server = await startCampaignServer(PORT, [
    [
      '--title',
      TITLE,
      '--text',
      'Buses in the park run to winter times from Monday. Check before you travel.',
      '--appear-on',
      'account-register',
      '--end',
      end,
      '--url',
      `http://127.0.0.1:${PORT}/about`,
      '--button',
      'See the new times',
      '--brand',
      'cairngorms-explorer',
    ],
  ]);
});

test.afterAll(async () => {
  await server?.stop();
});

const impressionPost = (page: Page, action: 'view' | 'clickthrough') =>
  page.waitForResponse(
    (r: Response) =>
      r.url().includes('/impression') &&
      r.request().method() === 'POST' &&
      (r.request().postDataJSON() as { action: string }).action === action,
  );

test('shows on Register (not on Home or Sign in), records one view, stays closed and is not offered again', async ({
  page,
}) => {
  const listed = page.waitForResponse((r) => r.url().includes('/v1/campaign?'));
  await page.goto(`${server.baseURL}/`);
  const list = await listed;
  expect((await list.json()).data.map((c: { title: string }) => c.title)).toEqual([TITLE]);
  expect(new URL(list.url()).searchParams.get('per_page')).toBe('1');
  await acceptCookies(page);
  await expect(page.getByRole('heading', { name: 'Your Journey' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const viewed = impressionPost(page, 'view');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('link', { name: 'Create an account' }).click();
  const dialog = page.getByRole('dialog', { name: TITLE });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Buses in the park run to winter times');
  const view = await viewed;
  expect(view.status()).toBe(201);
  expect(view.request().postDataJSON()).toMatchObject({ action: 'view', impression_id: null });
  const viewId = (await view.json()).data.id as string;
  await expectAccessible(page, 'campaign popup');
  await snap(page, 'campaign-popup');

  // Impressions are the only thing in local storage.
  const stored = await page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
  expect(Object.keys(stored)).toHaveLength(1);
  expect(JSON.parse(Object.values(stored)[0]!)).toEqual([{ id: viewId, expires_at: expect.any(String) }]);

  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A new start sends the stored impression, and the server no longer offers the campaign.
  const again = page.waitForResponse((r) => r.url().includes('/v1/campaign?'));
  await page.reload();
  const second = await again;
  expect(new URL(second.url()).searchParams.get('impression_ids')).toBe(viewId);
  expect((await second.json()).data).toEqual([]);
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the action button records a clickthrough of the view and opens the campaign page in a new window', async ({
  page,
  context,
}) => {
  const viewed = impressionPost(page, 'view');
  await page.goto(`${server.baseURL}/register`);
  const dialog = page.getByRole('dialog', { name: TITLE });
  await expect(dialog).toBeVisible();
  const viewId = (await (await viewed).json()).data.id as string;

  const clicked = impressionPost(page, 'clickthrough');
  const opened = context.waitForEvent('page');
  await dialog.getByRole('button', { name: /See the new times/ }).click();
  const popup = await opened;
  await popup.waitForLoadState();
  expect(popup.url()).toBe(`${server.baseURL}/about`);
  const click = await clicked;
  expect(click.status()).toBe(201);
  expect(click.request().postDataJSON()).toEqual({
    campaign_id: expect.any(String),
    action: 'clickthrough',
    impression_id: viewId,
  });
  await expect(dialog).toHaveCount(0);
});

test('the account-register placement also covers Your Account', async ({ page, request }) => {
  const email = uniqueEmail('campaign');
  await createActiveAccount(request, server.baseURL, email, {}, server.dataDir);
  await page.goto(`${server.baseURL}/login`);
  await acceptCookies(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Your Journey' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const viewed = impressionPost(page, 'view');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { name: 'Your Account' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: TITLE })).toBeVisible();
  expect((await viewed).status()).toBe(201);
});
