import { expect, test, type Page } from '@playwright/test';
import {
  acceptCookies,
  daysToOrdinaryWeekday,
  expectAccessible,
  inputDate,
  planJourney,
  snap,
  waitForResults,
} from './helpers.ts';
import { PASSWORD, createActiveAccount, linkFromOutbox, signIn, uniqueEmail } from './accountsSupport.ts';

// Feature under test: accounts end to end (SPEC §2 account routes, §4 Authentication and profile
// rules, §5 validation, §8 messages) on the brands that switch accounts on.

// Both brands with accounts: the national park on the server's own address, the active-travel
// brand by its hostname (*.localhost is loopback in Chromium).
const PORT = Number(process.env.E2E_PORT ?? 8092);
const ACCOUNT_BRANDS = [
  { tag: 'explorer', baseURL: `http://127.0.0.1:${PORT}` },
  { tag: 'greenway', baseURL: `http://greenway.localhost:${PORT}` },
];

for (const brand of ACCOUNT_BRANDS) {
  test.describe(`accounts on ${brand.tag}`, () => {
    test.use({ baseURL: brand.baseURL });
    test('register → activate from the outbox → sign in → concessionary pass makes the bus free → save → My Trips → logout', async ({
      page,
    }) => {
      await registerToLogout(page, brand.tag);
    });
  });
}

async function registerToLogout(page: Page, tag: string): Promise<void> {
  test.setTimeout(240_000);
  const email = uniqueEmail(`register-${tag}`);

  await page.goto('/register');
  await acceptCookies(page);
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await expectAccessible(page, 'register');
  await snap(page, `account-register-${tag}`);

  // Local checks first: under 12 and terms unticked never reach the server.
  await page.getByLabel('Date of birth').fill(`${new Date().getFullYear() - 11}-01-01`);
  await page.getByRole('button', { name: 'Create Account' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Please correct the following errors' });
  await expect(summary).toContainText('You must be 12 or over to create an account.');
  await expect(summary).toContainText('Please accept the Terms and Conditions');
  await expectAccessible(page, 'register with errors');
  await snap(page, `account-register-errors-${tag}`);
  // Focusing a field clears its error, here and in the list.
  await page.getByLabel('Date of birth').focus();
  await expect(page.getByText('You must be 12 or over to create an account.')).toHaveCount(0);
  await expect(summary).toContainText('Please accept the Terms and Conditions');

  await page.getByLabel('Title').selectOption('Mrs');
  await page.getByLabel('First name').fill('Elspeth');
  await page.getByLabel('Last name').fill('Cameron');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number (optional)').fill('7700 900456');
  await page.getByLabel('Date of birth').fill('1952-08-14');
  const answer = (question: RegExp, value: 'Yes' | 'No') =>
    page.getByRole('group', { name: question }).getByLabel(value, { exact: true }).check();
  await answer(/access to a car/, 'No');
  await answer(/concessionary travel pass/, 'Yes');
  await answer(/Young Scot card\?$/, 'Yes');
  await expect(page.getByRole('group', { name: /issued on or after 10 January 2022/ })).toBeVisible();
  await answer(/Young Scot card\?$/, 'No');
  await expect(page.getByRole('group', { name: /issued on or after/ })).toHaveCount(0);
  await answer(/railcard/, 'No');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByLabel(/I agree to the/).check();

  // An address only the server rejects: its field error shows at the field and in the list.
  await page.getByLabel('Email').fill('elspeth..cameron@example.org');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Enter a valid e-mail address.')).toHaveCount(2);
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Email').focus();
  await expect(page.getByText('Enter a valid e-mail address.')).toHaveCount(0);
  await expect(page.getByText('Please correct the following errors')).toHaveCount(0);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByText('Your account has been created. Check your e-mail for the link to activate it.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Activation: the link from the mail outbox.
  const activation = await linkFromOutbox(email, '/auth/activation');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/v1/users/activation/**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(activation);
  await expect(page.getByText('Activating your account')).toBeVisible();
  await expectAccessible(page, 'activation');
  await snap(page, `account-activation-${tag}`);
  release();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your account is active. You can now log in.')).toBeVisible();
  await page.unroute('**/v1/users/activation/**');
  await expectAccessible(page, 'login');
  await snap(page, `account-login-${tag}`);

  await signIn(page, email);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Planner' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'My Trips' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
  expect((await page.context().cookies()).find((c) => c.name === 'user-token')?.value).toBeTruthy();

  // Your Account: details, dob as DD-MM-YYYY, My Passes.
  await nav.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { name: 'Your Account' })).toBeVisible();
  await expect(page.getByText('14-08-1952')).toBeVisible();
  await expect(page.getByText('+44 7700 900456')).toBeVisible();
  await expect(page.getByRole('list', { name: 'My Passes' }).getByRole('heading')).toHaveText([
    'Concessionary Pass',
  ]);
  await expectAccessible(page, 'account');
  await snap(page, `account-your-account-${tag}`);

  // Edit Account: add a railcard; Railcard No would empty it again.
  await page.getByRole('link', { name: 'Edit Account' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Account' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Elspeth');
  await answer(/railcard/, 'Yes');
  await page.getByLabel('Which railcard?').selectOption('Senior Railcard');
  await expectAccessible(page, 'edit account');
  await snap(page, `account-edit-${tag}`);
  await page.getByRole('button', { name: 'Update Details' }).click();
  await expect(page.getByText('Account successfully updated')).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('list', { name: 'My Passes' }).getByRole('heading')).toHaveText([
    'Senior Railcard',
    'Concessionary Pass',
  ]);

  // Home: the signed-in form starts from the profile (issue #14) and shows what it will apply.
  await page.goto('/');
  const travelOptions = page.locator('details.travel-options');
  await expect(travelOptions.locator('summary')).toContainText('Senior Railcard · concessionary pass');
  await travelOptions.locator('summary').click();
  await expect(page.getByLabel('I have a railcard')).toBeChecked();
  await expect(page.getByLabel('Railcard', { exact: true })).toHaveValue('Senior Railcard');
  await expect(page.getByLabel(/I have a concessionary pass/)).toBeChecked();
  await expect(page.getByLabel('I have access to a car')).not.toBeChecked();

  // A search while signed in carries the profile: with the pass, the local bus is free.
  const searchSent = page.waitForRequest(
    (r) => r.url().endsWith('/v1/journey-planner/search') && r.method() === 'POST',
  );
  // On a weekday: the local bus does not run on Sundays (the suite failed on a Saturday).
  await planJourney(page, {
    from: ['Aviemore', 'Aviemore'],
    to: ['Kingussie', 'Kingussie'],
    outTime: inputDate(daysToOrdinaryWeekday(), '09:00'),
  });
  const body = (await searchSent).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    has_concessionary_pass: true,
    has_car_access: false,
    has_young_scot_card: false,
    has_new_young_scot_card: false,
    railcard: 'Senior Railcard',
    // The form's own fields say the same: the profile railcard is no longer sent as "no railcard".
    has_railcard: true,
    railcard_type: 'Senior Railcard',
  });
  expect(body.user_age).toBeGreaterThanOrEqual(73);
  await waitForResults(page);
  // …and the rail fares apply it.
  const hash = /\/search\/([0-9a-f]+)\/results/.exec(page.url())?.[1];
  // A signed-in traveller's search reads only with their token (issue 30, finding 12).
  const railLines = await page.evaluate(async (h) => {
    const token = decodeURIComponent(/(?:^|; )user-token=([^;]*)/.exec(document.cookie)?.[1] ?? '');
    const headers = { authorization: `Bearer ${token}` };
    const r = (await (await fetch(`/v1/journey-planner/search/${h}`, { headers })).json()) as {
      data: { journeys: Array<{ pricing_breakdown: Array<{ description: string; cost: string }> }> };
    };
    return r.data.journeys
      .flatMap((j) => j.pricing_breakdown)
      .filter((l) => /^Train /.test(l.description) && l.cost !== 'unknown')
      .map((l) => l.description);
  }, hash);
  expect(railLines.length).toBeGreaterThan(0);
  for (const line of railLines) expect(line).toContain('with Senior Railcard');
  const busCard = page
    .locator('article.journey-card')
    .filter({ has: page.getByRole('img', { name: 'bus', exact: true }) })
    .filter({ hasText: 'Free' })
    .first();
  await expect(busCard).toBeVisible();
  await busCard.getByRole('link').first().click();
  await expect(page.getByText('Total estimated cost')).toBeVisible();
  await page.getByRole('button', { name: /Pricing Breakdown/ }).click();
  await expect(
    page
      .getByRole('dialog')
      .getByText(/free with National Entitlement Card/)
      .first(),
  ).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
  await page.getByRole('button', { name: 'Save Journey' }).click();
  await expect(page.getByText('Journey saved', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Journey Saved' })).toBeDisabled();

  // My Trips: the search under Recent, the journey under Saved.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Trips' }).click();
  await expect(page.getByText('Select a journey to plan again.')).toBeVisible();
  await expect(
    page.getByRole('link', { name: /Plan again: from .*Aviemore.* to .*Kingussie/ }).first(),
  ).toBeVisible();
  await expectAccessible(page, 'my trips recent');
  await snap(page, `account-trips-recent-${tag}`);
  await page.getByRole('radio', { name: 'Saved' }).check();
  await expect(page.getByText('Select a journey to view details.')).toBeVisible();
  const saved = page.locator('.trip-card').first();
  await expect(saved).toContainText('Aviemore');
  await expect(saved).toContainText('Kingussie');
  await expect(saved).toContainText('Free');
  await expect(saved.getByRole('list', { name: 'Outbound stages' })).toContainText('Bus');
  await expectAccessible(page, 'my trips saved');
  await snap(page, `account-trips-saved-${tag}`);

  // Logout clears the session and returns Home.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Successfully logged out')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
  ).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'user-token')).toBeUndefined();
  await page.goto('/searches');
  await expect(page).toHaveURL(/\/login$/);
}

test('guards: logged-out visitors are sent from Account, Edit and Searches to Sign in; a bad token is cleared', async ({
  page,
  context,
  baseURL,
}) => {
  for (const path of ['/account', '/edit-account', '/searches']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  }
  await context.addCookies([{ name: 'user-token', value: 'not-a-real-token', url: baseURL! }]);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login$/);
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === 'user-token'))
    .toBeUndefined();
  await page.getByLabel('Email').fill('nobody@example.org');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'These credentials do not match our records.' }),
  ).toBeVisible();
  await expectAccessible(page, 'login with error');
});

test('reset password: Forgot Password? → mail → Change Password → sign in with the new password', async ({
  page,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('reset');
  await createActiveAccount(request, baseURL!, email);

  await page.goto('/login');
  await acceptCookies(page);
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByLabel('Email')).toBeEditable();
  await expectAccessible(page, 'reset request');
  await snap(page, 'account-reset-request');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText(
      'If an account exists for that e-mail address, we have sent a link to reset its password.',
    ),
  ).toBeVisible();

  const link = await linkFromOutbox(email, '/auth/password-reset');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  await page.getByLabel('Enter New Password').fill('short');
  await page.getByLabel('Confirm New Password').fill('different');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please correct the following errors' }),
  ).toContainText('The passwords do not match.');
  await expectAccessible(page, 'change password');
  await snap(page, 'account-change-password');
  const fresh = 'a-new-granite-password-7';
  await page.getByLabel('Enter New Password').fill(fresh);
  await page.getByLabel('Confirm New Password').fill(fresh);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your password has been changed. You can now log in.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, email, fresh);

  // Logged in, Edit Account's Change Password sends a reset for the user's own e-mail, locked.
  await page.goto('/edit-account');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Email')).not.toBeEditable();
  await expect(
    page.getByText(
      'If an account exists for that e-mail address, we have sent a link to reset its password.',
    ),
  ).toBeVisible();
  await expectAccessible(page, 'reset request logged in');
  await snap(page, 'account-reset-locked');
});

test('a journey page offers Log in and comes back after it; a saved journey stays saved on reload and in a new tab', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('save-return');
  await createActiveAccount(request, baseURL!, email);
  await planJourney(page, { from: ['Aviemore', 'Aviemore'], to: ['Kingussie', 'Kingussie'] });
  await waitForResults(page);
  await page.locator('.journey-card h2 a').first().click();
  await expect(page.getByRole('heading', { name: 'Journey details', level: 1 })).toBeVisible();
  const journeyUrl = page.url();
  await expect(page.getByRole('link', { name: 'Create account to save journey' })).toBeVisible();

  // Logged out, the journey offers Log in, and signing in returns to it.
  await page.getByRole('link', { name: 'Log in to save journey' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Successfully logged in')).toBeVisible();
  await expect(page).toHaveURL(journeyUrl);
  await page.getByRole('button', { name: 'Save Journey' }).click();
  await expect(page.getByRole('button', { name: 'Journey Saved' })).toBeDisabled();

  // The journey's own fetch carries the token: a reload and a new tab still say it is saved.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Journey details', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Journey Saved' })).toBeDisabled();
  const tab = await context.newPage();
  await tab.goto(journeyUrl);
  await expect(tab.getByRole('button', { name: 'Journey Saved' })).toBeDisabled();
  await tab.close();

  // The profile shows the phone number as it is dialled with its country code.
  await page.goto('/edit-account');
  await page.getByLabel('Phone number (optional)').fill('07700 900123');
  await page.getByRole('button', { name: 'Update Details' }).click();
  await expect(page.getByText('Account successfully updated')).toBeVisible();
  await expect(page.getByText('+44 7700 900123')).toBeVisible();
  await expect(page.getByText('+44 07700')).toHaveCount(0);
});
