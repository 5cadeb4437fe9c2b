import { chromium } from 'playwright-core';
const base = 'http://localhost:8190';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--use-angle=swiftshader', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
async function run(name, from, fromPick, to, toPick, when, width) {
  const ctx = await browser.newContext({ viewport: { width, height: 1000 } });
  const page = await ctx.newPage();
  await page.goto(base + '/');
  await page.getByRole('contentinfo').waitFor();
  const b = page.getByRole('button', { name: 'Accept Cookies' }); if (await b.isVisible()) await b.click();
  for (const [label, text, pick] of [['From', from, fromPick], ['To', to, toPick]]) {
    const input = page.getByRole('combobox', { name: label, exact: true });
    await input.fill(text);
    const option = page.getByRole('option', { name: new RegExp(pick, 'i') }).first();
    await option.waitFor(); await option.click();
  }
  await page.locator('input[name="out_time"]').fill(when);
  await page.getByRole('checkbox', { name: /I accept the Terms and Conditions/ }).check();
  await page.getByRole('button', { name: 'Find Routes & Times' }).click();
  await page.waitForURL(/\/search\/[0-9a-f]+\/results$/);
  await page.getByText('Gathering your results').waitFor({ state: 'detached', timeout: 60000 }).catch(() => {});
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/${name}-${width}.png`, fullPage: true });
  await ctx.close();
}
await run('braemar', 'Aviemore', 'Aviemore', 'Braemar', 'Braemar', '2026-12-01T08:00', 1280);
await run('walk1km', 'Aviemore station', 'station', 'Grampian Road', 'Grampian', '2026-12-01T09:00', 390);
await browser.close();
