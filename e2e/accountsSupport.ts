import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

// Shared steps of the account, campaign and brand specs: the mail outbox, registering, signing in.

/** The server's mail outbox (DATA_DIR/outbox, written when SMTP_URL is unset). */
export function outboxDir(dataDir = process.env.E2E_DATA_DIR): string {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through e2e/playwright.config.ts');
  return join(dataDir, 'outbox');
}

/** Undoes quoted-printable soft breaks and escapes so links read as sent. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for a mail to `to` whose link contains `path` and answers that link's path and query. */
export async function linkFromOutbox(
  to: string,
  path: '/auth/activation' | '/auth/password-reset',
  dataDir?: string,
): Promise<string> {
  const dir = outboxDir(dataDir);
  const find = (): string | undefined => {
    if (!existsSync(dir)) return undefined;
    for (const file of readdirSync(dir).sort().reverse()) {
      const mail = decodeQuotedPrintable(readFileSync(join(dir, file), 'utf8'));
      if (!mail.includes(`To: ${to}`)) continue;
      const match = new RegExp(`https?://[^\\s]+${path}\\?code=[A-Za-z0-9_%-]+`).exec(mail);
      if (match) {
        const url = new URL(match[0]);
        return `${url.pathname}${url.search}`;
      }
    }
    return undefined;
  };
  let link: string | undefined;
  await expect
    .poll(() => (link = find()), { message: `a ${path} mail to ${to} in ${dir}`, timeout: 15_000 })
    .toBeTruthy();
  return link!;
}

/** A fresh e-mail address per run, so specs can run again on the same database. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
}

export const PASSWORD = 'heather-and-granite-42';

/** Registers and activates an account through the API and the outbox (for specs that need one ready). */
export async function createActiveAccount(
  request: APIRequestContext,
  baseURL: string,
  email: string,
  profile: Record<string, unknown> = {},
  dataDir?: string,
): Promise<void> {
  const response = await request.post(`${baseURL}/v1/users/register`, {
    data: {
      title: 'Ms',
      first_name: 'Isla',
      last_name: 'Munro',
      email,
      dob: '1990-06-15',
      password: PASSWORD,
      password_confirmation: PASSWORD,
      creation_origin: 'HOME_PAGE',
      profile,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const link = await linkFromOutbox(email, '/auth/activation', dataDir);
  const code = new URL(link, baseURL).searchParams.get('code')!;
  const activated = await request.post(`${baseURL}/v1/users/activation/${code}`, { data: {} });
  expect(activated.status()).toBe(200);
}

/** Signs in through the Sign in screen and waits for Home. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Successfully logged in')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}
